// User names and `user`-type parameters (UserNameUtils, UserDef), checked against MediaWiki 1.39 on the fixture.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  UserNames,
  badUserParam,
  isBadUserParam,
  isExternalUserName,
  isIP,
  type UserParamKind,
  type UserParamValue,
} from '../../src/wiki/users.ts';
import { fixtureTitleCodec } from './fixture-site.ts';

const users = new UserNames(fixtureTitleCodec());

// user_id -> user_name in the fixture database
const FIXTURE_USERS: Record<number, string> = { 1: 'Admin', 2: 'MediaWiki default', 3: 'Alice', 4: 'Bob', 18: 'Ünïcode Üser' };
const nameById = (id: number): string | undefined => FIXTURE_USERS[id];

type Canonicals = [none: string | null, valid: string | null, usable: string | null, creatable: string | null];
type Checks = [isIP: boolean, isValid: boolean, isUsable: boolean, isCreatable: boolean];
type UserCase = [value: string, param: UserParamValue | null, canonical: Canonicals, checks: Checks];

// Recorded by running MediaWiki 1.39's own code on the fixture (maintenance script):
// UserDef::processUser(value) -> [type, name(, id)], UserNameUtils::getCanonical(value, none|valid|usable|creatable),
// UserNameUtils::isIP / isValid / isUsable / isCreatable.
const USER_CASES: UserCase[] = [
  ["Alice", { kind: "name", name: "Alice" }, ["Alice", "Alice", "Alice", "Alice"], [false, true, true, true]],
  ["alice", { kind: "name", name: "Alice" }, ["Alice", "Alice", "Alice", "Alice"], [false, false, false, false]],
  ["User:alice", { kind: "name", name: "Alice" }, ["alice", "Alice", "Alice", "Alice"], [false, false, false, false]],
  ["user:alice", { kind: "name", name: "Alice" }, ["alice", "Alice", "Alice", "Alice"], [false, false, false, false]],
  ["User:User:alice", null, ["alice", null, null, null], [false, false, false, false]],
  ["alice_smith", { kind: "name", name: "Alice smith" }, ["Alice smith", "Alice smith", "Alice smith", "Alice smith"], [false, false, false, false]],
  ["Alice  Smith", { kind: "name", name: "Alice Smith" }, ["Alice  Smith", "Alice Smith", "Alice Smith", "Alice Smith"], [false, false, false, false]],
  [" alice", { kind: "name", name: "Alice" }, [" alice", "Alice", "Alice", "Alice"], [false, false, false, false]],
  ["Zed", { kind: "name", name: "Zed" }, ["Zed", "Zed", "Zed", "Zed"], [false, true, true, true]],
  ["ünïcode Üser", { kind: "name", name: "Ünïcode Üser" }, ["Ünïcode Üser", "Ünïcode Üser", "Ünïcode Üser", "Ünïcode Üser"], [false, false, false, false]],
  ["Ünïcode_Üser", { kind: "name", name: "Ünïcode Üser" }, ["Ünïcode Üser", "Ünïcode Üser", "Ünïcode Üser", "Ünïcode Üser"], [false, false, false, false]],
  ["Foo|Bar", null, ["Foo|Bar", null, null, null], [false, false, false, false]],
  ["Foo#bar", null, [null, null, null, null], [false, false, false, false]],
  ["#1", { kind: "id", name: "Admin", id: 1 }, [null, null, null, null], [false, false, false, false]],
  ["#0", { kind: "id", name: "Unknown user", id: 0 }, [null, null, null, null], [false, false, false, false]],
  ["#3", { kind: "id", name: "Alice", id: 3 }, [null, null, null, null], [false, false, false, false]],
  ["#999999", { kind: "id", name: "Unknown user", id: 0 }, [null, null, null, null], [false, false, false, false]],
  ["#01", { kind: "id", name: "Admin", id: 1 }, [null, null, null, null], [false, false, false, false]],
  ["#1a", null, [null, null, null, null], [false, false, false, false]],
  ["# 1", null, [null, null, null, null], [false, false, false, false]],
  ["<bad>", { kind: "interwiki", name: "<bad>" }, ["<bad>", null, null, null], [false, false, false, false]],
  ["oldwiki>Historian", { kind: "interwiki", name: "oldwiki>Historian" }, ["Oldwiki>Historian", null, null, null], [false, false, false, false]],
  ["oldwiki>historian_x", { kind: "interwiki", name: "oldwiki>historian_x" }, ["Oldwiki>historian x", null, null, null], [false, false, false, false]],
  ["Oldwiki>Historian#x", null, [null, null, null, null], [false, false, false, false]],
  ["a>b>c", { kind: "interwiki", name: "a>b>c" }, ["A>b>c", null, null, null], [false, false, false, false]],
  ["192.0.2.010", { kind: "ip", name: "192.0.2.10" }, ["192.0.2.010", null, null, null], [true, false, false, false]],
  ["192.0.2.10", { kind: "ip", name: "192.0.2.10" }, ["192.0.2.10", null, null, null], [true, false, false, false]],
  ["2001:db8::1234", { kind: "ip", name: "2001:DB8:0:0:0:0:0:1234" }, ["2001:db8::1234", null, null, null], [true, false, false, false]],
  ["2001:DB8:0:0:0:0:0:1234", { kind: "ip", name: "2001:DB8:0:0:0:0:0:1234" }, ["2001:DB8:0:0:0:0:0:1234", null, null, null], [true, false, false, false]],
  ["198.51.100.0/24", { kind: "cidr", name: "198.51.100.0/24" }, ["198.51.100.0/24", null, null, null], [false, false, false, false]],
  ["2001:db8::/64", { kind: "cidr", name: "2001:DB8:0:0:0:0:0:0/64" }, ["2001:db8::/64", null, null, null], [false, false, false, false]],
  ["192.0.2.xxx", { kind: "ip", name: "192.0.2.xxx" }, ["192.0.2.xxx", null, null, null], [true, false, false, false]],
  ["300.300.300.300", null, ["300.300.300.300", null, null, null], [true, false, false, false]],
  ["1.2.3.4 - 1.2.3.8", { kind: "name", name: "1.2.3.4 - 1.2.3.8" }, ["1.2.3.4 - 1.2.3.8", "1.2.3.4 - 1.2.3.8", "1.2.3.4 - 1.2.3.8", "1.2.3.4 - 1.2.3.8"], [false, true, true, true]],
  ["User:192.0.2.010", { kind: "ip", name: "192.0.2.10" }, ["192.0.2.010", null, null, null], [false, false, false, false]],
  ["User talk:192.0.2.10", null, ["User talk:192.0.2.10", null, null, null], [false, false, false, false]],
  ["::1", { kind: "ip", name: "0:0:0:0:0:0:0:1" }, ["::1", null, null, null], [true, false, false, false]],
  ["User:::1", { kind: "ip", name: "0:0:0:0:0:0:0:1" }, ["::1", null, null, null], [false, false, false, false]],
  ["fe80::1%eth0", { kind: "name", name: "Fe80::1%eth0" }, ["Fe80::1%eth0", "Fe80::1%eth0", "Fe80::1%eth0", null], [false, false, false, false]],
  ["Foo/Bar", null, ["Foo/Bar", null, null, null], [false, false, false, false]],
  ["wikipedia:Foo", null, ["Wikipedia:Foo", null, null, null], [false, false, false, false]],
  ['', null, ['', null, null, null], [false, false, false, false]],
  ["Talk:Foo", null, ["Talk:Foo", null, null, null], [false, false, false, false]],
  ["Foo:Bar", { kind: "name", name: "Foo:Bar" }, ["Foo:Bar", "Foo:Bar", "Foo:Bar", null], [false, true, true, false]],
  ["Project:Foo", null, ["Project:Foo", null, null, null], [false, false, false, false]],
  ["Template:X", null, ["Template:X", null, null, null], [false, false, false, false]],
  ["Special:Foo", null, ["Special:Foo", null, null, null], [false, false, false, false]],
  ["Foo@bar", { kind: "name", name: "Foo@bar" }, ["Foo@bar", "Foo@bar", "Foo@bar", null], [false, true, true, false]],
  ["Foo:bar@x", { kind: "name", name: "Foo:bar@x" }, ["Foo:bar@x", "Foo:bar@x", "Foo:bar@x", null], [false, true, true, false]],
  ["Foo>", { kind: "interwiki", name: "Foo>" }, ["Foo>", null, null, null], [false, false, false, false]],
  ["a&amp;b", { kind: "name", name: "A&b" }, ["A&amp;b", "A&b", "A&b", "A&b"], [false, false, false, false]],
  ["a&lt;b", null, ["A&lt;b", null, null, null], [false, false, false, false]],
  ["Q&A", { kind: "name", name: "Q&A" }, ["Q&A", "Q&A", "Q&A", "Q&A"], [false, true, true, true]],
  ["x".repeat(255), { kind: "name", name: "X" + "x".repeat(254) }, ["X" + "x".repeat(254), "X" + "x".repeat(254), "X" + "x".repeat(254), null], [false, false, false, false]],
  ["x".repeat(256), null, ["X" + "x".repeat(255), null, null, null], [false, false, false, false]],
  ["é".repeat(128), null, ["É" + "é".repeat(127), null, null, null], [false, false, false, false]],
  ["é".repeat(117), { kind: "name", name: "É" + "é".repeat(116) }, ["É" + "é".repeat(116), "É" + "é".repeat(116), "É" + "é".repeat(116), "É" + "é".repeat(116)], [false, false, false, false]],
  ["é".repeat(118), { kind: "name", name: "É" + "é".repeat(117) }, ["É" + "é".repeat(117), "É" + "é".repeat(117), "É" + "é".repeat(117), null], [false, false, false, false]],
  ["MediaWiki default", { kind: "name", name: "MediaWiki default" }, ["MediaWiki default", "MediaWiki default", null, null], [false, true, false, false]],
  ["Unknown user", { kind: "name", name: "Unknown user" }, ["Unknown user", "Unknown user", null, null], [false, true, false, false]],
  ["Maintenance script", { kind: "name", name: "Maintenance script" }, ["Maintenance script", "Maintenance script", null, null], [false, true, false, false]],
  ["Foo\u00a0bar", { kind: "name", name: "Foo bar" }, ["Foo\u00a0bar", "Foo bar", "Foo bar", "Foo bar"], [false, false, false, false]],
  ["Foo\u200bbar", null, ["Foo\u200bbar", null, null, null], [false, false, false, false]],
  ["Foo\u2003bar", { kind: "name", name: "Foo bar" }, ["Foo\u2003bar", "Foo bar", "Foo bar", "Foo bar"], [false, false, false, false]],
  ["Foo\ue000", null, ["Foo\ue000", null, null, null], [false, false, false, false]],
  ["ǆungla", { kind: "name", name: "Ǆungla" }, ["Ǆungla", "Ǆungla", "Ǆungla", "Ǆungla"], [false, false, false, false]],
  ["ßtraße", { kind: "name", name: "SStraße" }, ["SStraße", "SStraße", "SStraße", "SStraße"], [false, false, false, false]],
  ["~~~", null, ["~~~", null, null, null], [false, false, false, false]],
  ["Foo~~~", null, ["Foo~~~", null, null, null], [false, false, false, false]],
  ["Foo[bar]", null, ["Foo[bar]", null, null, null], [false, false, false, false]],
  ["Foo%41", null, ["Foo%41", null, null, null], [false, false, false, false]],
  ["../x", null, ["../x", null, null, null], [false, false, false, false]],
  ["Foo/..", null, ["Foo/..", null, null, null], [false, false, false, false]],
  ["\u200eAlice", { kind: "name", name: "Alice" }, ["\u200eAlice", "Alice", "Alice", "Alice"], [false, false, false, false]],
  ["Alice\u200f", { kind: "name", name: "Alice" }, ["Alice\u200f", "Alice", "Alice", "Alice"], [false, false, false, false]],
  ["Alice_", { kind: "name", name: "Alice" }, ["Alice ", "Alice", "Alice", "Alice"], [false, false, false, false]],
  ["_Alice", { kind: "name", name: "Alice" }, [" Alice", "Alice", "Alice", "Alice"], [false, false, false, false]],
  ["Alice\n", null, ["Alice\n", null, null, null], [false, false, false, false]],
  ["1.2.3.4\n", { kind: "ip", name: "1.2.3.4" }, ["1.2.3.4\n", null, null, null], [true, false, false, false]],
  ["10.0.0.1", { kind: "ip", name: "10.0.0.1" }, ["10.0.0.1", null, null, null], [true, false, false, false]],
  ["192.168.000.001", { kind: "ip", name: "192.168.0.1" }, ["192.168.000.001", null, null, null], [true, false, false, false]],
  ["0.0.0.0", { kind: "ip", name: "0.0.0.0" }, ["0.0.0.0", null, null, null], [true, false, false, false]],
  ["255.255.255.255", { kind: "ip", name: "255.255.255.255" }, ["255.255.255.255", null, null, null], [true, false, false, false]],
  ["256.1.1.1", null, ["256.1.1.1", null, null, null], [true, false, false, false]],
  ["1.2.3", { kind: "name", name: "1.2.3" }, ["1.2.3", "1.2.3", "1.2.3", "1.2.3"], [false, true, true, true]],
  ["1.2.3.4.5", { kind: "name", name: "1.2.3.4.5" }, ["1.2.3.4.5", "1.2.3.4.5", "1.2.3.4.5", "1.2.3.4.5"], [false, true, true, true]],
];

describe('user-type parameter values (UserDef::processUser)', () => {
  for (const [value, expected] of USER_CASES) {
    test(`${JSON.stringify(value).slice(0, 50)} -> ${expected === null ? 'nothing' : `${expected.kind} ${expected.name.slice(0, 30)}`}`, () => {
      assert.deepEqual(users.parseParam(value, nameById), expected);
    });
  }
});

describe('canonical user names (UserNameUtils::getCanonical)', () => {
  for (const [value, , [none, valid, usable, creatable]] of USER_CASES) {
    test(JSON.stringify(value).slice(0, 60), () => {
      assert.deepEqual(
        [users.canonical(value, 'none'), users.canonical(value), users.canonical(value, 'usable'), users.canonical(value, 'creatable')],
        [none, valid, usable, creatable],
      );
    });
  }
});

describe('isIP, isValid, isUsable, isCreatable', () => {
  for (const [value, , , [ip, valid, usable, creatable]] of USER_CASES) {
    test(JSON.stringify(value).slice(0, 60), () => {
      assert.deepEqual(
        [isIP(value), users.isValid(value), users.isUsable(value), users.isCreatable(value)],
        [ip, valid, usable, creatable],
      );
    });
  }
});

describe('baduser errors as the API reports them', () => {
  const REVISION_USER: UserParamKind[] = ['name', 'ip', 'interwiki', 'id']; // arvuser, rvuser, leuser, ...
  const BLOCKS_USERS: UserParamKind[] = ['name', 'ip', 'cidr']; // bkusers
  const CONTRIBS_USER: UserParamKind[] = ['name', 'ip', 'interwiki']; // ucuser

  // Recorded: list=allrevisions&arvuser=<value> answered {"error":{"code":"baduser","info":...}}.
  for (const value of ['Foo|Bar', 'Foo#bar', 'Talk:Foo', '198.51.100.0/24', '2001:db8::/64', '300.300.300.300', 'Foo/Bar', 'wikipedia:Foo', '']) {
    test(`arvuser=${JSON.stringify(value)} is baduser`, () => {
      const result = users.validateParam('arvuser', value, REVISION_USER, nameById);
      assert.ok(isBadUserParam(result));
      assert.equal(result.code, 'baduser');
      assert.equal(result.info, `Invalid value "${value}" for user parameter "arvuser".`);
    });
  }

  // Recorded: these arvuser values were accepted (and matched the users shown).
  const ACCEPTED: Array<[string, UserParamValue]> = [
    ['<bad>', { kind: 'interwiki', name: '<bad>' }],
    ['User:alice', { kind: 'name', name: 'Alice' }],
    ['alice_smith', { kind: 'name', name: 'Alice smith' }],
    ['#1', { kind: 'id', name: 'Admin', id: 1 }],
    ['#0', { kind: 'id', name: 'Unknown user', id: 0 }],
    ['#999999', { kind: 'id', name: 'Unknown user', id: 0 }],
    ['oldwiki>Historian', { kind: 'interwiki', name: 'oldwiki>Historian' }],
    ['192.0.2.010', { kind: 'ip', name: '192.0.2.10' }],
    ['2001:db8::1234', { kind: 'ip', name: '2001:DB8:0:0:0:0:0:1234' }],
    ['192.0.2.xxx', { kind: 'ip', name: '192.0.2.xxx' }],
  ];
  for (const [value, expected] of ACCEPTED) {
    test(`arvuser=${JSON.stringify(value)} is accepted`, () => {
      assert.deepEqual(users.validateParam('arvuser', value, REVISION_USER, nameById), expected);
    });
  }

  test('ranges are only accepted where cidr is allowed (bkusers)', () => {
    assert.deepEqual(users.validateParam('bkusers', '2001:db8::/64', BLOCKS_USERS), { kind: 'cidr', name: '2001:DB8:0:0:0:0:0:0/64' });
    assert.ok(isBadUserParam(users.validateParam('bkusers', 'oldwiki>Historian', BLOCKS_USERS)));
  });

  test('errorformat=raw shows key paramvalidator-baduser with the parameter and the value', () => {
    // Recorded: list=usercontribs&ucuser=Foo|Bar#x|A&errorformat=raw
    const result = users.validateParam('ucuser', 'Bar#x', CONTRIBS_USER);
    assert.deepEqual(result, badUserParam('ucuser', 'Bar#x'));
    assert.deepEqual(result, {
      error: true,
      code: 'baduser',
      key: 'paramvalidator-baduser',
      params: ['ucuser', 'Bar#x'],
      info: 'Invalid value "Bar#x" for user parameter "ucuser".',
    });
  });

  test('ids are not accepted where the parameter does not allow them', () => {
    assert.ok(isBadUserParam(users.validateParam('ucuser', '#1', CONTRIBS_USER, nameById)));
  });
});

test('imported users are written prefix>Name', () => {
  assert.equal(isExternalUserName('oldwiki>Historian'), true);
  assert.equal(isExternalUserName('Historian'), false);
});
