// Private database servers for tests: a MariaDB and a PostgreSQL of the machine's own packages,
// each in a temporary data directory, listening on a loopback port only, stopped (their own
// process, nothing else) when the test file ends, even when a test failed or the process exits.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createConnection as createMariaDbConnection } from 'mariadb';
import pg from 'pg';
import { freePort } from './free-port.ts';

export type DatabaseKind = 'mariadb' | 'postgres';

export interface DatabaseServer {
  readonly kind: DatabaseKind;
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly user: string;
  /** The empty database made for the test. */
  readonly database: string;
  /** mysql://root@127.0.0.1:PORT/db or postgres://user@127.0.0.1:PORT/db (no password: loopback only). */
  readonly url: string;
  /** Milliseconds from creating the data directory to the first accepted connection. */
  readonly startupMs: number;
  /** Stops the server (SIGTERM, then SIGKILL after a grace period) and removes its directory. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Name of the database created for the test; `wiki` unless told. */
  readonly database?: string;
}

const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 10_000;

/** Packages whose binaries each server needs, named in the skip message. */
const PACKAGE: Record<DatabaseKind, string> = { mariadb: 'mariadb-server', postgres: 'postgresql' };

interface MariaDbBinaries { installDb: string; server: string }
interface PostgresBinaries { initdb: string; server: string }

function findInPath(name: string, extraDirectories: readonly string[] = []): string | undefined {
  const directories = [...(process.env.PATH ?? '').split(delimiter), ...extraDirectories].filter(Boolean);
  for (const directory of directories) {
    const candidate = join(directory, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

function mariaDbBinaries(): MariaDbBinaries | undefined {
  // mariadbd lives in /usr/sbin, which is not on a non-root user's PATH.
  const installDb = findInPath('mariadb-install-db', ['/usr/bin', '/usr/sbin']) ?? findInPath('mysql_install_db', ['/usr/bin']);
  const server = findInPath('mariadbd', ['/usr/sbin', '/usr/bin']) ?? findInPath('mysqld', ['/usr/sbin']);
  return installDb && server ? { installDb, server } : undefined;
}

function postgresBinaries(): PostgresBinaries | undefined {
  // Debian keeps the server binaries out of PATH, one directory per major version: take the newest.
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'postgres'))) {
      return { initdb: join(bin, 'initdb'), server: join(bin, 'postgres') };
    }
  }
  const initdb = findInPath('initdb');
  const server = findInPath('postgres');
  return initdb && server ? { initdb, server } : undefined;
}

const warned = new Set<DatabaseKind>();

/**
 * Why tests needing this server cannot run here, or undefined when they can. The reason is also
 * written to stderr once, so a skipped backend is seen in any test output, not only in a summary.
 */
export function databaseServerSkipReason(kind: DatabaseKind): string | undefined {
  const found = kind === 'mariadb' ? mariaDbBinaries() : postgresBinaries();
  if (found) return undefined;
  const reason = `${kind === 'mariadb' ? 'MariaDB' : 'PostgreSQL'} tests SKIPPED: its server binaries were not found; install the Debian package ${PACKAGE[kind]} (.ci/run does)`;
  if (!warned.has(kind)) {
    warned.add(kind);
    process.stderr.write(`\n!!! ${reason}\n\n`);
  }
  return reason;
}

// Servers still running when the process exits (a crashed or interrupted test file) are killed
// here: an exit handler can only act synchronously, so this is SIGKILL and a synchronous rm.
const running = new Map<ChildProcess, string>();
process.once('exit', () => {
  for (const [child, directory] of running) {
    try { child.kill('SIGKILL'); } catch { /* already gone */ }
    rmSync(directory, { recursive: true, force: true });
  }
});

interface ServerProcess { child: ChildProcess; output: () => string }

function launch(command: string, args: readonly string[], options: { uid?: number; gid?: number; cwd: string }): ServerProcess {
  const child = spawn(command, args, { cwd: options.cwd, uid: options.uid, gid: options.gid, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => { output = (output + chunk.toString('utf8')).slice(-8000); };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return { child, output: () => output };
}

function run(command: string, args: readonly string[], options: { uid?: number; gid?: number; cwd: string }): void {
  try {
    execFileSync(command, args, { cwd: options.cwd, uid: options.uid, gid: options.gid, stdio: ['ignore', 'pipe', 'pipe'], timeout: READY_TIMEOUT_MS });
  } catch (error) {
    const failed = error as { stderr?: Buffer; stdout?: Buffer; message: string };
    throw new Error(`${command} failed: ${failed.message}\n${failed.stdout?.toString() ?? ''}${failed.stderr?.toString() ?? ''}`);
  }
}

async function waitUntilReady(server: ServerProcess, name: string, tryConnect: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`${name} exited before accepting connections (${server.child.exitCode ?? server.child.signalCode}):\n${server.output()}`);
    }
    try {
      await tryConnect();
      return;
    } catch (error) {
      lastError = error;
      await sleep(50);
    }
  }
  throw new Error(`${name} did not accept connections within ${READY_TIMEOUT_MS} ms: ${String(lastError)}\n${server.output()}`);
}

function stopper(server: ServerProcess, directory: string): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      const { child } = server;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      running.delete(child);
      rmSync(directory, { recursive: true, force: true });
    })();
    return stopping;
  };
}

/** Starts a private MariaDB with an empty database; root may connect without a password over loopback. */
export async function startMariaDb(options: StartOptions = {}): Promise<DatabaseServer> {
  const binaries = mariaDbBinaries();
  if (!binaries) throw new Error(databaseServerSkipReason('mariadb'));
  const database = options.database ?? 'wiki';
  const started = performance.now();
  const directory = mkdtempSync(join(tmpdir(), 'wikiquery-mariadb-'));
  const dataDirectory = join(directory, 'data');
  const asRoot = process.getuid?.() === 0;
  // mariadbd refuses to run as root unless told to; the files are ours either way.
  const userOption = asRoot ? ['--user=root'] : [];
  run(binaries.installDb, [
    '--no-defaults', `--datadir=${dataDirectory}`, ...userOption,
    '--auth-root-authentication-method=normal', '--skip-test-db', '--skip-name-resolve',
  ], { cwd: directory });

  const port = await freePort();
  const server = launch(binaries.server, [
    '--no-defaults', `--datadir=${dataDirectory}`, ...userOption,
    '--bind-address=127.0.0.1', `--port=${port}`, `--socket=${join(directory, 'mariadb.sock')}`,
    `--pid-file=${join(directory, 'mariadb.pid')}`, '--skip-name-resolve', '--skip-log-bin',
    // Small and fast: a test database, thrown away at the end.
    '--innodb-buffer-pool-size=64M', '--innodb-log-file-size=16M', '--innodb-flush-log-at-trx-commit=0',
    '--performance-schema=OFF',
  ], { cwd: directory });
  running.set(server.child, directory);
  const stop = stopper(server, directory);
  try {
    await waitUntilReady(server, 'mariadbd', async () => {
      const connection = await createMariaDbConnection({ host: '127.0.0.1', port, user: 'root', connectTimeout: 1000 });
      try {
        await connection.query(`CREATE DATABASE IF NOT EXISTS \`${database}\``);
      } finally {
        await connection.end();
      }
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    kind: 'mariadb', host: '127.0.0.1', port, user: 'root', database,
    url: `mysql://root@127.0.0.1:${port}/${database}`,
    startupMs: Math.round(performance.now() - started),
    stop,
  };
}

function systemUser(name: string): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((entry) => entry.startsWith(`${name}:`));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Starts a private PostgreSQL with an empty database; the user `wikiquery` is its superuser, trusted over loopback. */
export async function startPostgres(options: StartOptions = {}): Promise<DatabaseServer> {
  const binaries = postgresBinaries();
  if (!binaries) throw new Error(databaseServerSkipReason('postgres'));
  const database = options.database ?? 'wiki';
  const user = 'wikiquery';
  const started = performance.now();
  const directory = mkdtempSync(join(tmpdir(), 'wikiquery-postgres-'));
  const dataDirectory = join(directory, 'data');
  // PostgreSQL will not run as root: then it runs as the system's postgres user, owning the directory.
  let owner: { uid: number; gid: number } | undefined;
  if (process.getuid?.() === 0) {
    owner = systemUser('postgres');
    if (!owner) throw new Error('PostgreSQL cannot run as root and there is no postgres system user (Debian\'s postgresql package creates it)');
    chownSync(directory, owner.uid, owner.gid);
    chmodSync(directory, 0o700);
  }
  run(binaries.initdb, [
    '-D', dataDirectory, '-U', user, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions',
  ], { cwd: directory, ...owner });

  const port = await freePort();
  const server = launch(binaries.server, [
    '-D', dataDirectory, '-p', String(port), '-k', directory,
    '-c', 'listen_addresses=127.0.0.1',
    // A throwaway test cluster: durability is not wanted, speed is.
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
    '-c', 'shared_buffers=64MB', '-c', 'logging_collector=off',
  ], { cwd: directory, ...owner });
  running.set(server.child, directory);
  const stop = stopper(server, directory);
  try {
    await waitUntilReady(server, 'postgres', async () => {
      const client = new pg.Client({ host: '127.0.0.1', port, user, database: 'postgres', connectionTimeoutMillis: 1000 });
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
      } finally {
        await client.end();
      }
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    kind: 'postgres', host: '127.0.0.1', port, user, database,
    url: `postgres://${user}@127.0.0.1:${port}/${database}`,
    startupMs: Math.round(performance.now() - started),
    stop,
  };
}

export function startDatabaseServer(kind: DatabaseKind, options: StartOptions = {}): Promise<DatabaseServer> {
  return kind === 'mariadb' ? startMariaDb(options) : startPostgres(options);
}
