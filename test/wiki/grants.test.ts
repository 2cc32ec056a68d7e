// Grants and bot password restrictions against MediaWiki 1.39's GrantsInfo and MWRestrictions
// (test/wiki/data/grant-facts.json, from scripts/extract-grants.php --test-facts).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import {
  DEFAULT_RESTRICTIONS_JSON,
  InvalidRestrictionsError,
  botPasswordGrants,
  botPasswordRestrictions,
  botPasswordRights,
  grantGroups,
  grantTable,
  hiddenGrants,
  rightsOfGrants,
  validGrants,
} from '../../src/wiki/grants.ts';

interface GrantFacts {
  site: string;
  extensions: string[];
  validGrants: string[];
  rightsByGrant: Record<string, string[]>;
  grantGroups: Record<string, string[]>;
  grantGroupsOfFixtureBot: Record<string, string[]>;
  hiddenGrants: string[];
  grantRights: { grants: string[]; rights: string[] }[];
}
interface RestrictionFacts {
  json: string;
  error?: string;
  toJson?: string;
  allowed?: Record<string, boolean>;
}

const facts = JSON.parse(readFileSync(new URL('data/grant-facts.json', import.meta.url), 'utf8')) as {
  grants: GrantFacts[];
  restrictions: RestrictionFacts[];
  defaultRestrictions: string;
};

const FIXTURE_BOT_GRANTS = ['basic', 'highvolume', 'editpage', 'createeditmovepage', 'uploadfile'];

describe('grants', () => {
  for (const site of facts.grants) {
    test(`GrantsInfo's answers on ${site.site}`, () => {
      const table = grantTable(site.extensions);
      assert.deepEqual(validGrants(table), site.validGrants);
      assert.deepEqual(Object.fromEntries(table.permissions), site.rightsByGrant);
      assert.deepEqual(Object.fromEntries(grantGroups(table)), site.grantGroups);
      assert.deepEqual(Object.fromEntries(grantGroups(table, FIXTURE_BOT_GRANTS)), site.grantGroupsOfFixtureBot);
      assert.deepEqual(hiddenGrants(table), site.hiddenGrants);
      for (const { grants, rights } of site.grantRights) {
        assert.deepEqual([...rightsOfGrants(grants, table)], rights, grants.join(','));
      }
    });
  }

  test('core\'s grants are the default table; extensions without grants change nothing', () => {
    assert.equal(grantTable(), grantTable([]));
    assert.deepEqual(validGrants(grantTable(['Gadgets', 'Cite', 'ParserFunctions'])), validGrants());
  });

  test('FixtureBot@importer keeps the rights of its grants that its user has', () => {
    const rights = rightsOfGrants(FIXTURE_BOT_GRANTS);
    for (const right of ['read', 'writeapi', 'bot', 'apihighlimits', 'edit', 'createpage', 'move', 'upload', 'reupload-own']) {
      assert.ok(rights.has(right), right);
    }
    for (const right of ['delete', 'block', 'reupload', 'editinterface', 'viewmywatchlist', 'editmyoptions']) {
      assert.ok(!rights.has(right), right);
    }
    // A user of `bot` and the implicit groups, in the order MediaWiki lists them.
    const userRights = ['createaccount', 'read', 'edit', 'createpage', 'createtalk', 'writeapi', 'viewmywatchlist', 'editmywatchlist',
      'viewmyprivateinfo', 'editmyprivateinfo', 'editmyoptions', 'abusefilter-log-detail', 'bot', 'autoconfirmed', 'editsemiprotected',
      'nominornewtalk', 'autopatrol', 'suppressredirect', 'apihighlimits', 'writeapi', 'purge', 'move', 'upload', 'reupload', 'minoredit'];
    assert.deepEqual(botPasswordRights(userRights, FIXTURE_BOT_GRANTS), [
      'read', 'edit', 'createpage', 'createtalk', 'writeapi', 'bot', 'autoconfirmed', 'editsemiprotected', 'nominornewtalk', 'autopatrol',
      'suppressredirect', 'apihighlimits', 'purge', 'move', 'upload', 'minoredit',
    ]);
    assert.deepEqual(botPasswordRights(userRights, []), []);
    assert.deepEqual(botPasswordRights(userRights, ['highvolume']), ['bot', 'apihighlimits']);
  });

  test('bp_grants values as BotPassword decodes them', () => {
    assert.deepEqual(botPasswordGrants('["basic","highvolume","editpage","createeditmovepage","uploadfile"]'), FIXTURE_BOT_GRANTS);
    assert.deepEqual(botPasswordGrants('[]'), []);
    assert.deepEqual(botPasswordGrants('"basic"'), ['basic']);
    assert.deepEqual(botPasswordGrants('{"a":"basic","b":"editpage"}'), ['basic', 'editpage']);
    assert.deepEqual(botPasswordGrants('null'), []);
    assert.deepEqual(botPasswordGrants(''), []);
    assert.deepEqual(botPasswordGrants('not json'), []);
  });
});

describe('bot password restrictions (bp_restrictions)', () => {
  test('the default allows every address', () => {
    assert.equal(DEFAULT_RESTRICTIONS_JSON, facts.defaultRestrictions);
    const restrictions = botPasswordRestrictions(DEFAULT_RESTRICTIONS_JSON);
    for (const ip of ['192.0.2.1', '2001:db8::1', '::ffff:192.0.2.1', '::1', '0.0.0.0']) assert.equal(restrictions.allowsIp(ip), true, ip);
    assert.equal(restrictions.allowsIp('not an ip'), false);
  });

  for (const fact of facts.restrictions) {
    test(`MWRestrictions on ${JSON.stringify(fact.json)}`, () => {
      if (fact.error !== undefined) {
        assert.throws(() => botPasswordRestrictions(fact.json), (error: unknown) => {
          assert.ok(error instanceof InvalidRestrictionsError);
          assert.equal(error.message, fact.error);
          return true;
        });
        return;
      }
      const restrictions = botPasswordRestrictions(fact.json);
      assert.deepEqual(restrictions.ipAddresses, Object.values(JSON.parse(fact.toJson!).IPAddresses));
      for (const [ip, allowed] of Object.entries(fact.allowed!)) {
        assert.equal(restrictions.allowsIp(ip), allowed, ip);
      }
    });
  }

  test('the recorded cases hold IPv4 and IPv6 ranges, single addresses and refusals', () => {
    const allowedSomewhere = facts.restrictions.filter((fact) => fact.allowed !== undefined);
    assert.ok(allowedSomewhere.some((fact) => fact.json.includes('/24') && fact.json.includes('2001:db8::/32')));
    assert.ok(facts.restrictions.filter((fact) => fact.error !== undefined).length >= 5);
  });
});
