// list=usercontribs over the fixture wiki: facts checked on MediaWiki 1.39, and the plans of the
// store's statements.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqlRevisionStore } from '../../src/store/sql/revisions.ts';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;

describe('list=usercontribs', { skip }, () => {
  const { api } = useFixtureServer();

  test('one user newest first, continuing at timestamp|revid', async () => {
    const r = await api('list=usercontribs&ucuser=Bob&uclimit=2&ucprop=ids');
    assert.deepEqual(r.query.usercontribs.map((c: Json) => c.revid), [470, 446]);
    assert.equal(r.continue.uccontinue, '20250114175357|445');
  });

  test('several users by actor, newest first within each; a prefix by name', async () => {
    const several = await api('list=usercontribs&ucuser=Alice|Bob&uclimit=2&ucprop=ids');
    assert.deepEqual(several.query.usercontribs.map((c: Json) => c.user), ['Bob', 'Bob']);
    assert.match(several.continue.uccontinue, /^actor\|4\|\d{14}\|\d+$/);
    const prefix = await api('list=usercontribs&ucuserprefix=A&uclimit=2&ucprop=ids');
    assert.match(prefix.continue.uccontinue, /^name\|Alice\|\d{14}\|\d+$/);
  });

  test('a hidden user is left out for anonymous callers; the patrolled flag needs patrol', async () => {
    const eve = await api('list=usercontribs&ucuser=Eve&uclimit=max&ucprop=ids');
    assert.ok(!eve.query.usercontribs.some((c: Json) => c.revid === 77));
    const denied = await api('list=usercontribs&ucuser=Bob&ucprop=patrolled');
    assert.equal(denied.error.code, 'permissiondenied');
  });

  test('each statement reads through an index', async () => {
    const plans = await sqliteQueryPlans(async (db) => {
      const lists = new SqlRevisionStore(db).lists;
      await lists.actors({ by: 'names', names: ['Bob', 'Alice'] }, true);
      await lists.actors({ by: 'userIds', userIds: [3, 4] }, false);
      await lists.actors({ by: 'prefix', prefix: 'A', from: { name: 'Al', inclusive: false }, limit: 100 }, true);
      const base = { actorId: 4, dir: 'older', limit: 11, hiddenMask: 4 } as const;
      await lists.contributions(base);
      await lists.contributions({ ...base, dir: 'newer', start: '20250101000000', end: '20250201000000', from: { ts: '20250110000000', id: 100 }, namespaces: [0, 4] });
      await lists.contributions({ ...base, minor: true, top: false, created: false, tagId: 1, patrol: { join: 'inner', filter: { equals: 0 } } });
      await lists.contributions({ ...base, patrol: { join: 'left', filter: {} } });
      await lists.sizes([1, 2, 3]);
    });
    for (const plan of plans) assert.doesNotMatch(plan, /\bSCAN (revision|actor|recentchanges|page)\b/, plan);
  });
});
