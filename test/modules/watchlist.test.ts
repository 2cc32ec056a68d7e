// list=watchlist and list=watchlistraw over the fixture wiki, with facts checked on MediaWiki
// 1.39: a watchlist is shown to its owner or to whoever has its token, to nobody else; the store
// queries' plans.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqlWatchlistStore } from '../../src/store/sql/watchlist.ts';
import type { WatchedTitlesQuery, WatchlistChangesQuery } from '../../src/store/watchlist.ts';
import { skipWithoutFixture, useFixtureServer } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;
const ALICE_TOKEN = 'fixture0watchlist0token0alice00';

describe('list=watchlist', { skip }, () => {
  const { api } = useFixtureServer();

  test('an anonymous caller has no watchlist, nor another user without the right token', async () => {
    assert.equal((await api('list=watchlist')).error.code, 'notloggedin');
    assert.equal((await api('list=watchlist&wlowner=Alice')).error.code, 'notloggedin');
    assert.equal((await api(`list=watchlist&wltoken=${ALICE_TOKEN}`)).error.code, 'notloggedin');
    assert.equal((await api('list=watchlist&wlowner=Alice&wltoken=wrong')).error.code, 'bad_wltoken');
    assert.equal((await api('list=watchlist&wlowner=Alice&wltoken=')).error.code, 'bad_wltoken');
    assert.equal((await api(`list=watchlist&wlowner=Bob&wltoken=${ALICE_TOKEN}`)).error.code, 'bad_wltoken');
    assert.equal((await api('list=watchlist&wlowner=Nobody%20here&wltoken=x')).error.code, 'bad_wlowner');
    assert.equal((await api('generator=watchlist&prop=info')).error.code, 'notloggedin');
  });

  test("Alice's token shows her watchlist, newest first, continuing at timestamp|rcid", async () => {
    const r = await api(`list=watchlist&wlowner=Alice&wltoken=${ALICE_TOKEN}&wllimit=2&wlprop=title|timestamp&formatversion=2`);
    assert.equal(r.query.watchlist.length, 2);
    assert.match(r.continue.wlcontinue, /^\d{14}\|\d+$/);
    assert.ok(r.query.watchlist[0].timestamp >= r.query.watchlist[1].timestamp);
  });

  test('loginfo shows the log action as Special:Log does', async () => {
    const r = await api(`list=watchlist&wlowner=Alice&wltoken=${ALICE_TOKEN}&wltype=log&wllimit=1&wlprop=loginfo|title&formatversion=2`);
    const item = r.query.watchlist[0];
    assert.equal(item.logtype, 'protect');
    assert.equal(
      item.logdisplay,
      '<a href="/wiki/index.php/User:Admin" class="mw-userlink" title="User:Admin"><bdi>Admin</bdi></a> protected ' +
        '<a href="/wiki/index.php/Template:Infobox" title="Template:Infobox">Template:Infobox</a> ' +
        '[Edit=Allow only administrators] (indefinite) [Move=Allow only administrators] (indefinite)',
    );
  });

  test('patrol flags need patrol rights; conflicting show values are refused', async () => {
    assert.equal((await api(`list=watchlist&wlowner=Alice&wltoken=${ALICE_TOKEN}&wlprop=patrol`)).error.code, 'patrol');
    assert.equal((await api(`list=watchlist&wlowner=Alice&wltoken=${ALICE_TOKEN}&wlshow=!patrolled`)).error.code, 'permissiondenied');
    assert.equal((await api(`list=watchlist&wlowner=Alice&wltoken=${ALICE_TOKEN}&wlshow=unread|!unread`)).error.code, 'show');
  });
});

// Todo until the query layer lets list=watchlistraw write its list beside `query` (its module has no execute yet).
describe('list=watchlistraw', { skip }, () => {
  const { api } = useFixtureServer();

  test('an anonymous caller sees a watchlist only with its token', { todo: 'list=watchlistraw has no execute yet' }, async () => {
    assert.equal((await api('list=watchlistraw')).error.code, 'notloggedin');
    assert.equal((await api('list=watchlistraw&wrowner=Alice&wrtoken=wrong')).error.code, 'bad_wltoken');
    assert.equal((await api('generator=watchlistraw')).error.code, 'notloggedin');
  });
});

describe('watchlist store', { skip }, () => {
  const changes: WatchlistChangesQuery = {
    userId: 3, expiry: { now: '20250601000000' }, allRevisions: false, namespaces: null, types: [0, 1, 3, 6],
    minor: null, bot: null, anon: null, patrolledIs: [], patrolledIsNot: [], unread: null, newer: false,
    start: null, end: null, from: null, performer: null, excludedPerformer: null, performerHiddenMask: 0, logActionHiddenMask: 1, limit: 11,
  };
  const titles: WatchedTitlesQuery = {
    userId: 3, expiry: { now: '20250601000000' }, namespaces: null, changed: null, descending: false, from: null, until: null, after: null, limit: 11,
  };

  test('changes are read from the watcher\'s watches and the changes of each title, never a whole table', async () => {
    const plans = await sqliteQueryPlans(async (db) => {
      const store = new SqlWatchlistStore(db);
      await store.changes(changes);
      await store.changes({ ...changes, allRevisions: true, newer: true, from: { timestamp: '20250110000000', id: 5 }, performer: 'Admin', performerHiddenMask: 4 });
      await store.changes({ ...changes, namespaces: [0, 1], unread: true, start: '20250114000000', end: '20250110000000' });
    });
    for (const plan of plans) assert.doesNotMatch(plan, /\bSCAN (recentchanges|watchlist|page)\b/, plan);
  });

  test('watched titles are read through the (wl_user, wl_namespace, wl_title) index', async () => {
    const plans = await sqliteQueryPlans(async (db) => {
      const store = new SqlWatchlistStore(db);
      await store.watchedTitles(titles);
      await store.watchedTitles({ ...titles, descending: true, namespaces: [0], from: { ns: 0, dbKey: 'M' }, until: { ns: 0, dbKey: 'B' }, changed: true });
      await store.watchedTitles({ ...titles, after: { ns: 2, dbKey: 'Alice' } });
    });
    for (const plan of plans) {
      assert.doesNotMatch(plan, /\bSCAN watchlist\b/, plan);
      assert.doesNotMatch(plan, /USE TEMP B-TREE/, plan);
    }
  });
});
