// prop=duplicatefiles and list=filearchive over the fixture wiki: what the store reads.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqlFileStore } from '../../src/store/sql/files.ts';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;

describe('files by content and deleted files', { skip }, () => {
  const { api } = useFixtureServer();

  test('duplicates of a file are the other files of its SHA-1, by name', async () => {
    const r = await api('prop=duplicatefiles&titles=File:Duplicate_B.png');
    assert.deepEqual(r.query.pages['59'].duplicatefiles.map((d: Json) => d.name), ['Duplicate_A.png', 'Duplicate_C.png']);
  });

  test('deleted files are listed by name, the sizes as the database gives them', async () => {
    const r = await api('list=filearchive&faprop=size|sha1');
    assert.deepEqual(r.query.filearchive.map((f: Json) => f.name), ['Deleted_image.png', 'Old_version_deleted.png']);
    assert.equal(r.query.filearchive[0].size, '83');
  });

  test('every query reads through an index', async () => {
    const plans = await sqliteQueryPlans(async (db) => {
      const store = new SqlFileStore(db);
      await store.filesBySha1(['8ra9d9s112k2ktv6181bz86n3n9iwhm', '4zrhr0c3klhezbmskw93oe6amn9nsfa']);
      const base = { descending: false, from: null, to: null, prefix: null, continueAt: null, sha1: null, hiddenMask: 0, limit: 11 };
      await store.archivedFiles(base);
      await store.archivedFiles({ ...base, descending: true, from: 'Z', to: 'A', prefix: 'D', continueAt: { name: 'D', timestamp: '20250101000000', id: 3 } });
      await store.archivedFiles({ ...base, sha1: 'q5g0lqc8k86wqhnjdjhd6056q50fxzw', hiddenMask: 1 });
      await store.stashedFiles(3, 5, 11);
      await store.stashedFile('abc.png');
    });
    for (const plan of plans) assert.doesNotMatch(plan, /SCAN (image|filearchive|uploadstash)(?! USING)/, plan);
  });
});
