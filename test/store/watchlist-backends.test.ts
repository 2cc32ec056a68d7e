// list=watchlist answers the same on MariaDB and PostgreSQL as on SQLite, where its conformance
// cases are recorded: its own watchlist for each watcher (every prop, allrev, show filters, time
// range, continuation), another's by token, and the watched titles of list=watchlistraw's store
// query, over the fixture wiki copied by `wikiquery copy`.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { callerFor, type Caller } from '../../src/api/caller.ts';
import { handleApiRequest } from '../../src/api/main.ts';
import { ApiRequest } from '../../src/api/request.ts';
import { copyWiki } from '../../src/import/copy/index.ts';
import { emptyValues, parseQueryString } from '../../src/server/request-reader.ts';
import { openMariaDbStore } from '../../src/store/mariadb/executor.ts';
import { openPostgresStore } from '../../src/store/postgres/executor.ts';
import { openSqliteStore } from '../../src/store/sqlite/index.ts';
import type { Store } from '../../src/store/store.ts';
import { databaseServerSkipReason, startMariaDb, startPostgres, type DatabaseServer } from '../support/database-servers.ts';
import { fixtureDb } from '../support/fixture-wiki.ts';
import { apiOver } from '../support/in-process.ts';

const WATCHERS = ['Alice', 'Bob', 'Carol', 'Admin'];
const QUERIES = [
  'list=watchlist&wllimit=max&wlprop=ids|title|flags|user|userid|comment|parsedcomment|timestamp|patrol|sizes|notificationtimestamp|loginfo|tags',
  'list=watchlist&wllimit=max&wlallrev=1&wlprop=ids|title|timestamp|user|notificationtimestamp',
  'list=watchlist&wllimit=max&wlallrev=1&wlshow=unread|!bot&wlprop=title|timestamp',
  'list=watchlist&wllimit=max&wlallrev=1&wlshow=!unread|!anon&wlnamespace=0|1&wlprop=title',
  'list=watchlist&wllimit=7&wldir=newer&wlstart=2025-01-10T00:00:00Z&wlend=2025-01-15T00:00:00Z&wlprop=ids|title|timestamp',
  'list=watchlist&wllimit=5&wlcontinue=20250114234548|496&wlprop=ids|title',
  'list=watchlist&wllimit=max&wlallrev=1&wluser=Bob&wlprop=title|user',
  'list=watchlist&wllimit=max&wlallrev=1&wlexcludeuser=Admin&wltype=log|new&wlprop=title|user|loginfo',
  'generator=watchlist&gwllimit=max&gwlallrev=1',
];

function request(qs: string): ApiRequest {
  const values = parseQueryString(`action=query&format=json&formatversion=2&${qs}`, emptyValues(), true);
  return new ApiRequest('GET', values.values, { host: '127.0.0.1:8081' }, '127.0.0.1', `/wiki/api.php?${qs}`, values.cleaned);
}

/** Every answer, as JSON text per question. */
async function answers(store: Store): Promise<Map<string, string>> {
  const api = await apiOver(store);
  const out = new Map<string, string>();
  for (const name of WATCHERS) {
    const id = await store.users.idByName(name);
    const caller: Caller = await callerFor(api.services, { userId: id, name }, request(''));
    for (const query of QUERIES) out.set(`${name}: ${query}`, String((await handleApiRequest(api, request(query), { caller })).body));
    const titles = { userId: id, expiry: { now: '20250601000000' }, namespaces: null, changed: null, descending: false, from: null, until: null, after: null, limit: 1000 };
    out.set(`${name}: watched titles`, JSON.stringify(await store.watchlist.watchedTitles(titles)));
    out.set(`${name}: watched titles, changed, descending, in a range`, JSON.stringify(await store.watchlist.watchedTitles({
      ...titles, changed: true, descending: true, from: { ns: 1, dbKey: 'M' }, until: { ns: 0, dbKey: 'B' }, after: { ns: 1, dbKey: 'Earth' },
    })));
  }
  const anonymous = request('list=watchlist&wlowner=Alice&wltoken=fixture0watchlist0token0alice00&wllimit=max&wlprop=title|user|comment');
  out.set('by token', String((await handleApiRequest(api, anonymous)).body));
  return out;
}

/**
 * A continuation holds rc_timestamp as the database returns it, as MediaWiki's does: PostgreSQL's
 * `2025-01-11 08:45:57+00` where the others give 14 digits.
 */
function storedTimestampsAsDigits(answer: string | undefined): string | undefined {
  return answer?.replace(/"wlcontinue":"(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\+00\|/g, '"wlcontinue":"$1$2$3$4$5$6|');
}

let expected: Promise<Map<string, string>> | undefined;

async function assertSameAnswers(store: Store): Promise<void> {
  expected ??= (async () => {
    const sqlite = openSqliteStore(fixtureDb);
    try {
      return await answers(sqlite);
    } finally {
      await sqlite.close();
    }
  })();
  const want = await expected;
  const got = await answers(store);
  for (const [question, answer] of want) assert.equal(storedTimestampsAsDigits(got.get(question)), answer, question);
}

const noFixture = existsSync(fixtureDb) ? undefined : 'fixture wiki missing';

describe('list=watchlist on MariaDB', { skip: noFixture ?? databaseServerSkipReason('mariadb') }, () => {
  let server: DatabaseServer;
  before(async () => {
    server = await startMariaDb();
    await copyWiki({ from: fixtureDb, to: server.url, prefix: 'mw_' });
  });
  after(() => server?.stop());

  test('answers as on SQLite', async () => {
    const store = await openMariaDbStore(server.url, { tablePrefix: 'mw_' });
    try {
      await assertSameAnswers(store);
    } finally {
      await store.close();
    }
  });
});

describe('list=watchlist on PostgreSQL', { skip: noFixture ?? databaseServerSkipReason('postgres') }, () => {
  let server: DatabaseServer;
  before(async () => {
    server = await startPostgres();
    await copyWiki({ from: fixtureDb, to: server.url });
  });
  after(() => server?.stop());

  test('answers as on SQLite', async () => {
    const store = await openPostgresStore(server.url);
    try {
      await assertSameAnswers(store);
    } finally {
      await store.close();
    }
  });
});
