// list=logevents over the fixture wiki, with facts checked on MediaWiki 1.39; the log parameter
// rules (src/wiki/log-params.ts) and the store query's plans.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqlLoggingStore } from '../../src/store/sql/logging.ts';
import type { LogEventsQuery } from '../../src/store/logging.ts';
import { PhpArray, logEntryParameters, phpUnserialize, strtotime } from '../../src/wiki/log-params.ts';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;

describe('log parameters', () => {
  test('PHP-serialized arrays keep their key order and types; byte lengths are read as bytes', () => {
    const value = phpUnserialize('a:3:{s:9:"4::target";s:6:"Écrit";i:0;b:1;s:1:"x";a:1:{i:0;N;}}');
    assert.ok(value instanceof PhpArray);
    assert.deepEqual(value.keys(), ['4::target', 0, 'x']);
    assert.equal(value.get('4::target'), 'Écrit');
    assert.equal(value.get(0), true);
  });

  test('a blob that is not serialized is the legacy newline-separated form; associated_rev_id is set apart', () => {
    const legacy = logEntryParameters('New name\n1');
    assert.equal(legacy.legacy, true);
    assert.deepEqual(legacy.params.values(), ['New name', '1']);
    const modern = logEntryParameters('a:2:{s:9:"4::target";s:1:"A";s:17:"associated_rev_id";i:405;}');
    assert.equal(modern.associatedRevId, 405);
    assert.deepEqual(modern.params.keys(), ['4::target']);
  });

  test('block durations: absolute dates and relative amounts from the entry time', () => {
    const t = Date.UTC(2025, 0, 15) / 1000;
    assert.equal(strtotime('2099-01-01T00:00:00Z', t), Date.UTC(2099, 0, 1) / 1000);
    assert.equal(strtotime('2 weeks', t), t + 14 * 86400);
    assert.equal(strtotime('1 month', t), Date.UTC(2025, 1, 15) / 1000);
    assert.equal(strtotime('whenever', t), null);
  });
});

describe('list=logevents', { skip }, () => {
  const { api } = useFixtureServer();

  test('details in the API shape of each log type (checked on MediaWiki 1.39)', async () => {
    const r = await api('list=logevents&leprop=ids|details&lelimit=max&formatversion=2');
    const byId = new Map<number, Json>(r.query.logevents.map((e: Json) => [e.logid, e.params]));
    assert.deepEqual(byId.get(314), { target_ns: 0, target_title: 'New name', suppressredirect: false });
    assert.deepEqual(byId.get(363), {
      type: 'logging', ids: [344],
      old: { bitmask: 0, content: false, comment: false, user: false, restricted: false },
      new: { bitmask: 2, content: false, comment: true, user: false, restricted: false },
    });
    assert.deepEqual(byId.get(388)!.restrictions.pages, [{ page_ns: 0, page_title: 'Earth' }, { page_ns: 4, page_title: 'Fixture Wiki:Sandbox' }]);
    assert.equal(byId.get(388)!.expiry, '2099-12-31T00:00:00Z');
    assert.deepEqual(byId.get(31)!.oldmetadata, [{ group: 'Translators', expiry: 'infinity' }]);
  });

  test('an anonymous caller sees neither the suppression log nor what a deletion hides', async () => {
    const suppress = await api('list=logevents&letype=suppress');
    assert.deepEqual(suppress.query.logevents, []);
    const hidden = await api('list=logevents&lestart=2025-01-06T14:02:08Z&lelimit=1&leprop=ids|title|user|comment');
    assert.deepEqual(hidden.query.logevents, [{ logid: 13, actionhidden: '', userhidden: '', comment: '', suppressed: '' }]);
    const byTitle = await api('list=logevents&letitle=User:Spammer1234');
    assert.deepEqual(byTitle.query.logevents, []);
  });
});

describe('logevents store query', { skip }, () => {
  test('every filter reads a logging index in the listing order', async () => {
    const base: LogEventsQuery = {
      newer: false, type: null, action: null, hiddenTypes: ['suppress'], start: null, end: null, from: null, performer: null,
      namespace: null, title: null, titlePrefix: null, titleHiddenMask: 0, performerHiddenMask: 0, limit: 11,
    };
    const plans = await sqliteQueryPlans(async (db) => {
      const store = new SqlLoggingStore(db);
      await store.logEvents(base);
      await store.logEvents({ ...base, newer: true, start: '20250101000000', end: '20250201000000', from: { timestamp: '20250110000000', id: 5 } });
      await store.logEvents({ ...base, type: 'delete' });
      await store.logEvents({ ...base, type: 'delete', action: 'revision' });
      await store.logEvents({ ...base, performer: 'Admin', performerHiddenMask: 4 });
      await store.logEvents({ ...base, namespace: 0, title: 'Earth', titleHiddenMask: 1 });
      await store.logEvents({ ...base, namespace: 0, titlePrefix: 'Venus' });
      await store.logEvents({ ...base, tagId: 3 });
    });
    for (const plan of plans) {
      assert.doesNotMatch(plan, /SCAN logging\b(?! USING INDEX)|SCAN (actor|comment|page)\b/, plan);
    }
    // The newest entries come from the timestamp index without sorting.
    assert.match(plans[0]!, /(SCAN|SEARCH) logging USING INDEX log_times/);
    assert.doesNotMatch(plans[0]!, /TEMP B-TREE/);
    assert.match(plans[4]!, /log_actor_time|log_actor_type_time/);
  });
});
