// list=recentchanges over the fixture wiki, with facts checked on MediaWiki 1.39, and the store
// query's plans.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqlRecentChangesStore } from '../../src/store/sql/recent-changes.ts';
import type { RecentChangesQuery } from '../../src/store/recent-changes.ts';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;

describe('list=recentchanges', { skip }, () => {
  const { api } = useFixtureServer();

  test('newest first, continuing at timestamp|rcid; log rows carry their log parameters', async () => {
    const r = await api('list=recentchanges&rclimit=2&rctype=log&rcprop=title|ids|loginfo&formatversion=2');
    assert.equal(r.continue.rccontinue, '20250115143755|529');
    assert.deepEqual(r.query.recentchanges[0], {
      type: 'log', ns: 2, title: 'User:192.0.2.10', pageid: 0, revid: 0, old_revid: 0, rcid: 531,
      logid: 393, logtype: 'block', logaction: 'block',
      logparams: { duration: '2099-01-01T00:00:00Z', flags: [], restrictions: { namespaces: [4] }, sitewide: false, expiry: '2099-01-01T00:00:00Z' },
    });
  });

  test('patrol flags need patrol rights; conflicting show values are refused', async () => {
    assert.equal((await api('list=recentchanges&rcprop=patrolled')).error.code, 'permissiondenied');
    assert.equal((await api('list=recentchanges&rcshow=unpatrolled')).error.code, 'permissiondenied');
    assert.equal((await api('list=recentchanges&rcshow=minor|!minor')).error.code, 'show');
  });

  test('a log row whose action is hidden shows neither title nor log details', async () => {
    const r = await api('list=recentchanges&rcstart=2025-01-06T14:02:08Z&rclimit=1&rcprop=title|ids|user|loginfo|comment');
    assert.deepEqual(r.query.recentchanges, [{ type: 'log', actionhidden: '', rcid: 13, userhidden: '', comment: '', suppressed: '' }]);
  });

  test('an unknown rctype value leaves the other types, none left means every type', async () => {
    const r = await api('list=recentchanges&rctype=move&rclimit=1&rcprop=title');
    assert.equal(r.query.recentchanges.length, 1);
    assert.match(JSON.stringify(r.warnings), /Unrecognized value for parameter/);
  });

  test('as a generator: the titles, or the revisions with rcgeneraterevisions', async () => {
    const titles = await api('generator=recentchanges&grclimit=3&formatversion=2');
    assert.ok(titles.query.pages.every((p: Json) => typeof p.title === 'string'));
    const revisions = await api('generator=recentchanges&grclimit=3&grcgeneraterevisions=1&grctype=edit&formatversion=2');
    assert.ok(revisions.query.pages.length >= 1);
  });
});

describe('recentchanges store query', { skip }, () => {
  test('reads recentchanges through its indexes, newest first without sorting', async () => {
    const base: RecentChangesQuery = {
      newer: false, start: null, end: null, from: null, types: [0, 1, 3, 6], namespaces: null, title: null, minor: null, bot: null, anon: null,
      redirect: null, patrolledIs: [], patrolledIsNot: [], topOnly: false, performer: null, excludedPerformer: null, performerHiddenMask: 0,
      logActionHiddenMask: 0, limit: 11,
    };
    const plans = await sqliteQueryPlans(async (db) => {
      const store = new SqlRecentChangesStore(db);
      await store.recentChanges(base);
      await store.recentChanges({ ...base, newer: true, from: { timestamp: '20250110000000', id: 5 }, start: '20250101000000' });
      await store.recentChanges({ ...base, title: { ns: 0, dbKey: 'Earth' } });
      await store.recentChanges({ ...base, performer: 'Bob', performerHiddenMask: 4 });
      await store.recentChanges({ ...base, patrolledIs: [0], topOnly: true, redirect: false, tagId: 3 });
    });
    for (const plan of plans) assert.doesNotMatch(plan, /SCAN recentchanges\b(?! USING INDEX)|SCAN (actor|comment|page|revision)\b/, plan);
    assert.match(plans[0]!, /(SCAN|SEARCH) recentchanges USING INDEX rc_timestamp/);
    assert.doesNotMatch(plans[0]!, /TEMP B-TREE/);
    assert.match(plans[2]!, /rc_namespace_title_timestamp/);
    assert.match(plans[3]!, /USING INDEX rc_actor/);
  });
});
