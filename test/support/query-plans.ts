// EXPLAIN QUERY PLAN of every statement a piece of the store runs over the fixture wiki (SQLite):
// the module tests assert that list queries read through indexes.
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { fixtureDb } from './fixture-wiki.ts';

/** Each statement `work` runs, followed by its plan's lines. */
export async function sqliteQueryPlans(work: (db: SqliteDatabase) => Promise<void>): Promise<string[]> {
  const db = new SqliteDatabase(fixtureDb);
  const statements: [string, unknown[]][] = [];
  db.onQuery = (sql, params) => statements.push([sql, params]);
  try {
    await work(db);
    return statements.map(([sql, params]) => {
      const rows = db.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
      return `${sql}\n${rows.map((r) => r.detail).join('\n')}`;
    });
  } finally {
    db.close();
  }
}
