// Rows collected and written with multi-row INSERTs: far fewer statement runs than one row at a time.

import type Database from 'better-sqlite3';

/** Rows of one table, written `size` at a time with one prepared multi-row statement. */
export class RowBatch {
  /**
   * The parameters of a full statement, overwritten batch after batch: filling an array of the
   * final length costs less than pushing onto one emptied after every run.
   */
  private readonly values: unknown[];
  private filled = 0;
  private readonly statements = new Map<number, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    /** `INSERT INTO t (a, b, c) VALUES`, completed with one `(?, ?, ?)` group per row. */
    private readonly head: string,
    private readonly columns: number,
    private readonly size = 100,
    /** Literal SQL for constant columns: `(?, 1, ?)`; default all parameters. */
    private readonly group = `(${Array(columns).fill('?').join(', ')})`,
  ) {
    this.values = new Array<unknown>(size * columns).fill(null);
  }

  get pending(): number {
    return this.filled / this.columns;
  }

  add(...row: unknown[]): void {
    const values = this.values;
    let at = this.filled;
    for (let i = 0; i < this.columns; i++) values[at++] = row[i];
    this.filled = at;
    if (at === values.length) this.flush();
  }

  /** A row given as `columns` values of a flat array, from `at` on. */
  addRow(row: readonly unknown[], from: number): void {
    const values = this.values;
    let at = this.filled;
    for (let i = 0; i < this.columns; i++) values[at++] = row[from + i];
    this.filled = at;
    if (at === values.length) this.flush();
  }

  flush(): void {
    const filled = this.filled;
    if (filled === 0) return;
    const rows = filled / this.columns;
    this.statement(rows).run(filled === this.values.length ? this.values : this.values.slice(0, filled));
    this.filled = 0;
  }

  /** Forgets the waiting rows (the transaction they belonged to is rolled back). */
  discard(): void {
    this.filled = 0;
  }

  private statement(rows: number): Database.Statement {
    let statement = this.statements.get(rows);
    if (!statement) {
      statement = this.db.prepare(`${this.head} ${Array(rows).fill(this.group).join(', ')}`);
      this.statements.set(rows, statement);
    }
    return statement;
  }
}
