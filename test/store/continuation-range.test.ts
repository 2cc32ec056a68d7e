// A continuation in time order starts the index range at the continuation, not at the index's end:
// on a large wiki a deep rccontinue or lecontinue otherwise reads every newer row first.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LogEventsQuery } from '../../src/store/logging.ts';
import type { RecentChangesQuery } from '../../src/store/recent-changes.ts';
import { SqlLoggingStore } from '../../src/store/sql/logging.ts';
import { EARLIEST, LATEST, SqlRecentChangesStore, rangeStart } from '../../src/store/sql/recent-changes.ts';
import { skipWithoutFixture } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

describe('rangeStart', () => {
  test('the nearer of start and continuation in the direction of travel', () => {
    assert.equal(rangeStart(false, null, null), LATEST);
    assert.equal(rangeStart(true, null, null), EARLIEST);
    assert.equal(rangeStart(false, '20250101000000', null), '20250101000000');
    assert.equal(rangeStart(false, null, '20240101000000'), '20240101000000');
    assert.equal(rangeStart(false, '20250101000000', '20240101000000'), '20240101000000');
    assert.equal(rangeStart(false, '20230101000000', '20240101000000'), '20230101000000');
    assert.equal(rangeStart(true, '20250101000000', '20240101000000'), '20250101000000');
    assert.equal(rangeStart(true, '20230101000000', '20240101000000'), '20240101000000');
    // Not comparable here: the start stays, the continuation's own condition still holds.
    assert.equal(rangeStart(false, '20250101000000', 'junk'), '20250101000000');
  });
});

describe('continuation bounds the timestamp range', { skip: skipWithoutFixture }, () => {
  test('recentchanges and logging bind the continuation timestamp as the range bound', async () => {
    const changes: RecentChangesQuery = {
      newer: false, start: null, end: null, from: { timestamp: '20250110000000', id: 5 }, types: [0, 1, 3, 6], namespaces: null, title: null,
      minor: null, bot: null, anon: null, redirect: null, patrolledIs: [], patrolledIsNot: [], topOnly: false, performer: null,
      excludedPerformer: null, performerHiddenMask: 0, logActionHiddenMask: 0, limit: 11,
    };
    const logs: LogEventsQuery = {
      newer: false, type: null, action: null, hiddenTypes: [], start: null, end: null, from: { timestamp: '20250110000000', id: 5 },
      performer: null, namespace: null, title: null, titlePrefix: null, titleHiddenMask: 0, performerHiddenMask: 0, limit: 11,
    };
    const plans = await sqliteQueryPlans(async (db) => {
      db.onQuery = ((record) => (sql: string, params: unknown[]) => {
        record?.(sql, params);
        // The first parameter is the range bound of the timestamp index.
        assert.equal(params[0], '20250110000000', sql);
      })(db.onQuery);
      await new SqlRecentChangesStore(db).recentChanges(changes);
      await new SqlLoggingStore(db).logEvents(logs);
    });
    assert.match(plans[0]!, /SEARCH recentchanges USING INDEX rc_timestamp \(rc_timestamp<\?\)/);
    assert.match(plans[1]!, /SEARCH logging USING INDEX log_times \(log_timestamp<\?\)/);
  });
});
