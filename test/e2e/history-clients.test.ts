// Real clients' history calls (mwn, nodemw from npm) against a running wikiquery over the fixture
// wiki: contributions, page histories, recent changes, logs and users, with the figures MediaWiki
// 1.39 answers on the fixture (checked on the reference wiki) as an anonymous reader.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Mwn } from 'mwn';
// nodemw is CommonJS without ESM types.
import NodeMw from 'nodemw';
import { skipWithoutFixture, useFixtureServer } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

interface NodeMwClient {
  getRecentChanges(start: string | false, cb: (err: unknown, changes: Record<string, unknown>[], next: string | false) => void): void;
  getUserContribs(options: { user: string; start?: string }, cb: (err: unknown, contribs: Record<string, unknown>[], next: string | false) => void): void;
  getLog(type: string, start: string | undefined, cb: (err: unknown, entries: Record<string, unknown>[], next: string | false) => void): void;
  getUsers(data: { prefix?: string; witheditsonly?: boolean }, cb: (err: unknown, users: Record<string, unknown>[]) => void): void;
}

function nodemw(url: string): NodeMwClient {
  const u = new URL(url);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return new (NodeMw as any)({ protocol: 'http', server: u.hostname, port: Number(u.port), path: '/wiki', debug: false, silent: true });
}

/** A nodemw call's results and its continuation value. */
function paged<T>(fn: (cb: (err: unknown, data: T, next: string | false) => void) => void): Promise<{ data: T; next: string | false }> {
  return new Promise((ok, fail) => fn((err, data, next) => (err ? fail(err) : ok({ data, next }))));
}

const ALL_RECENT_CHANGES = 829;

describe('history calls of real clients', { skip }, () => {
  const server = useFixtureServer();

  test("mwn User.contribs: Alice's contributions, newest first", async () => {
    const bot = new Mwn({ apiUrl: server.url, silent: true });
    await bot.getSiteInfo();
    const contribs = await new bot.User('Alice').contribs();
    assert.equal(contribs.length, 73);
    assert.equal(contribs[0]!.title, 'Tag test');
    assert.ok(contribs.every((c) => c.user === 'Alice'));
    const times = contribs.map((c) => String(c.timestamp));
    assert.deepEqual(times, [...times].sort().reverse());
  });

  test("mwn User.contribsGen walks Bob's contributions through continuation", async () => {
    const bot = new Mwn({ apiUrl: server.url, silent: true });
    await bot.getSiteInfo();
    const ids: number[] = [];
    for await (const edit of new bot.User('Bob').contribsGen({ uclimit: 7 })) ids.push(edit.revid as number);
    assert.equal(ids.length, 52);
    assert.equal(new Set(ids).size, ids.length);
  });

  test("mwn Page.history: Earth's revisions with users and comments", async () => {
    const bot = new Mwn({ apiUrl: server.url, silent: true });
    await bot.getSiteInfo();
    const history = await new bot.Page('Earth').history(['ids', 'timestamp', 'flags', 'comment', 'user'], 50);
    assert.equal(history.length, 18);
    assert.deepEqual(history[0], {
      revid: 470, parentid: 461, minor: false, user: 'Bob', timestamp: '2025-01-16T05:23:03Z', comment: 'Late edit 0',
    });
    assert.equal(history[history.length - 1]!.user, 'Carol');
  });

  test('mwn continuedQuery: every recent change once, in time order', async () => {
    const bot = new Mwn({ apiUrl: server.url, silent: true });
    const responses = await bot.continuedQuery({ action: 'query', list: 'recentchanges', rclimit: 100, rcprop: 'title|ids|timestamp' }, 50);
    const changes = responses.flatMap((r) => r.query!.recentchanges as { rcid: number; timestamp: string; title: string }[]);
    assert.equal(responses.length, 9);
    assert.equal(changes.length, ALL_RECENT_CHANGES);
    assert.equal(new Set(changes.map((c) => c.rcid)).size, ALL_RECENT_CHANGES);
    assert.deepEqual([changes[0]!.title, changes[0]!.rcid, changes[0]!.timestamp], ['Venus', 538, '2025-01-16T08:35:22Z']);
    assert.deepEqual([changes.at(-1)!.title, changes.at(-1)!.timestamp], ['Category:Imported', '2011-05-06T07:08:09Z']);
    const times = changes.map((c) => c.timestamp);
    assert.deepEqual(times, [...times].sort().reverse());
  });

  test('nodemw getRecentChanges: the first 500 changes, its unknown rcprop value only warned about', async () => {
    const client = nodemw(server.url);
    const { data } = await paged<Record<string, unknown>[]>((cb) => client.getRecentChanges(false, cb));
    assert.equal(data.length, 500);
    assert.equal(data[0]!.title, 'Venus');
    assert.equal(data[0]!.user, '203.0.113.7');
    assert.ok('oldlen' in data[0]! && 'newlen' in data[0]!);
  });

  test("nodemw getUserContribs: Alice's contributions", async () => {
    const client = nodemw(server.url);
    const { data, next } = await paged<Record<string, unknown>[]>((cb) => client.getUserContribs({ user: 'Alice' }, cb));
    assert.equal(data.length, 73);
    assert.equal(data[0]!.title, 'Tag test');
    assert.equal(next, false);
  });

  test('nodemw getLog: the block log, hidden-name blocks left out for an anonymous reader', async () => {
    const client = nodemw(server.url);
    const { data } = await paged<Record<string, unknown>[]>((cb) => client.getLog('block', undefined, cb));
    assert.deepEqual(data.map((e) => e.title), [
      'User:192.0.2.10', 'User:Peggy', 'User:Victor', 'User:Victor', 'User:Trudy', 'User:2001:DB8:0:0:0:0:0:0/64',
      'User:198.51.100.0/24', 'User:192.0.2.55', 'User:Mallory', 'User:Mallory',
    ]);
    const actions = await paged<Record<string, unknown>[]>((cb) => client.getLog('block/unblock', undefined, cb));
    assert.deepEqual(actions.data.map((e) => e.title), ['User:Victor']);
  });

  // nodemw always sends auwitheditsonly (`false` when not asked), which MediaWiki reads as set.
  test('nodemw getUsers: the accounts with edits, by name', async () => {
    const client = nodemw(server.url);
    const users = await new Promise<Record<string, unknown>[]>((ok, fail) => client.getUsers({}, (err, list) => (err ? fail(err) : ok(list))));
    assert.deepEqual(users.map((u) => u.name), [
      'Admin', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', 'FixtureBot', 'Frank', 'Grace', 'Mallory', 'MediaWiki default', 'Oscar', 'Peggy',
      'Trudy', 'Ünïcode Üser',
    ]);
    const prefixed = await new Promise<Record<string, unknown>[]>((ok, fail) => client.getUsers({ prefix: 'A' }, (err, list) => (err ? fail(err) : ok(list))));
    assert.deepEqual(prefixed.map((u) => u.name), ['Admin', 'Alice']);
  });
});
