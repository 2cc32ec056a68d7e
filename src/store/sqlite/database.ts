// The SQLite connection behind the store, its SqlExecutor: opened read-only, each portable SQL text
// rendered and prepared once and reused (rendering SQLite's dialect changes no text but table names).
// Driver errors a caller can act on come out as the store's own (busy, interrupted); a deadline
// stops a running statement through the interrupt extension when it could be loaded.
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { StoreBusyError, StoreInterruptedError } from '../errors.ts';
import { INTERRUPT_ENTRY_POINT, interruptExtension } from './native-extension.ts';
import { renderSql, type Dialect } from '../sql/dialect.ts';
import type { SqlExecutor } from '../sql/executor.ts';
import { sqliteDialect } from './dialect.ts';

export interface SqliteDatabaseOptions {
  readonly?: boolean;
  /**
   * How long a statement waits for a lock held by another connection before failing with
   * StoreBusyError (better-sqlite3's `timeout`, whose default of 5000 this keeps). SQLite waits by
   * sleeping in the calling thread: the server uses 0.
   */
  busyTimeoutMs?: number;
  /** $wgDBprefix of the wiki's tables. */
  tablePrefix?: string;
}

interface FileIdentity {
  dev: bigint;
  ino: bigint;
}

export class SqliteDatabase implements SqlExecutor {
  readonly db: Database.Database;
  readonly dialect: Dialect;
  readonly path: string;
  /** Whether setDeadline stops a statement already running (the interrupt extension is loaded). */
  readonly interruptible: boolean;
  readonly interruptUnavailableReason?: string;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly identity: FileIdentity | undefined;
  private deadlineStatement: Database.Statement | undefined;
  /** performance.now() past which no statement starts; Infinity when there is no deadline. */
  private deadlineAt = Infinity;
  private nativeDeadlineArmed = false;
  private executionMilliseconds = 0;
  /** What needs the schema is not done yet: the file was locked at opening, or is not a database. */
  private opening = true;

  constructor(path: string, options: SqliteDatabaseOptions = {}) {
    const readonly = options.readonly ?? true;
    this.path = path;
    this.dialect = sqliteDialect(options.tablePrefix);
    this.db = new Database(path, { readonly, fileMustExist: readonly, timeout: options.busyTimeoutMs ?? 5000 });
    this.identity = fileIdentity(path);
    if (readonly) this.db.pragma('query_only = ON');
    this.db.pragma('mmap_size = 268435456');
    const extension = interruptExtension();
    let unavailable = 'error' in extension ? extension.error : undefined;
    if ('path' in extension) {
      try {
        // better-sqlite3 takes the entry point as a second argument its type declarations omit.
        (this.db.loadExtension as (file: string, entryPoint: string) => void).call(this.db, extension.path, INTERRUPT_ENTRY_POINT);
      } catch (e) {
        unavailable = `loading ${extension.path} failed: ${errorMessage(e)}`;
      }
    }
    this.interruptible = unavailable === undefined;
    if (unavailable !== undefined) this.interruptUnavailableReason = unavailable;
    this.finishOpening();
  }

  /**
   * SQLite reads the schema to compile any SELECT, and so does the cache_size pragma: done here
   * when the file can be read, else again whenever a statement is compiled or a deadline set.
   * Opening never fails on a locked or unreadable file (probe() tells what is wrong with it).
   */
  private finishOpening(): void {
    try {
      this.db.pragma('cache_size = -65536');
      if (this.interruptible) this.deadlineStatement = this.db.prepare('SELECT wikiquery_deadline(?)').pluck();
      this.opening = false;
    } catch {
      // Tried again later.
    }
  }

  /** A prepared statement for this portable SQL, compiled on first use and cached for the process. */
  statement(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      if (this.opening) this.finishOpening();
      s = this.db.prepare(renderSql(sql, this.dialect));
      this.statements.set(sql, s);
    }
    return s;
  }

  /**
   * Statements running `ms` milliseconds from now fail with StoreInterruptedError, and so do
   * statements starting after that; null or 0 clears it. Without the interrupt extension only the
   * statements starting after the deadline fail; so too while the file cannot be read yet (locked
   * since opening), when no query can run either.
   */
  setDeadline(ms: number | null): void {
    const armed = ms !== null && ms > 0;
    this.deadlineAt = armed ? performance.now() + ms : Infinity;
    if (this.opening) this.finishOpening();
    const statement = this.deadlineStatement;
    if (!statement || (!armed && !this.nativeDeadlineArmed)) return;
    this.nativeDeadlineArmed = armed;
    try {
      statement.get(armed ? ms : null);
    } catch (e) {
      const error = storeError(e);
      if (!(error instanceof StoreInterruptedError)) throw error;
      // The previous deadline fired while this statement ran; the watchdog disarmed it as it
      // fired, so a clear is done, and a set runs again without that interruption pending.
      if (armed) statement.get(ms);
    }
  }

  /** Time spent executing statements through all(), rows() and get() since opening. */
  databaseMilliseconds(): number {
    return this.executionMilliseconds;
  }

  /** The path now names another file than the one opened, or no file. */
  identityChanged(): boolean {
    if (!this.identity) return false;
    const now = fileIdentity(this.path);
    return !now || now.dev !== this.identity.dev || now.ino !== this.identity.ino;
  }

  /** Whether the database answers: its schema and a row of `page` can be read. */
  probe(): { ok: true } | { ok: false; error: string } {
    try {
      this.statement('SELECT count(*) FROM sqlite_master').get();
      this.statement('SELECT page_id FROM {page} LIMIT 1').get();
      return { ok: true };
    } catch (e) {
      return { ok: false, error: errorMessage(e) };
    }
  }

  private startStatement(): number {
    const now = performance.now();
    if (now >= this.deadlineAt) throw new StoreInterruptedError('interrupted: the deadline has passed');
    return now;
  }

  /** Sees every query, as SQLite runs it, with its parameters (tests check query plans through it). */
  onQuery?: (sql: string, params: unknown[]) => void;

  all<T>(sql: string, ...params: unknown[]): T[] {
    this.onQuery?.(renderSql(sql, this.dialect), params);
    const start = this.startStatement();
    try {
      return this.statement(sql).all(...params) as T[];
    } catch (e) {
      throw storeError(e);
    } finally {
      this.executionMilliseconds += performance.now() - start;
    }
  }

  /**
   * `all(\`SELECT ${select} ${rest}\`)`, faster for more than a few values: each row comes back as
   * one JSON array text (SQLite's json_array) that JSON.parse reads, where better-sqlite3 would
   * build every value and row object through V8's API. For columns holding TEXT, INTEGER and NULL
   * only (JSON prints REAL values with fewer digits); a BLOB makes it fall back to `all`. Same
   * statement, same rows, same order.
   */
  rows<T>(select: string, rest: string, ...params: unknown[]): T[] {
    this.onQuery?.(renderSql(`SELECT ${select} ${rest}`, this.dialect), params);
    const list = selectList(select);
    let texts: string[] | undefined;
    const start = this.startStatement();
    try {
      texts = this.statement(`SELECT json_array(${list.expressions}) ${rest}`).pluck().all(...params) as string[];
    } catch (e) {
      if (!(e instanceof Error && /JSON cannot hold BLOB/i.test(e.message))) throw storeError(e);
    } finally {
      this.executionMilliseconds += performance.now() - start;
    }
    if (texts === undefined) return this.all<T>(`SELECT ${select} ${rest}`, ...params);
    const names = list.names;
    const values = JSON.parse(`[${texts.join(',')}]`) as unknown[][];
    const out = new Array<T>(values.length);
    for (let r = 0; r < values.length; r++) {
      const row: Record<string, unknown> = {};
      const v = values[r];
      for (let i = 0; i < names.length; i++) row[names[i]] = v[i];
      out[r] = row as T;
    }
    return out;
  }

  get<T>(sql: string, ...params: unknown[]): T | undefined {
    this.onQuery?.(renderSql(sql, this.dialect), params);
    const start = this.startStatement();
    try {
      return this.statement(sql).get(...params) as T | undefined;
    } catch (e) {
      throw storeError(e);
    } finally {
      this.executionMilliseconds += performance.now() - start;
    }
  }

  hasTable(name: string): boolean {
    const table = this.dialect.tablePrefix + name;
    return this.get<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type IN ('table','view') AND name = ?", table)!.n > 0;
  }

  close(): void {
    this.deadlineStatement = undefined;
    this.opening = false;
    this.db.close();
  }
}

/** The store's error for a driver error a caller can act on; any other error as it is. */
function storeError(e: unknown): unknown {
  if (!(e instanceof Database.SqliteError)) return e;
  const code = e.code;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return new StoreBusyError(e.message, { cause: e });
  if (code === 'SQLITE_INTERRUPT') return new StoreInterruptedError(e.message, { cause: e });
  return e;
}

function fileIdentity(path: string): FileIdentity | undefined {
  try {
    const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
    return stat && { dev: stat.dev, ino: stat.ino };
  } catch {
    return undefined;
  }
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A SELECT list split into its expressions and the names better-sqlite3 gives their columns. */
interface SelectList {
  expressions: string;
  names: readonly string[];
}

const selectLists = new Map<string, SelectList>();

/** `a, lower(hex(b)) AS c, d AS "from"`: expressions `a, lower(hex(b)), d`, names a, c, from. */
function selectList(select: string): SelectList {
  let list = selectLists.get(select);
  if (list) return list;
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= select.length; i++) {
    const c = select[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if ((c === ',' && depth === 0) || i === select.length) {
      items.push(select.slice(start, i).trim());
      start = i + 1;
    }
  }
  const parsed = items.map((item) => {
    const alias = /^([\s\S]*?)\s+AS\s+("?)(\w+)\2$/i.exec(item);
    if (alias) return { expression: alias[1], name: alias[3] };
    if (!/^\w+$/.test(item)) throw new Error(`select list item needs an alias: ${item}`);
    return { expression: item, name: item };
  });
  list = { expressions: parsed.map((p) => p.expression).join(', '), names: parsed.map((p) => p.name) };
  selectLists.set(select, list);
  return list;
}
