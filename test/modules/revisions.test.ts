// prop=revisions and generator=revisions over the fixture wiki, with facts checked on MediaWiki 1.39.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlRevisionStore } from '../../src/store/sql/revisions.ts';
import { SqlLinkStore } from '../../src/store/sql/links.ts';
import { skipWithoutFixture, useFixtureServer, fixtureDb, type Json } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

const revs = (r: Json, pageId: number): Json[] => r.query.pages[pageId].revisions;

describe('prop=revisions', { skip }, () => {
  const { api } = useFixtureServer();

  test('without rvlimit only the latest revision of each page is shown', async () => {
    const r = await api('prop=revisions&titles=Earth|Mars');
    assert.deepEqual(revs(r, 75), [{ revid: 470, parentid: 461, user: 'Bob', timestamp: '2025-01-16T05:23:03Z', comment: 'Late edit 0' }]);
    assert.equal(revs(r, 76)[0].revid, 471);
    assert.equal(r.batchcomplete, '');
  });

  test('rvcontinue round-trips: timestamp|revid for one page', async () => {
    const first = await api('prop=revisions&titles=Earth&rvlimit=3&rvprop=ids');
    assert.deepEqual(first.continue, { rvcontinue: '20250111075214|251', continue: '||' });
    const next = await api(`prop=revisions&titles=Earth&rvlimit=3&rvprop=ids&rvcontinue=${first.continue.rvcontinue}&continue=||`);
    assert.deepEqual(revs(next, 75).map((x: Json) => x.revid), [251, 250, 249]);
  });

  test("rvcontinue's ids are PHP's (int), and in a history (int)$id == $id must hold", async () => {
    const byRevids = await api('prop=revisions&revids=450|471&rvprop=ids&rvcontinue=4.71e2');
    assert.deepEqual(revs(byRevids, 76).map((x: Json) => x.revid), [471]);
    const byPages = await api('prop=revisions&titles=Mars|Earth&rvprop=ids&rvcontinue=7.6e1|4.71e2');
    assert.deepEqual(revs(byPages, 76).map((x: Json) => x.revid), [471]);
    assert.equal(revs(byPages, 75), undefined);
    for (const id of ['4.5e2', '450.0', ' 450']) {
      const history = await api(`prop=revisions&titles=Mars&rvlimit=1&rvprop=ids&rvcontinue=20250114220958|${encodeURIComponent(id)}`);
      assert.deepEqual(revs(history, 76).map((x: Json) => x.revid), [449], id);
    }
    const bad = await api('prop=revisions&titles=Mars&rvlimit=1&rvcontinue=20250114220958|450abc');
    assert.equal(bad.error.code, 'badcontinue');
  });

  test('rvlimit, rvuser and friends may only be used on a single page', async () => {
    const r = await api('prop=revisions&titles=Earth|Mars&rvlimit=5');
    assert.equal(r.error.code, 'invalidparammix');
    const v = await api('prop=revisions&revids=160|470&rvlimit=2');
    assert.match(v.error.info, /may not be used with the list options/);
  });

  test('anonymous callers see hidden fields flagged, suppressed revisions marked', async () => {
    const r = await api('prop=revisions&revids=451&rvprop=ids|user|comment|content|sha1&rvslots=main');
    assert.deepEqual(revs(r, 78), [
      { revid: 451, parentid: 78, userhidden: '', sha1hidden: '', slots: { main: { texthidden: '' } }, commenthidden: '', suppressed: '' },
    ]);
  });

  test('a user filter leaves out revisions whose user is hidden', async () => {
    const r = await api('prop=revisions&titles=Saturn&rvuser=Mallory&rvprop=ids|user');
    assert.equal(r.query.pages[78].revisions, undefined);
  });

  test('without rvslots the legacy content format is used, with a deprecation warning', async () => {
    const r = await api('prop=revisions&titles=Main_Page&rvprop=content');
    assert.match(r.warnings.revisions['*'], /Because "rvslots" was not specified, a legacy format has been used/);
    const rev = revs(r, 1)[0];
    assert.equal(rev.contentformat, 'text/x-wiki');
    assert.equal(rev.contentmodel, 'wikitext');
    assert.match(rev['*'], /^Welcome to the '''Fixture Wiki'''/);
  });

  test('rvsection gives one section of old revisions too; a missing one is nosuchsection', async () => {
    const r = await api('prop=revisions&revids=75&rvprop=content&rvslots=main&rvsection=1');
    assert.match(revs(r, 75)[0].slots.main['*'], /^== History ==\nThe history of Earth is long\./);
    const missing = await api('prop=revisions&titles=Earth&rvprop=content&rvslots=main&rvsection=99');
    assert.deepEqual(revs(missing, 75)[0].slots.main, { nosuchsection: '' });
  });

  test('content over 50 revisions is capped at 50 with MediaWiki\'s warning', async () => {
    const r = await api('prop=revisions&titles=Fixture_Wiki:Sandbox&rvlimit=60&rvprop=ids|content&rvslots=main');
    assert.equal(r.warnings.revisions['*'], 'The value "60" for parameter "rvlimit" must be between 1 and 50.');
  });

  test('generator=revisions yields the pages of the revisions', async () => {
    const r = await api('generator=revisions&revids=160|450');
    assert.deepEqual(Object.keys(r.query.pages), ['75', '76']);
  });
});

describe('SqlRevisionStore', { skip }, () => {
  const db = skip ? null : new SqliteDatabase(fixtureDb);
  const store = db ? new SqlRevisionStore(db) : null;
  const links = db ? new SqlLinkStore(db) : null;
  after(() => db?.close());

  test('page history is ordered by timestamp then id, bounds included', async () => {
    const rows = await store!.pageHistory({ pageId: 75, dir: 'newer', start: { ts: '20250111021132', id: 240 }, end: { ts: '20250111031749' }, limit: 10 });
    assert.deepEqual(rows.map((r) => r.rev_id), [240, 241, 242]);
  });

  test('cascading protection reaches a transcluded template', async () => {
    const rows = await links!.cascadeByTemplates([{ ns: 10, dbKey: 'Protected_by_cascade' }]);
    assert.deepEqual(rows.map((r) => [r.pr_type, r.pr_level, r.page_title]), [['edit', 'sysop', 'Cascade']]);
  });

  test('text of a content address', async () => {
    const slots = await store!.slotsOf([1]);
    const address = slots.get(1)![0]!.content_address;
    const texts = await store!.texts([address]);
    assert.match(texts.get(address)!, /^<strong>MediaWiki has been installed.<\/strong>/);
  });
});
