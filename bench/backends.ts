// The fixture wiki on each backend the benchmarks compare: SQLite's own file, and copies in a
// private MariaDB and PostgreSQL (test/support/database-servers.ts) that the benchmark starts and
// stops itself. A server whose binaries are not installed is skipped with the reason.
import { copyWiki } from '../src/import/copy/index.ts';
import type { WikiDatabase } from '../src/server/served-wiki.ts';
import type { SqlExecutor } from '../src/store/sql/executor.ts';
import { SqliteDatabase } from '../src/store/sqlite/database.ts';
import { MariaDbExecutor } from '../src/store/mariadb/executor.ts';
import { PostgresExecutor } from '../src/store/postgres/executor.ts';
import { databaseServerSkipReason, startDatabaseServer, type DatabaseServer } from '../test/support/database-servers.ts';
import { FIXTURE_DB } from './in-process.ts';

export const BACKENDS = ['sqlite', 'mariadb', 'postgres'] as const;
export type BackendName = (typeof BACKENDS)[number];

export const BACKEND_LABELS: Record<BackendName, string> = { sqlite: 'SQLite', mariadb: 'MariaDB', postgres: 'PostgreSQL' };

/** `sqlite,mariadb` → the backends named, in the order of BACKENDS; `all` is every one. */
export function parseBackends(list: string): BackendName[] {
  const names = list.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  if (names.includes('all')) return [...BACKENDS];
  for (const name of names) {
    if (!(BACKENDS as readonly string[]).includes(name)) throw new Error(`unknown backend ${name}: sqlite, mariadb, postgres or all`);
  }
  return BACKENDS.filter((name) => names.includes(name));
}

export interface FixtureBackend {
  readonly name: BackendName;
  /** What startServer serves: the fixture's file, or the server's URL. */
  readonly database: WikiDatabase;
  /** The private database server holding the copy; none for SQLite. */
  readonly server?: DatabaseServer;
  /** A new executor over this backend's fixture wiki, as the store opens it. */
  executor(): Promise<SqlExecutor & { close?(): unknown }>;
  /** Stops the private server (nothing for SQLite). */
  stop(): Promise<void>;
}

export type PreparedBackend = FixtureBackend | { readonly name: BackendName; readonly skipped: string };

/**
 * The fixture wiki on `name`. The copy takes the planner's statistics of what it wrote, so the
 * planners choose as they would for a wiki in use, not for tables they have never looked at.
 */
export async function prepareBackend(name: BackendName): Promise<PreparedBackend> {
  if (name === 'sqlite') {
    return {
      name,
      database: FIXTURE_DB,
      executor: async () => new SqliteDatabase(FIXTURE_DB, { readonly: true, busyTimeoutMs: 0 }),
      stop: async () => {},
    };
  }
  const skipped = databaseServerSkipReason(name);
  if (skipped) return { name, skipped };
  const server = await startDatabaseServer(name);
  try {
    await copyWiki({ from: FIXTURE_DB, to: server.url });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    name,
    database: { url: server.url },
    server,
    executor: async () => (name === 'mariadb' ? new MariaDbExecutor(server.url) : new PostgresExecutor(server.url)),
    stop: () => server.stop(),
  };
}
