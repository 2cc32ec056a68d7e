// How the store's families run their portable SQL (src/store/sql/dialect.ts) on one database.
// Results may come back at once (SQLite runs in this thread) or later (a server); the families
// await either. Rows hold what MediaWiki's columns hold as JavaScript: integers as numbers, binary
// strings as text (old_text may stay bytes), timestamps as 14-digit strings.
import type { Dialect } from './dialect.ts';

export type MaybePromise<T> = T | Promise<T>;

export interface SqlExecutor {
  readonly dialect: Dialect;
  all<T>(sql: string, ...params: unknown[]): MaybePromise<T[]>;
  /** `all(\`SELECT ${select} ${rest}\`)`; a backend may read the select list faster its own way. */
  rows<T>(select: string, rest: string, ...params: unknown[]): MaybePromise<T[]>;
  get<T>(sql: string, ...params: unknown[]): MaybePromise<T | undefined>;
  /** Whether the wiki has this table (optional tables: interwiki, site_stats, job ...). */
  hasTable(name: string): MaybePromise<boolean>;
}

/**
 * Bytes as a Buffer, which both server drivers send as binary (the MariaDB connector as bytes, pg
 * as bytea; pg would send any other Uint8Array as an array). Other values as they are.
 */
export function serverParameter(value: unknown): unknown {
  return value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;
}
