// meta=tokens for the anonymous caller, as MediaWiki 1.39 answers it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipWithoutFixture, useFixtureServer } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

/** A session token: HMAC, timestamp in hex, the `+\` suffix. */
const SESSION_TOKEN = /^[0-9a-f]{32}[0-9a-f]{8}\+\\$/;

describe('meta=tokens', { skip }, () => {
  const { get } = useFixtureServer({ params: 'action=query&format=json&meta=tokens' });

  test('the default type is csrf; a logged-out user\'s edit token is "+\\"', async () => {
    const res = await get('');
    assert.deepEqual(await res.json(), { batchcomplete: '', query: { tokens: { csrftoken: '+\\' } } });
    assert.equal(res.headers.get('cache-control'), 'private, must-revalidate, max-age=0');
  });

  test('every type in the order asked; login and createaccount tokens are session tokens', async () => {
    const body = await (await get('type=watch|login|csrf|createaccount|patrol|rollback|userrights&formatversion=2')).json();
    const tokens = body.query.tokens;
    assert.deepEqual(Object.keys(tokens), ['watchtoken', 'logintoken', 'csrftoken', 'createaccounttoken', 'patroltoken', 'rollbacktoken', 'userrightstoken']);
    for (const key of ['watchtoken', 'csrftoken', 'patroltoken', 'rollbacktoken', 'userrightstoken']) assert.equal(tokens[key], '+\\');
    assert.match(tokens.logintoken, SESSION_TOKEN);
    assert.match(tokens.createaccounttoken, SESSION_TOKEN);
  });

  test('no tokens without the same-origin policy (JSONP, origin=*): a warning instead', async () => {
    const jsonp = await (await get('callback=cb')).text();
    assert.equal(jsonp, '/**/cb({"batchcomplete":"","warnings":{"tokens":{"*":"Tokens may not be obtained when the same-origin policy is not applied."}}})');
    const cors = await (await get('origin=*&formatversion=2')).json();
    assert.deepEqual(cors, { batchcomplete: true, warnings: { tokens: { warnings: 'Tokens may not be obtained when the same-origin policy is not applied.' } } });
  });

  test('an unknown type is warned about and skipped', async () => {
    const body = await (await get('type=csrf|edit')).json();
    assert.deepEqual(body.query.tokens, { csrftoken: '+\\' });
    assert.equal(body.warnings.tokens['*'], 'Unrecognized value for parameter "type": edit');
  });
});
