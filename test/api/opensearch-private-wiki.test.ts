// action=opensearch on a private wiki ($wgGroupPermissions['*']['read'] = false): MediaWiki reads
// the action's own parameters before it checks the caller's rights and then maxlag, so a missing
// search or a bad limit, format or redirects value is answered before readapidenied, and the
// parameters' warnings go with the error; the error comes in the request's format (main's
// printer: opensearch's own printer is not chosen yet). The expected answers were captured from
// MediaWiki 1.39 over the fixture with that one setting (opensearch-private-wiki.json says how).
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSiteConfig } from '../../src/server/config.ts';
import { fixtureConfig, skipWithoutFixture, useFixtureServer } from '../support/fixture-wiki.ts';

interface CapturedAnswer {
  query: string;
  status: number;
  contentType: string;
  apiError: string | null;
  /** null: an HTML page, compared by its headers only. */
  body: string | null;
}

const captured: { cases: CapturedAnswer[] } = JSON.parse(readFileSync(new URL('./opensearch-private-wiki.json', import.meta.url), 'utf8'));

const site = loadSiteConfig(fixtureConfig);
const anonymous = site.groups['*']!;
const privateGroups = { ...site.groups, '*': { ...anonymous, rights: anonymous.rights.filter((right) => right !== 'read') } };

describe('action=opensearch on a private wiki answers as MediaWiki does', { skip: skipWithoutFixture }, () => {
  const server = useFixtureServer({ params: '', site: { groups: privateGroups } });

  for (const expected of captured.cases) {
    test(expected.query, async () => {
      const response = await fetch(`${server.url}?${expected.query}`);
      const body = await response.text();
      assert.equal(response.headers.get('mediawiki-api-error'), expected.apiError);
      assert.equal(response.status, expected.status);
      assert.equal(response.headers.get('content-type')?.toLowerCase(), expected.contentType.toLowerCase());
      if (expected.body !== null) assert.equal(body, expected.body);
    });
  }
});
