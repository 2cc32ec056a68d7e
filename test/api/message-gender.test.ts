// {{GENDER:}} in messages reads the named account's `gender` option (GenderCache), the site's
// default option otherwise; an empty name is the calling account. The fixture has no account with
// a gender, so these tests serve a copy of it where Alice is female and Bob male.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MessageLookup } from '../../src/api/i18n/message-lookup.ts';
import { openSqliteStore } from '../../src/store/sqlite/index.ts';
import type { Store } from '../../src/store/store.ts';
import { apiOver } from '../support/in-process.ts';
import { ApiSession } from '../support/api-session.ts';
import type { ApiServices } from '../../src/api/services.ts';
import { fixtureDb, skipWithoutFixture, useFixtureServer } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

let dir = '';
let copy = '';

/** The fixture with gender options: Alice (3) female, Bob (4) male, Carol (5) an empty value. */
function copyWithGenders(): void {
  dir = mkdtempSync(join(tmpdir(), 'wikiquery-gender-'));
  copy = join(dir, 'wikidb.sqlite');
  copyFileSync(fixtureDb, copy);
  const db = new Database(copy);
  const insert = db.prepare("INSERT INTO user_properties (up_user, up_property, up_value) VALUES (?, 'gender', ?)");
  insert.run(3, 'female');
  insert.run(4, 'male');
  insert.run(5, '');
  db.close();
}

/** amargs holding one template (a leading U+001F keeps its pipes) in a message that is just `$1`. */
function genderQuery(template: string, lang = 'en'): string {
  return `meta=allmessages&amenableparser=1&ammessages=apierror-stashexception&amlang=${lang}&amargs=%1F${encodeURIComponent(template)}`;
}

describe('{{GENDER:}} of named users in allmessages', { skip }, () => {
  before(copyWithGenders);
  after(() => rmSync(dir, { recursive: true, force: true }));
  const server = useFixtureServer({ params: 'action=query&format=json&formatversion=2', db: () => copy });

  const content = async (template: string, lang?: string): Promise<string> =>
    (await server.api(genderQuery(template, lang))).query.allmessages[0].content;

  test('a female and a male account take their forms', async () => {
    assert.equal(await content('{{GENDER:Alice|he|she|they}} {{GENDER:Bob|he|she|they}}'), 'she he');
  });

  test('the name may carry the User: prefix, underscores and a lower-case first letter', async () => {
    assert.equal(await content('{{GENDER:User:Alice|m|f}} {{GENDER: alice |m|f}} {{GENDER:Benutzer:Bob|m|f}}', 'de'), 'f f m');
  });

  test('an account without the option, an empty option, a missing account and an IP address are neutral', async () => {
    assert.equal(await content('{{GENDER:Dave|m|f|n}} {{GENDER:Carol|m|f|n}} {{GENDER:Nobody|m|f|n}} {{GENDER:192.0.2.1|m|f|n}}'), 'n n n n');
  });

  test('without a neutral form the neutral gender takes the first; one form needs no gender', async () => {
    assert.equal(await content('{{GENDER:Dave|m|f}} {{GENDER:Alice|only}}'), 'm only');
  });

  test('an anonymous caller reading {{GENDER:}} without a name is neutral', async () => {
    assert.equal(await content('{{GENDER:|m|f|n}}'), 'n');
  });

  test('a logged-in caller reading {{GENDER:}} without a name gets their own form', async () => {
    const alice = await new ApiSession(server.url).login('Alice', 'alice-fixture-pw');
    const answer = await alice.request(`action=query&format=json&formatversion=2&${genderQuery('{{GENDER:|m|f|n}}')}`);
    assert.equal(answer.query.allmessages[0].content, 'f');
  });

  test('a language gets the form of its own message text', async () => {
    // logentry-delete-delete in Russian: "$1 {{GENDER:$2|удалил|удалила}} страницу $3".
    const deleted = async (user: string): Promise<string> =>
      (await server.api(`meta=allmessages&amenableparser=1&ammessages=logentry-delete-delete&amlang=ru&amargs=x|${user}|y`)).query.allmessages[0].content;
    assert.equal(await deleted('Alice'), 'x удалила страницу y');
    assert.equal(await deleted('Bob'), 'x удалил страницу y');
  });
});

describe('{{GENDER:}} without a name in an interface message is the caller', { skip }, () => {
  let store: Store;
  let services: ApiServices;
  before(async () => {
    copyWithGenders();
    store = openSqliteStore(copy);
    services = (await apiOver(store)).services;
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const lookup = (caller?: string): MessageLookup =>
    new MessageLookup({ store, contentLanguage: 'en', extensions: services.site.extensions, caller });

  test('the logged-in caller gives their gender; an anonymous caller the default', async () => {
    assert.equal(await lookup('Alice').gender('', services.titles, services.site), 'female');
    assert.equal(await lookup('Bob').gender('', services.titles, services.site), 'male');
    assert.equal(await lookup('Dave').gender('', services.titles, services.site), 'unknown');
    assert.equal(await lookup().gender('', services.titles, services.site), 'unknown');
  });

  test('the site default gender stands for accounts without the option', async () => {
    const site = { ...services.site, defaultUserOptions: { ...services.site.defaultUserOptions, gender: 'female' } };
    assert.equal(await lookup().gender('Dave', services.titles, site), 'female');
    assert.equal(await lookup().gender('Bob', services.titles, site), 'male');
  });

  test('a request reads each name once', async () => {
    let queries = 0;
    const users = Object.assign(Object.create(store.users) as Store['users'], {
      genders: (names: readonly string[]) => (queries++, store.users.genders(names)),
    });
    const counting = { pages: store.pages, revisions: store.revisions, users };
    const once = new MessageLookup({ store: counting, contentLanguage: 'en', extensions: [], caller: 'Alice' });
    for (let i = 0; i < 3; i++) await once.gender('Alice', services.titles, services.site);
    await once.gender('', services.titles, services.site);
    assert.equal(queries, 1);
  });
});
