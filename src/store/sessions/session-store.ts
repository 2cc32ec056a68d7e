// Where sessions and login throttle counters live: a small writable database apart from the
// wiki's (which is never written to), shared by every process and machine serving the wiki. The
// api layer owns what a session holds (an opaque text here) and decides every key and lifetime.

export interface SessionStore {
  /** Where it is (a file, or a server's URL without its password), for logs. */
  readonly description: string;
  /** The session's data, or null when there is none (never made, ended, or expired). */
  get(id: string): Promise<string | null>;
  /** Creates or replaces a session; it is gone after `expiresAt` (milliseconds since 1970). */
  put(id: string, data: string, expiresAt: number): Promise<void>;
  /** Ends a session for good. */
  delete(id: string): Promise<void>;
  /** A counter's value, 0 when it was never increased or its window is over. */
  count(key: string): Promise<number>;
  /** Adds one to a counter; a counter started by this call lasts `ttlSeconds` (MediaWiki's incrWithInit). */
  increment(key: string, ttlSeconds: number): Promise<void>;
  /** Clears counters. */
  clear(keys: readonly string[]): Promise<void>;
  /**
   * The secret kept with the store under `name`: the first process to ask stores `generated`,
   * and every process (this one later, the others at any time) gets that one.
   */
  secret(name: string, generated: string): Promise<string>;
  /** Removes expired sessions and counters; how many rows went. */
  purgeExpired(): Promise<number>;
  close(): Promise<void>;
}

/** Where the session store is: a SQLite file, or a MariaDB/MySQL or PostgreSQL database. */
export type SessionStoreLocation = { file: string } | { url: string };

export const SESSIONS_TABLE = 'wikiquery_sessions';
export const COUNTERS_TABLE = 'wikiquery_counters';
export const SECRETS_TABLE = 'wikiquery_secrets';

/** The tables, written for every backend (types each of them reads the same way). */
export function createTableStatements(textType: string, keyType: string): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${SESSIONS_TABLE} (id ${keyType} NOT NULL PRIMARY KEY, data ${textType} NOT NULL, expires BIGINT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${COUNTERS_TABLE} (name ${keyType} NOT NULL PRIMARY KEY, hits INTEGER NOT NULL, expires BIGINT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${SECRETS_TABLE} (name ${keyType} NOT NULL PRIMARY KEY, value ${textType} NOT NULL)`,
  ];
}
