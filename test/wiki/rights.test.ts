// Groups and rights as MediaWiki 1.39's UserGroupManager and PermissionManager compute them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  activeMemberships, autopromoteGroupsOf, effectiveGroups, groupPermissions, implicitGroupsOf, isEveryoneAllowed, userRights, type AccountFacts,
} from '../../src/wiki/rights.ts';
import type { SiteConfig } from '../../src/wiki/site.ts';

const NOW = Date.UTC(2025, 0, 20) / 1000;

function site(over: Partial<SiteConfig> = {}): SiteConfig {
  return {
    groups: {
      '*': { rights: ['read', 'edit', 'createaccount'] },
      user: { rights: ['move', 'edit', 'upload'] },
      autoconfirmed: { rights: ['autoconfirmed', 'editsemiprotected'] },
      bot: { rights: ['bot', 'apihighlimits'] },
      sysop: { rights: ['block', 'delete', 'apihighlimits'] },
      muted: { rights: [], revoke: ['edit', 'upload'] },
    },
    ...over,
  } as SiteConfig;
}

function facts(over: Partial<AccountFacts> = {}): AccountFacts {
  return { editCount: 0, registration: '20250101000000', email: '', emailAuthenticated: null, groups: [], ip: '192.0.2.1', now: NOW, ...over };
}

describe('explicit groups', () => {
  test('expired memberships are left out and the rest sorted by name, as getUserGroupMemberships ksorts them', () => {
    const rows = [
      { group: 'sysop', expiry: null },
      { group: 'bureaucrat', expiry: '20990101000000' },
      { group: 'Translators', expiry: '20250101000000' },
      { group: 'bot', expiry: '20250120000000' },
    ];
    assert.deepEqual(activeMemberships(rows, '20250120000000').map((m) => m.group), ['bot', 'bureaucrat', 'sysop']);
    assert.deepEqual(activeMemberships(rows, '20250120000001').map((m) => m.group), ['bureaucrat', 'sysop']);
  });
});

describe('implicit groups ($wgAutopromote)', () => {
  test('MediaWiki 1.39 makes every account autoconfirmed: $wgAutoConfirmCount and $wgAutoConfirmAge are 0', () => {
    assert.deepEqual(implicitGroupsOf(site(), facts()), ['*', 'user', 'autoconfirmed']);
    assert.deepEqual(implicitGroupsOf(site(), facts({ registration: null })), ['*', 'user', 'autoconfirmed']);
    assert.deepEqual(implicitGroupsOf(site(), null), ['*']);
  });

  test('autoconfirmed needs both the edit count and the age when the site sets them', () => {
    const strict = site({ autoConfirmCount: 10, autoConfirmAge: 4 * 86400 });
    assert.deepEqual(implicitGroupsOf(strict, facts({ editCount: 9 })), ['*', 'user']);
    assert.deepEqual(implicitGroupsOf(strict, facts({ editCount: 10 })), ['*', 'user', 'autoconfirmed']);
    assert.deepEqual(implicitGroupsOf(strict, facts({ editCount: 10, registration: '20250118000000' })), ['*', 'user']);
    // An account older than user_registration counts as registered in 1970.
    assert.deepEqual(implicitGroupsOf(strict, facts({ editCount: 10, registration: null })), ['*', 'user', 'autoconfirmed']);
  });

  test('conditions and operators as UserGroupManager::recursivelyCheckCondition reads them', () => {
    const s = site({
      autopromote: {
        emailconfirmed: 'APCOND_EMAILCONFIRMED',
        trusted: ['&', ['APCOND_INGROUPS', 'sysop', 'bot'], ['!', ['APCOND_IPINRANGE', '198.51.100.0/24']]],
        either: ['^', [1, 5], [5, '192.0.2.1']],
        botlike: [9],
        veteran: ['|', ['APCOND_AGE_FROM_EDIT', 86400], ['APCOND_BLOCKED']],
      },
    });
    assert.deepEqual(autopromoteGroupsOf(s, facts()), ['either']);
    assert.deepEqual(autopromoteGroupsOf(s, facts({ email: 'a@example.org' })), ['either']);
    assert.deepEqual(autopromoteGroupsOf(s, facts({ email: 'a@example.org', emailAuthenticated: '20250102000000' })), ['emailconfirmed', 'either']);
    assert.deepEqual(autopromoteGroupsOf({ ...s, emailAuthentication: false }, facts({ email: 'a@example.org' })), ['emailconfirmed', 'either']);
    assert.deepEqual(autopromoteGroupsOf(s, facts({ groups: ['bot', 'sysop'], editCount: 5 })), ['trusted', 'botlike']);
    assert.deepEqual(autopromoteGroupsOf(s, facts({ groups: ['bot', 'sysop'], ip: '198.51.100.9' })), ['botlike']);
    assert.deepEqual(autopromoteGroupsOf(s, facts({ firstEdit: '20250110000000' })), ['either', 'veteran']);
    assert.deepEqual(autopromoteGroupsOf(s, facts({ firstEdit: '20250119120000', blockedSitewide: true })), ['either', 'veteran']);
  });
});

describe('rights', () => {
  test('explicit groups first, each group\'s rights in order, duplicates kept where they first come', () => {
    const groups = effectiveGroups(['sysop', 'bot'], ['*', 'user', 'autoconfirmed']);
    assert.deepEqual(groups, ['sysop', 'bot', '*', 'user', 'autoconfirmed']);
    assert.deepEqual(groupPermissions(site(), groups), [
      'block', 'delete', 'apihighlimits', 'bot', 'read', 'edit', 'createaccount', 'move', 'upload', 'autoconfirmed', 'editsemiprotected',
    ]);
  });

  test('$wgRevokePermissions takes a right from the group\'s members whatever else gives it', () => {
    assert.deepEqual(groupPermissions(site(), ['muted', '*', 'user']), ['read', 'createaccount', 'move']);
  });

  test('a bot password keeps the rights its grants give, in the user\'s order', () => {
    assert.deepEqual(userRights(site(), ['bot', '*', 'user'], new Set(['read', 'apihighlimits', 'delete'])), ['apihighlimits', 'read']);
    assert.deepEqual(userRights(site(), ['bot'], null), ['bot', 'apihighlimits']);
  });

  test('isEveryoneAllowed: `*` has it, no group revokes it, and the session allows it', () => {
    assert.equal(isEveryoneAllowed(site(), 'read', null), true);
    assert.equal(isEveryoneAllowed(site(), 'move', null), false);
    assert.equal(isEveryoneAllowed(site(), 'edit', null), false, 'muted revokes edit');
    assert.equal(isEveryoneAllowed(site(), 'read', new Set(['writeapi'])), false);
    assert.equal(isEveryoneAllowed(site(), 'read', new Set(['read'])), true);
  });
});
