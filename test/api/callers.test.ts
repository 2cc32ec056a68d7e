// A logged-in caller's groups, rights, limits and userinfo, built by callerFor for each account of
// the conformance callers and run in-process (no session layer), compared with what MediaWiki
// 1.39 answered each of them in the recorded `callers` area.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { anonymousCaller, blockCookieChange, callerBlock, callerFor, type Caller, type CallerIdentity } from '../../src/api/caller.ts';
import type { Api } from '../../src/api/api.ts';
import { handleApiRequest } from '../../src/api/main.ts';
import { ApiRequest } from '../../src/api/request.ts';
import { emptyValues, parseQueryString } from '../../src/server/request-reader.ts';
import { openSqliteStore } from '../../src/store/sqlite/index.ts';
import type { Store } from '../../src/store/store.ts';
import { botPasswordGrants } from '../../src/wiki/grants.ts';
import { differences } from '../conformance/lib/compare.ts';
import { RECORDED_DIR } from '../conformance/lib/cases.ts';
import type { RecordedArea, RecordedSingle } from '../conformance/lib/exchange.ts';
import { BOT_PASSWORDS_FILE, loadExtraBotPasswords } from '../conformance/lib/bot-passwords.ts';
import { normaliseJson } from '../conformance/lib/normalise.ts';
import { apiOver } from '../support/in-process.ts';
import { fixtureDb, skipWithoutFixture, type Json } from '../support/fixture-wiki.ts';

/** The recorder's requests: Node's fetch sends `Accept-Language: *`, which userinfo's acceptlang shows. */
const HEADERS = { host: '127.0.0.1:8081', 'user-agent': 'wikiquery-conformance/1.0', accept: '*/*', 'accept-language': '*' };

function request(qs: string, ip = '127.0.0.1'): ApiRequest {
  const values = parseQueryString(qs, emptyValues(), true);
  return new ApiRequest('GET', values.values, HEADERS, ip, `/wiki/api.php?${qs}`, values.cleaned);
}

/** The callers' cases this part answers: userinfo, limits, paraminfo's per-caller limits, assert. */
const OWN_LABELS = [
  'userinfo',
  'userinfo every prop',
  'userinfo every prop fv2',
  'info too many pageids',
  'allpages',
  'allpages limit max',
  'allpages limit 5000',
  'allpages limit 501 fv2',
  'backlinks limit max',
  'backlinks limit 5000',
  'embeddedin limit max',
  'categorymembers limit max',
  'categorymembers limit 5000 fv2',
  'links limit max',
  'categories hidden limit max',
  'templates limit max',
  'siteinfo general usergroups',
  'siteinfo usergroups fv2',
  'paraminfo links',
  'assert user',
  'assert bot',
  'assert anon',
  'assertuser other',
];

const recorded = JSON.parse(readFileSync(`${RECORDED_DIR}/callers.json`, 'utf8')) as RecordedArea;
const cases = recorded.cases.filter((c): c is RecordedSingle => 'json' in c && c.caller !== 'anon' && c.caller !== undefined);

function callerLabel(c: RecordedSingle): string {
  return typeof c.caller === 'object' ? c.caller.user : 'anon';
}

describe('logged-in callers as MediaWiki 1.39 saw them', { skip: skipWithoutFixture }, () => {
  let store: Store;
  let api: Api;
  const callers = new Map<string, Caller>();

  before(async () => {
    store = openSqliteStore(fixtureDb);
    api = await apiOver(store);
  });
  after(() => store.close?.());

  async function identityOf(login: string): Promise<CallerIdentity> {
    const [user, appId] = login.split('@') as [string, string | undefined];
    const userId = await store.users.idByName(user);
    if (appId === undefined) return { userId, name: user };
    // The fixture's own bot passwords, then those the conformance cases add (data/bot-passwords.json).
    const extra = loadExtraBotPasswords(BOT_PASSWORDS_FILE).find((b) => b.user === user && b.appId === appId);
    const grants = extra ? extra.grants : botPasswordGrants(fixtureGrants(userId, appId));
    return { userId, name: user, botPassword: { appId, grants } };
  }

  function fixtureGrants(userId: number, appId: string): string {
    // The importer bot password: grants as the fixture stores them.
    assert.equal(`${userId}@${appId}`, '10@importer');
    return '["basic","highvolume","editpage","createeditmovepage","uploadfile"]';
  }

  async function callerOf(login: string): Promise<Caller> {
    let caller = callers.get(login);
    if (!caller) callers.set(login, (caller = await callerFor(api.services, await identityOf(login), request('action=query'))));
    return caller;
  }

  async function answer(c: RecordedSingle): Promise<Json> {
    const caller = await callerOf(callerLabel(c));
    const response = await handleApiRequest(api, request(c.query), { caller });
    return JSON.parse(typeof response.body === 'string' ? response.body : Buffer.from(response.body).toString('utf8'));
  }

  test('each account\'s groups, implicit groups and rights are those userinfo recorded, in order', async () => {
    const checked: string[] = [];
    for (const c of cases.filter((c) => c.case.endsWith(': userinfo every prop'))) {
      const login = callerLabel(c);
      const expected = (c.json as Json).query.userinfo;
      const caller = await callerOf(login);
      assert.equal(caller.id, expected.id, login);
      assert.equal(caller.name, expected.name, login);
      assert.deepEqual(caller.groups, expected.groups, login);
      assert.deepEqual(caller.implicitGroups, expected.implicitgroups, login);
      assert.deepEqual([...caller.rights], expected.rights, login);
      checked.push(login);
    }
    assert.equal(checked.length, 10);
  });

  for (const label of OWN_LABELS) {
    test(`"${label}" as each caller`, async () => {
      const own = cases.filter((c) => c.case.endsWith(`: ${label}`));
      assert.ok(own.length >= 10, `${own.length} cases of ${label}`);
      const problems: string[] = [];
      for (const c of own) {
        const diffs = differences(normaliseJson(await answer(c)), normaliseJson(c.json));
        if (diffs.length) problems.push(`${c.case}:\n  ${diffs.slice(0, 8).join('\n  ')}`);
      }
      assert.deepEqual(problems, []);
    });
  }

  test('a hidden-name block hides the account from the public central id lookup, not from its owner', async () => {
    const spammer = await callerOf('Spammer1234');
    const info = await answer({ caller: { user: 'Spammer1234', password: '' }, query: 'action=query&format=json&meta=userinfo&uiprop=centralids|blockinfo' } as RecordedSingle);
    assert.equal(spammer.id, 14);
    assert.equal(info.query.userinfo.centralids.local, 0);
    assert.equal(info.query.userinfo.blockreason, 'Spambot');
  });
});

describe('blocks and settings a logged-in caller meets', { skip: skipWithoutFixture }, () => {
  let store: Store;
  let api: Api;

  before(async () => {
    store = openSqliteStore(fixtureDb);
    api = await apiOver(store);
  });
  after(() => store.close?.());

  async function callerAt(name: string, ip: string, services = api.services): Promise<Caller> {
    return callerFor(services, { userId: await store.users.idByName(name), name }, request('action=query', ip));
  }

  async function blockInfo(caller: Caller, ip: string): Promise<Json> {
    const response = await handleApiRequest(api, request('action=query&format=json&meta=userinfo&uiprop=blockinfo|groups|rights|ratelimits', ip), { caller });
    return JSON.parse(String(response.body)).query.userinfo;
  }

  test('address blocks apply to accounts unless anon-only, and not to callers with ipblock-exempt', async () => {
    // 192.0.2.10: a partial hard block (10); 192.0.2.55: anon-only (3); 198.51.100.0/24: a range block (4).
    assert.equal((await blockInfo(await callerAt('Bob', '192.0.2.10'), '192.0.2.10')).blockid, 10);
    assert.equal((await blockInfo(await callerAt('Bob', '192.0.2.10'), '192.0.2.10')).blockpartial, '');
    assert.equal((await blockInfo(await callerAt('Bob', '198.51.100.23'), '198.51.100.23')).blockid, 4);
    assert.equal((await blockInfo(await callerAt('Bob', '192.0.2.55'), '192.0.2.55')).blockid, undefined);
    assert.equal((await blockInfo(await callerAt('Alice', '198.51.100.23'), '198.51.100.23')).blockid, undefined);
  });

  test('a blocked account at a blocked address has a composite block', async () => {
    const info = await blockInfo(await callerAt('Mallory', '198.51.100.23'), '198.51.100.23');
    assert.equal(info.blockid, null);
    assert.equal(info.blockreason, 'There are multiple blocks against your account and/or IP address');
    assert.equal(info.blockexpiry, 'infinite');
  });

  test('a partial block comes with its pages and namespaces', async () => {
    const block = await callerBlock(api.services, await callerAt('Trudy', '127.0.0.1'));
    assert.equal(block?.sitewide, false);
    assert.deepEqual(block?.restrictions, { pageIds: [75, 220], namespaces: [10, 14] });
  });

  test('$wgBlockDisablesLogin leaves a blocked account what anonymous callers may do', async () => {
    const strict = await apiOver(store);
    (strict.services.site as { blockDisablesLogin?: boolean }).blockDisablesLogin = true;
    const mallory = await callerAt('Mallory', '127.0.0.1', strict.services);
    assert.deepEqual([...mallory.rights], ['createaccount', 'read', 'edit', 'createpage', 'createtalk', 'writeapi', 'viewmywatchlist', 'editmywatchlist', 'viewmyprivateinfo', 'editmyprivateinfo', 'editmyoptions']);
    assert.ok((await callerAt('Bob', '127.0.0.1', strict.services)).rights.has('move'));
  });

  test('a newer account is a newbie when the site asks for edits to be autoconfirmed', async () => {
    const strict = await apiOver(store);
    (strict.services.site as { autoConfirmCount?: number }).autoConfirmCount = 10;
    const zed = await callerAt('Zed', '127.0.0.1', strict.services);
    assert.deepEqual(zed.groups, ['*', 'user']);
    const response = await handleApiRequest(strict, request('action=query&format=json&meta=userinfo&uiprop=ratelimits'), { caller: zed });
    const limits = JSON.parse(String(response.body)).query.userinfo.ratelimits;
    assert.deepEqual(Object.keys(limits.edit), ['user', 'ip', 'newbie']);
  });

  test('JSONP, origin=* and Treat-as-Untrusted requests run logged out', async () => {
    const alice = await callerAt('Alice', '127.0.0.1');
    for (const qs of ['action=query&format=json&meta=userinfo&callback=cb', 'action=query&format=json&meta=userinfo&origin=*']) {
      const response = await handleApiRequest(api, request(qs), { caller: alice });
      assert.match(String(response.body), /"id":0,"name":"127\.0\.0\.1","anon":""/);
    }
  });

  test('a block cookie carries an autoblocking user block to whoever uses the browser next, as MediaWiki\'s BlockID does', async () => {
    const site = api.services.site;
    const secretKey = site.secretKey;
    (site as { secretKey: string }).secretKey = 'f1x7ure0000000000000000000000000000000000000000000000000000000001';
    try {
      // Mallory's block autoblocks: her requests set the cookie, for a day at most.
      const change = await blockCookieChange(api.services, await callerAt('Mallory', '127.0.0.1'));
      // PHP's hash_hmac('whirlpool', '1', $wgSecretKey).
      const value = '1!13dbeaeffe3c8863cbf375c38ad2cc6eb2ebd8eca9c9027d4a5a65a0f41761d8bdaae87d478f82e47d806ee32749f10e8bd2df5efece7704ab804967e11f01cb';
      assert.equal(change && 'set' in change ? change.set : change, value);
      assert.ok(change && 'set' in change && Math.abs(change.expires - (Date.now() / 1000 + 86400)) < 60);
      // Trudy's partial block does not autoblock.
      assert.equal(await blockCookieChange(api.services, await callerAt('Trudy', '127.0.0.1')), null);

      const anonymous = { ...anonymousCaller(site, '127.0.0.1'), blockCookie: value };
      assert.equal((await blockInfo(anonymous, '127.0.0.1')).blockid, 1);
      assert.equal(await blockCookieChange(api.services, anonymous), null, 'a cookie still applying is kept');
      const bob = { ...(await callerAt('Bob', '127.0.0.1')), blockCookie: value };
      assert.equal((await callerBlock(api.services, bob))?.id, 1);
      const alice = { ...(await callerAt('Alice', '127.0.0.1')), blockCookie: value };
      assert.equal(await callerBlock(api.services, alice), null, 'ipblock-exempt');

      const forged = { ...anonymousCaller(site, '127.0.0.1'), blockCookie: '1!0000' };
      assert.equal(await callerBlock(api.services, forged), null);
      assert.deepEqual(await blockCookieChange(api.services, forged), { clear: true, httpOnly: false });
    } finally {
      (site as { secretKey: string }).secretKey = secretKey;
    }
  });
});
