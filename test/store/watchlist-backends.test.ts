// list=watchlist answers the same on MariaDB and PostgreSQL as on SQLite, where its conformance
// cases are recorded: its own watchlist for each watcher (every prop, allrev, show filters, time
// range, continuation), another's by token, and the watched titles of list=watchlistraw's store
// query, over the fixture wiki copied by `wikiquery copy`.
import assert from 'node:assert/strict';
import { callerFor, type Caller } from '../../src/api/caller.ts';
import { handleApiRequest } from '../../src/api/main.ts';
import { ApiRequest } from '../../src/api/request.ts';
import { emptyValues, parseQueryString } from '../../src/server/request-reader.ts';
import type { Store } from '../../src/store/store.ts';
import { apiOver } from '../support/in-process.ts';
import { describeSameAnswersAsSqlite } from '../support/same-as-sqlite.ts';

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

describeSameAnswersAsSqlite('list=watchlist', answers, (got, want, question) => assert.equal(storedTimestampsAsDigits(got), want, question));
