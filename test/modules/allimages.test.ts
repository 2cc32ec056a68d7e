// list=allimages over the fixture wiki: what the store reads, and facts checked on MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqlFileStore } from '../../src/store/sql/files.ts';
import type { AllFilesQuery } from '../../src/store/files.ts';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;

const base: AllFilesQuery = {
  sort: 'name', descending: false, from: null, to: null, prefix: null, continueName: null, start: null, end: null, continueAt: null,
  actorName: null, bots: null, botGroups: ['bot'], now: '20250101000000', minSize: null, maxSize: null, sha1: null, mimes: null, limit: 11,
};

describe('list=allimages', { skip }, () => {
  const { api } = useFixtureServer();

  test('lists files by name and continues with the next name', async () => {
    const r = await api('list=allimages&ailimit=2&aiprop=size');
    assert.deepEqual(r.query.allimages.map((i: Json) => i.name), ['Animated.gif', 'Blue_circle.png']);
    assert.equal(r.continue.aicontinue, 'Duplicate_A.png');
  });

  test('lists files by upload time with the uploader filters', async () => {
    const r = await api('list=allimages&aisort=timestamp&aifilterbots=bots&aiprop=user');
    assert.equal(r.query.allimages.length, 6);
    assert.ok(r.query.allimages.every((i: Json) => i.user === 'FixtureBot'));
  });

  test('every listing reads image in index order', async () => {
    const plans = await sqliteQueryPlans(async (db) => {
      const store = new SqlFileStore(db);
      await store.allFiles(base);
      await store.allFiles({ ...base, descending: true, from: 'M', to: 'B', continueName: 'K', prefix: 'D' });
      await store.allFiles({ ...base, sort: 'timestamp', start: '20250108000000', end: '20250109000000', continueAt: { timestamp: '20250108010000', name: 'X' } });
      await store.allFiles({ ...base, sort: 'timestamp', descending: true, actorName: 'Alice', bots: 'nobots' });
      await store.allFiles({ ...base, sha1: '8ra9d9s112k2ktv6181bz86n3n9iwhm', minSize: 10, maxSize: 100, mimes: [['image', 'png']] });
    });
    for (const plan of plans) {
      assert.doesNotMatch(plan, /SCAN image(?! USING)/, plan);
      // Files of one SHA-1 are few: sorting them is fine.
      if (!/USING INDEX img_sha1/.test(plan)) assert.doesNotMatch(plan, /TEMP B-TREE FOR ORDER BY/, plan);
    }
  });
});
