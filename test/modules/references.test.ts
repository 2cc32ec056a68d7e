// prop=references, the Cite extension's module: MediaWiki 1.39's Cite no longer has it, so the
// truth is that extension's last source, which answers its own error where the wiki stores no
// reference data (site setting citeStoreReferencesData off, the default, as on the fixture wiki;
// the stored case is test/modules/references-stored.test.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipWithoutFixture, useFixtureServer } from '../support/fixture-wiki.ts';

describe('prop=references', { skip: skipWithoutFixture }, () => {
  const { get } = useFixtureServer();

  test('answers citestoragedisabled, as Cite did without reference storage', async () => {
    const response = await get('prop=references&titles=Main%20Page');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('mediawiki-api-error'), 'citestoragedisabled');
    const body = await response.json();
    assert.equal(body.error.code, 'citestoragedisabled');
    assert.equal(body.error.info, 'Cite extension reference storage is not enabled.');
  });

  test('in the other error formats, with the module named', async () => {
    const body = await (await get('prop=references|info&titles=Main%20Page&errorformat=plaintext&formatversion=2')).json();
    assert.deepEqual(body.errors, [{ code: 'citestoragedisabled', text: 'Cite extension reference storage is not enabled.', module: 'query+references' }]);
  });

  test('rfcontinue is its parameter: no unrecognised-parameter warning', async () => {
    const body = await (await get('prop=references&titles=Main%20Page&rfcontinue=1&formatversion=2')).json();
    assert.equal(body.error.code, 'citestoragedisabled');
    assert.equal(body.warnings, undefined);
  });
});
