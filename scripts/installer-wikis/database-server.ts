// A private MariaDB or PostgreSQL for build.sh, from the test support (a temporary data directory,
// a loopback port), kept running until this process gets SIGTERM or SIGINT, then stopped.
// usage: node --import tsx scripts/installer-wikis/database-server.ts mariadb|postgres STATE_FILE [--restore]
// When the server accepts connections, STATE_FILE gets shell assignments (DB_HOST, DB_PORT,
// DB_USER, DB_NAME, DB_URL); with --restore the committed dump is loaded first.
import { writeFileSync } from 'node:fs';
import { startDatabaseServer, type DatabaseKind } from '../../test/support/database-servers.ts';
import { INSTALLER_WIKIS, restoreDump } from '../../test/conformance/installer/installer-wikis.ts';

const [kind, stateFile, ...flags] = process.argv.slice(2);
if ((kind !== 'mariadb' && kind !== 'postgres') || !stateFile || flags.some((flag) => flag !== '--restore')) {
  console.error('usage: database-server.ts mariadb|postgres STATE_FILE [--restore]');
  process.exit(2);
}
const wiki = INSTALLER_WIKIS[kind as DatabaseKind];
const server = await startDatabaseServer(wiki.kind, { database: wiki.database });

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

try {
  if (flags.includes('--restore')) await restoreDump(server, wiki);
} catch (error) {
  console.error(error);
  await server.stop();
  process.exit(1);
}

const state = {
  DB_HOST: server.host,
  DB_PORT: String(server.port),
  DB_USER: server.user,
  DB_NAME: wiki.database,
  DB_URL: server.url,
};
writeFileSync(stateFile, Object.entries(state).map(([name, value]) => `${name}='${value}'\n`).join(''));
console.log(`${kind} listening on ${server.host}:${server.port} (${server.url})`);
// Stay alive until a signal: the server is a child of this process.
setInterval(() => {}, 1 << 30);
