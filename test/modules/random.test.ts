// list=random over the fixture wiki: the walk along page_random, its continuation and wrap-around.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlPageStore } from '../../src/store/sql/pages.ts';
import type { RandomPagesQuery } from '../../src/store/pages.ts';
import { skipWithoutFixture, useFixtureServer, fixtureDb, type Json } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

describe('list=random', { skip }, () => {
  const { api } = useFixtureServer();

  test('a walk in pages of 3 meets every page of the namespace once', async () => {
    const everyPage = await api('list=random&rnnamespace=4&rnlimit=max');
    const expected = everyPage.query.random.map((p: Json) => p.id).sort();
    const seen: number[] = [];
    let cont = '';
    for (let step = 0; step < 10; step++) {
      const r = await api(`list=random&rnnamespace=4&rnlimit=3${cont}`);
      seen.push(...r.query.random.map((p: Json) => p.id));
      if (!r.continue) break;
      assert.match(r.continue.rncontinue, /^0\.\d+\|0\.\d+\|\d+\|[01]$/);
      cont = `&rncontinue=${r.continue.rncontinue}`;
    }
    assert.deepEqual(seen.sort(), expected);
  });

  test('a wrapped continuation reads only up to where the walk began', async () => {
    const r = await api('list=random&rnnamespace=4&rnlimit=max&rncontinue=0.000001|0.0|0|1');
    assert.deepEqual(r.query.random, []);
  });
});

describe('random store query', { skip }, () => {
  test('reads page along its page_random index', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const statements: [string, unknown[]][] = [];
    db.onQuery = (sql, params) => statements.push([sql, params]);
    const store = new SqlPageStore(db);
    const base: RandomPagesQuery = { namespaces: [0], redirects: 'nonredirects', start: 0.5, startId: 0, end: null, limit: 11 };
    await store.randomPages(base);
    await store.randomPages({ ...base, namespaces: null, redirects: 'all', startId: 20 });
    await store.randomPages({ ...base, start: null, end: 0.5 });
    for (const [sql, params] of statements) {
      const plan = (db.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
      assert.doesNotMatch(plan, /\bSCAN page\b(?! USING INDEX page_random)/, `${sql}\n${plan}`);
    }
    db.close();
  });
});
