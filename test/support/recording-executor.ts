// A SqlExecutor that notes every statement the store runs (its portable text, parameters and
// method) before passing it on unchanged: the query-plan tests and the layer-overhead benchmark
// take the statements real requests make from it.
import type { Dialect } from '../../src/store/sql/dialect.ts';
import type { MaybePromise, SqlExecutor } from '../../src/store/sql/executor.ts';
import { sqlFamilies } from '../../src/store/sql/families.ts';
import type { Store } from '../../src/store/store.ts';

export interface RecordedStatement {
  readonly method: 'all' | 'rows' | 'get';
  /** The portable SQL (src/store/sql/dialect.ts), before the backend renders it. */
  readonly text: string;
  readonly params: readonly unknown[];
  /** For `rows`: the select list and the rest, as the store passed them. */
  readonly select?: string;
  readonly rest?: string;
}

export class RecordingExecutor implements SqlExecutor {
  readonly dialect: Dialect;
  readonly statements: RecordedStatement[] = [];

  constructor(readonly inner: SqlExecutor) {
    this.dialect = inner.dialect;
  }

  all<T>(sql: string, ...params: unknown[]): MaybePromise<T[]> {
    this.statements.push({ method: 'all', text: sql, params });
    return this.inner.all<T>(sql, ...params);
  }

  rows<T>(select: string, rest: string, ...params: unknown[]): MaybePromise<T[]> {
    this.statements.push({ method: 'rows', text: `SELECT ${select} ${rest}`, params, select, rest });
    return this.inner.rows<T>(select, rest, ...params);
  }

  get<T>(sql: string, ...params: unknown[]): MaybePromise<T | undefined> {
    this.statements.push({ method: 'get', text: sql, params });
    return this.inner.get<T>(sql, ...params);
  }

  /** Not recorded: a look at information_schema (or sqlite_master), once per table and store. */
  hasTable(name: string): MaybePromise<boolean> {
    return this.inner.hasTable(name);
  }
}

/** The statements once each: same method, text and parameters. */
export function distinctStatements(statements: readonly RecordedStatement[]): RecordedStatement[] {
  const seen = new Map<string, RecordedStatement>();
  for (const statement of statements) {
    const key = `${statement.method}\u0000${statement.text}\u0000${JSON.stringify(statement.params, (_, value) => (typeof value === 'bigint' ? String(value) : value))}`;
    if (!seen.has(key)) seen.set(key, statement);
  }
  return [...seen.values()];
}

/** A Store over an executor, as the backend's own opener builds it (a recording executor, say). */
export function storeOver(executor: SqlExecutor & { close?(): unknown }, backend: Store['backend']): Store {
  return { backend, version: 'recorded', ...sqlFamilies(executor), close: async () => { await executor.close?.(); } };
}
