// list=prefixsearch over the fixture wiki: prefixes per namespace, the exact match first, offsets.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlPageStore } from '../../src/store/sql/pages.ts';
import { skipWithoutFixture, useFixtureServer, fixtureDb, type Json } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

describe('list=prefixsearch', { skip }, () => {
  const { api } = useFixtureServer();

  test('a namespace named in the text replaces psnamespace', async () => {
    const r = await api('list=prefixsearch&pssearch=category:&psnamespace=4&pslimit=3');
    assert.ok(r.query.prefixsearch.length > 0);
    assert.ok(r.query.prefixsearch.every((p: Json) => p.ns === 14));
  });

  test('offsets page through the same order', async () => {
    const all = await api('list=prefixsearch&pssearch=M&pslimit=6');
    const second = await api('list=prefixsearch&pssearch=M&pslimit=3&psoffset=3');
    assert.deepEqual(second.query.prefixsearch, all.query.prefixsearch.slice(3, 6));
    assert.equal(second.continue.psoffset, 6);
  });
});

describe('prefixsearch store query', { skip }, () => {
  test('reads page by its (namespace, title) index', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const statements: [string, unknown[]][] = [];
    db.onQuery = (sql, params) => statements.push([sql, params]);
    const store = new SqlPageStore(db);
    await store.prefixSearch({ groups: [{ namespaces: [0], prefix: 'Ea' }], limit: 11, offset: 0 });
    await store.prefixSearch({ groups: [{ namespaces: [0, 4, 14], prefix: 'S' }], limit: 11, offset: 5 });
    await store.prefixSearch({ groups: [{ namespaces: [10], prefix: '' }], limit: 11, offset: 0 });
    for (const [sql, params] of statements) {
      const plan = (db.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
      assert.doesNotMatch(plan, /\bSCAN page\b/, `${sql}\n${plan}`);
    }
    db.close();
  });
});
