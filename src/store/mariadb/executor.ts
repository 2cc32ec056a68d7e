// Runs the store's portable SQL on MariaDB/MySQL through the mariadb connector's pool: each text
// rendered once, then run with execute(), which prepares it once per connection and keeps it (the
// connector's statement cache). Values come back as the SQLite executor gives them: MediaWiki's
// binary strings as text (old_text stays bytes: it may be compressed), TIMESTAMP columns
// (cl_timestamp) as 14-digit strings, integers as numbers. With a statement timeout, each pooled
// session gets MariaDB's max_statement_time (or MySQL's max_execution_time, which stops SELECTs
// only), and a statement stopped by it fails with StoreInterruptedError.
import { createConnection, createPool, type PoolConfig, type Pool } from 'mariadb';
import { StoreInterruptedError } from '../errors.ts';
import { renderSql, type Dialect } from '../sql/dialect.ts';
import { serverParameter, type SqlExecutor } from '../sql/executor.ts';
import { mariaDbDialect } from './dialect.ts';
import { parseServerUrl, serverName } from '../server-url.ts';
import type { Store } from '../store.ts';
import { sqlFamilies } from '../sql/families.ts';
import { singleServerStatus } from '../replication.ts';

/** Columns whose bytes are not text (pp_bytes: page property values read as bytes, Cite's compressed references). */
const BYTE_COLUMNS = new Set(['old_text', 'pp_bytes']);

/** String types (ENUM and SET come as STRING): the connector gives them as Buffers under the binary collation. */
const STRING_TYPES = new Set(['VAR_STRING', 'STRING', 'VARCHAR', 'BLOB', 'TINY_BLOB', 'MEDIUM_BLOB', 'LONG_BLOB']);
/** Given as `2025-01-08 06:30:18` strings (the dateStrings option). */
const DATE_TYPES = new Set(['TIMESTAMP', 'TIMESTAMP2', 'DATETIME', 'DATETIME2']);
const BINARY_COLLATION = 63;

/** Which columns of a statement's rows the connector's values need turning into ours. */
interface ColumnDecoding {
  readonly texts: readonly string[];
  readonly timestamps: readonly string[];
}

interface ColumnMeta {
  readonly type: string;
  readonly collation: { readonly index: number };
  name(): string;
}

/**
 * Read from a result's column metadata. A later column of the same name wins, as it does in the
 * connector's row objects.
 */
function columnDecoding(meta: readonly ColumnMeta[] | undefined): ColumnDecoding | null {
  if (!meta) return null;
  const kinds = new Map<string, 'text' | 'timestamp' | null>();
  for (const column of meta) {
    const name = column.name();
    if (DATE_TYPES.has(column.type)) kinds.set(name, 'timestamp');
    else if (STRING_TYPES.has(column.type) && column.collation.index === BINARY_COLLATION && !BYTE_COLUMNS.has(name)) kinds.set(name, 'text');
    else kinds.set(name, null);
  }
  const texts = [...kinds].filter(([, kind]) => kind === 'text').map(([name]) => name);
  const timestamps = [...kinds].filter(([, kind]) => kind === 'timestamp').map(([name]) => name);
  return texts.length || timestamps.length ? { texts, timestamps } : null;
}

/** `2025-01-08 06:30:18` (the connector's dateStrings, with a fraction on a column that has one) as 14 digits. */
function fourteenDigits(s: string): string {
  return s.slice(0, 4) + s.slice(5, 7) + s.slice(8, 10) + s.slice(11, 13) + s.slice(14, 16) + s.slice(17, 19);
}

function decodeRows(rows: Record<string, unknown>[], decoding: ColumnDecoding): void {
  const { texts, timestamps } = decoding;
  for (const row of rows) {
    for (const name of texts) {
      const value = row[name];
      if (value instanceof Uint8Array) row[name] = (value as Buffer).toString('utf8');
    }
    for (const name of timestamps) {
      const value = row[name];
      if (typeof value === 'string') row[name] = fourteenDigits(value);
    }
  }
}

/** A portable text as this server's SQL, and how its rows are decoded once the first has told. */
interface Statement {
  readonly sql: string;
  decoding?: ColumnDecoding | null;
}

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
  private readonly statements = new Map<string, Statement>();

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
      // Any typeCast function makes the connector decode every value through it, several times
      // slower than its own readers: TIMESTAMPs come as strings and binary strings as Buffers
      // instead, and are turned into ours after the query (decodeRows).
      dateStrings: true,
      initSql,
    });
  }

  /** Asks the server whether it is MariaDB or MySQL first when a statement timeout is wanted. */
  static async open(url: string, options: MariaDbExecutorOptions = {}): Promise<MariaDbExecutor> {
    if (options.statementTimeoutMs === undefined) return new MariaDbExecutor(url, options);
    return new MariaDbExecutor(url, options, await mariaDbFlavour(url));
  }

  private statement(text: string): Statement {
    let statement = this.statements.get(text);
    if (statement === undefined) this.statements.set(text, (statement = { sql: renderSql(text, this.dialect) }));
    return statement;
  }

  async all<T>(text: string, ...params: unknown[]): Promise<T[]> {
    const statement = this.statement(text);
    let rows: Record<string, unknown>[] & { meta?: ColumnMeta[] };
    try {
      rows = await this.pool.execute(statement.sql, params.map(serverParameter));
    } catch (e) {
      if (STATEMENT_TIMEOUT_ERRNOS.has((e as { errno?: number }).errno ?? 0)) {
        throw new StoreInterruptedError((e as Error).message, { cause: e });
      }
      throw e;
    }
    // The store's statements take parameters in conditions only, so their columns' types are
    // the same on every run.
    if (statement.decoding === undefined) statement.decoding = columnDecoding(rows.meta);
    if (statement.decoding) decodeRows(rows, statement.decoding);
    return [...rows] as T[];
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
