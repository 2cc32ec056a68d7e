// meta=userinfo for the anonymous caller (127.0.0.1), blocks included, as MediaWiki 1.39 answers it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadSiteConfig } from '../../src/server/config.ts';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlUserStore } from '../../src/store/sql/users.ts';
import { blockHexPrefix, effectiveBlock, formatDateTime, rateLimitsOf } from '../../src/modules/meta/userinfo.ts';
import { anonymousCaller } from '../../src/api/caller.ts';
import { localTimeOffset } from '../../src/wiki/site-facts.ts';
import { toHex } from '../../src/wiki/ip.ts';
import { skipWithoutFixture, useFixtureServer, fixtureDb, fixtureConfig, type FixtureServer, type Json } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

function userinfo(server: FixtureServer, query: string, headers: Record<string, string> = {}): Promise<Json> {
  return server.api(`formatversion=2&meta=userinfo&${query}`, { headers });
}

describe('meta=userinfo, anonymous', { skip }, () => {
  const server = useFixtureServer();

  test('the caller is user 0 named by its IP address, flagged anon', async () => {
    assert.deepEqual((await userinfo(server, '')).query.userinfo, { id: 0, name: '127.0.0.1', anon: true });
  });

  test('groups, implicit groups and rights are those of *; nothing is changeable', async () => {
    const u = (await userinfo(server, 'uiprop=groups|groupmemberships|implicitgroups|rights|changeablegroups')).query.userinfo;
    assert.deepEqual(u.groups, ['*']);
    assert.deepEqual(u.groupmemberships, []);
    assert.deepEqual(u.implicitgroups, ['*']);
    assert.deepEqual(u.rights, [
      'createaccount', 'read', 'edit', 'createpage', 'createtalk', 'writeapi', 'viewmywatchlist', 'editmywatchlist',
      'viewmyprivateinfo', 'editmyprivateinfo', 'editmyoptions',
    ]);
    assert.deepEqual(u.changeablegroups, { add: [], remove: [], 'add-self': [], 'remove-self': [] });
  });

  test('options are the site default options', async () => {
    const u = (await userinfo(server, 'uiprop=options')).query.userinfo;
    const site = await server.api('formatversion=2&meta=siteinfo&siprop=defaultoptions');
    assert.deepEqual(u.options, site.query.defaultoptions);
  });

  test('ratelimits: the `ip` limits of $wgRateLimits apply to a new anonymous user', async () => {
    const limits = (await userinfo(server, 'uiprop=ratelimits')).query.userinfo.ratelimits;
    assert.deepEqual(limits.edit, { ip: { hits: 8, seconds: 60 } });
    assert.equal('move' in limits, false);
    assert.deepEqual(Object.keys(limits).slice(0, 3), ['edit', 'upload', 'mailpassword']);
  });

  test('acceptlang lists Accept-Language by descending q, lower-cased, q=0 left out', async () => {
    const u = (await userinfo(server, 'uiprop=acceptlang', { 'accept-language': 'fr;q=0, de-DE;q=0.5, EN' })).query.userinfo;
    assert.deepEqual(u.acceptlang, [{ q: 1, code: 'en' }, { q: 0.5, code: 'de-de' }]);
    const v1 = await server.api('meta=userinfo&uiprop=acceptlang', { headers: { 'accept-language': 'de' } });
    assert.deepEqual(v1.query.userinfo.acceptlang, [{ q: 1, '*': 'de' }]);
  });

  test('central ids: local id 0, not attached anywhere', async () => {
    const u = (await userinfo(server, 'uiprop=centralids&uiattachedwiki=wikidb')).query.userinfo;
    assert.deepEqual(u.centralids, { local: 0 });
    assert.deepEqual(u.attachedlocal, { local: false });
    assert.deepEqual(u.attachedwiki, { local: false });
  });

  test('an anonymous caller has no messages, edits, email, registration or contributions', async () => {
    const u = (await userinfo(server, 'uiprop=hasmsg|editcount|email|realname|registrationdate|unreadcount|latestcontrib|blockinfo')).query.userinfo;
    assert.deepEqual(u, {
      id: 0, name: '127.0.0.1', anon: true, messages: false, editcount: 0, realname: '', email: '', unreadcount: 0,
    });
  });

  test('preferencestoken is deprecated; a logged-out edit token is given outside JSONP', async () => {
    const r = await userinfo(server, 'uiprop=preferencestoken');
    assert.equal(r.query.userinfo.preferencestoken, '+\\');
    assert.match(r.warnings.userinfo.warnings, /deprecated/);
  });
});

describe('meta=userinfo for a blocked address', { skip }, () => {
  let dir: string;
  let db: Database.Database;
  const insertBlock = (id: number, address: string, fields: Record<string, unknown>): void => {
    const range = address.includes('/') ? { start: '7F000000', end: '7F0000FF' } : { start: toHex(address), end: toHex(address) };
    db.prepare(
      'INSERT INTO ipblocks (ipb_id, ipb_address, ipb_user, ipb_by_actor, ipb_reason_id, ipb_timestamp, ipb_auto, ipb_anon_only, ' +
        'ipb_create_account, ipb_enable_autoblock, ipb_expiry, ipb_range_start, ipb_range_end, ipb_deleted, ipb_block_email, ' +
        'ipb_allow_usertalk, ipb_parent_block_id, ipb_sitewide) VALUES (@id, @address, 0, @by, 298, @ts, @auto, @anonOnly, @create, ' +
        "0, @expiry, @start, @end, 0, 0, 1, @parent, @sitewide)",
    ).run({
      id, address, by: 3, ts: '20250115124424', auto: 0, anonOnly: 1, create: 0, expiry: '20990101000000', parent: null,
      sitewide: 1, ...range, ...fields,
    });
  };

  let path: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'wikiquery-userinfo-'));
    path = join(dir, 'wikidb.sqlite');
    copyFileSync(fixtureDb, path);
    db = new Database(path);
    db.prepare("INSERT INTO user_newtalk (user_id, user_ip, user_last_timestamp) VALUES (0, '127.0.0.1', '20250116000000')").run();
  });
  const server = useFixtureServer({ db: () => path });
  after(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a talk page notice for the address sets messages', async () => {
    assert.equal((await userinfo(server, 'uiprop=hasmsg')).query.userinfo.messages, true);
  });

  test('one block on the address: its details, dates written out in English', async () => {
    insertBlock(101, '127.0.0.1', {});
    const u = (await userinfo(server, 'uiprop=blockinfo')).query.userinfo;
    assert.deepEqual(u, {
      id: 0, name: '127.0.0.1', anon: true, blockid: 101, blockedby: 'Alice', blockedbyid: 3, blockreason: 'Open proxy',
      blockedtimestamp: '2025-01-15T12:44:24Z', blockexpiry: '2099-01-01T00:00:00Z', blockpartial: false, blocknocreate: false,
      blockanononly: true, blockedtimestampformatted: '12:44, 15 January 2025', blockexpiryformatted: '00:00, 1 January 2099',
      blockexpiryrelative: '00:00, 1 January 2099',
    });
    const v1 = await server.api('meta=userinfo&uiprop=blockinfo');
    assert.equal(v1.query.userinfo.blockanononly, '');
    assert.equal('blockpartial' in v1.query.userinfo, false);
  });

  test('a block on the address and one on its range make a composite block', async () => {
    insertBlock(102, '127.0.0.0/24', { anonOnly: 0, create: 1, expiry: 'infinity', sitewide: 0, by: 1 });
    insertBlock(103, '127.0.0.1', { auto: 1, parent: 102, anonOnly: 0 });
    const u = (await userinfo(server, 'uiprop=blockinfo')).query.userinfo;
    assert.equal(u.blockid, null);
    assert.equal(u.blockreason, 'There are multiple blocks against your account and/or IP address');
    assert.equal(u.blockexpiry, 'infinite');
    assert.equal(u.blocknocreate, true);
    assert.equal(u.blockanononly, false);
    assert.equal('blockexpiryformatted' in u, false);
  });

  test('expired blocks do not count', async () => {
    db.prepare("UPDATE ipblocks SET ipb_expiry = '20200101000000' WHERE ipb_id IN (101, 102, 103)").run();
    assert.equal('blockid' in (await userinfo(server, 'uiprop=blockinfo')).query.userinfo, false);
  });
});

describe('block lookup', { skip }, () => {
  const store = new SqlUserStore(new SqliteDatabase(fixtureDb));
  const blocksOf = async (ip: string): Promise<number[]> => {
    const hex = toHex(ip)!;
    return (await store.ipBlocks({ address: ip, hex, hexPrefix: blockHexPrefix(hex) })).map((b) => b.ipb_id);
  };

  test('finds blocks on the address and on IPv4 and IPv6 ranges holding it', async () => {
    assert.deepEqual(await blocksOf('192.0.2.55'), [3]);
    assert.deepEqual(await blocksOf('198.51.100.200'), [4]);
    assert.deepEqual(await blocksOf('2001:DB8:0:0:0:0:0:42'), [5]);
    assert.deepEqual(await blocksOf('198.51.101.1'), []);
  });

  test('the range prefix is $wgBlockCIDRLimit wide (/16 for IPv4, /19 for IPv6)', () => {
    assert.equal(blockHexPrefix('C6336405'), 'C633');
    assert.equal(blockHexPrefix('v6-20010DB8000000000000000000000042'), 'v6-2001');
  });

  test('an expired autoblock is ignored', async () => {
    const hex = toHex('203.0.113.108')!;
    const rows = await store.ipBlocks({ address: '203.0.113.108', hex, hexPrefix: blockHexPrefix(hex) });
    assert.equal(rows.length, 1);
    assert.equal(effectiveBlock(rows, '20261122000000'), null);
    assert.equal(effectiveBlock(rows, '20250116000000')?.id, 2);
  });
});

describe('site settings behind userinfo', () => {
  const site = loadSiteConfig(fixtureConfig, {
    rateLimits: { edit: { anon: [3, 60] }, newaction: { subnet: [5, 5] } },
    timezone: 'Europe/Berlin',
  });

  test('$wgRateLimits entries are laid over the defaults, categories in the caller\'s order', () => {
    const limits = rateLimitsOf(anonymousCaller(site, '127.0.0.1'), site) as Json;
    assert.deepEqual(limits.edit, { anon: { hits: 3, seconds: 60 }, ip: { hits: 8, seconds: 60 } });
    assert.deepEqual(limits.newaction, { subnet: { hits: 5, seconds: 5 } });
  });

  test('excluded addresses and callers with noratelimit have no limits', () => {
    const excluded = { ...site, rateLimitsExcludedIPs: ['127.0.0.0/8'] };
    assert.deepEqual(Object.keys(rateLimitsOf(anonymousCaller(excluded, '127.0.0.1'), excluded)), []);
  });

  test('dates are shifted by the time zone\'s current offset, as MediaWiki\'s System|offset does', () => {
    assert.equal(localTimeOffset(site, new Date('2026-01-15T12:00:00Z')), 60);
    assert.equal(localTimeOffset(site, new Date('2026-07-15T12:00:00Z')), 120);
    const fixed = { ...site, localTZoffset: 60 };
    assert.equal(formatDateTime('20250715234424', fixed), '00:44, 16 July 2025');
  });
});
