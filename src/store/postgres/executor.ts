// Runs the store's portable SQL on PostgreSQL through pg's pool: each text rendered once and run as
// a named statement, which pg prepares once per connection and reuses. Sessions run in UTC with the
// wiki's schema ($wgDBmwschema) on the search path, as MediaWiki's do. Values come back as the
// SQLite executor gives them: TIMESTAMPTZ as 14-digit strings ('infinity' as it is), bigint counts
// as numbers. With a statement timeout, sessions get statement_timeout, and a statement cancelled by
// it fails with StoreInterruptedError.
import pg from 'pg';
import { StoreInterruptedError, StoreQueryError } from '../errors.ts';
import { renderSql, type Dialect } from '../sql/dialect.ts';
import { serverParameter, type SqlExecutor } from '../sql/executor.ts';
import { postgresDialect } from './dialect.ts';
import { MEDIAWIKI_DEFAULT_SCHEMA } from './schema.ts';
import { connectionUrl, serverName } from '../server-url.ts';
import type { Store } from '../store.ts';
import { sqlFamilies } from '../sql/families.ts';
import { singleServerStatus } from '../replication.ts';

/** Collations under which UTF-8 TEXT sorts byte for byte, as MediaWiki's binary columns do. */
const BYTE_ORDER_COLLATIONS = new Set(['c', 'posix', 'c.utf-8', 'c.utf8']);

/** SQLSTATE query_canceled: what statement_timeout raises. */
const QUERY_CANCELED = '57014';
/** SQLSTATE class 22, data exceptions: a value the query was given that the database refuses. */
const DATA_EXCEPTION_CLASS = '22';

const INT8 = 20;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

/** `2024-01-02 03:04:05+00` as `20240102030405`; infinity stays as it is. */
export function mediaWikiTimestamp(text: string): string {
  return /^\d{4}-/.test(text) ? text.slice(0, 19).replace(/\D/g, '') : text;
}

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (oid === TIMESTAMPTZ || oid === TIMESTAMP) return mediaWikiTimestamp;
    if (oid === INT8) return Number;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export interface PostgresExecutorOptions {
  /** $wgDBprefix. */
  tablePrefix?: string;
  /** $wgDBmwschema; `mediawiki` unless told. */
  schema?: string;
  /** Connections kept by the pool. */
  connections?: number;
  /** The longest a new connection may take to open (no bound by default). */
  connectTimeoutMs?: number;
  /** Each statement running longer fails with StoreInterruptedError. */
  statementTimeoutMs?: number;
}

export class PostgresExecutor implements SqlExecutor {
  readonly dialect: Dialect;
  private readonly pool: pg.Pool;
  private readonly schema: string;
  private readonly statements = new Map<string, { name: string; text: string }>();

  /** `url`: postgres://user:password@host:port/database. */
  constructor(url: string, options: PostgresExecutorOptions = {}) {
    this.dialect = postgresDialect(options.tablePrefix);
    this.schema = options.schema ?? MEDIAWIKI_DEFAULT_SCHEMA;
    if (!/^\w+$/.test(this.schema)) throw new Error(`schema ${JSON.stringify(this.schema)}: only letters, digits and _ are allowed`);
    const timeout = options.statementTimeoutMs === undefined ? '' : ` -c statement_timeout=${Math.max(1, Math.ceil(options.statementTimeoutMs))}`;
    this.pool = new pg.Pool({
      connectionString: connectionUrl(url),
      max: options.connections ?? 4,
      ...(options.connectTimeoutMs === undefined ? {} : { connectionTimeoutMillis: options.connectTimeoutMs }),
      options: `-c TimeZone=UTC -c search_path=${this.schema}${timeout}`,
      types,
    });
    // An idle pooled connection the server ends (a restart, a standby going away) is reported by
    // the pool as an event: unheard, it would end the process. The pool drops that connection, and
    // the next query opens another or fails with the reason.
    this.pool.on('error', () => {});
  }

  private statement(text: string): { name: string; text: string } {
    let statement = this.statements.get(text);
    if (statement === undefined) {
      statement = { name: `wikiquery_${this.statements.size}`, text: renderSql(text, this.dialect) };
      this.statements.set(text, statement);
    }
    return statement;
  }

  async all<T>(text: string, ...params: unknown[]): Promise<T[]> {
    const { name, text: sql } = this.statement(text);
    try {
      const result = await this.pool.query({ name, text: sql, values: params.map(serverParameter) });
      return result.rows as T[];
    } catch (e) {
      const code = (e as { code?: string }).code ?? '';
      if (code === QUERY_CANCELED) throw new StoreInterruptedError((e as Error).message, { cause: e });
      if (code.startsWith(DATA_EXCEPTION_CLASS)) throw new StoreQueryError((e as Error).message, code, { cause: e });
      throw e;
    }
  }

  rows<T>(select: string, rest: string, ...params: unknown[]): Promise<T[]> {
    return this.all<T>(`SELECT ${select} ${rest}`, ...params);
  }

  async get<T>(text: string, ...params: unknown[]): Promise<T | undefined> {
    return (await this.all<T>(text, ...params))[0];
  }

  async hasTable(name: string): Promise<boolean> {
    const rows = await this.all('SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = ?', this.schema, this.dialect.tablePrefix + name);
    return rows.length > 0;
  }

  async version(): Promise<string> {
    return String((await this.get<{ server_version: string }>('SHOW server_version'))!.server_version);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** A MediaWiki 1.39 wiki in one PostgreSQL server as a Store (read-only use). */
export async function openPostgresStore(url: string, options: PostgresExecutorOptions = {}): Promise<Store> {
  const executor = new PostgresExecutor(url, options);
  try {
    await checkByteOrderCollation(executor);
    const version = await executor.version();
    return { backend: 'postgres', version, ...sqlFamilies(executor), replication: singleServerStatus(serverName(url)), close: () => executor.close() };
  } catch (e) {
    await executor.close();
    throw e;
  }
}

/** Refuses a database whose collation would not order titles byte for byte, as MediaWiki's binary columns do. */
export async function checkByteOrderCollation(executor: SqlExecutor): Promise<void> {
  const row = await executor.get<{ datcollate: string }>('SELECT datcollate FROM pg_database WHERE datname = current_database()');
  const collation = row!.datcollate;
  if (!BYTE_ORDER_COLLATIONS.has(collation.toLowerCase())) {
    throw new Error(`the database's collation is ${collation}: titles would not sort as MediaWiki sorts them; create it with LC_COLLATE C (or C.UTF-8)`);
  }
}
