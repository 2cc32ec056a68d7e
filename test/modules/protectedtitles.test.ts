// list=protectedtitles over the fixture wiki, with facts checked on MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlPageStore } from '../../src/store/sql/pages.ts';
import type { ProtectedTitleListQuery } from '../../src/store/pages.ts';
import { skipWithoutFixture, useFixtureServer, fixtureDb, type Json } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

describe('list=protectedtitles', { skip }, () => {
  const { api } = useFixtureServer();

  test('newest first, continuing at timestamp|namespace|title', async () => {
    const r = await api('list=protectedtitles&ptlimit=1&ptprop=level|expiry');
    assert.deepEqual(r.query.protectedtitles, [{ ns: 1, title: 'Talk:Nonexistent talk', expiry: 'infinity', level: 'sysop' }]);
    assert.equal(r.continue.ptcontinue, '20250115080521|0|Salted_page');
    const next = await api(`list=protectedtitles&ptlimit=1&ptprop=expiry&ptcontinue=${r.continue.ptcontinue}`);
    assert.deepEqual(next.query.protectedtitles, [{ ns: 0, title: 'Salted page', expiry: '2099-06-01T00:00:00Z' }]);
  });

  test('user brings userid; the continuation namespace must be a number', async () => {
    const r = await api('list=protectedtitles&ptprop=user&ptnamespace=1');
    assert.deepEqual(r.query.protectedtitles.map((p: Json) => Object.keys(p)), [['ns', 'title', 'user', 'userid']]);
    const bad = await api('list=protectedtitles&ptcontinue=20250115080521|x|Salted_page');
    assert.equal(bad.error.code, 'badcontinue');
  });
});

describe('protectedtitles store query', { skip }, () => {
  test('reads protected_titles by its timestamp index, user and comment by key', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const statements: [string, unknown[]][] = [];
    db.onQuery = (sql, params) => statements.push([sql, params]);
    const store = new SqlPageStore(db);
    const base: ProtectedTitleListQuery = { namespaces: null, levels: null, newer: false, start: null, end: null, after: null, limit: 11 };
    await store.protectedTitleList(base);
    await store.protectedTitleList({ ...base, newer: true, start: '20250101000000', end: '20250201000000', namespaces: [0, 1], levels: ['sysop'], after: { timestamp: '20250115080521', ns: 0, title: 'S' } });
    for (const [sql, params] of statements) {
      const plan = (db.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
      // The timestamp index in order, or the namespaces' part of the primary key (then sorted):
      // never the whole table unordered.
      assert.doesNotMatch(plan, /\bSCAN (protected_titles\b(?! USING INDEX pt_timestamp)|user\b|comment\b)/, `${sql}\n${plan}`);
    }
    db.close();
  });
});
