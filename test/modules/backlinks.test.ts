// list=backlinks and generator=backlinks over the fixture wiki, with facts checked on MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqlLinkStore } from '../../src/store/sql/links.ts';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;

const titles = (r: Json): string[] => r.query.backlinks.map((p: Json) => p.title);

describe('list=backlinks', { skip }, () => {
  const { api } = useFixtureServer({ params: 'action=query&format=json&formatversion=2' });

  test('lists linking pages by page id and continues with "fromns|pageid"', async () => {
    const r = await api('list=backlinks&bltitle=Earth&bllimit=2');
    assert.deepEqual(r.query.backlinks, [
      { pageid: 17, ns: 10, title: 'Template:Navbox planets' },
      { pageid: 69, ns: 6, title: 'File:Earth globe.png' },
    ]);
    assert.deepEqual(r.continue, { blcontinue: '0|73', continue: '-||' });
  });

  test('several namespaces order by namespace first', async () => {
    const r = await api('list=backlinks&bltitle=Earth&blnamespace=*&bllimit=4');
    assert.deepEqual(titles(r), ['Mercury', 'Venus', 'Mars', 'Jupiter']);
    assert.equal(r.continue.blcontinue, '0|78');
  });

  test('blredirect=1 lists pages linking through a redirect under it, in redirlinks', async () => {
    const r = await api('list=backlinks&bltitle=Mars&blredirect=1&bllimit=50');
    const red = r.query.backlinks.find((p: Json) => p.title === 'Red planet');
    assert.deepEqual(red, {
      pageid: 160,
      ns: 0,
      title: 'Red planet',
      redirect: true,
      redirlinks: [{ pageid: 161, ns: 0, title: 'The Red Planet', redirect: true }],
    });
  });

  test('when the links through redirects run over, blcontinue has six fields and repeats the first query', async () => {
    const first = await api('list=backlinks&bltitle=Loop_B&blredirect=1&bllimit=1');
    assert.equal(first.continue.blcontinue, '0|173|0|Loop_A|0|178');
    const next = await api(`list=backlinks&bltitle=Loop_B&blredirect=1&bllimit=1&blcontinue=${first.continue.blcontinue}&continue=-||`);
    assert.deepEqual(titles(next), ['Loop A']);
    assert.deepEqual(next.query.backlinks[0].redirlinks, [{ pageid: 178, ns: 0, title: 'Redirect hub' }]);
    assert.equal(next.continue, undefined);
  });

  test('blredirect=1 halves the limits: max is 250', async () => {
    const r = await api('list=backlinks&bltitle=Earth&blredirect=1&bllimit=max');
    assert.deepEqual(r.limits, { backlinks: 250 });
    const over = await api('list=backlinks&bltitle=Earth&blredirect=1&bllimit=300');
    assert.equal(over.warnings.backlinks.warnings, 'The value "300" for parameter "bllimit" must be between 1 and 250.');
  });

  test('title and pageid: exactly one, and a known page id', async () => {
    assert.equal((await api('list=backlinks&bltitle=Earth&blpageid=75')).error.code, 'invalidparammix');
    assert.equal((await api('list=backlinks')).error.code, 'missingparam');
    assert.equal((await api('list=backlinks&blpageid=99999')).error.info, 'There is no page with ID 99999.');
    assert.equal((await api('list=backlinks&bltitle=wikipedia:Earth')).error.info, 'Bad title "wikipedia:Earth".');
  });

  test('blcontinue fields are plain integers', async () => {
    assert.equal((await api('list=backlinks&bltitle=Earth&blcontinue=0|076&continue=-||')).error.code, 'badcontinue');
    assert.equal((await api('list=backlinks&bltitle=Earth&blcontinue=0|158|0|100&continue=-||')).error.code, 'badcontinue');
  });

  test('generator=backlinks with gblredirect=1 also gives the pages linking through redirects', async () => {
    const r = await api('generator=backlinks&gbltitle=Mars&gblredirect=1&gbllimit=50');
    const names = r.query.pages.map((p: Json) => p.title);
    assert.ok(names.includes('Red planet'));
    assert.ok(names.includes('The Red Planet'));
  });
});

describe('backlinks store', { skip }, () => {
  test('every backlinks query reads pagelinks through an index', async () => {
    const plans = await queryPlans(async (store) => {
      const base = { table: 'pagelinks', target: { ns: 0, dbKey: 'Earth' }, descending: false, redirects: 'all', limit: 11 } as const;
      await store.to({ ...base, fromNamespaces: null, byFromNamespace: false, after: { fromNs: 0, from: 70 } });
      await store.to({ ...base, fromNamespaces: [0, 10], byFromNamespace: true, after: { fromNs: 0, from: 70 }, descending: true });
      await store.toRedirects({
        table: 'pagelinks',
        targets: [{ ns: 0, dbKey: 'Terra' }, { ns: 1, dbKey: 'Terra' }, { ns: 0, dbKey: 'Earth_(planet)' }],
        namespaces: [0, 2],
        byTargetNs: true,
        byTargetTitle: true,
        byFromNamespace: true,
        descending: false,
        after: { ns: 0, title: 'Terra', fromNs: 0, from: 10 },
        redirects: 'nonredirects',
        limit: 11,
      });
    });
    for (const plan of plans) assert.doesNotMatch(plan, /\bSCAN (pagelinks|page)\b/, plan);
  });
});

/** EXPLAIN QUERY PLAN of every statement the store runs inside `work`. */
function queryPlans(work: (store: SqlLinkStore) => Promise<void>): Promise<string[]> {
  return sqliteQueryPlans((db) => work(new SqlLinkStore(db)));
}
