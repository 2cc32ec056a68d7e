// wikiquery serve | fixture | import: the command line.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { SiteConfig } from './wiki/site.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `usage:
  wikiquery serve --db FILE [--config FILE] [--port N] [--host H] [--create]
  wikiquery fixture [--port N] [--host H]     serve ../shared/fixtures/fixture-wiki read-only
  wikiquery import DUMP... --db FILE [--config FILE] [--strict] [--resume]
`;

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Opens the database, builds the services once, and listens. */
export async function startServer(options: { db: string; site: SiteConfig; port: number; host: string }): Promise<RunningServer> {
  const { createServices, createApiServer, openSqliteStore } = await serverModules();
  const store = openSqliteStore(options.db);
  const services = await createServices(options.site, store);
  const server = createApiServer(services, (line) => console.error(line));
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host}:${port}${options.site.scriptPath}/api.php`;
  return {
    url,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
        void store.close();
      }),
  };
}

/**
 * The server's code, loaded by the commands that serve: `wikiquery import` then starts without
 * compiling the API modules (a third of a second through tsx).
 */
async function serverModules() {
  const [{ createServices }, { createApiServer }, { loadSiteConfig }, { openSqliteStore }, { createWiki }] = await Promise.all([
    import('./api/services.ts'),
    import('./server/http.ts'),
    import('./server/config.ts'),
    import('./store/sqlite/index.ts'),
    import('./store/sqlite/schema.ts'),
  ]);
  return { createServices, createApiServer, loadSiteConfig, openSqliteStore, createWiki };
}

function stopOnSignals(server: RunningServer): void {
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function serve(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string' },
      config: { type: 'string' },
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      create: { type: 'boolean', default: false },
    },
  });
  if (!values.db) {
    process.stderr.write(USAGE);
    return 2;
  }
  const { loadSiteConfig } = await serverModules();
  const db = resolve(values.db);
  if (!existsSync(db)) {
    if (!values.create) {
      console.error(`wikiquery: no database at ${db} (use --create to make a new wiki there)`);
      return 1;
    }
    mkdirSync(dirname(db), { recursive: true });
    await createStartingWiki(db, loadSiteConfig(values.config));
    console.log(`created a new wiki at ${db}`);
  }
  // An imported wiki carries its own site facts next to the database.
  const configPath = values.config ?? (existsSync(`${db}.config.json`) ? `${db}.config.json` : undefined);
  const server = await startServer({ db, site: loadSiteConfig(configPath), port: Number(values.port), host: values.host! });
  console.log(`listening on ${server.url}`);
  stopOnSignals(server);
  return await new Promise<number>(() => {});
}

/** A new wiki: the shipped sample dump when the importer is available, else an empty wiki with a Main Page. */
async function createStartingWiki(db: string, site: SiteConfig): Promise<void> {
  const sample = resolve(repoRoot, 'samples/sample-wiki.xml');
  if (existsSync(sample)) {
    try {
      const { runImport } = await import('./import/index.ts');
      const summary = await runImport({ dumps: [sample], db });
      if (summary.ok) return;
      console.error(`wikiquery: could not import the sample wiki (${summary.fatal ?? 'import failed'}); creating an empty one`);
    } catch (e) {
      console.error(`wikiquery: could not import the sample wiki (${e instanceof Error ? e.message : String(e)}); creating an empty one`);
    }
  }
  const { createWiki } = await serverModules();
  createWiki(db, { siteName: site.siteName });
}

async function fixture(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: 'string', default: '8081' }, host: { type: 'string', default: '127.0.0.1' }, shared: { type: 'string' } },
  });
  const shared = resolve(values.shared ?? process.env.WIKIQUERY_SHARED ?? resolve(repoRoot, '../shared'));
  const db = resolve(shared, 'fixtures/fixture-wiki/data/wikidb.sqlite');
  if (!existsSync(db)) {
    console.error(`wikiquery: fixture database not found at ${db}`);
    return 1;
  }
  const { loadSiteConfig } = await serverModules();
  const site = loadSiteConfig(resolve(repoRoot, 'config/fixture.json'));
  const server = await startServer({ db, site, port: Number(values.port), host: values.host! });
  console.log(`listening on ${server.url}`);
  stopOnSignals(server);
  return await new Promise<number>(() => {});
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        return await serve(rest);
      case 'fixture':
        return await fixture(rest);
      case 'import': {
        const { importCommand } = await import('./import/index.ts');
        return await importCommand(rest);
      }
      default:
        process.stderr.write(USAGE);
        return command === undefined || command === '--help' || command === 'help' ? 0 : 2;
    }
  } catch (e) {
    console.error(`wikiquery: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}
