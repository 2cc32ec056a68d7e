// Watchlists never leak: list=watchlist and list=watchlistraw (and their generators) show a
// watchlist only to its owner, or to whoever gives the owner's watchlist token; anyone else gets
// MediaWiki's error, or their own watchlist when they name an owner without a token. What each
// caller may see is read from the fixture database. PERMISSIONS_API=<MediaWiki's api.php> runs the
// same tests against the reference, to check that they are MediaWiki's rules.
import { before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { ApiSession } from '../support/api-session.ts';
import { fixtureDb, skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';

const ALICE_TOKEN = 'fixture0watchlist0token0alice00';
const PASSWORDS: Record<string, string> = { Alice: 'alice-fixture-pw', Bob: 'bob-fixture-pw', Carol: 'carol-fixture-pw', Eve: 'eve-fixture-pw' };
const BOT = { name: 'FixtureBot@importer', password: 'importerbotpassword0123456789abc' };

/** A caller with its own cookies, whose queries skip the test for a module not served yet. */
class Session extends ApiSession {
  /** action=query as JSON (formatversion 2); null, and the test skipped, for a module not served yet. */
  async query(t: TestContext, params: string): Promise<Json | null> {
    const json = await this.request(`action=query&format=json&formatversion=2&${params}`);
    if (json.error?.code === 'notimplemented') {
      t.skip(`not implemented yet: ${json.error.info}`);
      return null;
    }
    return json;
  }
}

/** `ns:dbKey` of each page the user watches (expired watches too: a subset test stays true). */
function watchedKeys(user: string): Set<string> {
  const db = new Database(fixtureDb, { readonly: true });
  try {
    const rows = db
      .prepare('SELECT wl_namespace AS ns, CAST(wl_title AS TEXT) AS title FROM watchlist JOIN user ON user_id = wl_user WHERE CAST(user_name AS TEXT) = ?')
      .all(user) as { ns: number; title: string }[];
    return new Set(rows.map((r) => `${r.ns}:${r.title}`));
  } finally {
    db.close();
  }
}

/** `ns:dbKey` of an answer's item (`title` is the prefixed text). */
function itemKey(item: Json): string {
  const title = String(item.title);
  const text = item.ns === 0 ? title : title.slice(title.indexOf(':') + 1);
  return `${item.ns}:${text.replace(/ /g, '_')}`;
}

function itemsOf(json: Json): Json[] {
  if (json.error) assert.fail(`error ${json.error.code}: ${json.error.info}`);
  return json.query?.watchlist ?? json.watchlistraw ?? Object.values(json.query?.pages ?? {});
}

const LISTINGS = [
  'list=watchlist&wllimit=max&wlallrev=1&wlprop=title|user|comment',
  'list=watchlistraw&wrlimit=max',
  'generator=watchlist&gwllimit=max&gwlallrev=1',
  'generator=watchlistraw&gwrlimit=max',
];

/** The same listing with an owner and token, in the listing's own parameter prefix. */
function withOwner(listing: string, owner: string, token?: string): string {
  const prefix = /(?:list|generator)=watchlist(raw)?/.exec(listing)![1] ? 'wr' : 'wl';
  const g = listing.startsWith('generator') ? 'g' : '';
  return `${listing}&${g}${prefix}owner=${encodeURIComponent(owner)}${token === undefined ? '' : `&${g}${prefix}token=${encodeURIComponent(token)}`}`;
}

describe('watchlists never leak', { skip: skipWithoutFixture }, () => {
  const ours = process.env.PERMISSIONS_API ? undefined : useFixtureServer();
  const server = {
    get url(): string {
      return process.env.PERMISSIONS_API ?? ours!.url;
    },
  };
  const watched: Record<string, Set<string>> = {};
  before(() => {
    for (const user of ['Alice', 'Bob', 'Carol', 'Eve']) watched[user] = watchedKeys(user);
  });

  describe('an anonymous caller', () => {
    for (const listing of LISTINGS) {
      const refusals: [string, string][] = [
        [listing, 'notloggedin'],
        [withOwner(listing, 'Alice'), 'notloggedin'],
        [`${listing}&${listing.startsWith('generator') ? 'g' : ''}${listing.includes('raw') ? 'wr' : 'wl'}token=${ALICE_TOKEN}`, 'notloggedin'],
        [withOwner(listing, 'Alice', 'wrong'), 'bad_wltoken'],
        [withOwner(listing, 'Alice', ''), 'bad_wltoken'],
        [withOwner(listing, 'Alice', ALICE_TOKEN.toUpperCase()), 'bad_wltoken'],
        [withOwner(listing, 'Alice', `${ALICE_TOKEN} `), 'bad_wltoken'],
        [withOwner(listing, 'Bob', ALICE_TOKEN), 'bad_wltoken'],
        [withOwner(listing, 'Nobody here', ALICE_TOKEN), 'bad_wlowner'],
      ];
      for (const [query, code] of refusals) {
        test(`${query}: ${code}, and nothing of the watchlist`, async (t) => {
          const json = await new Session(server.url).query(t, query);
          if (!json) return;
          assert.equal(json.error?.code, code);
          assert.equal(json.query, undefined);
          assert.equal(json.watchlistraw, undefined);
        });
      }

      test(`${listing} with Alice's token: only Alice's watched pages`, async (t) => {
        const json = await new Session(server.url).query(t, withOwner(listing, 'Alice', ALICE_TOKEN));
        if (!json) return;
        const items = itemsOf(json);
        assert.ok(items.length > 0);
        if (listing.startsWith('list')) for (const item of items) assert.ok(watched.Alice!.has(itemKey(item)), itemKey(item));
      });
    }
  });

  describe('a logged-in caller', () => {
    for (const user of ['Bob', 'Carol', 'Eve']) {
      test(`${user} sees only their own watchlist, also when naming Alice without her token`, async (t) => {
        const session = await new Session(server.url).login(user, PASSWORDS[user]!);
        for (const listing of LISTINGS.filter((l) => l.startsWith('list'))) {
          const own = await session.query(t, listing);
          if (!own) return;
          const keys = itemsOf(own).map(itemKey);
          for (const key of keys) assert.ok(watched[user]!.has(key), `${user}'s ${listing} shows ${key}`);
          const named = await session.query(t, withOwner(listing, 'Alice'));
          assert.deepEqual(itemsOf(named!).map(itemKey), keys, `${user} naming Alice without a token gets their own watchlist`);
          const wrong = await session.query(t, withOwner(listing, 'Alice', `${ALICE_TOKEN}x`));
          assert.equal(wrong!.error?.code, 'bad_wltoken');
        }
      });
    }

    test("Alice's token gives anyone exactly what Alice sees of her watchlist", async (t) => {
      const alice = await new Session(server.url).login('Alice', PASSWORDS.Alice!);
      const bob = await new Session(server.url).login('Bob', PASSWORDS.Bob!);
      const listing = 'list=watchlist&wllimit=max&wlallrev=1&wlprop=ids|title|timestamp';
      const own = await alice.query(t, listing);
      if (!own) return;
      const byToken = await bob.query(t, withOwner(listing, 'Alice', ALICE_TOKEN));
      const anonymous = await new Session(server.url).query(t, withOwner(listing, 'Alice', ALICE_TOKEN));
      assert.deepEqual(itemsOf(byToken!), itemsOf(own));
      assert.deepEqual(itemsOf(anonymous!), itemsOf(own));
    });

    test('a bot password without the viewmywatchlist grant may not read its own watchlist, only one it has the token of', async (t) => {
      const bot = await new Session(server.url).login(BOT.name, BOT.password);
      for (const listing of LISTINGS) {
        const own = await bot.query(t, listing);
        if (!own) continue;
        assert.equal(own.error?.code, 'permissiondenied', listing);
        assert.equal(own.query, undefined);
      }
      const byToken = await bot.query(t, withOwner(LISTINGS[0]!, 'Alice', ALICE_TOKEN));
      if (!byToken) return;
      for (const item of itemsOf(byToken)) assert.ok(watched.Alice!.has(itemKey(item)));
    });
  });
});
