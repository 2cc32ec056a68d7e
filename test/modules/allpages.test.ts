// list=allpages and generator=allpages over the fixture wiki, with facts checked on MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlPageStore, prefixUpperBound } from '../../src/store/sql/pages.ts';
import type { AllPagesQuery } from '../../src/store/pages.ts';
import { skipWithoutFixture, useFixtureServer, fixtureDb, type Json } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;

const titles = (r: Json): string[] => r.query.allpages.map((p: Json) => p.title);

describe('list=allpages', { skip }, () => {
  const { api } = useFixtureServer();

  test('lists pageid, ns and title in title order and continues with the next DB key', async () => {
    const r = await api('list=allpages&apfrom=New%20&aplimit=2');
    assert.deepEqual(r.query.allpages, [
      { pageid: 105, ns: 0, title: 'New York City' },
      { pageid: 251, ns: 0, title: 'New name' },
    ]);
    assert.deepEqual(r.continue, { apcontinue: 'Nitrogen', continue: '-||' });
  });

  test('apprefix is a title part: first letter upper-cased, in the given namespace', async () => {
    assert.deepEqual(titles(await api('list=allpages&apprefix=ma&aplimit=3')), ['Madrid', 'Main Page', 'Mars']);
    const r = await api('list=allpages&apnamespace=2&apprefix=alice/&aplimit=3');
    assert.deepEqual(titles(r), ['User:Alice/Archive', 'User:Alice/Archive/Sub', 'User:Alice/Old sandbox']);
    assert.equal(r.continue.apcontinue, 'Alice/Old_sandbox/Sub');
  });

  test('a title part naming another namespace is a bad title', async () => {
    const r = await api('list=allpages&apfrom=Talk:Mars');
    assert.equal(r.error.code, 'invalidtitle');
    assert.equal(r.error.info, 'Bad title "Talk:Mars".');
  });

  test('apdir=descending reads from apfrom down to apto', async () => {
    const r = await api('list=allpages&apdir=descending&apfrom=M&apto=J&aplimit=3');
    assert.deepEqual(titles(r), ['Luna', 'Lowercase start', 'Loop B']);
    assert.equal(r.continue.apcontinue, 'Loop_A');
  });

  test('protection filters: prlevel narrows prtype, prexpiry needs no prtype', async () => {
    assert.deepEqual(titles(await api('list=allpages&apprtype=edit|move&apprlevel=sysop&aplimit=50')), ['Earth', 'Main Page']);
    assert.deepEqual(titles(await api('list=allpages&apprexpiry=definite&aplimit=50')), ['Earth', 'Gold']);
    const r = await api('list=allpages&apprlevel=sysop');
    assert.equal(r.error.code, 'invalidparammix');
    assert.equal(r.error.info, 'The "prlevel" parameter may only be used with "prtype".');
  });

  test('apfilterlanglinks=withlanglinks keeps pages with language links', async () => {
    const r = await api('list=allpages&apfilterlanglinks=withlanglinks&aplimit=3');
    assert.deepEqual(titles(r), ['Berlin', 'Cat', 'Earth']);
    assert.equal(r.continue.apcontinue, 'Gold');
  });

  test('apcontinue takes a single value', async () => {
    const r = await api('list=allpages&apcontinue=A|B&continue=-||');
    assert.equal(r.error.code, 'badcontinue');
  });

  test('generator=allpages refuses redirects=1', async () => {
    const r = await api('generator=allpages&redirects=1');
    assert.equal(r.error.code, 'params');
    assert.equal(r.error.info, 'Use "gapfilterredir=nonredirects" instead of "redirects" when using "allpages" as a generator.');
  });

  test('generator=allpages continues with gapcontinue', async () => {
    const r = await api('generator=allpages&gaplimit=2&gapnamespace=14');
    assert.deepEqual(Object.keys(r.query.pages).length, 2);
    assert.equal(r.continue.continue, 'gapcontinue||');
  });
});

describe('list=allpages in miser mode', { skip }, () => {
  const miser = useFixtureServer({ site: { miserMode: true } });

  test('apfilterredir is applied after reading, so a batch may be empty but continue', async () => {
    const r = await miser.api('list=allpages&apfilterredir=redirects&aplimit=5');
    assert.deepEqual(r.query.allpages, []);
    assert.equal(r.continue.apcontinue, 'Au');
  });

  test('apmaxsize is ignored', async () => {
    const r = await miser.api('list=allpages&apmaxsize=0&aplimit=2');
    assert.equal(r.query.allpages.length, 2);
  });
});

describe('allpages store', { skip }, () => {
  const base: AllPagesQuery = {
    namespace: 0, descending: false, from: null, to: null, continueFrom: null, prefix: null, redirects: 'all',
    minSize: null, maxSize: null, protection: null, langlinks: 'all', limit: 501,
  };

  test('the prefix bound is the next string after every string with that prefix', () => {
    assert.equal(prefixUpperBound('Ma'), 'Mb');
    assert.equal(prefixUpperBound('A\u{10FFFF}'), 'B');
    assert.equal(prefixUpperBound('\u{D7FF}'), '\u{E000}');
    assert.equal(prefixUpperBound('\u{10FFFF}'), null);
  });

  test('prefix matching is case-sensitive, as MediaWiki makes SQLite LIKE', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const store = new SqlPageStore(db);
    const rows = await store.allPages({ ...base, prefix: 'Lo' });
    assert.ok(rows.length > 0);
    assert.ok(rows.every((r) => r.page_title.startsWith('Lo')));
    db.close();
  });

  test('every allpages query reads page through an index', async () => {
    const plans = await queryPlans(async (store) => {
      await store.allPages(base);
      await store.allPages({ ...base, descending: true, from: 'M', to: 'A', continueFrom: 'K', prefix: 'L', redirects: 'redirects' });
      await store.allPages({ ...base, minSize: 10, maxSize: 900 });
      const protection = { types: ['edit'], levels: ['sysop'], cascade: 0, expiry: 'definite', now: '20250101000000' } as const;
      await store.allPages({ ...base, protection, langlinks: 'withoutlanglinks' });
    });
    for (const plan of plans) assert.doesNotMatch(plan, /\bSCAN (page|page_restrictions|langlinks)\b/, plan);
  });
});

/** EXPLAIN QUERY PLAN of every statement the store runs inside `work`. */
function queryPlans(work: (store: SqlPageStore) => Promise<void>): Promise<string[]> {
  return sqliteQueryPlans((db) => work(new SqlPageStore(db)));
}
