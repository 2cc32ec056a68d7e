// list=allrevisions over the fixture wiki: facts checked on MediaWiki 1.39, and the plans of the
// store's statements.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqlRevisionStore } from '../../src/store/sql/revisions.ts';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;

describe('list=allrevisions', { skip }, () => {
  const { api } = useFixtureServer();

  test('revisions newest first, grouped under their pages, continuing at timestamp|revid', async () => {
    const r = await api('list=allrevisions&arvlimit=3&arvprop=ids');
    assert.deepEqual(r.query.allrevisions.map((p: Json) => [p.title, p.revisions.map((v: Json) => v.revid)]), [
      ['Venus', [476]],
      ['Cat', [475]],
      ['Tiger', [474]],
    ]);
    assert.equal(r.continue.arvcontinue, '20250116064632|473');
  });

  test('as a generator: revisions or, with generatetitles, their pages', async () => {
    const r = await api('generator=allrevisions&garvlimit=3&garvgeneratetitles=1');
    assert.deepEqual(Object.keys(r.query.pages).sort(), ['74', '91', '95']);
  });

  test('each statement reads revisions in time order through an index', async () => {
    const plans = await sqliteQueryPlans(async (db) => {
      const lists = new SqlRevisionStore(db).lists;
      await lists.allRevisions({ dir: 'older', limit: 11 });
      await lists.allRevisions({ dir: 'newer', start: '20250101000000', end: '20250201000000', from: { ts: '20250110000000', id: 100 }, namespaces: [0, 4], limit: 11 });
      await lists.allRevisions({ dir: 'older', actor: { name: 'Bob', exclude: false }, hiddenMask: 4, limit: 11, slots: { texts: true } });
      await lists.allRevisions({ dir: 'older', actor: { name: 'Bob', exclude: true }, hiddenMask: 4, limit: 11 });
    });
    for (const plan of plans) {
      assert.doesNotMatch(plan, /\bSCAN (revision|actor|page)\b(?! USING (COVERING )?INDEX)/, plan);
      assert.doesNotMatch(plan, /TEMP B-TREE/, plan);
    }
  });
});
