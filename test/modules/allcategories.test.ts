// list=allcategories over the fixture wiki, with facts checked on MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlCategoryStore } from '../../src/store/sql/categories.ts';
import type { AllCategoriesQuery } from '../../src/store/categories.ts';
import { skipWithoutFixture, useFixtureServer, fixtureDb } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

describe('list=allcategories', { skip }, () => {
  const { api } = useFixtureServer();

  test('sizes count pages, files and subcategories; hidden is a flag', async () => {
    const r = await api('list=allcategories&acprefix=Planets&acprop=size|hidden');
    assert.deepEqual(r.query.allcategories, [{ size: 14, pages: 8, files: 6, subcats: 0, '*': 'Planets' }]);
    const hidden = await api('list=allcategories&acprefix=Articles&acprop=hidden&formatversion=2');
    assert.deepEqual(hidden.query.allcategories, [{ category: 'Articles with unsourced statements', hidden: true }]);
  });

  test('descending reads from acfrom down to acto, min and max bound cat_pages', async () => {
    const r = await api('list=allcategories&acfrom=M&acto=C&acdir=descending&acmin=10&acmax=11');
    assert.deepEqual(r.query.allcategories.map((c: { '*': string }) => c['*']), ['Images', 'Cities', 'Chemical elements']);
  });

  test('the continuation is a title alone', async () => {
    const r = await api('list=allcategories&accontinue=Metals|1');
    assert.equal(r.error.code, 'badcontinue');
  });
});

describe('allcategories store query', { skip }, () => {
  test('reads category in the order of its title index, and page and page_props by key', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const statements: [string, unknown[]][] = [];
    db.onQuery = (sql, params) => statements.push([sql, params]);
    const store = new SqlCategoryStore(db);
    const base: AllCategoriesQuery = { descending: false, from: null, to: null, continueFrom: null, prefix: null, minPages: null, maxPages: null, hidden: false, limit: 11 };
    await store.all(base);
    await store.all({ ...base, descending: true, from: 'M', to: 'A', continueFrom: 'K', prefix: 'C', minPages: 1, maxPages: 9, hidden: true });
    for (const [sql, params] of statements) {
      const plan = (db.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
      // A scan of cat_title reads the index in order, up to the limit.
      assert.doesNotMatch(plan, /\bSCAN (category\b(?! USING INDEX cat_title)|page\b|page_props\b)|TEMP B-TREE/, `${sql}\n${plan}`);
    }
    db.close();
  });
});
