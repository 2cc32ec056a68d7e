// A page's current text is read one way (page -> page_latest -> slots -> content -> text).
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openSqliteStore } from '../../src/store/sqlite/index.ts';
import { currentText } from '../../src/store/page-text.ts';
import { skipWithoutFixture, fixtureDb } from '../support/fixture-wiki.ts';

describe('currentText', { skip: skipWithoutFixture }, () => {
  const store = skipWithoutFixture ? null : openSqliteStore(fixtureDb);
  after(() => store?.close());

  test('the main slot of the latest revision, as its content address reads', async () => {
    const text = await currentText(store!, { ns: 0, dbKey: 'Main_Page' });
    const [page] = await store!.pages.byTitles([{ ns: 0, dbKey: 'Main_Page' }]);
    const slots = await store!.revisions.slotsOf([page!.page_latest]);
    const address = slots.get(page!.page_latest)!.find((s) => s.role_name === 'main')!.content_address;
    assert.equal(await store!.revisions.currentMainAddress({ ns: 0, dbKey: 'Main_Page' }), address);
    assert.equal(text, (await store!.revisions.texts([address])).get(address));
    assert.ok(text!.length > 0);
  });

  test('null for a page that does not exist', async () => {
    assert.equal(await currentText(store!, { ns: 0, dbKey: 'No_such_page_here' }), null);
  });
});
