// The lists of people (list=users, list=allusers, list=blocks, prop=contributors): their store
// queries read through indexes, and dates in block details follow the caller's time correction.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import type { RunningServer } from '../../src/cli.ts';
import { dateToMw } from '../../src/wiki/timestamps.ts';
import { SqlUserLists } from '../../src/store/sql/users-lists.ts';
import { userHumanFutureTime, userOffsetMinutes, userTimeAndDate } from '../../src/wiki/user-time.ts';
import type { SiteConfig } from '../../src/wiki/site.ts';
import { fixtureDb, skipWithoutFixture, startFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const NOW = '20260101000000';

describe('the lists of people read through indexes (SQLite)', () => {
  test('accounts, memberships, properties, all users, blocks and contributors', async () => {
    const plans = await sqliteQueryPlans(async (db) => {
      const lists = new SqlUserLists(db);
      await lists.accountsWithBlocks({ names: ['Alice', 'Mallory'], ids: null, now: NOW });
      await lists.accountsWithBlocks({ names: null, ids: [1, 11], now: NOW });
      await lists.activeMembershipsOf([1, 4], NOW);
      await lists.propertyOf([1, 3], 'gender');
      const all = {
        from: null, to: null, prefix: null, descending: false, groups: null, excludeGroups: null, withEditsOnly: false,
        activeSince: null, withoutHiddenUsers: true, now: NOW, limit: 11,
      };
      await lists.allUsers(all);
      await lists.allUsers({ ...all, from: 'B', to: 'M', prefix: 'C', descending: true, groups: ['sysop'], withEditsOnly: true });
      await lists.allUsers({ ...all, excludeGroups: ['bot'], activeSince: '20251201000000', withoutHiddenUsers: false });
      const blocks = {
        ids: null, addresses: null, containing: null, show: [], withoutHiddenUsers: true, newer: false, start: null, end: null,
        after: null, now: NOW, limit: 11,
      };
      await lists.blockList(blocks);
      await lists.blockList({ ...blocks, newer: true, start: '20250101000000', end: '20250201000000', after: { timestamp: '20250115000000', id: 3 } });
      await lists.blockList({ ...blocks, ids: [1, 6] });
      await lists.blockList({ ...blocks, addresses: ['Mallory', '192.0.2.55'] });
      await lists.blockList({ ...blocks, containing: { prefix: 'C633', lower: 'C6336407', upper: 'C6336407' } });
      await lists.anonymousContributorCounts([73, 75]);
      await lists.contributors({ pageIds: [73, 75], groups: null, after: null, now: NOW, limit: 11 });
      await lists.contributors({ pageIds: [75], groups: { names: ['sysop'], exclude: true }, after: { page: 75, actor: 3 }, now: NOW, limit: 11 });
    });
    assert.equal(plans.length, 15);
    for (const plan of plans) assert.doesNotMatch(plan, /\bSCAN (user|ipblocks|revision|user_groups|user_properties|recentchanges)\b(?! USING)/, plan);
  });
});

describe('dates as a user reads them', () => {
  const site = { localTZoffset: 0 } as unknown as SiteConfig;
  test('a time zone follows summer time at the instant', () => {
    assert.equal(userOffsetMinutes('ZoneInfo|60|Europe/Berlin', site, Date.UTC(2025, 0, 15)), 60);
    assert.equal(userOffsetMinutes('ZoneInfo|60|Europe/Berlin', site, Date.UTC(2025, 6, 15)), 120);
    assert.equal(userTimeAndDate('20991231000000', 'ZoneInfo|60|Europe/Berlin', site), '01:00, 31 December 2099');
  });
  test('an unknown zone falls back to its offset; old forms are hours and minutes', () => {
    assert.equal(userOffsetMinutes('ZoneInfo|90|Nowhere/Town', site, 0), 90);
    assert.equal(userOffsetMinutes('Offset|-300', site, 0), -300);
    assert.equal(userOffsetMinutes('-05:30', site, 0), -330);
    assert.equal(userOffsetMinutes('System|0', { localTZoffset: 120 } as unknown as SiteConfig, 0), 120);
  });
  test('the relative expiry is shifted by an offset, not by a zone', () => {
    assert.equal(userHumanFutureTime('20991231000000', 'ZoneInfo|60|Europe/Berlin', site), '00:00, 31 December 2099');
    assert.equal(userHumanFutureTime('20991231000000', 'Offset|60', site), '01:00, 31 December 2099');
  });
});

describe('list=allusers&auactiveusers: the active users cache, actions counted from recentchanges', { skip: skipWithoutFixture }, () => {
  let dir = '';
  let server: RunningServer | undefined;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wikiquery-activeusers-'));
    const copy = join(dir, 'wikidb.sqlite');
    copyFileSync(fixtureDb, copy);
    const db = new Database(copy);
    const recent = dateToMw(new Date(Date.now() - 3 * 86400_000));
    for (const name of ['Alice', 'Bob', 'Carol']) {
      db.prepare("INSERT INTO querycachetwo (qcc_type, qcc_value, qcc_namespace, qcc_title) VALUES ('activeusers', 0, 2, ?)").run(name);
    }
    // Alice: an edit and a categorisation lately, and her account creation, which is not counted;
    // Carol: only her account creation; Bob: nothing lately.
    db.prepare('UPDATE recentchanges SET rc_timestamp = ? WHERE rc_id IN (2, 42, 679, 4)').run(recent);
    db.close();
    server = await startFixtureServer({}, copy);
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const ask = async (query: string): Promise<Json> => (await fetch(`${server!.url}?action=query&format=json&list=allusers&auactiveusers=1&${query}`)).json();

  test('users of the cache without recent actions are left out', async () => {
    const json = await ask('auprop=editcount');
    assert.deepEqual(json.query.allusers, [{ userid: 3, name: 'Alice', editcount: 75, recentactions: 2 }]);
    assert.equal(json.continue, undefined);
  });
  test('a left-out user still counts toward the limit, as MediaWiki reads it', async () => {
    const json = await ask('aulimit=1');
    assert.deepEqual(json.query.allusers, [{ userid: 3, name: 'Alice', recentactions: 2 }]);
    assert.equal(json.continue.aufrom, 'Bob');
    const rest = await ask('aulimit=1&aufrom=Bob');
    assert.deepEqual(rest.query.allusers, []);
    assert.equal(rest.continue.aufrom, 'Carol');
  });
});
