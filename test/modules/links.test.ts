// prop=links and generator=links over the fixture wiki, with facts checked on MediaWiki 1.39.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlLinkStore } from '../../src/store/sql/links.ts';
import { skipWithoutFixture, useFixtureServer, fixtureDb, type Json } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

const titlesOf = (page: Json): string[] => (page.links ?? []).map((l: Json) => l.title);

describe('prop=links', { skip }, () => {
  const { api } = useFixtureServer();

  test('lists links in page id, namespace, title order and continues with "pageid|ns|title"', async () => {
    const r = await api('prop=links&titles=Earth|Mars&pllimit=3');
    assert.deepEqual(r.query.pages['75'].links, [
      { ns: 0, title: 'Jupiter' },
      { ns: 0, title: 'Madrid' },
      { ns: 0, title: 'Mars' },
    ]);
    assert.equal(r.query.pages['76'].links, undefined);
    assert.deepEqual(r.continue, { plcontinue: '75|0|Mercury', continue: '||' });
  });

  test('pldir=descending reverses pages, namespaces and titles', async () => {
    const r = await api('prop=links&titles=Earth|Mars&pllimit=3&pldir=descending');
    assert.deepEqual(r.query.pages['76'].links, [
      { ns: 4, title: 'Fixture Wiki:Verifiability' },
      { ns: 2, title: 'User:Alice' },
      { ns: 0, title: 'Venus' },
    ]);
    assert.equal(r.continue.plcontinue, '76|0|Uranus');
  });

  test('a continuation walk gives every link once, as one request with pllimit=max does', async () => {
    const all = await api('prop=links&titles=Earth|Mars|Uranus&pllimit=max');
    const walked: Record<string, string[]> = {};
    let cont: Record<string, string> = {};
    for (let i = 0; i < 50; i++) {
      const extra = Object.entries(cont).map(([k, v]) => `&${k}=${encodeURIComponent(v)}`).join('');
      const r = await api(`prop=links&titles=Earth|Mars|Uranus&pllimit=4${extra}`);
      for (const [id, page] of Object.entries<Json>(r.query.pages)) (walked[id] ??= []).push(...titlesOf(page));
      if (!r.continue) break;
      cont = r.continue;
    }
    for (const [id, page] of Object.entries<Json>(all.query.pages)) assert.deepEqual(walked[id], titlesOf(page));
  });

  test('pltitles parses titles, in the main namespace by default, and normalises them', async () => {
    const r = await api('prop=links&titles=Uranus&pltitles=user:alice|fixture_wiki:verifiability|nonexistent_planet');
    assert.deepEqual(r.query.pages['79'].links, [
      { ns: 0, title: 'Nonexistent planet' },
      { ns: 2, title: 'User:Alice' },
      { ns: 4, title: 'Fixture Wiki:Verifiability' },
    ]);
  });

  test('pltitles warns "is not a valid title" for invalid and interwiki titles', async () => {
    const r = await api('prop=links&titles=Earth&pltitles=%5Bx%5D|de:Mars|Mars');
    assert.equal(r.warnings.links['*'], '"[x]" is not a valid title.\n"de:Mars" is not a valid title.');
    assert.deepEqual(r.query.pages['75'].links, [{ ns: 0, title: 'Mars' }]);
  });

  test('plnamespace keeps links into the given namespaces', async () => {
    const r = await api('prop=links&titles=Main_Page&plnamespace=4|14');
    assert.deepEqual(r.query.pages['1'].links, [
      { ns: 4, title: 'Fixture Wiki:About' },
      { ns: 14, title: 'Category:Animals' },
    ]);
  });

  test('a continue value without three parts is rejected with badcontinue', async () => {
    const r = await api('prop=links&titles=Earth&plcontinue=75|0&continue=||');
    assert.equal(r.error.code, 'badcontinue');
  });

  test('missing and special pages of the page set get no links', async () => {
    const r = await api('prop=links&titles=Nonexistent_page|Special:Version');
    for (const page of Object.values<Json>(r.query.pages)) assert.equal(page.links, undefined);
  });

  test('generator=links yields the link targets, missing ones included', async () => {
    const r = await api('generator=links&titles=Uranus&gpllimit=max&formatversion=2');
    const pages = r.query.pages as Json[];
    assert.deepEqual(pages[0], { ns: 0, title: 'Nonexistent planet', missing: true });
    assert.ok(pages.some((p) => p.title === 'User:Alice' && p.pageid === 189));
    assert.equal(pages.length, 17);
  });
});

describe('LinkStore.from over pagelinks', { skip }, () => {
  const db = skip ? null : new SqliteDatabase(fixtureDb);
  const store = db ? new SqlLinkStore(db) : null;
  after(() => db?.close());

  test('resumes at the continuation row itself', async () => {
    const rows = await store!.from('pagelinks', {
      fromIds: [76, 75], namespaces: null, targets: null, descending: false, limit: 2,
      continueAt: { from: 75, ns: 0, title: 'Mercury' },
    });
    assert.deepEqual(rows.map((r) => r.pl_title), ['Mercury', 'Neptune']);
  });

  test('filters by target titles and namespaces', async () => {
    const rows = await store!.from('pagelinks', {
      fromIds: [75, 76], namespaces: null, targets: [{ ns: 0, dbKey: 'Venus' }, { ns: 0, dbKey: 'Jupiter' }],
      continueAt: null, descending: true, limit: 10,
    });
    assert.deepEqual(rows, [
      { pl_from: 76, pl_namespace: 0, pl_title: 'Venus' },
      { pl_from: 76, pl_namespace: 0, pl_title: 'Jupiter' },
      { pl_from: 75, pl_namespace: 0, pl_title: 'Venus' },
      { pl_from: 75, pl_namespace: 0, pl_title: 'Jupiter' },
    ]);
  });
});
