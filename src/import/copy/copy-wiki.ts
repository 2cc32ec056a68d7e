// A SQLite wiki copied, table by table in batches, into MariaDB/MySQL or PostgreSQL with
// MediaWiki 1.39's schema for that database: never a whole table in memory, and no wiki in
// place until every row is written (each target says how it keeps the half-written one hidden).
import Database from 'better-sqlite3';
import { TABLES } from '../../store/sqlite/schema.ts';
import { MariaDbTarget } from './mariadb-target.ts';
import { PostgresTarget } from './postgres-target.ts';
import { describeTarget, parseServerUrl, type ServerTarget } from '../../store/server-url.ts';
import { ConversionLog, type CopyTarget, type ServerValue } from './target.ts';

export interface CopyOptions {
  /** The SQLite wiki to read (opened read-only). */
  readonly from: string;
  /** mysql://user:password@host:port/database or postgres://... */
  readonly to: string;
  /** $wgDBprefix of the new wiki. */
  readonly prefix?: string;
  /** $wgDBmwschema (PostgreSQL only; `mediawiki` by default). */
  readonly schema?: string;
  /** Replace a wiki already at that place; without it the copy refuses. */
  readonly replace?: boolean;
  /** Rows per batch; 1000 unless told. */
  readonly batchRows?: number;
  /** Called after every batch and at the end of each table; an exception here stops the copy. */
  readonly progress?: (progress: CopyProgress) => void;
}

export interface CopyProgress {
  readonly table: string;
  readonly rows: number;
  readonly tableRows: number;
  readonly tableDone: boolean;
  /** Since this table's copy began. */
  readonly tableElapsedMs: number;
  /** Since the copy began. */
  readonly elapsedMs: number;
  /** Rows of every table so far. */
  readonly totalRows: number;
}

export interface TableCopied {
  readonly table: string;
  readonly rows: number;
  readonly ms: number;
}

export interface CopySummary {
  readonly target: string;
  readonly tables: TableCopied[];
  readonly rows: number;
  readonly seconds: number;
  readonly rowsPerSecond: number;
  /** The part of `seconds` spent taking the planner's statistics of the tables written (ANALYZE). */
  readonly analyzeSeconds: number;
  /** Source tables the target's schema has no place for (other than SQLite's own and FTS3's). */
  readonly skippedTables: string[];
  /** Values the target could not hold as they were, by column and reason: count. */
  readonly conversions: Map<string, number>;
}

/** Rows per batch, and the bytes a batch may reach before it is written anyway (big texts). */
const DEFAULT_BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

/** SQLite's bookkeeping and the FTS3 index's own tables, which searchindex itself stands for. */
function isSqliteInternal(name: string): boolean {
  return name.startsWith('sqlite_') || /^searchindex_(content|segdir|segments|docsize|stat)$/.test(name);
}

function quoteSqlite(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function createTarget(target: ServerTarget, replace: boolean, log: ConversionLog): CopyTarget {
  return target.kind === 'mariadb' ? new MariaDbTarget(target, replace) : new PostgresTarget(target, replace, log);
}

function sizeOf(value: ServerValue): number {
  if (Buffer.isBuffer(value)) return value.length;
  if (typeof value === 'string') return value.length * 2;
  return 8;
}

/**
 * Whether a copy to `to` could begin, by the rules the copy applies at its start (see
 * CopyTarget.check); throws the reason when not. Returns the target as messages name it.
 */
export async function checkCopyTarget(options: Pick<CopyOptions, 'to' | 'prefix' | 'schema' | 'replace'>): Promise<string> {
  const target = parseServerUrl(options.to, { prefix: options.prefix, schema: options.schema });
  const writer = createTarget(target, options.replace ?? false, new ConversionLog());
  try {
    await writer.check();
  } finally {
    await writer.close();
  }
  return describeTarget(target);
}

export async function copyWiki(options: CopyOptions): Promise<CopySummary> {
  const target = parseServerUrl(options.to, { prefix: options.prefix, schema: options.schema });
  const log = new ConversionLog();
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS;
  const source = new Database(options.from, { readonly: true, fileMustExist: true });
  const writer = createTarget(target, options.replace ?? false, log);
  const started = performance.now();
  const copied: TableCopied[] = [];
  let totalRows = 0;
  try {
    const sourceTables = new Set(source.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
    await writer.prepare();
    const order = [...TABLES.map((table) => table.name), 'searchindex'];
    const skippedTables = [...sourceTables].filter((name) => !order.includes(name) && !isSqliteInternal(name)).sort();
    for (const table of order) {
      if (!sourceTables.has(table)) continue;
      if (table === 'searchindex' && !writer.copiesSearchIndex) continue;
      const targetColumns = await writer.columns(table);
      if (!targetColumns) {
        skippedTables.push(table);
        continue;
      }
      const isSearchIndex = table === 'searchindex';
      // FTS3 keeps the page id as the rowid; MySQL's searchindex has it as si_page.
      const sourceColumns = isSearchIndex
        ? ['si_page', 'si_title', 'si_text']
        : (source.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]);
      const missing = sourceColumns.filter((column) => !targetColumns.has(column));
      if (missing.length > 0) throw new Error(`${table}: the target has no column ${missing.join(', ')}`);
      const selected = (column: string) => targetColumns.get(column)!.readsBytes
        ? `CAST(${quoteSqlite(column)} AS BLOB) AS ${quoteSqlite(column)}`
        : quoteSqlite(column);
      const select = isSearchIndex
        ? 'SELECT rowid AS si_page, si_title, si_text FROM searchindex'
        : `SELECT ${sourceColumns.map(selected).join(', ')} FROM ${quoteSqlite(table)}`;
      const rewrite = writer.rowRewriter(table, sourceColumns);
      const tableRows = source.prepare(`SELECT COUNT(*) FROM ${quoteSqlite(table)}`).pluck().get() as number;
      const converters = sourceColumns.map((column) => targetColumns.get(column)!.convert);
      const mergeDuplicates = await writer.hasRows(table);
      const tableStarted = performance.now();
      let rows = 0;
      let batch: ServerValue[][] = [];
      let batchBytes = 0;
      const report = (tableDone: boolean) => options.progress?.({
        table, rows, tableRows, tableDone, tableElapsedMs: performance.now() - tableStarted, elapsedMs: performance.now() - started, totalRows,
      });
      const flush = async () => {
        await writer.insert(table, sourceColumns, batch, mergeDuplicates);
        rows += batch.length;
        totalRows += batch.length;
        batch = [];
        batchBytes = 0;
        report(false);
      };
      for (const row of source.prepare(select).raw().iterate() as IterableIterator<unknown[]>) {
        rewrite?.(row);
        const converted = row.map((value, i) => converters[i]!(value));
        batch.push(converted);
        for (const value of converted) batchBytes += sizeOf(value);
        if (batch.length >= batchRows || batchBytes >= BATCH_BYTES) await flush();
      }
      if (batch.length > 0) await flush();
      report(true);
      copied.push({ table, rows, ms: performance.now() - tableStarted });
    }
    const analyzeStarted = performance.now();
    await writer.analyze();
    const analyzeSeconds = (performance.now() - analyzeStarted) / 1000;
    await writer.commit();
    const seconds = (performance.now() - started) / 1000;
    return {
      target: describeTarget(target),
      tables: copied,
      rows: totalRows,
      seconds,
      rowsPerSecond: seconds > 0 ? totalRows / seconds : 0,
      analyzeSeconds,
      skippedTables,
      conversions: log.counts,
    };
  } catch (error) {
    await writer.abort().catch(() => {});
    throw error;
  } finally {
    await writer.close();
    source.close();
  }
}
