// What differs between SQLite, MariaDB/MySQL and PostgreSQL in the Store's queries. Every query is
// written once, in portable SQL: SQLite's syntax with `?` placeholders and MediaWiki's tables named
// `{page}`, with the few expressions that differ asked of the dialect while the text is built.
// renderSql turns that text into one database's SQL; executors render a text the first time they
// see it and keep the prepared statement, so a query costs a map lookup more than raw SQL would.
//
// What needs no dialect: `LIMIT ?`, row values (`(a, b) >= (?, ?)`), `EXISTS`, `UNION`, `IN (?, ?)`
// and MediaWiki's booleans, which are 0/1 integer columns on all three.

export type DialectName = 'sqlite' | 'mysql' | 'postgres';

export interface Dialect {
  readonly name: DialectName;
  /** $wgDBprefix: put before every table name. */
  readonly tablePrefix: string;
  /** The placeholder of the `index`-th (from 0) parameter. */
  placeholder(index: number): string;
  /** A MediaWiki table as queries name it: prefixed, quoted where needed. */
  table(name: string): string;
  /**
   * A parameter holding a 14-digit MediaWiki timestamp, compared with a timestamp column. Results
   * come back as 14-digit strings from every executor (PostgreSQL's TIMESTAMPTZ is converted as it
   * is read), so only parameters need this.
   */
  timestampParameter(): string;
  /**
   * A 14-digit timestamp of `column` as the database returns the column's value: what MediaWiki
   * copies into a continuation parameter (rvcontinue, cmcontinue ...), where executors give rows
   * 14 digits.
   */
  storedTimestamp(timestamp: string, column: string): string;
  /** A parameter holding raw bytes (a Uint8Array) compared with a binary string column. */
  bytesParameter(): string;
  /** A binary string column's bytes as lower-case hexadecimal. */
  hex(column: string): string;
  /** 1 or 0 for a condition (PostgreSQL's conditions are booleans, the others' integers). */
  flag(condition: string): string;
  /** `a IS b` / `a IS NOT b` with NULL equal to NULL. */
  nullSafeEquals(left: string, right: string, negated: boolean): string;
  /** A subquery of the integers of a JSON array bound as one parameter (a column named `value`). */
  jsonIntegers(): string;
  /** A subquery of the strings of a JSON array bound as one parameter. */
  jsonStrings(): string;
  /** A subquery of the [integer, string] pairs of a JSON array bound as one parameter. */
  jsonPairs(): string;
  /** The strings of such pairs whose integer is `ns`. */
  jsonPairStrings(ns: number): string;
  /** `column IN (...)` over the values of a JSON array bound as one parameter (jsonIntegers or jsonStrings). */
  inJsonList(column: string, list: 'integers' | 'strings'): string;
  /** An index hint after a table (MySQL's USE INDEX, as MediaWiki's queries give it); '' elsewhere. */
  useIndex(index: string): string;
  /**
   * How many values an IN list of `count` values is prepared for: the list is padded to it by
   * repeating its last value, so a server prepares a few statements rather than one per length.
   */
  inListLength(count: number): number;
}

/** `20250108063018` as `2025-01-08 06:30:18`, the way MySQL and PostgreSQL write a date and time. */
export function spelledTimestamp(timestamp: string): string {
  if (!/^\d{14}$/.test(timestamp)) return timestamp;
  const t = timestamp;
  return `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`;
}

/** Shared by the dialects whose placeholders are all `?`. */
export function questionMark(): string {
  return '?';
}

/** The next power of two from `count`: few statement variants for lists of any length. */
export function powerOfTwoBucket(count: number): number {
  let size = 1;
  while (size < count) size *= 2;
  return size;
}

/**
 * Portable SQL as one dialect's: `{name}` becomes the dialect's table, and `?` outside string
 * literals and quoted names its numbered placeholder. Texts are rendered once per statement shape,
 * so this is simple rather than fast.
 */
export function renderSql(text: string, dialect: Dialect): string {
  let out = '';
  let parameter = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const end = quotedEnd(text, i, c);
      out += text.slice(i, end);
      i = end - 1;
    } else if (c === '?') {
      out += dialect.placeholder(parameter++);
    } else if (c === '{') {
      const end = text.indexOf('}', i);
      const name = text.slice(i + 1, end);
      if (end < 0 || !/^\w+$/.test(name)) throw new Error(`portable SQL: bad table marker at ${i}: ${text}`);
      out += dialect.table(name);
      i = end;
    } else {
      out += c;
    }
  }
  return out;
}

/** Index just past the quoted literal or name starting at `start` (a doubled quote escapes). */
function quotedEnd(text: string, start: number, quote: string): number {
  let i = start + 1;
  for (;;) {
    const next = text.indexOf(quote, i);
    if (next < 0) throw new Error(`portable SQL: unterminated ${quote} at ${start}: ${text}`);
    if (text[next + 1] !== quote) return next + 1;
    i = next + 2;
  }
}

/** `?, ?, ?` for an IN list of n values. */
export function placeholders(n: number): string {
  return n === 0 ? 'NULL' : new Array(n).fill('?').join(', ');
}

/**
 * Up to this many values go to a server as placeholders: a MariaDB server spends 40-90 µs of CPU
 * unpacking even a one-value JSON_TABLE, several times what an `IN (?)` costs it, and the lists
 * of a request (the ids of its pages, a few namespaces) are short. Longer lists, which would
 * prepare statements of thousands of placeholders, still travel as one JSON parameter.
 */
const PLACEHOLDER_LIST_LIMIT = 64;

/**
 * `column IN (...)` over `values`, as the dialect binds a list best: one JSON parameter on SQLite
 * (json_each costs it nothing), padded placeholders on a server for short lists.
 */
export function valuesIn(dialect: Dialect, column: string, values: readonly (number | string)[], kind: 'integers' | 'strings'): { sql: string; values: unknown[] } {
  if (dialect.name !== 'sqlite' && values.length > 0 && values.length <= PLACEHOLDER_LIST_LIMIT) return inList(dialect, column, values);
  return { sql: dialect.inJsonList(column, kind), values: [JSON.stringify(values)] };
}

/** `column IN (?, ...)` with its values padded to the dialect's list length. */
export function inList(dialect: Dialect, column: string, values: readonly unknown[]): { sql: string; values: unknown[] } {
  const padded = [...values];
  const length = dialect.inListLength(values.length);
  while (padded.length < length) padded.push(values[values.length - 1]);
  return { sql: `${column} IN (${placeholders(padded.length)})`, values: padded };
}
