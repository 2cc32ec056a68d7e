// list=querypage over the fixture wiki: the live pages ($wgMiserMode off, as the fixture) and the
// querycache rows updateSpecialPages.php stored (miser mode), with answers seen on MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqlQueryPageStore } from '../../src/store/sql/query-pages.ts';
import { QUERY_PAGES, type QueryPageName } from '../../src/store/query-pages.ts';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';

const skip = skipWithoutFixture;

describe('list=querypage, live (the fixture: no miser mode)', { skip }, () => {
  const { api } = useFixtureServer({ params: 'action=query&format=json&formatversion=2' });

  test('a page with values: value, then ns and title; no cache fields', async () => {
    const r = await api('list=querypage&qppage=Mostinterwikis&qplimit=2');
    assert.deepEqual(r.query.querypage, {
      name: 'Mostinterwikis',
      results: [
        { value: '4', ns: 0, title: 'Earth' },
        { value: '3', ns: 0, title: 'Cat' },
      ],
    });
    assert.deepEqual(r.continue, { qpoffset: 2, continue: '-||' });
  });

  test("the page's own columns come as databaseResult, as text or null", async () => {
    const r = await api('list=querypage&qppage=Listredirects&qplimit=2');
    assert.deepEqual(r.query.querypage.results[1], {
      ns: 0,
      title: 'Broken redirect',
      databaseResult: { rd_namespace: '0', rd_title: 'Nonexistent_target', rd_fragment: '', rd_interwiki: '', redirid: null },
    });
  });

  test('timestamps of Ancientpages and Unusedimages', async () => {
    const r = await api('list=querypage&qppage=Unusedimages');
    assert.deepEqual(r.query.querypage.results[0], { value: '20250107235922', timestamp: '2025-01-07T23:59:22Z', ns: 6, title: 'File:Unused image.png' });
  });

  test('Unwatchedpages needs the unwatchedpages right', async () => {
    const r = await api('list=querypage&qppage=Unwatchedpages');
    assert.equal(r.error.code, 'specialpage-cantexecute');
  });

  test('AllInfoboxes lists templates with infobox page props: none on the fixture', async () => {
    const r = await api('list=querypage&qppage=AllInfoboxes');
    assert.deepEqual(r.query.querypage, { name: 'AllInfoboxes', results: [] });
  });

  test('as a generator: the titles, existing or not, and the page name', async () => {
    const r = await api('generator=querypage&gqppage=Wantedtemplates');
    assert.deepEqual(r.query.querypage, { name: 'Wantedtemplates' });
    assert.deepEqual(r.query.pages, [{ ns: 10, title: 'Template:Nonexistent template', missing: true }]);
  });
});

describe('list=querypage in miser mode (querycache)', { skip }, () => {
  const { api } = useFixtureServer({ params: 'action=query&format=json&formatversion=2', site: { miserMode: true } });

  test('an expensive page answers the cached rows, when they were cached and how many are kept', async () => {
    const r = await api('list=querypage&qppage=Ancientpages&qplimit=4&qpoffset=1');
    assert.deepEqual(r.query.querypage, {
      name: 'Ancientpages',
      cached: true,
      cachedtimestamp: '2025-01-16T08:35:22Z',
      maxresults: 1000,
      // querycache keeps Ancientpages' timestamps as seconds since 1970.
      results: [
        { value: '1736330522', timestamp: '2025-01-08T10:02:02Z', ns: 0, title: 'Iron' },
        { value: '1736337326', timestamp: '2025-01-08T11:55:26Z', ns: 0, title: 'Lithium' },
        { value: '1736339807', timestamp: '2025-01-08T12:36:47Z', ns: 0, title: 'Dog' },
        { value: '1736344705', timestamp: '2025-01-08T13:58:25Z', ns: 0, title: 'Dolphin' },
      ],
    });
    assert.deepEqual(r.continue, { qpoffset: 5, continue: '-||' });
  });

  test('cached rows have only namespace, title and value (no databaseResult)', async () => {
    const mostLinked = await api('list=querypage&qppage=Mostlinked&qplimit=4&qpoffset=1');
    assert.deepEqual(mostLinked.query.querypage.results, [
      { value: '81', ns: 4, title: 'Fixture Wiki:Verifiability' },
      { value: '23', ns: 3, title: 'User talk:Admin' },
      { value: '22', ns: 2, title: 'User:Admin' },
      { value: '22', ns: 0, title: 'Venus' },
    ]);
    const doubleRedirects = await api('list=querypage&qppage=DoubleRedirects&qplimit=4&qpoffset=1');
    assert.deepEqual(doubleRedirects.query.querypage.results, [
      { value: '1', ns: 0, title: 'Loop A' },
      { value: '2', ns: 0, title: 'The Red Planet' },
    ]);
  });

  test('each page reads the cache in its own order', async () => {
    const wanted = await api('list=querypage&qppage=Wantedcategories&qplimit=2');
    assert.deepEqual(wanted.query.querypage.results.map((p: Json) => [p.value, p.title]), [
      ['13', 'Category:Pages with broken file links'],
      ['12', 'Category:Uncreated category'],
    ]);
    const media = await api('list=querypage&qppage=MediaStatistics&qplimit=4&qpoffset=1');
    assert.deepEqual(media.query.querypage.results.map((p: Json) => p.title), [
      'Media:BITMAP;image/jpeg;2;5855',
      'Media:BITMAP;image/png;17;13860',
      'Media:DRAWING;image/svg+xml;1;324',
    ]);
    const gadgets = await api('list=querypage&qppage=GadgetUsage&qpoffset=1');
    assert.deepEqual(gadgets.query.querypage.results.map((p: Json) => p.title), ['gadget-Clock', 'gadget-Cleanup', 'gadget-HotTools']);
  });

  test('cheap pages stay live', async () => {
    const r = await api('list=querypage&qppage=Longpages&qplimit=1&qpoffset=1');
    assert.deepEqual(r.query.querypage, { name: 'Longpages', results: [{ value: '875', ns: 0, title: 'Python (programming language)' }] });
    const categories = await api('list=querypage&qppage=Mostlinkedcategories&qplimit=1');
    assert.equal(categories.query.querypage.cached, undefined);
  });

  test('a page never cached has no cachedtimestamp', async () => {
    const r = await api('list=querypage&qppage=AllInfoboxes');
    assert.deepEqual(r.query.querypage, { name: 'AllInfoboxes', cached: true, maxresults: 1000, results: [] });
  });

  test('formatversion 1 writes the cached flag as an empty string', async () => {
    const r = await api('list=querypage&qppage=Unusedimages&qpoffset=1&formatversion=1');
    assert.equal(r.query.querypage.cached, '');
    assert.deepEqual(r.query.querypage.results, [
      { value: '1736312087', timestamp: '2025-01-08T04:54:47Z', ns: 6, title: 'File:Saturn globe.png' },
    ]);
  });
});

describe('query page store', { skip }, () => {
  test('Uncategorizedcategories leaves out the exception list of MediaWiki:Uncategorized-categories-exceptionlist', async () => {
    await sqliteQueryPlans(async (db) => {
      const store = new SqlQueryPageStore(db);
      const query = { page: 'Uncategorizedcategories' as const, contentNamespaces: [0], offset: 0, limit: 3 };
      const titles = async (exceptions: string[]) => (await store.live({ ...query, exceptions })).map((row) => row.title);
      assert.deepEqual(await titles([]), ['Cities', 'Empty_category', 'Fixture_Wiki']);
      assert.deepEqual(await titles(['Cities', "Empty_category's"]), ['Empty_category', 'Fixture_Wiki', 'Images']);
    });
  });
});

describe('list=querypage query plans (SQLite)', { skip }, () => {
  const liveQuery = (page: QueryPageName) => ({ page, contentNamespaces: [0], exceptions: [], offset: 0, limit: 11 });

  test('the cheap pages read an index in order and sort nothing', async () => {
    for (const page of ['Longpages', 'Shortpages', 'Mostlinkedcategories'] as const) {
      const [plan] = await sqliteQueryPlans(async (db) => {
        await new SqlQueryPageStore(db).live(liveQuery(page));
      });
      assert.match(plan!, /SEARCH (page|category) USING INDEX (page_redirect_namespace_len|cat_pages)/, plan);
      assert.doesNotMatch(plan!, /TEMP B-TREE|SCAN/, plan);
    }
  });

  test('the cache is read through its (type, value) index, and the info by type', async () => {
    const plans = await sqliteQueryPlans(async (db) => {
      const store = new SqlQueryPageStore(db);
      await store.cached({ page: 'Fewestrevisions', order: 'value', offset: 0, limit: 11 });
      await store.cached({ page: 'Mostlinked', order: 'value-descending', offset: 0, limit: 11 });
      await store.cachedTimestamp('Mostlinked');
    });
    for (const plan of plans) {
      assert.match(plan, /SEARCH querycache(_info)? USING INDEX (qc_type|sqlite_autoindex_querycache_info_1)/, plan);
      assert.doesNotMatch(plan, /TEMP B-TREE|SCAN/, plan);
    }
    // The Wanted pages' cache order (value DESC, namespace, title) sorts the rows of one type,
    // at most $wgQueryCacheLimit of them, after the index gave them by value.
    const [wanted] = await sqliteQueryPlans(async (db) => {
      await new SqlQueryPageStore(db).cached({ page: 'Wantedpages', order: 'value-descending-then-title', offset: 0, limit: 11 });
    });
    assert.match(wanted!, /SEARCH querycache USING INDEX qc_type \(qc_type=\?\)\nUSE TEMP B-TREE FOR (RIGHT PART|LAST 2 TERMS) OF ORDER BY/, wanted);
  });

  test('the expensive pages walk a whole namespace or link table by nature, every join through an index', async () => {
    // MediaWiki marks them expensive (miser mode shows querycache instead): counting every link,
    // anti-joining every page of a namespace or sorting by a computed value reads the whole set,
    // whatever the index. Each step still reads an index; no table is read without one.
    for (const page of QUERY_PAGES) {
      if (['Longpages', 'Shortpages', 'Mostlinkedcategories'].includes(page)) continue;
      const [plan] = await sqliteQueryPlans(async (db) => {
        await new SqlQueryPageStore(db).live(liveQuery(page));
      });
      for (const line of plan!.split('\n').slice(1)) {
        assert.match(line, /^(SEARCH \w+ USING (COVERING )?INDEX|SEARCH \w+ USING INTEGER PRIMARY KEY|SCAN \w+ USING (COVERING )?INDEX|USE TEMP B-TREE)/, `${page}: ${plan}`);
      }
    }
  });
});
