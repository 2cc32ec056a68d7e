// The SQLite connection behind the store: opened read-only, statements prepared once and reused.
import Database from 'better-sqlite3';

export class SqliteDatabase {
  readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(path: string, options: { readonly?: boolean } = {}) {
    const readonly = options.readonly ?? true;
    this.db = new Database(path, { readonly, fileMustExist: readonly });
    if (readonly) this.db.pragma('query_only = ON');
    this.db.pragma('cache_size = -65536');
    this.db.pragma('mmap_size = 268435456');
  }

  /** A prepared statement for this SQL, compiled on first use and cached for the process. */
  statement(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  hasTable(name: string): boolean {
    return this.get<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type IN ('table','view') AND name = ?", name)!.n > 0;
  }

  close(): void {
    this.db.close();
  }
}

/** `?, ?, ?` for an IN list of n values. */
export function placeholders(n: number): string {
  return n === 0 ? 'NULL' : new Array(n).fill('?').join(', ');
}
