// list=alldeletedrevisions over the fixture wiki: facts checked on MediaWiki 1.39, and the plans of
// the archive store's statements.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqlRevisionStore } from '../../src/store/sql/revisions.ts';
import { skipWithoutFixture, useFixtureServer } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;

describe('list=alldeletedrevisions', { skip }, () => {
  const { api } = useFixtureServer();

  test('comments of deleted revisions need deletedhistory', async () => {
    const r = await api('list=alldeletedrevisions');
    assert.equal(r.error.code, 'permissiondenied');
    const ids = await api('list=alldeletedrevisions&adrprop=ids&adrlimit=1');
    assert.deepEqual(ids.query.alldeletedrevisions, [{ pageid: 0, revisions: [{ revid: 49, parentid: 0 }], ns: 14, title: 'Category:Old planets' }]);
    assert.equal(ids.continue.adrcontinue, '6|Deleted_image.png|20250108001418|4');
  });

  test('each statement reads the archive through an index, in its order', async () => {
    const plans = await sqliteQueryPlans(async (db) => {
      const archive = new SqlRevisionStore(db).archive;
      await archive.revisions({ dir: 'older', order: { by: 'title', byNamespace: true, byTitle: true, from: { ns: 0, title: 'Deleted_page', ts: '20250114123222', id: 7 } }, limit: 11 });
      await archive.revisions({ dir: 'newer', namespaces: [0], ranges: [{ namespaces: [0], from: 'C', to: 'P', prefix: 'D' }], excludeUser: 'Bob', hiddenMask: 4, order: { by: 'title', byNamespace: false, byTitle: true }, limit: 11 });
      await archive.revisions({ dir: 'older', user: 'Bob', start: '20250201000000', end: '20250101000000', hiddenMask: 4, order: { by: 'time', from: { ts: '20250114154245', id: 11 } }, limit: 11, slots: { texts: true } });
      await archive.revisions({ dir: 'older', titles: [{ ns: 0, dbKey: 'Deleted_page' }, { ns: 0, dbKey: 'Venus' }], order: { by: 'title', byNamespace: false, byTitle: true }, limit: 11 });
      await archive.revisions({ dir: 'newer', revIds: [436, 437], order: { by: 'revid', from: { revId: 436, id: 5 } }, limit: 11 });
      await archive.titles({ dir: 'newer', byNamespace: true, from: { ns: 0, title: 'D' }, limit: 11 });
    });
    for (const plan of plans) {
      assert.doesNotMatch(plan, /\bSCAN (archive|actor|comment)\b(?! USING (COVERING )?INDEX)/, plan);
      // Revisions of given titles or ids are few: sorting them is bounded.
      if (!/ar_rev_id IN|\(ar_namespace = \? AND ar_title = \?\)/.test(plan)) assert.doesNotMatch(plan, /TEMP B-TREE/, plan);
    }
  });
});
