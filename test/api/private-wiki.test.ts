// A private wiki ($wgGroupPermissions['*']['read'] = false): an anonymous caller is refused every
// module in read mode with readapidenied, but may still get tokens and the login flow's
// authmanagerinfo, and paraminfo. The expected answers are MediaWiki 1.39's over the fixture with
// that one setting.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSiteConfig } from '../../src/server/config.ts';
import { fixtureConfig, skipWithoutFixture, useFixtureServer } from '../support/fixture-wiki.ts';

const site = loadSiteConfig(fixtureConfig);
const anonymous = site.groups['*']!;
const privateGroups = { ...site.groups, '*': { ...anonymous, rights: anonymous.rights.filter((right) => right !== 'read') } };

const REFUSED = [
  'action=query&list=allpages',
  'action=query&meta=tokens|userinfo',
  'action=query&meta=siteinfo',
  'action=query&meta=userinfo',
  'action=query&meta=tokens&titles=Earth',
  'action=query',
  'action=query&meta=tokens&continue=',
  'action=parse&page=Earth',
];
const ALLOWED: [string, (body: any) => boolean][] = [
  ['action=query&meta=tokens', (body) => body.query.tokens.csrftoken === '+\\'],
  ['action=query&meta=tokens&rawcontinue=1&indexpageids=1', (body) => body.query.tokens.csrftoken === '+\\'],
  ['action=query&meta=authmanagerinfo', (body) => body.query.authmanagerinfo !== undefined],
  ['action=paraminfo&modules=query', (body) => body.paraminfo.modules[0].name === 'query'],
];

describe('a private wiki answers anonymous callers as MediaWiki does', { skip: skipWithoutFixture }, () => {
  const server = useFixtureServer({ params: 'format=json', site: { groups: privateGroups } });

  for (const query of REFUSED) {
    test(`readapidenied: ${query}`, async () => {
      const response = await server.get(query);
      assert.equal(response.headers.get('mediawiki-api-error'), 'readapidenied');
      const body = (await response.json()) as { error: { code: string; info: string } };
      assert.equal(body.error.info, 'You need read permission to use this module.');
    });
  }
  for (const [query, holds] of ALLOWED) {
    test(`allowed: ${query}`, async () => {
      const response = await server.get(query);
      assert.equal(response.headers.get('mediawiki-api-error'), null);
      assert.ok(holds(await response.json()));
    });
  }
});
