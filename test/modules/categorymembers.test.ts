// list=categorymembers and generator=categorymembers over the fixture wiki, with facts checked on MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlCategoryStore } from '../../src/store/sql/categories.ts';
import { skipWithoutFixture, useFixtureServer, fixtureDb, type Json } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;

const titles = (r: Json): string[] => r.query.categorymembers.map((p: Json) => p.title);

describe('list=categorymembers', { skip }, () => {
  const { api } = useFixtureServer();

  test('every prop, and the continue value "type|hexsortkey|pageid"', async () => {
    const r = await api('list=categorymembers&cmtitle=Category:Planets&cmlimit=2&cmprop=ids|title|sortkey|sortkeyprefix|type|timestamp');
    assert.deepEqual(r.query.categorymembers, [
      { pageid: 75, ns: 0, title: 'Earth', sortkey: '4541525448', sortkeyprefix: '', type: 'page', timestamp: '2025-01-08T06:06:47Z' },
      { pageid: 77, ns: 0, title: 'Jupiter', sortkey: '4a555049544552', sortkeyprefix: '', type: 'page', timestamp: '2025-01-08T06:30:18Z' },
    ]);
    assert.deepEqual(r.continue, { cmcontinue: 'page|4d415253|76', continue: '-||' });
  });

  test("the page id of cmcontinue is PHP's (int): 7.6e1abc is 76", async () => {
    const r = await api('list=categorymembers&cmtitle=Category:Planets&cmlimit=2&cmcontinue=page|4d415253|7.6e1abc&continue=-||');
    assert.deepEqual(titles(r), ['Mars', 'Mercury']);
  });

  test('types are listed one after the other, in the order cmtype names them', async () => {
    const r = await api('list=categorymembers&cmtitle=Category:Animals&cmtype=subcat|page&cmprop=title|type&cmlimit=4');
    assert.deepEqual(titles(r), ['Category:Birds', 'Category:Fish', 'Category:Mammals', 'Cat']);
    assert.equal(r.continue.cmcontinue, 'page|444f47|92');
  });

  test('cmsort=timestamp continues with "timestamp|pageid"', async () => {
    const r = await api('list=categorymembers&cmtitle=Category:Planets&cmsort=timestamp&cmdir=desc&cmlimit=2&cmprop=title|timestamp');
    assert.deepEqual(r.query.categorymembers, [
      { ns: 0, title: 'Neptune', timestamp: '2025-01-08T07:32:15Z' },
      { ns: 0, title: 'Uranus', timestamp: '2025-01-08T07:07:18Z' },
    ]);
    assert.equal(r.continue.cmcontinue, '20250108065950|78');
  });

  test('cmstartsortkeyprefix is upper-cased like the category collation', async () => {
    const r = await api('list=categorymembers&cmtitle=Category:Solar_System&cmprop=title|sortkeyprefix&cmstartsortkeyprefix=4&cmlimit=3');
    assert.deepEqual(r.query.categorymembers.map((m: Json) => m.sortkeyprefix), ['4', '5', '7']);
    assert.equal(r.continue.cmcontinue, 'page|380a4e455054554e45|80');
  });

  test('a continued request no longer applies the end sort key', async () => {
    const r = await api('list=categorymembers&cmtitle=Category:Planets&cmendsortkeyprefix=Jupiter&cmcontinue=page|4a|1&cmlimit=4&cmprop=title&continue=-||');
    assert.deepEqual(titles(r), ['Jupiter', 'Mars', 'Mercury', 'Neptune']);
  });

  test('a title outside the Category namespace is not a valid category', async () => {
    assert.equal((await api('list=categorymembers&cmtitle=Template:Infobox')).error.code, 'invalidcategory');
    assert.equal((await api('list=categorymembers&cmtitle=Special:Foo')).error.code, 'pagecannotexist');
    assert.equal((await api('list=categorymembers&cmpageid=99999')).error.info, 'There is no page with ID 99999.');
  });

  test('a hex sort key must be pairs of hex digits', async () => {
    const r = await api('list=categorymembers&cmtitle=Category:Planets&cmstarthexsortkey=zz');
    assert.equal(r.error.code, 'badvalue_cmstarthexsortkey');
    assert.equal(r.error.info, 'Invalid value for parameter "cmstarthexsortkey".');
  });

  test('an empty cmprop still lists one object per member', async () => {
    const r = await api('list=categorymembers&cmtitle=Category:Planets&cmprop=&cmlimit=2');
    assert.deepEqual(r.query.categorymembers, [{}, {}]);
  });

  test('generator=categorymembers gives the members as pages', async () => {
    const r = await api('generator=categorymembers&gcmtitle=Category:Animals&gcmtype=subcat');
    assert.deepEqual(
      Object.values<Json>(r.query.pages).map((p) => p.title).sort(),
      ['Category:Birds', 'Category:Fish', 'Category:Mammals'],
    );
  });
});

describe('list=categorymembers in miser mode', { skip }, () => {
  const miser = useFixtureServer({ site: { miserMode: true } });

  test('cmnamespace is applied after reading, so a batch may be empty but continue', async () => {
    const r = await miser.api('list=categorymembers&cmtitle=Category:Planets&cmnamespace=6&cmlimit=5');
    assert.deepEqual(r.query.categorymembers, []);
    assert.equal(r.continue.cmcontinue, 'page|53415455524e|78');
  });
});

describe('categorymembers store', { skip }, () => {
  test('sort keys compare byte for byte, even when the bytes are not UTF-8', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const store = new SqlCategoryStore(db);
    const query = { category: 'Planets', types: ['page'], namespaces: null, descending: false, end: null, after: null, limit: 50 };
    const fromM = await store.membersBySortkey({ ...query, start: Buffer.from('M') });
    assert.equal(fromM[0]!.page_title, 'Mars');
    const afterAscii = await store.membersBySortkey({ ...query, start: Buffer.from([0xc3]) });
    assert.deepEqual(afterAscii, []);
    db.close();
  });

  test('every categorymembers query reads categorylinks through an index', async () => {
    const plans = await queryPlans(async (store) => {
      const base = { category: 'Planets', namespaces: [0, 6], descending: false, limit: 11 };
      await store.membersBySortkey({ ...base, types: ['page'], start: Buffer.from('A'), end: Buffer.from('Z'), after: null });
      await store.membersBySortkey({ ...base, types: ['file', 'page', 'subcat'], start: null, end: null, after: { sortkey: Buffer.from('M'), from: 70 }, descending: true });
      await store.membersByTimestamp({ ...base, start: '20250101000000', end: '20260101000000', after: { timestamp: '20250108000000', from: 73 } });
    });
    for (const plan of plans) assert.doesNotMatch(plan, /\bSCAN (categorylinks|page)\b/, plan);
  });
});

/** EXPLAIN QUERY PLAN of every statement the store runs inside `work`. */
function queryPlans(work: (store: SqlCategoryStore) => Promise<void>): Promise<string[]> {
  return sqliteQueryPlans((db) => work(new SqlCategoryStore(db)));
}
