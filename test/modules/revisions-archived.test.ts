// Archived revisions as `revids` finds them for callers who may see deleted history: their titles,
// read through the archive's unique index on ar_rev_id.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlRevisionStore } from '../../src/store/sql/revisions.ts';
import { fixtureDb, skipWithoutFixture } from '../support/fixture-wiki.ts';

describe('archived revisions by id', { skip: skipWithoutFixture }, () => {
  test('an archived revision names its deleted page; live and unknown ids are not archived', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const statements: [string, unknown[]][] = [];
    db.onQuery = (sql, params) => statements.push([sql, params]);
    const rows = await new SqlRevisionStore(db).archivedTitles([436, 470, 999999]);
    assert.deepEqual(rows, [{ ar_rev_id: 436, ar_namespace: 0, ar_title: 'Deleted_page' }]);
    for (const [sql, params] of statements) {
      const plan = (db.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
      assert.match(plan, /SEARCH archive USING (COVERING )?INDEX ar_revid_uniq/, plan);
    }
    db.close();
  });
});
