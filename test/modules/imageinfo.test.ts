// prop=imageinfo over the fixture wiki: what the store reads, and facts checked on MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqlFileStore } from '../../src/store/sql/files.ts';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;

describe('prop=imageinfo', { skip }, () => {
  const { api } = useFixtureServer();

  test('the history of a file, newest first, continues by iistart for one title', async () => {
    const r = await api('prop=imageinfo&titles=File:Red_square.png&iilimit=2&iiprop=timestamp|archivename');
    const page = r.query.pages['51'];
    assert.deepEqual(page.imageinfo.map((i: Json) => i.timestamp), ['2025-01-14T09:00:43Z', '2025-01-14T08:49:38Z']);
    assert.equal(page.imageinfo[1].archivename, '20250114090043!Red_square.png');
    assert.equal(r.continue.iistart, '2025-01-14T08:22:49Z');
  });

  test('a thumbnail request gives MediaWiki thumbnail URLs and sizes', async () => {
    const r = await api('prop=imageinfo&titles=File:Example.jpg&iiprop=url&iiurlwidth=50');
    const info = r.query.pages['54'].imageinfo[0];
    assert.equal(info.thumburl, 'http://127.0.0.1:8081/wiki/images/thumb/a/a9/Example.jpg/50px-Example.jpg');
    assert.equal(info.thumbheight, 38);
    assert.deepEqual(info.responsiveUrls, {
      '1.5': 'http://127.0.0.1:8081/wiki/images/thumb/a/a9/Example.jpg/75px-Example.jpg',
      '2': 'http://127.0.0.1:8081/wiki/images/thumb/a/a9/Example.jpg/100px-Example.jpg',
    });
  });

  test('a file redirect shows its target', async () => {
    const r = await api('prop=imageinfo&titles=File:Moved_image.png&iiprop=canonicaltitle');
    assert.equal(r.query.pages['267'].imageinfo[0].canonicaltitle, 'File:Renamed image.png');
  });

  test('every file version query reads through an index', async () => {
    const plans = await sqliteQueryPlans(async (db) => {
      const store = new SqlFileStore(db);
      await store.currentVersions(['Red_square.png', 'Example.jpg']);
      await store.oldVersions({ name: 'Red_square.png', start: '20250114085000', end: '20250101000000', limit: 3, ascending: false });
      await store.oldVersions({ name: 'Red_square.png', start: null, end: '20250101000000', limit: 3, ascending: true });
      await store.namesWithPrefix('Red_square.', 1);
    });
    for (const plan of plans) assert.doesNotMatch(plan, /\bSCAN (image|oldimage)\b/, plan);
  });
});
