// prop=linkshere and its kin (transcludedin, fileusage, redirects: MediaWiki's ApiQueryBacklinksprop)
// over the fixture wiki, with facts checked on MediaWiki 1.39; the store's statements and their plans.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlLinkStore } from '../../src/store/sql/links.ts';
import type { BacklinksOfTitlesQuery } from '../../src/store/links.ts';
import { skipWithoutFixture, useFixtureServer, fixtureDb, type Json } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

describe('prop=linkshere', { skip }, () => {
  const { api } = useFixtureServer({ params: 'action=query&format=json&formatversion=2' });

  test('one title: pages by page id, continued by page id alone', async () => {
    const r = await api('prop=linkshere&titles=Earth&lhlimit=2');
    assert.deepEqual(r.query.pages[0].linkshere, [
      { pageid: 17, ns: 10, title: 'Template:Navbox planets', redirect: false },
      { pageid: 69, ns: 6, title: 'File:Earth globe.png', redirect: false },
    ]);
    assert.equal(r.continue.lhcontinue, '73');
  });

  test('titles in several namespaces and special pages add the namespace and title to the continuation', async () => {
    assert.equal((await api('prop=linkshere&titles=Earth|Talk:Earth&lhlimit=1')).continue.lhcontinue, '0|69');
    assert.equal((await api('prop=linkshere&titles=Earth|Special:Version&lhlimit=1')).continue.lhcontinue, '0|Earth|69');
    assert.equal((await api('prop=linkshere&titles=Earth&lhnamespace=0|6|10&lhlimit=1')).continue.lhcontinue, '0|74');
  });

  test('a walk over several titles gives each link once, as one request with lhlimit=max does', async () => {
    const query = 'prop=linkshere&titles=Earth|Mars|User:Alice|Nonexistent_planet&lhnamespace=0|2|3|10';
    const all = await api(`${query}&lhlimit=max`);
    const walked = new Map<string, string[]>();
    let cont = '';
    for (let i = 0; i < 100; i++) {
      const r = await api(`${query}&lhlimit=3${cont}`);
      for (const page of r.query.pages as Json[]) {
        for (const link of page.linkshere ?? []) walked.set(page.title, [...(walked.get(page.title) ?? []), link.title]);
      }
      if (!r.continue) break;
      cont = `&lhcontinue=${encodeURIComponent(r.continue.lhcontinue)}&continue=${encodeURIComponent(r.continue.continue)}`;
    }
    for (const page of all.query.pages as Json[]) {
      assert.deepEqual(walked.get(page.title) ?? [], (page.linkshere ?? []).map((l: Json) => l.title), page.title);
    }
  });

  test('fileusage sees only the files of the page set; redirects leaves out interwiki redirects', async () => {
    const files = await api('prop=fileusage&titles=Earth|File:Example.jpg');
    assert.deepEqual(files.query.pages.map((p: Json) => [p.title, p.fileusage?.length ?? 0]), [['File:Example.jpg', 2], ['Earth', 0]]);
    const main = await api('prop=redirects&titles=Main_Page');
    assert.equal(main.query.pages[0].redirects, undefined);
  });
});

describe('prop=redirects in miser mode', { skip }, () => {
  const { api } = useFixtureServer({ params: 'action=query&format=json&formatversion=2', site: { miserMode: true } });

  test('rdnamespace filters the rows read, so a batch may hold fewer redirects than the limit', async () => {
    const query = 'prop=redirects&titles=Earth|Talk:Earth|File:Example.jpg&rdnamespace=1|6&rdlimit=2';
    const first = await api(query);
    assert.equal(first.query.pages.some((p: Json) => p.redirects), false);
    assert.equal(first.continue.rdcontinue, '1|Earth|176');
    const second = await api(`${query}&rdcontinue=1|Earth|176&continue=||`);
    const talk = second.query.pages.find((p: Json) => p.title === 'Talk:Earth');
    assert.deepEqual(talk.redirects, [{ pageid: 176, ns: 1, title: 'Talk:Terra' }]);
    assert.equal(second.continue.rdcontinue, '6|Example.jpg|177');
  });
});

describe('LinkStore.backlinksOfTitles', { skip }, () => {
  const base: BacklinksOfTitlesQuery = {
    table: 'pagelinks',
    targets: [{ ns: 0, dbKey: 'Earth' }],
    fromNamespaces: null,
    byTargetNs: false,
    byTargetTitle: false,
    byFromNamespace: false,
    after: null,
    redirects: 'all',
    fragments: 'all',
    limit: 11,
  };
  const several = [{ ns: 0, dbKey: 'Earth' }, { ns: 0, dbKey: 'Mars' }, { ns: 2, dbKey: 'Alice' }];
  const queries: BacklinksOfTitlesQuery[] = [
    base,
    { ...base, targets: several, byTargetNs: true, byTargetTitle: true, after: { ns: 0, title: 'Mars', fromNs: 0, from: 10 } },
    { ...base, fromNamespaces: [0, 10], byFromNamespace: true, after: { ns: 0, title: 'Earth', fromNs: 0, from: 74 } },
    { ...base, fromNamespaces: [0], redirects: 'nonredirects' },
    { ...base, table: 'templatelinks', targets: [{ ns: 10, dbKey: 'Infobox' }] },
    { ...base, table: 'templatelinks', targets: [{ ns: 10, dbKey: 'Infobox' }, { ns: 10, dbKey: 'Welcome' }], byTargetTitle: true, fromNamespaces: [2, 3], byFromNamespace: true },
    { ...base, table: 'imagelinks', targets: [{ ns: 6, dbKey: 'Example.jpg' }, { ns: 6, dbKey: 'Missing_file_0.png' }], byTargetTitle: true },
    { ...base, table: 'redirect', targets: several, byTargetNs: true, byTargetTitle: true, fromNamespaces: [0, 1], fragments: 'with' },
  ];

  test('every statement reads the link tables through an index', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const statements: [string, unknown[]][] = [];
    db.onQuery = (sql, params) => statements.push([sql, params]);
    const store = new SqlLinkStore(db);
    for (const query of queries) await store.backlinksOfTitles(query);
    const plans = statements.map(([sql, params]) => {
      const rows = db.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
      return `${sql}\n${rows.map((r) => r.detail).join('\n')}`;
    });
    db.close();
    assert.ok(plans.length >= queries.length);
    for (const plan of plans) assert.doesNotMatch(plan, /\bSCAN (pagelinks|templatelinks|linktarget|imagelinks|redirect|page)\b/, plan);
  });

  test('a continuation resumes in its own namespace and skips those before it', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const store = new SqlLinkStore(db);
    const rows = await store.backlinksOfTitles({
      ...base, table: 'redirect', targets: [{ ns: 0, dbKey: 'Earth' }, { ns: 1, dbKey: 'Earth' }], byTargetNs: true,
      after: { ns: 1, title: 'Earth', fromNs: 0, from: 0 },
    });
    db.close();
    assert.deepEqual(rows.map((r) => [r.target_ns, r.page_title]), [[1, 'Terra']]);
  });
});
