// Rows collected and written with multi-row INSERTs: far fewer statement runs than one row at a time.

import type Database from 'better-sqlite3';

/** Rows of one table, written `size` at a time with one prepared multi-row statement. */
export class RowBatch {
  private readonly values: unknown[] = [];
  private rows = 0;
  private readonly statements = new Map<number, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    /** `INSERT INTO t (a, b, c) VALUES`, completed with one `(?, ?, ?)` group per row. */
    private readonly head: string,
    private readonly columns: number,
    private readonly size = 100,
    /** Literal SQL for constant columns: `(?, 1, ?)`; default all parameters. */
    private readonly group = `(${Array(columns).fill('?').join(', ')})`,
  ) {}

  get pending(): number {
    return this.rows;
  }

  add(...row: unknown[]): void {
    for (let i = 0; i < this.columns; i++) this.values.push(row[i]);
    this.rows++;
    if (this.rows >= this.size) this.flush();
  }

  /** A row given as `columns` values of a flat array, from `at` on. */
  addRow(values: readonly unknown[], at: number): void {
    for (let i = 0; i < this.columns; i++) this.values.push(values[at + i]);
    this.rows++;
    if (this.rows >= this.size) this.flush();
  }

  flush(): void {
    if (this.rows === 0) return;
    this.statement(this.rows).run(this.values);
    this.values.length = 0;
    this.rows = 0;
  }

  /** Forgets the waiting rows (the transaction they belonged to is rolled back). */
  discard(): void {
    this.values.length = 0;
    this.rows = 0;
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
