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
