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
  /** The server's process (to freeze it with SIGSTOP in a failover test, say). */
  readonly pid: number;
  /** Stops the server (SIGTERM, then SIGKILL after a grace period) and removes its directory. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Name of the database created for the test; `wiki` unless told. */
  readonly database?: string;
}

interface MariaDbStartOptions extends StartOptions {
  /** A server of a replication setup: its server_id, and a binary log to replicate from. */
  readonly replication?: { serverId: number };
}

interface PostgresStartOptions extends StartOptions {
  /** Fills the data directory instead of initdb (a standby's base backup). */
  readonly initialise?: (dataDirectory: string, owner: { uid: number; gid: number } | undefined, cwd: string) => void;
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
export async function startMariaDb(options: MariaDbStartOptions = {}): Promise<DatabaseServer> {
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
    `--pid-file=${join(directory, 'mariadb.pid')}`, '--skip-name-resolve',
    ...(options.replication
      ? [`--server-id=${options.replication.serverId}`, `--log-bin=${join(directory, 'binlog')}`, '--binlog-format=ROW', `--relay-log=${join(directory, 'relay')}`]
      : ['--skip-log-bin']),
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
    kind: 'mariadb', host: '127.0.0.1', port, user: 'root', database, pid: server.child.pid!,
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
export async function startPostgres(options: PostgresStartOptions = {}): Promise<DatabaseServer> {
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
  if (options.initialise) {
    options.initialise(dataDirectory, owner, directory);
  } else {
    run(binaries.initdb, [
      '-D', dataDirectory, '-U', user, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions',
    ], { cwd: directory, ...owner });
  }

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
        // A standby has its primary's databases, and could not create one.
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
    kind: 'postgres', host: '127.0.0.1', port, user, database, pid: server.child.pid!,
    url: `postgres://${user}@127.0.0.1:${port}/${database}`,
    startupMs: Math.round(performance.now() - started),
    stop,
  };
}

export function startDatabaseServer(kind: DatabaseKind, options: StartOptions = {}): Promise<DatabaseServer> {
  return kind === 'mariadb' ? startMariaDb(options) : startPostgres(options);
}

/** A primary and a replica of it, each a private server as above. */
export interface ReplicatedServers {
  readonly primary: DatabaseServer;
  readonly replica: DatabaseServer;
  /** Stops applying the primary's changes on the replica (they are still received). */
  pauseReplication(): Promise<void>;
  resumeReplication(): Promise<void>;
  /** Waits until the replica has applied everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops both servers. */
  stop(): Promise<void>;
}

async function mariaDbQuery(server: DatabaseServer, sql: string): Promise<Record<string, unknown>[]> {
  const connection = await createMariaDbConnection({ host: server.host, port: server.port, user: server.user, connectTimeout: 2000 });
  try {
    return (await connection.query(sql)) as Record<string, unknown>[];
  } finally {
    await connection.end();
  }
}

/** A MariaDB primary with binary logging and a replica replicating from it by GTID. */
export async function startMariaDbReplication(options: StartOptions = {}): Promise<ReplicatedServers> {
  const primary = await startMariaDb({ ...options, replication: { serverId: 1 } });
  let replica: DatabaseServer | undefined;
  try {
    replica = await startMariaDb({ ...options, replication: { serverId: 2 } });
    await mariaDbQuery(replica, `CHANGE MASTER TO MASTER_HOST = '127.0.0.1', MASTER_PORT = ${primary.port}, MASTER_USER = 'root', MASTER_PASSWORD = '', MASTER_USE_GTID = slave_pos, MASTER_CONNECT_RETRY = 1`);
    await mariaDbQuery(replica, 'START SLAVE');
  } catch (error) {
    await Promise.all([primary.stop(), replica?.stop()]);
    throw error;
  }
  const standby = replica;
  return {
    primary,
    replica: standby,
    pauseReplication: async () => void (await mariaDbQuery(standby, 'STOP SLAVE SQL_THREAD')),
    resumeReplication: async () => void (await mariaDbQuery(standby, 'START SLAVE SQL_THREAD')),
    caughtUp: async (timeoutMs = 30_000) => {
      const [{ position }] = await mariaDbQuery(primary, 'SELECT @@gtid_binlog_pos AS position') as [{ position: string }];
      const [{ waited }] = await mariaDbQuery(standby, `SELECT MASTER_GTID_WAIT('${position}', ${timeoutMs / 1000}) AS waited`) as [{ waited: number }];
      if (Number(waited) !== 0) throw new Error(`the replica did not reach ${position} within ${timeoutMs} ms`);
    },
    stop: async () => void (await Promise.all([standby.stop(), primary.stop()])),
  };
}

async function postgresQuery(server: DatabaseServer, sql: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ host: server.host, port: server.port, user: server.user, database: server.database, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/** A PostgreSQL primary and a hot standby streaming from it (a base backup of the primary). */
export async function startPostgresStandby(options: StartOptions = {}): Promise<ReplicatedServers> {
  const binaries = postgresBinaries();
  if (!binaries) throw new Error(databaseServerSkipReason('postgres'));
  const primary = await startPostgres(options);
  let standby: DatabaseServer | undefined;
  try {
    const baseBackup = join(binaries.initdb, '..', 'pg_basebackup');
    standby = await startPostgres({
      ...options,
      initialise: (dataDirectory, owner, cwd) => run(baseBackup, [
        '-h', primary.host, '-p', String(primary.port), '-U', primary.user, '-D', dataDirectory, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync',
      ], { cwd, ...owner }),
    });
  } catch (error) {
    await Promise.all([primary.stop(), standby?.stop()]);
    throw error;
  }
  const replica = standby;
  return {
    primary,
    replica,
    pauseReplication: async () => void (await postgresQuery(replica, 'SELECT pg_wal_replay_pause()')),
    resumeReplication: async () => void (await postgresQuery(replica, 'SELECT pg_wal_replay_resume()')),
    caughtUp: async (timeoutMs = 30_000) => {
      const [{ lsn }] = await postgresQuery(primary, 'SELECT pg_current_wal_lsn()::text AS lsn') as [{ lsn: string }];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [{ done }] = await postgresQuery(replica, 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn]) as [{ done: boolean }];
        if (done) return;
        if (Date.now() > deadline) throw new Error(`the standby did not replay ${lsn} within ${timeoutMs} ms`);
        await sleep(50);
      }
    },
    stop: async () => void (await Promise.all([replica.stop(), primary.stop()])),
  };
}
