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

  /** Sees every query with its parameters (tests check query plans through it). */
  onQuery?: (sql: string, params: unknown[]) => void;

  all<T>(sql: string, ...params: unknown[]): T[] {
    this.onQuery?.(sql, params);
    return this.statement(sql).all(...params) as T[];
  }

  /**
   * `all(\`SELECT ${select} ${rest}\`)`, faster for more than a few values: each row comes back as
   * one JSON array text (SQLite's json_array) that JSON.parse reads, where better-sqlite3 would
   * build every value and row object through V8's API. For columns holding TEXT, INTEGER and NULL
   * only (JSON prints REAL values with fewer digits); a BLOB makes it fall back to `all`. Same
   * statement, same rows, same order.
   */
  rows<T>(select: string, rest: string, ...params: unknown[]): T[] {
    this.onQuery?.(`SELECT ${select} ${rest}`, params);
    const list = selectList(select);
    let texts: string[];
    try {
      texts = this.statement(`SELECT json_array(${list.expressions}) ${rest}`).pluck().all(...params) as string[];
    } catch (e) {
      if (e instanceof Error && /JSON cannot hold BLOB/i.test(e.message)) return this.all<T>(`SELECT ${select} ${rest}`, ...params);
      throw e;
    }
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
    this.onQuery?.(sql, params);
    return this.statement(sql).get(...params) as T | undefined;
  }

  hasTable(name: string): boolean {
    return this.get<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type IN ('table','view') AND name = ?", name)!.n > 0;
  }

  close(): void {
    this.db.close();
  }
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

/** `?, ?, ?` for an IN list of n values. */
export function placeholders(n: number): string {
  return n === 0 ? 'NULL' : new Array(n).fill('?').join(', ');
}
