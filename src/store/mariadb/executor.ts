// Runs the store's portable SQL on MariaDB/MySQL through the mariadb connector's pool: each text
// rendered once, then run with execute(), which prepares it once per connection and keeps it (the
// connector's statement cache). Values come back as the SQLite executor gives them: MediaWiki's
// binary strings as text (old_text stays bytes: it may be compressed), TIMESTAMP columns
// (cl_timestamp) as 14-digit strings, integers as numbers. With a statement timeout, each pooled
// session gets MariaDB's max_statement_time (or MySQL's max_execution_time, which stops SELECTs
// only), and a statement stopped by it fails with StoreInterruptedError.
import { createConnection, createPool, type PoolConfig, type Pool, type TypeCastFunction } from 'mariadb';
import { StoreInterruptedError } from '../errors.ts';
import { renderSql, type Dialect } from '../sql/dialect.ts';
import { serverParameter, type SqlExecutor } from '../sql/executor.ts';
import { mariaDbDialect } from './dialect.ts';
import { parseServerUrl, serverName } from '../server-url.ts';
import type { Store } from '../store.ts';
import { sqlFamilies } from '../sql/families.ts';
import { singleServerStatus } from '../replication.ts';

/** Columns whose bytes are not text. */
const BYTE_COLUMNS = new Set(['old_text']);

const TEXT_TYPES = new Set(['VAR_STRING', 'STRING', 'VARCHAR', 'BLOB', 'TINY_BLOB', 'MEDIUM_BLOB', 'LONG_BLOB']);
const DATE_TYPES = new Set(['TIMESTAMP', 'TIMESTAMP2', 'DATETIME', 'DATETIME2']);

const typeCast: TypeCastFunction = (field, next) => {
  if (DATE_TYPES.has(field.type)) {
    const text = field.string();
    return text === null ? null : text.replace(/\D/g, '').slice(0, 14);
  }
  if (TEXT_TYPES.has(field.type) && !BYTE_COLUMNS.has(field.name())) {
    const bytes = field.buffer();
    return bytes === null ? null : bytes.toString('utf8');
  }
  return next();
};

export interface MariaDbExecutorOptions {
  /** $wgDBprefix. */
  tablePrefix?: string;
  /** Connections kept by the pool. */
  connections?: number;
  /** The longest a query waits for a pooled connection (the connector's 10 s by default). */
  acquireTimeoutMs?: number;
  /**
   * Each statement running longer fails with StoreInterruptedError (on MySQL, each SELECT).
   * Needs the server's flavour: open with MariaDbExecutor.open() or openMariaDbStore().
   */
  statementTimeoutMs?: number;
}

/** The statement timeout's variable differs: MariaDB's max_statement_time, MySQL's max_execution_time. */
export type MariaDbFlavour = 'mariadb' | 'mysql';

/** ER_STATEMENT_TIMEOUT (MariaDB's max_statement_time) and ER_QUERY_TIMEOUT (MySQL's max_execution_time). */
const STATEMENT_TIMEOUT_ERRNOS = new Set([1969, 3024]);

function connectionConfig(url: string): PoolConfig {
  const { host, port, user, password, database } = parseServerUrl(url);
  return { host, port, user, password, database };
}

function statementTimeoutSql(ms: number, flavour: MariaDbFlavour): string {
  const whole = Math.max(1, Math.ceil(ms));
  // MariaDB counts seconds (microsecond precision); MySQL counts milliseconds.
  return flavour === 'mariadb' ? `SET SESSION max_statement_time = ${whole / 1000}` : `SET SESSION max_execution_time = ${whole}`;
}

export class MariaDbExecutor implements SqlExecutor {
  readonly dialect: Dialect;
  private readonly pool: Pool;
  private readonly rendered = new Map<string, string>();

  /**
   * `url`: mysql://user:password@host:port/database (or mariadb://). `flavour` is needed only for
   * a statement timeout.
   */
  constructor(url: string, options: MariaDbExecutorOptions = {}, flavour?: MariaDbFlavour) {
    this.dialect = mariaDbDialect(options.tablePrefix);
    // MediaWiki's sessions are UTC, so TIMESTAMP columns read and compare in UTC.
    const initSql = ["SET time_zone = '+00:00'"];
    if (options.statementTimeoutMs !== undefined) {
      if (flavour === undefined) throw new Error('a statement timeout needs the server\'s flavour: open with MariaDbExecutor.open()');
      initSql.push(statementTimeoutSql(options.statementTimeoutMs, flavour));
    }
    this.pool = createPool({
      ...connectionConfig(url),
      connectionLimit: options.connections ?? 4,
      ...(options.acquireTimeoutMs === undefined ? {} : { acquireTimeout: options.acquireTimeoutMs }),
      bigIntAsNumber: true,
      typeCast,
      initSql,
    });
  }

  /** Asks the server whether it is MariaDB or MySQL first when a statement timeout is wanted. */
  static async open(url: string, options: MariaDbExecutorOptions = {}): Promise<MariaDbExecutor> {
    if (options.statementTimeoutMs === undefined) return new MariaDbExecutor(url, options);
    return new MariaDbExecutor(url, options, await mariaDbFlavour(url));
  }

  private sql(text: string): string {
    let sql = this.rendered.get(text);
    if (sql === undefined) this.rendered.set(text, (sql = renderSql(text, this.dialect)));
    return sql;
  }

  async all<T>(text: string, ...params: unknown[]): Promise<T[]> {
    let rows: T[];
    try {
      rows = (await this.pool.execute(this.sql(text), params.map(serverParameter))) as T[];
    } catch (e) {
      if (STATEMENT_TIMEOUT_ERRNOS.has((e as { errno?: number }).errno ?? 0)) {
        throw new StoreInterruptedError((e as Error).message, { cause: e });
      }
      throw e;
    }
    return [...rows];
  }

  rows<T>(select: string, rest: string, ...params: unknown[]): Promise<T[]> {
    return this.all<T>(`SELECT ${select} ${rest}`, ...params);
  }

  async get<T>(text: string, ...params: unknown[]): Promise<T | undefined> {
    return (await this.all<T>(text, ...params))[0];
  }

  async hasTable(name: string): Promise<boolean> {
    const rows = await this.all('SELECT 1 FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?', this.dialect.tablePrefix + name);
    return rows.length > 0;
  }

  async version(): Promise<string> {
    return String((await this.get<{ v: string }>('SELECT VERSION() AS v'))!.v);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** A MediaWiki 1.39 wiki in one MariaDB/MySQL server as a Store (read-only use). */
export async function openMariaDbStore(url: string, options: MariaDbExecutorOptions = {}): Promise<Store> {
  const executor = await MariaDbExecutor.open(url, options);
  try {
    const version = await executor.version();
    return { backend: 'mysql', version, ...sqlFamilies(executor), replication: singleServerStatus(serverName(url)), close: () => executor.close() };
  } catch (e) {
    await executor.close();
    throw e;
  }
}

/** Whether the server at `url` is MariaDB or MySQL (one connection, closed at once). */
export async function mariaDbFlavour(url: string): Promise<MariaDbFlavour> {
  const connection = await createConnection(connectionConfig(url));
  try {
    return connection.info?.isMariaDB() === false ? 'mysql' : 'mariadb';
  } finally {
    await connection.end();
  }
}
