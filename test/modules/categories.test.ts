// prop=categories and generator=categories over the fixture wiki, with facts checked on MediaWiki 1.39.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlCategoryStore } from '../../src/store/sql/categories.ts';
import { skipWithoutFixture, useFixtureServer, fixtureDb, type Json } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

const names = (page: Json): string[] => (page.categories ?? []).map((c: Json) => c.title);

describe('prop=categories', { skip }, () => {
  const { api } = useFixtureServer();

  test('clprop=sortkey gives the sort key in hexadecimal and the human prefix', async () => {
    const r = await api('prop=categories&titles=Pluto&clprop=sortkey&clcategories=Category:Solar_System');
    assert.deepEqual(r.query.pages['148'].categories, [
      {
        ns: 14,
        title: 'Category:Solar System',
        sortkey: '504c55544f2c20445741524620504c414e45540a504c55544f',
        sortkeyprefix: 'Pluto, dwarf planet',
      },
    ]);
  });

  test('clprop=hidden and timestamp: hidden is a flag in formatversion 1 and a boolean in 2', async () => {
    const v1 = await api('prop=categories&titles=Penguin&clprop=hidden|timestamp&clcategories=Category:Birds|Category:Hidden_tracking_category');
    assert.deepEqual(v1.query.pages['97'].categories, [
      { ns: 14, title: 'Category:Birds', timestamp: '2025-01-08T14:06:30Z' },
      { ns: 14, title: 'Category:Hidden tracking category', timestamp: '2025-01-08T14:06:30Z', hidden: '' },
    ]);
    const v2 = await api('formatversion=2&prop=categories&titles=Penguin&clprop=hidden&clcategories=Category:Birds|Category:Hidden_tracking_category');
    assert.deepEqual(v2.query.pages[0].categories.map((c: Json) => c.hidden), [false, true]);
  });

  test('clshow=hidden and clshow=!hidden split the categories by the hiddencat property', async () => {
    const hidden = await api('prop=categories&titles=Penguin&clshow=hidden');
    const shown = await api('prop=categories&titles=Penguin&clshow=!hidden');
    assert.deepEqual(names(hidden.query.pages['97']), ['Category:Articles with unsourced statements', 'Category:Hidden tracking category']);
    assert.deepEqual(names(shown.query.pages['97']), ['Category:Animals', 'Category:Birds', 'Category:Pages with broken file links']);
  });

  test('clshow=hidden|!hidden is "mutually exclusive values" (code show)', async () => {
    const r = await api('prop=categories&titles=Penguin&clshow=hidden|!hidden');
    assert.equal(r.error.code, 'show');
    assert.equal(r.error.info, 'Incorrect parameter - mutually exclusive values may not be supplied.');
  });

  test('clcategories titles must be in the Category namespace, else "is not a category."', async () => {
    const r = await api('prop=categories&titles=Earth|Mars&clcategories=Planets|Category:planets');
    assert.equal(r.warnings.categories['*'], '"Planets" is not a category.');
    assert.deepEqual(names(r.query.pages['75']), ['Category:Planets']);
    assert.deepEqual(names(r.query.pages['76']), ['Category:Planets']);
  });

  test('continues with "pageid|category" and the walk covers every membership once', async () => {
    const first = await api('prop=categories&titles=Penguin|Tokyo&cllimit=3');
    assert.deepEqual(first.continue, { clcontinue: '97|Hidden_tracking_category', continue: '||' });
    const all = await api('prop=categories&titles=Penguin|Tokyo|Jupiter&cllimit=max');
    const walked: Record<string, string[]> = {};
    let cont = '';
    for (let i = 0; i < 20; i++) {
      const r = await api(`prop=categories&titles=Penguin|Tokyo|Jupiter&cllimit=2${cont}`);
      for (const [id, page] of Object.entries<Json>(r.query.pages)) (walked[id] ??= []).push(...names(page));
      if (!r.continue) break;
      cont = `&clcontinue=${encodeURIComponent(r.continue.clcontinue)}&continue=||`;
    }
    for (const [id, page] of Object.entries<Json>(all.query.pages)) assert.deepEqual(walked[id], names(page));
  });

  test('generator=categories yields the category pages', async () => {
    const r = await api('generator=categories&titles=Earth');
    assert.deepEqual(
      Object.values<Json>(r.query.pages).map((p) => p.title).sort(),
      ['Category:Planets', 'Category:Solar System'],
    );
  });
});

describe('CategoryStore.of', { skip }, () => {
  const db = skip ? null : new SqliteDatabase(fixtureDb);
  const store = db ? new SqlCategoryStore(db) : null;
  after(() => db?.close());

  test('descending from a continuation row, hidden ones left out', async () => {
    const rows = await store!.of({
      fromIds: [97, 104], categories: null, continueAt: { from: 104, to: 'Cities' }, hidden: 'exclude', withHidden: true,
      descending: true, limit: 3,
    });
    assert.deepEqual(rows.map((r) => `${r.cl_from}|${r.cl_to}`), ['104|Cities', '104|Capitals', '97|Pages_with_broken_file_links']);
    assert.ok(rows.every((r) => !r.hidden));
  });
});
