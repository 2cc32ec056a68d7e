// A logged-in caller is the same on MariaDB and PostgreSQL as on SQLite: the account, group, block,
// property and contribution queries behind callerFor and meta=userinfo, and the answers they make,
// over the fixture wiki copied by `wikiquery copy`.
import assert from 'node:assert/strict';
import { callerFor, type Caller } from '../../src/api/caller.ts';
import { handleApiRequest } from '../../src/api/main.ts';
import { ApiRequest } from '../../src/api/request.ts';
import { emptyValues, parseQueryString } from '../../src/server/request-reader.ts';
import type { Store } from '../../src/store/store.ts';
import { apiOver } from '../support/in-process.ts';
import { describeSameAnswersAsSqlite } from '../support/same-as-sqlite.ts';

const ACCOUNTS = ['Admin', 'Alice', 'Bob', 'Mallory', 'Trudy', 'Spammer1234', 'Ünïcode Üser', 'Zed'];
const USERINFO = 'action=query&format=json&meta=userinfo&uiprop=blockinfo|hasmsg|groups|groupmemberships|implicitgroups|rights|changeablegroups|options|editcount|ratelimits|email|realname|registrationdate|unreadcount|centralids|latestcontrib';

function request(qs: string, ip = '127.0.0.1'): ApiRequest {
  const values = parseQueryString(qs, emptyValues(), true);
  return new ApiRequest('GET', values.values, { host: '127.0.0.1:8081' }, ip, `/wiki/api.php?${qs}`, values.cleaned);
}

/** Everything asked of one store, as JSON text per question. */
async function answers(store: Store): Promise<Map<string, string>> {
  const api = await apiOver(store);
  const out = new Map<string, string>();
  const users = store.users;
  for (const name of ACCOUNTS) {
    const id = await users.idByName(name);
    out.set(`${name} store`, JSON.stringify({
      account: await users.account(id),
      groups: (await users.groupMemberships(id)).sort((a, b) => a.ug_group.localeCompare(b.ug_group)),
      blocks: await users.userBlocks(id),
      properties: await users.properties(id),
      newtalk: await users.userHasNewMessages(id),
      first: await users.editTimestamp(id, 'first'),
      last: await users.editTimestamp(id, 'last'),
      revisions: await users.revisionCount(id),
      central: await users.idAndNameHidden(name),
    }));
    const caller: Caller = await callerFor(api.services, { userId: id, name }, request('action=query'));
    const answer = await handleApiRequest(api, request(USERINFO), { caller });
    out.set(`${name} userinfo`, String(answer.body));
    // An address inside a blocked range, to read the range blocks too.
    const atRange = await callerFor(api.services, { userId: id, name }, request('action=query', '198.51.100.23'));
    const atRangeAnswer = String((await handleApiRequest(api, request('action=query&format=json&meta=userinfo&uiprop=blockinfo', '198.51.100.23'), { caller: atRange })).body);
    // A composite block is made now (its timestamp is the clock's).
    out.set(`${name} at a blocked range`, atRangeAnswer.includes('"blockid":null') ? atRangeAnswer.replace(/"blockedtimestamp(formatted)?":"[^"]*"/g, '') : atRangeAnswer);
  }
  out.set('restrictions', JSON.stringify([...(await users.blockRestrictions([6, 9, 10]))]));
  return out;
}

describeSameAnswersAsSqlite('logged-in callers', answers, (got, want, question) => assert.equal(got, want, question));
