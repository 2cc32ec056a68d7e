// Stored password hashes against MediaWiki 1.39's own verdicts (test/wiki/data/password-vectors.json,
// from scripts/record-password-vectors.php) and the fixture wiki's real user and bot password rows.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

import {
  DEFAULT_PASSWORD_CONFIG,
  checkPassword,
  phpBase64Decode,
  storedPasswordType,
  verifyPassword,
  type PasswordConfig,
  type PasswordVerdict,
} from '../../src/wiki/passwords.ts';

type MediaWikiVerdict = boolean | 'invalid' | 'error';
interface Check {
  password: string;
  result: MediaWikiVerdict;
}
interface Vector {
  config: string;
  type: string;
  stored: string;
  note?: string;
  defaultCost?: boolean;
  checks: Check[];
}
interface Recorded {
  passwordDefault: string;
  configs: Record<string, PasswordConfig>;
  vectors: Vector[];
  malformed: { note: string; stored: string; config?: string; checks: Check[] }[];
  userRows: { userId: number; stored: string; checks: Check[] }[];
}

const recorded = JSON.parse(readFileSync(new URL('data/password-vectors.json', import.meta.url), 'utf8')) as Recorded;

function expectedVerdict(result: MediaWikiVerdict): PasswordVerdict {
  return result === true ? 'match' : result === false ? 'mismatch' : result;
}

/** The recorded configuration as a wiki's: class names stay, secrets are base64 text. */
function configNamed(name: string | undefined): PasswordConfig {
  return recorded.configs[name ?? 'default']!;
}

function label(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

describe('MediaWiki 1.39 password hashes', () => {
  test('the default $wgPasswordConfig is 1.39\'s', () => {
    assert.equal(recorded.passwordDefault, 'pbkdf2');
    const classes = Object.fromEntries(Object.entries(recorded.configs.default!).map(([type, options]) => [type, options.class]));
    assert.deepEqual(classes, Object.fromEntries(Object.entries(DEFAULT_PASSWORD_CONFIG).map(([type, options]) => [type, options.class])));
    assert.deepEqual(recorded.configs.default!['pbkdf2-legacyB']!.types, DEFAULT_PASSWORD_CONFIG['pbkdf2-legacyB']!.types);
  });

  const types = new Set(recorded.vectors.map((vector) => vector.type));
  for (const type of types) {
    test(`:${type}: hashes made by PasswordFactory verify as MediaWiki verifies them`, async () => {
      for (const vector of recorded.vectors.filter((v) => v.type === type)) {
        const options = { passwordConfig: configNamed(vector.config) };
        assert.equal(storedPasswordType(vector.stored, options), type);
        for (const check of vector.checks) {
          // hash-wasm's argon2 refuses empty passwords, as MediaWiki's login does before reading a hash.
          const expected = type === 'argon2' && check.password === '' ? 'unsupported' : expectedVerdict(check.result);
          assert.equal(
            await checkPassword(vector.stored, check.password, options),
            expected,
            `${vector.stored} ${vector.note ?? ''} with ${label(check.password)}`,
          );
        }
      }
    });
  }

  test('each type has a vector with MediaWiki\'s default costs, non-ASCII and empty passwords', () => {
    for (const type of Object.keys(DEFAULT_PASSWORD_CONFIG)) {
      const ofType = recorded.vectors.filter((vector) => vector.type === type);
      assert.ok(ofType.some((vector) => vector.defaultCost), type);
      assert.ok(ofType.some((vector) => vector.checks[0]!.password === '' && vector.checks[0]!.result === true), type);
      assert.ok(ofType.some((vector) => /[^\x00-\x7f]/.test(vector.checks[0]!.password)), type);
    }
  });

  test('hashes MediaWiki never writes but reads get its verdict: invalid, error, match or mismatch', async () => {
    for (const entry of recorded.malformed) {
      const options = { passwordConfig: configNamed(entry.config) };
      for (const check of entry.checks) {
        assert.equal(await checkPassword(entry.stored, check.password, options), expectedVerdict(check.result), `${entry.note}: ${entry.stored}`);
      }
    }
  });

  test('a user_password of bare MD5 hex is :B: salted with the user id; elsewhere it is invalid', async () => {
    for (const row of recorded.userRows) {
      for (const check of row.checks) {
        assert.equal(await checkPassword(row.stored, check.password, { userId: row.userId }), expectedVerdict(check.result), `user ${row.userId}`);
      }
      assert.equal(await checkPassword(row.stored, row.checks[0]!.password), 'invalid');
      assert.equal(storedPasswordType(row.stored), null);
      assert.equal(storedPasswordType(row.stored, { userId: row.userId }), 'B');
    }
  });

  test('empty, missing and invalid stored values never match, whatever the password', async () => {
    for (const stored of [null, undefined, '', ':', '::', ':null:', ':null:x', 'x', ':A', ':B:']) {
      for (const password of ['', 'x', ':', stored ?? '']) {
        assert.equal(await verifyPassword(stored, password, { userId: 3 }), false, `${String(stored)} / ${password}`);
      }
    }
  });

  test('a type the wiki configures as InvalidPassword (the null type) is invalid', async () => {
    const withNull: PasswordConfig = { ...DEFAULT_PASSWORD_CONFIG, null: { class: 'InvalidPassword' } };
    assert.equal(await checkPassword(':null::B:1234:abcd', 'x', { passwordConfig: withNull }), 'invalid');
    assert.equal(storedPasswordType(':null::B:1234:abcd', { passwordConfig: withNull }), null);
  });

  test('a Password class of an extension is unsupported, not invalid', async () => {
    const withExtension: PasswordConfig = { ...DEFAULT_PASSWORD_CONFIG, ext: { class: 'SomeExtensionPassword' } };
    assert.equal(await checkPassword(':ext:whatever', 'x', { passwordConfig: withExtension }), 'unsupported');
    assert.equal(storedPasswordType(':ext:whatever', { passwordConfig: withExtension }), 'ext');
  });

  test('passwords may be given as bytes', async () => {
    const vector = recorded.vectors.find((v) => v.type === 'pbkdf2' && /[^\x00-\x7f]/.test(v.checks[0]!.password))!;
    assert.equal(await verifyPassword(vector.stored, Buffer.from(vector.checks[0]!.password, 'utf8')), true);
    assert.equal(await verifyPassword(vector.stored, Buffer.from(vector.checks[0]!.password, 'latin1')), false);
  });

  test('base64_decode skips what is not base64, padding included', () => {
    assert.deepEqual(phpBase64Decode('aGVs*-_ bG8='), Buffer.from('hello'));
    assert.deepEqual(phpBase64Decode('aG==VsbG8'), Buffer.from('hello'));
    assert.deepEqual(phpBase64Decode('a'), Buffer.alloc(0));
  });
});

const fixtureDb = fileURLToPath(new URL('../../../shared/fixtures/fixture-wiki/data/wikidb.sqlite', import.meta.url));
const skipWithoutFixture = existsSync(fixtureDb) ? false : 'the shared fixture wiki is not beside the repository';

// The fixture's README lists these passwords.
const FIXTURE_PASSWORDS: Record<string, string> = {
  Admin: 'fixture-admin-pw',
  Alice: 'alice-fixture-pw',
  Bob: 'bob-fixture-pw',
  Carol: 'carol-fixture-pw',
  FixtureBot: 'fixturebot-fixture-pw',
  Mallory: 'mallory-fixture-pw',
};

describe('the fixture wiki\'s stored passwords', { skip: skipWithoutFixture }, () => {
  function rows<T>(sql: string): T[] {
    const db = new Database(fixtureDb, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  }

  test('user rows verify with their documented passwords and not with others', async () => {
    const users = rows<{ user_id: number; user_name: string; user_password: string }>(
      'SELECT user_id, user_name, CAST(user_password AS TEXT) AS user_password FROM user',
    ).filter((user) => Object.hasOwn(FIXTURE_PASSWORDS, user.user_name));
    assert.equal(users.length, Object.keys(FIXTURE_PASSWORDS).length);
    for (const user of users) {
      const password = FIXTURE_PASSWORDS[user.user_name]!;
      assert.equal(storedPasswordType(user.user_password, { userId: user.user_id }), 'pbkdf2');
      assert.equal(await verifyPassword(user.user_password, password, { userId: user.user_id }), true, user.user_name);
      assert.equal(await verifyPassword(user.user_password, `${password} `, { userId: user.user_id }), false, user.user_name);
    }
  });

  test('the user with an empty user_password (MediaWiki default) cannot log in with any password', async () => {
    const [row] = rows<{ user_id: number; user_password: string }>(
      "SELECT user_id, CAST(user_password AS TEXT) AS user_password FROM user WHERE user_name = 'MediaWiki default'",
    );
    assert.equal(row!.user_password, '');
    assert.equal(await checkPassword(row!.user_password, '', { userId: row!.user_id }), 'invalid');
  });

  test('FixtureBot@importer\'s bot password verifies', async () => {
    const [row] = rows<{ bp_password: string }>(
      "SELECT CAST(bp_password AS TEXT) AS bp_password FROM bot_passwords JOIN user ON user_id = bp_user WHERE user_name = 'FixtureBot' AND bp_app_id = 'importer'",
    );
    assert.equal(await verifyPassword(row!.bp_password, 'importerbotpassword0123456789abc'), true);
    assert.equal(await verifyPassword(row!.bp_password, 'fixturebot-fixture-pw'), false);
  });
});
