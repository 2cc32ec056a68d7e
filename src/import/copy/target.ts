// What the copy asks of a database server: the two backends (mariadb-target.ts, postgres-target.ts)
// differ in how a half-written wiki is kept out of sight and in how values are spelled.

/** A value as the driver takes it. */
export type ServerValue = string | number | bigint | boolean | Buffer | null;

/** One column of the target table: the conversion of SQLite's value to what it stores. */
export interface TargetColumn {
  readonly convert: (value: unknown) => ServerValue;
  /**
   * Whether the value is read from SQLite as its bytes (CAST AS BLOB): MediaWiki on SQLite keeps
   * binary strings, compressed text among them, as TEXT values that need not be UTF-8, which the
   * driver would decode with U+FFFD in place of what is not.
   */
  readonly readsBytes: boolean;
}

export interface CopyTarget {
  /**
   * Whether SQLite's FTS3 rows go to the target's searchindex table: MySQL's search reads it;
   * PostgreSQL's reads the tsvector columns its triggers fill, and its unread searchindex has a
   * btree index on si_text that a long page's text does not fit.
   */
  readonly copiesSearchIndex: boolean;
  /**
   * What `prepare` needs, checked before a long import: connects (an unreachable server, refused
   * credentials or a missing database say so), refuses an existing wiki unless `replace`, and
   * makes, fills and drops a table where the wiki's go, leaving nothing behind.
   */
  check(): Promise<void>;
  /**
   * Refuses an existing wiki unless `replace`, and makes the empty schema where the rows go,
   * out of sight of readers until `commit`.
   */
  prepare(): Promise<void>;
  /** The target's columns of a table, or undefined when the schema has no such table. */
  columns(table: string): Promise<Map<string, TargetColumn> | undefined>;
  /**
   * What the target does to a source row of `table` (values as read, in the order of `columns`)
   * before each value is converted, when it cannot hold the row as it is; undefined for none.
   */
  rowRewriter(table: string, columns: readonly string[]): ((row: unknown[]) => void) | undefined;
  /** Whether the schema itself put rows into the table (updatelog), which the copy then merges into. */
  hasRows(table: string): Promise<boolean>;
  /** Writes rows, in the order of `columns`; with `mergeDuplicates`, a row whose key is there is skipped. */
  insert(table: string, columns: readonly string[], rows: readonly ServerValue[][], mergeDuplicates: boolean): Promise<void>;
  /**
   * Planner statistics of the wiki's tables (ANALYZE), taken before they are put in place so a
   * reader never plans over tables its server has not looked at: the servers would otherwise
   * gather them only later (InnoDB after a table has changed enough, PostgreSQL's autovacuum).
   */
  analyze(): Promise<void>;
  /** The search index and ids to come (sequences), then the wiki in place at once. */
  commit(): Promise<void>;
  /** Removes what was written; the wiki that was there (if any) stays untouched. */
  abort(): Promise<void>;
  close(): Promise<void>;
}

/** Values changed on the way because the target cannot hold them as they were. */
export class ConversionLog {
  readonly counts = new Map<string, number>();

  note(what: string): void {
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }
}
