// list=tags over the fixture wiki, with facts checked on MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';

describe('list=tags', { skip: skipWithoutFixture }, () => {
  const { api } = useFixtureServer();

  test('software, user-defined and used tags by name; a deactivated tag that was used is neither defined nor active', async () => {
    const r = await api('list=tags&tglimit=max&tgprop=displayname|description|hitcount|defined|source|active&formatversion=2');
    const byName = new Map<string, Json>(r.query.tags.map((t: Json) => [t.name, t]));
    assert.deepEqual(byName.get('old-tool'), { name: 'old-tool', displayname: 'old-tool', description: '', hitcount: 1, defined: false, source: [], active: false });
    assert.deepEqual(byName.get('fixture-tag'), {
      name: 'fixture-tag', displayname: 'Fixture tag', description: 'Edits made while building the [[Fixture Wiki:About|fixture]].',
      hitcount: 22, defined: true, source: ['manual'], active: true,
    });
    assert.equal(byName.get('mw-server-side-upload').hitcount, 0);
    assert.equal(byName.has('doomed-tag'), false);
  });

  test('continues at the next tag name', async () => {
    const r = await api('list=tags&tglimit=2');
    assert.deepEqual(r.query.tags, [{ name: 'experimental' }, { name: 'fixture-tag' }]);
    assert.equal(r.continue.tgcontinue, 'mw-blank');
  });
});
