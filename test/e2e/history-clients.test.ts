// Real clients' history calls (mwn, nodemw from npm) against a running wikiquery over the fixture
// wiki: a user's contributions, every revision of the wiki, with their continuations.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { Mwn } from 'mwn';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { call, nodemw } from '../support/nodemw.ts';

const skip = skipWithoutFixture;

describe('real clients read history', { skip }, () => {
  const server = useFixtureServer();

  test('mwn User.contribs and contribsGen: every revision of Bob once, newest first', async () => {
    const bot = new Mwn({ apiUrl: server.url, silent: true });
    await bot.getSiteInfo();
    const bob = new bot.User('Bob');
    const contribs = (await bob.contribs()) as Json[];
    assert.equal(contribs.length, 52);
    assert.equal(contribs[0].revid, 470);
    const walked: number[] = [];
    for await (const edit of bob.contribsGen({ uclimit: 7 })) walked.push((edit as Json).revid);
    assert.deepEqual(walked, contribs.map((c) => c.revid));
  });

  test('mwn continuedQuery over list=allrevisions reaches every revision once', async () => {
    const bot = new Mwn({ apiUrl: server.url, silent: true });
    const ids: number[] = [];
    for await (const batch of bot.continuedQueryGen({ action: 'query', list: 'allrevisions', arvlimit: 100, arvprop: 'ids' })) {
      for (const page of batch.query!.allrevisions as Json[]) for (const rev of page.revisions) ids.push(rev.revid);
    }
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(ids.length, 461);
  });

  test('nodemw getUserContribs (its empty ucnamespace and uclimit over the maximum)', async () => {
    const client = nodemw(server.url);
    const contribs = await call<Json[]>((cb) => client.getUserContribs({ user: 'Alice' }, cb));
    assert.equal(contribs.length, 73);
    assert.ok(contribs.every((c) => c.user === 'Alice'));
  });

  test('mwclient usercontributions walks Bob\'s contributions in batches', { skip: mwclientMissing() }, async () => {
    const url = new URL(server.url);
    const script = [
      'import json, sys, mwclient',
      "site = mwclient.Site(sys.argv[1] + ':' + sys.argv[2], path=sys.argv[3], scheme='http')",
      "print(json.dumps([c['revid'] for c in site.usercontributions('Bob', limit=7)]))",
    ].join('\n');
    // Not spawnSync: the server answers from this process.
    const stdout = await new Promise<string>((ok, fail) =>
      execFile('/usr/bin/python3', ['-c', script, url.hostname, url.port, url.pathname.replace(/api\.php$/, '')], { timeout: 20_000 }, (error, out, err) => (error ? fail(new Error(`${error.message}: ${err}`)) : ok(out))),
    );
    const ids = JSON.parse(stdout) as number[];
    assert.equal(ids.length, 52);
    assert.equal(new Set(ids).size, 52);
  });
});

/** Why mwclient cannot be run (Debian's python3-mwclient), or false. */
function mwclientMissing(): string | false {
  const probe = spawnSync('/usr/bin/python3', ['-c', 'import mwclient'], { encoding: 'utf8', timeout: 10_000 });
  return probe.status === 0 ? false : 'mwclient cannot be imported (apt-get install python3-mwclient)';
}
