// list=alllinks and its kin (alltransclusions, allfileusages, allredirects: MediaWiki's one
// ApiQueryAllLinks) over the fixture wiki, with facts checked on MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqlLinkStore } from '../../src/store/sql/links.ts';
import type { AllLinksQuery, AllLinksTable } from '../../src/store/links.ts';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;

describe('list=alllinks and its kin', { skip }, () => {
  const { api } = useFixtureServer();

  test('each link once per source page, continuing at title|source page', async () => {
    const r = await api('list=alllinks&alprop=ids|title&allimit=3&aldir=descending');
    assert.deepEqual(r.query.alllinks, [
      { fromid: 149, ns: 0, title: 'Wanted page 6' },
      { fromid: 135, ns: 0, title: 'Wanted page 6' },
      { fromid: 134, ns: 0, title: 'Wanted page 6' },
    ]);
    assert.equal(r.continue.alcontinue, 'Wanted_page_6|120');
  });

  test('unique lists each target once and continues with the title alone', async () => {
    const r = await api('list=alllinks&alunique=1&allimit=5');
    assert.deepEqual(r.query.alllinks.map((l: Json) => l.title), ['Au', 'Australia', 'Berlin', 'Broken redirect', 'C++']);
    assert.equal(r.continue.alcontinue, 'Cairo');
    const bad = await api('list=alllinks&alunique=1&alcontinue=Cairo|5');
    assert.equal(bad.error.code, 'badcontinue');
  });

  test('unique cannot show source pages, nor (allredirects) fragments', async () => {
    const r = await api('list=allredirects&arunique=1&arprop=fragment|ids');
    assert.equal(r.error.code, 'invalidparammix');
    assert.equal(r.error.info, 'The "arprop=fragment|ids" parameter cannot be used with "arunique".');
  });

  test('from and to bound the titles in ascending terms, also descending', async () => {
    const r = await api('list=alllinks&alfrom=A&alto=C&aldir=descending&allimit=3');
    assert.deepEqual(r.query.alllinks.map((l: Json) => l.title), ['Broken redirect', 'Berlin', 'Berlin']);
  });

  test('as a generator: the source pages, or with unique the targets', async () => {
    const sources = await api('generator=alllinks&gallimit=10');
    assert.deepEqual(Object.keys(sources.query.pages), ['83', '89', '96', '102', '109', '113', '131', '134', '178']);
    const targets = await api('generator=alllinks&galunique=1&gallimit=2');
    assert.deepEqual(Object.values(targets.query.pages).map((p) => (p as Json).title).sort(), ['Au', 'Australia']);
  });

  test('allredirects shows fragment and interwiki when set', async () => {
    const r = await api('list=allredirects&arprop=title|fragment|interwiki&arfrom=Main&arto=Moon');
    assert.deepEqual(r.query.allredirects, [
      { ns: 0, title: 'Main Page', interwiki: 'wikipedia' },
      { ns: 0, title: 'Mars' },
      { ns: 0, title: 'Merge target' },
      { ns: 0, title: 'Moon', fragment: 'Name' },
    ]);
  });
});

describe('all-links store queries', { skip }, () => {
  const base: AllLinksQuery = {
    table: 'pagelinks',
    namespace: 0,
    unique: false,
    descending: false,
    from: null,
    to: null,
    prefix: null,
    continueAt: null,
    redirectDetails: false,
    limit: 11,
  };

  test('every table is read in target order through an index', async () => {
    const tables: AllLinksTable[] = ['pagelinks', 'templatelinks', 'imagelinks', 'redirect'];
    const plans = await queryPlans(async (store) => {
      for (const table of tables) {
        for (const unique of [false, true]) {
          await store.all({ ...base, table, unique });
          await store.all({ ...base, table, unique, descending: true, from: 'A', to: 'M', prefix: 'B', continueAt: { title: 'Be', from: 3 } });
        }
      }
      await store.all({ ...base, table: 'redirect', redirectDetails: true });
    });
    for (const plan of plans) {
      assert.doesNotMatch(plan, /\bSCAN (pagelinks|templatelinks|linktarget|imagelinks|redirect)\b(?! USING (COVERING )?INDEX)/, plan);
      assert.doesNotMatch(plan, /TEMP B-TREE FOR ORDER BY/, plan);
    }
  });
});

/** EXPLAIN QUERY PLAN of every statement the store runs inside `work`. */
function queryPlans(work: (store: SqlLinkStore) => Promise<void>): Promise<string[]> {
  return sqliteQueryPlans((db) => work(new SqlLinkStore(db)));
}
