// page_props and category reads of prop=pageprops, prop=categoryinfo, list=pagepropnames and
// list=pageswithprop: their answers are covered by the conformance areas; here, their plans.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlPageStore } from '../../src/store/sql/pages.ts';
import { SqlCategoryStore } from '../../src/store/sql/categories.ts';
import { skipWithoutFixture, fixtureDb } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

/** EXPLAIN QUERY PLAN of every statement run inside `work`. */
const queryPlans = sqliteQueryPlans;

describe('page_props and category reads', { skip: skipWithoutFixture }, () => {
  test('every statement reads by an index, never scanning page_props, page or category', async () => {
    const plans = await queryPlans(async (db) => {
      const pages = new SqlPageStore(db);
      await pages.propsOf([39, 41, 143], null);
      await pages.propsOf([39, 41, 143], ['hiddencat', 'displaytitle']);
      await pages.propNames(null, 11);
      await pages.propNames('h', 11);
      await pages.withProp({ name: 'hiddencat', descending: false, from: null, limit: 11 });
      await pages.withProp({ name: 'notoc', descending: true, from: 130, limit: 11 });
      await new SqlCategoryStore(db).info(['Planets', 'Animals', 'Nope'], 'B');
    });
    assert.equal(plans.length, 7);
    for (const plan of plans) assert.doesNotMatch(plan, /\bSCAN (page_props|page|category)\b(?! USING)/, plan);
  });

  test('property names come distinct and in byte order, from the continuation on', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const pages = new SqlPageStore(db);
    assert.deepEqual(await pages.propNames('index', 3), ['index', 'newsectionlink', 'noeditsection']);
    db.close();
  });
});
