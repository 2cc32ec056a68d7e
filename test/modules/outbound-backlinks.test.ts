import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqlLinkStore } from '../../src/store/sql/links.ts';
import { externalLinkSearch } from '../../src/modules/prop/extlinks.ts';
import { skipWithoutFixture } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

describe('list=exturlusage, iwbacklinks, langbacklinks on SQLite', { skip: skipWithoutFixture }, () => {
  test('every statement reads its table through an index', async () => {
    const plans = await queryPlans(async (links) => {
      for (const table of ['iwlinks', 'langlinks'] as const) {
        const base = { table, prefix: null, title: null, continueAt: null, descending: false, limit: 11 };
        await links.outboundTargetUses(base);
        await links.outboundTargetUses({ ...base, descending: true, continueAt: { prefix: 'de', title: 'B', from: 3 } });
        await links.outboundTargetUses({ ...base, prefix: 'de' });
        await links.outboundTargetUses({ ...base, prefix: 'de', continueAt: { prefix: 'de', title: 'B', from: 3 } });
        await links.outboundTargetUses({ ...base, prefix: 'de', title: 'Berlin', continueAt: { prefix: 'de', title: 'Berlin', from: 3 } });
      }
      const none = { index60Equals: null, index60Like: null, indexLike: null };
      const base = { filter: none, index60Range: null, withoutRelativeCopies: true, namespaces: null, byIndex: true, continueAt: null, limit: 11 };
      await links.externalLinkUses(base);
      await links.externalLinkUses({ ...base, namespaces: [0, 2], continueAt: { index60: 'https://org.', id: 5 } });
      const search = externalLinkSearch('*.example.org', 'https://')!;
      await links.externalLinkUses({ ...base, withoutRelativeCopies: false, filter: search, index60Range: { from: 'https://org.example.', before: 'https://org.example/' } });
      const long = externalLinkSearch(`example.org/${'x'.repeat(60)}`, 'https://')!;
      await links.externalLinkUses({ ...base, withoutRelativeCopies: false, filter: long, byIndex: false, continueAt: { index60: null, id: 5 } });
    });
    assert.equal(plans.length, 14);
    for (const plan of plans) {
      assert.doesNotMatch(plan, /\bSCAN (iwlinks|langlinks|externallinks)\b(?! USING (COVERING )?INDEX)/, plan);
      assert.match(plan, /SEARCH (iwlinks|langlinks|externallinks) USING/, plan);
      // External links come in the index's order: nothing sorted, whatever the page filter.
      if (plan.includes('FROM externallinks')) assert.doesNotMatch(plan, /TEMP B-TREE/, plan);
    }
  });
});

/** EXPLAIN QUERY PLAN of every statement the store runs inside `work`. */
function queryPlans(work: (links: SqlLinkStore) => Promise<void>): Promise<string[]> {
  return sqliteQueryPlans((db) => work(new SqlLinkStore(db)));
}
