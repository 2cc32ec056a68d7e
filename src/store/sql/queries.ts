// Pieces of portable SQL and bound values that several families' queries share.
import { inList, valuesIn, type Dialect } from './dialect.ts';

/** Bound parameters per statement stay well under SQLite's limit. */
export const CHUNK = 400;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `(p_namespace = ? AND p_title = ?) OR ...` for `count` titles of a table with column prefix `p`. */
export function titleSet(prefix: string, count: number): string {
  return new Array(count).fill(`(${prefix}_namespace = ? AND ${prefix}_title = ?)`).join(' OR ');
}

/**
 * Whether a statement is a function call in this process (SQLite) rather than a round trip to a
 * server: then several small statements in turn cost less than one that does their work together,
 * while on a server each statement saved is a round trip and the server's and driver's work for it.
 */
export function statementsAreCalls(dialect: Dialect): boolean {
  return dialect.name === 'sqlite';
}

/**
 * Whether the database copies a subquery in FROM that has a LIMIT into a temporary table each time
 * (MariaDB and MySQL; on disk when it holds BLOB columns such as comment texts, 300 µs of the
 * server's CPU for a couple of rows), where PostgreSQL and SQLite read it as a stream: there two
 * statements cost less than one joining such a subquery.
 */
export function materializesDerivedTables(dialect: Dialect): boolean {
  return dialect.name === 'mysql';
}

/**
 * Whether the database reads the distinct values of an index's leading column by jumping from one
 * value to the next (MySQL's loose index scan for SELECT DISTINCT ... ORDER BY ... LIMIT); SQLite
 * and PostgreSQL walk every entry, so a recursive query asking for the next value stands in there.
 */
export function jumpsToDistinctValues(dialect: Dialect): boolean {
  return dialect.name === 'mysql';
}

/** Distinct ids in listing order, without those a continuation has already passed. */
export function orderedIds(ids: readonly number[], descending: boolean, continueFrom: number | undefined): number[] {
  let out = [...new Set(ids)].sort((a, b) => (descending ? b - a : a - b));
  if (continueFrom !== undefined) out = out.filter((id) => (descending ? id <= continueFrom : id >= continueFrom));
  return out;
}

/** WHERE conditions and their bound values, built together so they never drift apart. */
export class Conditions {
  readonly sql: string[] = [];
  readonly values: unknown[] = [];

  constructor(private readonly dialect: Dialect) {}

  add(sql: string, ...values: unknown[]): this {
    this.sql.push(sql);
    this.values.push(...values);
    return this;
  }

  inList(column: string, values: readonly unknown[] | null): this {
    if (values && values.length) {
      const list = inList(this.dialect, column, values);
      this.add(list.sql, ...list.values);
    }
    return this;
  }

  /** `column IN (...)` over a list bound as the dialect binds lists best (see valuesIn). */
  valuesIn(column: string, values: readonly (number | string)[], kind: 'integers' | 'strings'): this {
    const list = valuesIn(this.dialect, column, values, kind);
    return this.add(list.sql, ...list.values);
  }

  redirects(filter: 'all' | 'redirects' | 'nonredirects'): this {
    if (filter !== 'all') this.add('page_is_redirect = ?', filter === 'redirects' ? 1 : 0);
    return this;
  }

  get where(): string {
    return this.sql.length ? `WHERE ${this.sql.join(' AND ')}` : '';
  }
}

/** The page columns of a listing that tells redirects apart. */
export const LINKING_PAGE_COLUMNS = 'page_id, page_namespace, page_title, page_is_redirect';
