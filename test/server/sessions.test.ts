// Logging in through the HTTP server: sessions kept in the session store and shared by every
// process using it, cookies signed with the wiki's secret, logout for good, the password
// throttle, bot passwords' address restrictions, and remembered logins.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import { fixtureConfig, fixtureDb, skipWithoutFixture, type Json } from '../support/fixture-wiki.ts';

const BOT_PASSWORD = 'importerbotpassword0123456789abc';

/** A client's cookies for one site, kept as a browser keeps them. */
class Client {
  readonly cookies = new Map<string, string>();
  lastSetCookies: string[] = [];

  constructor(public api: string) {}

  async request(query: string, form?: Record<string, string>): Promise<Json> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const init: RequestInit = { headers };
    if (form) {
      init.method = 'POST';
      headers['content-type'] = 'application/x-www-form-urlencoded';
      init.body = new URLSearchParams(form).toString();
    }
    const response = await fetch(`${this.api}?${query}`, init);
    this.lastSetCookies = response.headers.getSetCookie();
    for (const cookie of this.lastSetCookies) {
      const [pair = ''] = cookie.split(';');
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      if (/Max-Age=0/.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(equals + 1));
    }
    return response.json();
  }

  async token(type: string): Promise<string> {
    return (await this.request(`action=query&format=json&meta=tokens&type=${type}`)).query.tokens[`${type}token`];
  }

  async login(name: string, password: string): Promise<Json> {
    const token = await this.token('login');
    return (await this.request('', { action: 'login', format: 'json', lgname: name, lgpassword: password, lgtoken: token })).login;
  }

  async clientLogin(name: string, password: string, extra: Record<string, string> = {}): Promise<Json> {
    const token = await this.token('login');
    const form = { action: 'clientlogin', format: 'json', username: name, password, loginreturnurl: 'http://127.0.0.1/', logintoken: token, ...extra };
    return (await this.request('', form)).clientlogin;
  }

  async logout(): Promise<Json> {
    const token = await this.token('csrf');
    return this.request('', { action: 'logout', format: 'json', token });
  }

  async whoami(): Promise<string> {
    return (await this.request('action=query&format=json&meta=userinfo')).query.userinfo.name;
  }
}

describe('sessions through the HTTP server', { skip: skipWithoutFixture }, () => {
  let dir: string;
  let db: string;
  let store: string;
  const servers: RunningServer[] = [];
  let first: RunningServer;
  let second: RunningServer;

  const start = async (secret: string, sessionsPath = store): Promise<RunningServer> => {
    const server = await startServer({ db, site: loadSiteConfig(fixtureConfig), port: 0, host: '127.0.0.1', serve: { sessions: { path: sessionsPath, secret } } });
    servers.push(server);
    return server;
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wikiquery-sessions-'));
    db = join(dir, 'wiki.sqlite');
    copyFileSync(fixtureDb, db);
    // FixtureBot's bot password again, usable only from 10.0.0.0/8.
    const wiki = new Database(db);
    wiki.prepare(
      "INSERT INTO bot_passwords (bp_user, bp_app_id, bp_password, bp_token, bp_restrictions, bp_grants) SELECT bp_user, 'remote', bp_password, bp_token, ?, bp_grants FROM bot_passwords WHERE bp_user = 10 AND bp_app_id = 'importer'",
    ).run('{"IPAddresses":["10.0.0.0/8"]}');
    wiki.close();
    store = join(dir, 'sessions.sqlite');
    first = await start('first secret');
    second = await start('first secret');
  });

  after(async () => {
    for (const server of servers) await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a main-account login: MediaWiki cookies, a session the other process knows too', async () => {
    const client = new Client(first.url);
    const login = await client.login('Dave', 'dave-fixture-pw');
    assert.deepEqual(login, { result: 'Success', lguserid: 6, lgusername: 'Dave' });
    const names = client.lastSetCookies.map((cookie) => cookie.split('=')[0]);
    assert.deepEqual(names, ['wikidb_session', 'wikidbUserID', 'wikidbUserName', 'wikidbToken']);
    assert.ok(client.lastSetCookies.every((cookie) => cookie.endsWith('path=/; HttpOnly')));
    assert.match(client.lastSetCookies[0]!, /^wikidb_session=[0-9a-v]{32}\.[\w-]+; path=\/; HttpOnly$/);
    assert.equal(await client.whoami(), 'Dave');
    client.api = second.url;
    assert.equal(await client.whoami(), 'Dave', 'the second process reads the session the first one wrote');
    const csrf = await client.token('csrf');
    client.api = first.url;
    const check = await client.request(`action=checktoken&format=json&type=csrf&token=${encodeURIComponent(csrf)}`);
    assert.equal(check.checktoken.result, 'valid', 'a token one process gave is valid in the other');
  });

  test('a bot password login: its own session cookie, the grants of the bot password', async () => {
    const client = new Client(first.url);
    const login = await client.login('FixtureBot@importer', BOT_PASSWORD);
    assert.deepEqual(login, { result: 'Success', lguserid: 10, lgusername: 'FixtureBot' });
    assert.deepEqual(client.lastSetCookies.map((cookie) => cookie.split('=')[0]), ['wikidb_BPsession']);
    const info = (await client.request('action=query&format=json&meta=userinfo&uiprop=rights')).query.userinfo;
    assert.equal(info.name, 'FixtureBot');
    assert.ok(info.rights.includes('bot') && !info.rights.includes('editmyoptions'), 'rights cut down to the grants');
    const again = await client.login('Dave', 'dave-fixture-pw');
    assert.equal(again.result, 'Aborted');
  });

  test('a cookie signed with another secret is refused', async () => {
    const client = new Client(first.url);
    await client.login('Dave', 'dave-fixture-pw');
    const other = await start('another secret');
    client.api = other.url;
    assert.equal(await client.whoami(), '127.0.0.1');
    assert.ok(client.lastSetCookies.some((cookie) => cookie.startsWith('wikidb_session=deleted')), 'the unknown session cookie is removed');
  });

  test('logout ends the session for good', async () => {
    const client = new Client(first.url);
    await client.login('Eve', 'eve-fixture-pw');
    const kept = new Map(client.cookies);
    assert.deepEqual(await client.logout(), {});
    assert.equal(await client.whoami(), '127.0.0.1');
    // The cookies of before the logout, sent again (to the other process too), log nobody in.
    client.cookies.clear();
    for (const [name, value] of kept) if (name === 'wikidb_session') client.cookies.set(name, value);
    assert.equal(await client.whoami(), '127.0.0.1');
    client.api = second.url;
    assert.equal(await client.whoami(), '127.0.0.1');
  });

  test('logging out of a bot password session ends it, and the cookie session goes on', async () => {
    const client = new Client(first.url);
    await client.login('FixtureBot@importer', BOT_PASSWORD);
    const botCookie = client.cookies.get('wikidb_BPsession')!;
    assert.deepEqual(await client.logout(), {});
    assert.ok(client.lastSetCookies.some((cookie) => cookie.startsWith('wikidb_BPsession=deleted')));
    client.cookies.set('wikidb_BPsession', botCookie);
    assert.equal(await client.whoami(), '127.0.0.1');
  });

  test('rememberMe: UserID, UserName and Token for 180 days, which log in again without a session', async () => {
    const client = new Client(first.url);
    const login = await client.clientLogin('Grace', 'grace-fixture-pw', { rememberMe: '1' });
    assert.deepEqual(login, { status: 'PASS', username: 'Grace' });
    const remembered = client.lastSetCookies.filter((cookie) => /^wikidb(UserID|UserName|Token)=/.test(cookie));
    assert.equal(remembered.length, 3);
    for (const cookie of remembered) assert.match(cookie, /; expires=[^;]+ GMT; Max-Age=15552000; path=\/; HttpOnly$/);
    client.cookies.delete('wikidb_session');
    client.api = second.url;
    assert.equal(await client.whoami(), 'Grace');
    assert.ok(client.lastSetCookies.some((cookie) => cookie.startsWith('wikidb_session=')), 'a new session for the remembered login');
    // Without rememberMe: UserID and UserName for 30 days, no Token.
    const plain = new Client(first.url);
    await plain.clientLogin('Frank', 'frank-fixture-pw');
    assert.ok(plain.lastSetCookies.some((cookie) => /^wikidbUserID=8; .*Max-Age=2592000;/.test(cookie)));
    assert.ok(!plain.cookies.has('wikidbToken'));
    // A Token made for another account is worth nothing.
    const forged = new Client(first.url);
    forged.cookies.set('wikidbUserID', '6');
    forged.cookies.set('wikidbToken', client.cookies.get('wikidbToken')!);
    assert.equal(await forged.whoami(), '127.0.0.1');
  });

  test('the sixth attempt of a user name from one address within 5 minutes is refused, in every process', async () => {
    const client = new Client(first.url);
    for (let attempt = 1; attempt <= 5; attempt++) {
      client.api = attempt % 2 ? first.url : second.url;
      const login = await client.login('Throttle probe', 'not-the-password');
      assert.deepEqual(login, { result: 'Failed', reason: 'Incorrect username or password entered. Please try again.' }, `attempt ${attempt}`);
    }
    const refused = await client.login('Throttle probe', 'not-the-password');
    assert.deepEqual(refused, { result: 'Failed', reason: 'You have made too many recent login attempts. Please wait 5 minutes before trying again.' });
    const clientLogin = await client.clientLogin('Throttle_probe', 'not-the-password');
    assert.equal(clientLogin.messagecode, 'login-throttled', 'the name is counted as MediaWiki normalizes it');
    // Another name from the same address is not throttled; a success clears the count.
    for (let attempt = 1; attempt <= 4; attempt++) await client.login('Walter', 'not-the-password');
    assert.equal((await client.login('Walter', 'walter-fixture-pw')).result, 'Success');
    for (let attempt = 1; attempt <= 5; attempt++) assert.equal((await client.login('Walter', 'not-the-password')).reason, 'Incorrect username or password entered. Please try again.');
  });

  test("a bot password's address restrictions: refused elsewhere, and a session ends when they change", async () => {
    const client = new Client(first.url);
    const refused = await client.login('FixtureBot@remote', BOT_PASSWORD);
    assert.deepEqual(refused, { result: 'Failed', reason: 'Incorrect username or password entered. Please try again.' });
    const allowed = await client.login('FixtureBot@importer', BOT_PASSWORD);
    assert.equal(allowed.result, 'Success');
    assert.equal(await client.whoami(), 'FixtureBot');
    // The wiki's administrators restrict the bot password: the session no longer holds from here.
    const wiki = new Database(db);
    wiki.prepare("UPDATE bot_passwords SET bp_restrictions = ? WHERE bp_user = 10 AND bp_app_id = 'importer'").run('{"IPAddresses":["10.0.0.0/8"]}');
    wiki.close();
    try {
      assert.equal(await client.whoami(), '127.0.0.1');
    } finally {
      const restore = new Database(db);
      restore.prepare("UPDATE bot_passwords SET bp_restrictions = ? WHERE bp_user = 10 AND bp_app_id = 'importer'").run('{"IPAddresses":["0.0.0.0/0","::/0"]}');
      restore.close();
    }
  });

  test('a generated secret is kept in the store: processes without a configured secret sign alike', async () => {
    const shared = join(dir, 'generated.sqlite');
    const a = await start('', shared);
    const b = await start('', shared);
    const client = new Client(a.url);
    await client.login('Dave', 'dave-fixture-pw');
    client.api = b.url;
    assert.equal(await client.whoami(), 'Dave');
  });
});
