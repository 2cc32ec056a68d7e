// list=deletedrevs over the fixture wiki: its three modes and its rights, as MediaWiki 1.39 answers.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipWithoutFixture, useFixtureServer } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

describe('list=deletedrevs', { skip }, () => {
  const { api } = useFixtureServer();

  test('needs deletedhistory', async () => {
    const r = await api('list=deletedrevs');
    assert.equal(r.error.code, 'permissiondenied');
    assert.equal(r.error.info, "You don't have permission to view a page's deleted history.");
  });
});

