// prop=info for logged-in callers over the fixture wiki, in-process: their own watches and the
// watcher counts by rights (facts from MediaWiki 1.39's answers in the recorded `callers` area),
// expired watches, the tested actions of blocked callers, and the watchlist queries' plans.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { callerFor, type Caller } from '../../src/api/caller.ts';
import { createApi, type Api } from '../../src/api/api.ts';
import { handleApiRequest } from '../../src/api/main.ts';
import { queryModules } from '../../src/modules/index.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { openSqliteStore } from '../../src/store/sqlite/index.ts';
import { SqlWatchlistStore } from '../../src/store/sql/watchlist.ts';
import type { Store } from '../../src/store/store.ts';
import { getRequest } from '../support/in-process.ts';
import { fixtureConfig, fixtureDb, skipWithoutFixture, type Json } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

describe('prop=info as logged-in callers', { skip }, () => {
  let store: Store;
  let api: Api;
  let apiWithoutExpiry: Api;
  const callers = new Map<string, Caller>();

  before(async () => {
    store = openSqliteStore(fixtureDb);
    api = await createApi(loadSiteConfig(fixtureConfig), store, queryModules);
    apiWithoutExpiry = await createApi(loadSiteConfig(fixtureConfig, { watchlistExpiry: false }), store, queryModules);
  });
  after(() => store.close?.());

  async function as(name: string, query: string, over: Api = api): Promise<Json> {
    let caller = callers.get(name);
    if (!caller) callers.set(name, (caller = await callerFor(over.services, { userId: await store.users.idByName(name), name }, getRequest('action=query'))));
    const response = await handleApiRequest(over, getRequest(`action=query&format=json&formatversion=2&${query}`), { caller });
    return JSON.parse(typeof response.body === 'string' ? response.body : Buffer.from(response.body).toString('utf8'));
  }

  const WATCH = 'prop=info&inprop=watched|watchers|visitingwatchers|notificationtimestamp';

  function byTitle(r: Json): Record<string, Json> {
    return Object.fromEntries(r.query.pages.map((p: Json) => [p.title, p]));
  }

  test("a caller sees their own watches and unseen changes; counts need unwatchedpages", async () => {
    const pages = byTitle(await as('Bob', `${WATCH}&titles=Earth|Mars|Talk:Earth`));
    assert.deepEqual(
      Object.fromEntries(Object.entries(pages).map(([t, p]) => [t, [p.watched, p.notificationtimestamp, p.watchers, p.visitingwatchers]])),
      {
        Earth: [true, '2025-01-11T02:55:48Z', undefined, undefined],
        Mars: [false, '', undefined, undefined],
        'Talk:Earth': [true, '2025-01-11T22:04:17Z', undefined, undefined],
      },
    );
  });

  test('with unwatchedpages every page has its counts, 0 included, missing pages too', async () => {
    const pages = byTitle(await as('Oscar', `${WATCH}&titles=Earth|Forbidden_title|Nonexistent_page`));
    assert.deepEqual(
      Object.fromEntries(Object.entries(pages).map(([t, p]) => [t, [p.watchers, p.visitingwatchers]])),
      { Earth: [7, 7], 'Forbidden title': [1, 1], 'Nonexistent page': [0, 0] },
    );
  });

  test('a watch that expires shows its expiry; without $wgWatchlistExpiry it is a plain watch', async () => {
    const withExpiry = byTitle(await as('Alice', 'prop=info&inprop=watched&titles=Jupiter|Earth'));
    assert.equal(withExpiry.Jupiter.watched, true);
    assert.equal(withExpiry.Jupiter.watchlistexpiry, '2099-01-01T00:00:00Z');
    assert.equal('watchlistexpiry' in withExpiry.Earth, false);
    const without = byTitle(await as('Alice', 'prop=info&inprop=watched&titles=Jupiter', apiWithoutExpiry));
    assert.equal(without.Jupiter.watched, true);
    assert.equal('watchlistexpiry' in without.Jupiter, false);
  });

  test('expired watches count as none', async () => {
    const expired = new SqlWatchlistStore(new SqliteDatabase(fixtureDb));
    const titles = [{ ns: 0, dbKey: 'Jupiter' }];
    assert.equal((await expired.watchedItems(3, titles, { now: '20990101000001' })).length, 0);
    assert.equal((await expired.watchedItems(3, titles, { now: '20250101000000' })).length, 1);
    assert.deepEqual(await expired.watcherCounts(titles, { now: '20990101000001' }, null), [{ wl_namespace: 0, wl_title: 'Jupiter', watchers: 3 }]);
    assert.deepEqual(await expired.watcherCounts(titles, null, null), [{ wl_namespace: 0, wl_title: 'Jupiter', watchers: 4 }]);
  });

  test('visiting watchers leave out those whose unseen change is older than $wgWatchersMaxAge before the latest one', async () => {
    const store = new SqlWatchlistStore(new SqliteDatabase(fixtureDb));
    const earth = { ns: 0, dbKey: 'Earth' };
    assert.deepEqual(await store.visitingWatcherCounts([{ ...earth, since: '20250111030000' }], null, null), [{ wl_namespace: 0, wl_title: 'Earth', watchers: 3 }]);
    assert.deepEqual(await store.visitingWatcherCounts([{ ...earth, since: null }], null, null), [{ wl_namespace: 0, wl_title: 'Earth', watchers: 7 }]);
    assert.deepEqual(await store.visitingWatcherCounts([{ ...earth, since: null }], null, 8), []);
  });

  test('a sitewide block refuses editing everywhere but not reading or purging', async () => {
    const r = await as('Mallory', 'prop=info&intestactions=read|edit|purge|upload&titles=Earth');
    assert.deepEqual(r.query.pages[0].actions, { read: true, edit: false, purge: true, upload: false });
    const full = await as('Mallory', 'prop=info&intestactions=edit&intestactionsdetail=full&titles=Nonexistent_page');
    const errors = full.query.pages[0].actions.edit;
    assert.deepEqual(errors.map((e: Json) => [e.code, e.text]), [['blocked', 'You have been blocked from editing.']]);
    assert.equal(errors[0].data.blockinfo.blockid, 1);
    assert.equal(errors[0].data.blockinfo.blockpartial, false);
  });

  test("a partial block refuses its pages and namespaces only, and never uploads", async () => {
    const r = await as('Trudy', 'prop=info&intestactions=edit|upload&titles=Earth|Mars|Template:Infobox|Nonexistent_page');
    const actions = Object.fromEntries(r.query.pages.map((p: Json) => [p.title, p.actions]));
    assert.deepEqual(actions, {
      Earth: { edit: false, upload: true },
      Mars: { edit: true, upload: true },
      'Template:Infobox': { edit: false, upload: true },
      'Nonexistent page': { edit: true, upload: true },
    });
    const full = await as('Trudy', 'prop=info&intestactions=edit&intestactionsdetail=full&titles=Earth');
    assert.deepEqual(full.query.pages[0].actions.edit.map((e: Json) => [e.code, e.text]), [['blocked', 'You have been blocked from editing this page.']]);
  });

  test('quick checks leave blocks out', async () => {
    const r = await as('Mallory', 'prop=info&intestactions=edit&intestactionsdetail=quick&titles=Nonexistent_page');
    assert.deepEqual(r.query.pages[0].actions.edit, []);
  });
});

describe('the watchlist queries read watchlist through an index', { skip }, () => {
  test('watches, counts and visiting counts, with and without expiries', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const statements: [string, unknown[]][] = [];
    db.onQuery = (sql, params) => statements.push([sql, params]);
    const store = new SqlWatchlistStore(db);
    const titles = [{ ns: 0, dbKey: 'Earth' }, { ns: 1, dbKey: 'Earth' }, { ns: 0, dbKey: 'Nonexistent_page' }];
    for (const expiry of [null, { now: '20250101000000' }]) {
      await store.watchedItems(3, titles, expiry);
      await store.watcherCounts(titles, expiry, null);
      await store.watcherCounts(titles, expiry, 5);
      await store.visitingWatcherCounts(titles.map((t, i) => ({ ...t, since: i === 2 ? null : '20240801000000' })), expiry, null);
    }
    const plans = statements.map(([sql, params]) => {
      const rows = db.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
      return `${sql}\n${rows.map((r) => r.detail).join('\n')}`;
    });
    db.close();
    assert.equal(plans.length, 8);
    for (const plan of plans) {
      assert.match(plan, /(SEARCH|MULTI-INDEX OR)/, plan);
      assert.doesNotMatch(plan, /\bSCAN (watchlist|watchlist_expiry)\b/, plan);
    }
  });
});
