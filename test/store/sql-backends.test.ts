// The store's queries, written once (src/store/sql/), give the same answers on MariaDB and
// PostgreSQL as on SQLite: the fixture wiki is copied by `wikiquery copy` into MediaWiki's own
// schema on private servers (on MariaDB under a table prefix), and every family method is asked
// the same questions of all three stores.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseServerSkipReason, startMariaDb, startPostgres, type DatabaseServer } from '../support/database-servers.ts';
import { fixtureDb } from '../support/fixture-wiki.ts';
import { existsSync } from 'node:fs';
import { copyWiki } from '../../src/import/copy/index.ts';
import { openMariaDbStore } from '../../src/store/mariadb/executor.ts';
import { openPostgresStore } from '../../src/store/postgres/executor.ts';
import { openSqliteStore } from '../../src/store/sqlite/index.ts';
import type { Store } from '../../src/store/store.ts';

/** Every question asked of each store; answers are compared as JSON (Maps as entry lists). */
const EARTH = 75;
const QUESTIONS: [string, (store: Store) => Promise<unknown>][] = [
  ['pages.byTitles', (s) => s.pages.byTitles([{ ns: 0, dbKey: 'Earth' }, { ns: 0, dbKey: 'Mars' }, { ns: 0, dbKey: 'Nowhere' }])],
  ['pages.byIds', (s) => s.pages.byIds([1, 2, 3, EARTH, 157])],
  ['pages.redirectTargets', (s) => s.pages.redirectTargets([157, 158, 164])],
  ...(['all', 'redirects', 'nonredirects'] as const).flatMap((redirects) => [true, false].map((descending): [string, (s: Store) => Promise<unknown>] => [
    `pages.allPages ${redirects} ${descending}`,
    (s) => s.pages.allPages({ namespace: 0, descending, from: null, to: null, continueFrom: null, prefix: null, redirects, minSize: null, maxSize: null, protection: null, langlinks: 'all', limit: 500 }),
  ])),
  ['pages.allPages prefix and bounds', (s) => s.pages.allPages({ namespace: 0, descending: false, from: 'B', to: 'M', continueFrom: 'C', prefix: null, redirects: 'all', minSize: 10, maxSize: 100000, protection: null, langlinks: 'withoutlanglinks', limit: 50 })],
  ['pages.allPages prefix', (s) => s.pages.allPages({ namespace: 0, descending: true, from: null, to: null, continueFrom: null, prefix: 'Ma', redirects: 'all', minSize: null, maxSize: null, protection: null, langlinks: 'all', limit: 50 })],
  ['pages.allPages protected', (s) => s.pages.allPages({ namespace: 0, descending: false, from: null, to: null, continueFrom: null, prefix: null, redirects: 'all', minSize: null, maxSize: null, protection: { types: ['edit'], levels: ['sysop', 'autoconfirmed'], cascade: null, expiry: 'all', now: '20260101000000' }, langlinks: 'all', limit: 50 })],
  ['pages.allPages definite protection', (s) => s.pages.allPages({ namespace: 0, descending: false, from: null, to: null, continueFrom: null, prefix: null, redirects: 'all', minSize: null, maxSize: null, protection: { types: [], levels: [], cascade: 0, expiry: 'definite', now: '20260101000000' }, langlinks: 'all', limit: 50 })],
  ['pages.props', async (s) => [...(await s.pages.props([1, EARTH, 135, 141, 143], 'displaytitle'))]],
  ['pages.restrictions', (s) => s.pages.restrictions([1, EARTH, 213])],
  ['pages.protectedTitles', (s) => s.pages.protectedTitles([{ ns: 0, dbKey: 'Forbidden_title' }, { ns: 0, dbKey: 'Salted_page' }, { ns: 0, dbKey: 'Earth' }])],
  ['files.existing', async (s) => [...(await s.files.existing(['Animated.gif', 'Blue_circle.png', 'None.png']))].sort()],
  ...(['pagelinks', 'templatelinks', 'imagelinks'] as const).flatMap((table): [string, (s: Store) => Promise<unknown>][] => [
    [`links.from ${table}`, (s) => s.links.from(table, { fromIds: [1, 2, EARTH, 213], namespaces: null, targets: null, continueAt: null, descending: false, limit: 500 })],
    [`links.from ${table} filtered`, (s) => s.links.from(table, { fromIds: [52, EARTH, 213], namespaces: [0, 6, 10], targets: [{ ns: 0, dbKey: 'Mars' }, { ns: 0, dbKey: 'Jupiter' }, { ns: 10, dbKey: 'Protected_by_cascade' }, { ns: 6, dbKey: 'Blue_circle.png' }], continueAt: { from: 213, ns: 10, title: 'Z' }, descending: true, limit: 50 })],
    [`links.to ${table}`, (s) => s.links.to({ table, target: table === 'imagelinks' ? { ns: 6, dbKey: 'Blue_circle.png' } : table === 'templatelinks' ? { ns: 10, dbKey: 'Infobox' } : { ns: 0, dbKey: 'Earth' }, fromNamespaces: null, byFromNamespace: true, descending: false, after: null, redirects: 'all', limit: 500 })],
    [`links.toRedirects ${table}`, (s) => s.links.toRedirects({ table, targets: [{ ns: 0, dbKey: 'Earth' }, { ns: 10, dbKey: 'Infobox' }, { ns: 6, dbKey: 'Blue_circle.png' }], namespaces: null, byTargetNs: table !== 'imagelinks', byTargetTitle: true, byFromNamespace: false, descending: false, after: null, redirects: 'nonredirects', limit: 500 })],
  ]),
  ['links.cascadeByTemplates', (s) => s.links.cascadeByTemplates([{ ns: 10, dbKey: 'Infobox' }, { ns: 10, dbKey: 'Protected_by_cascade' }])],
  ['links.cascadeByImages', (s) => s.links.cascadeByImages(['Animated.gif', 'Blue_circle.png'])],
  ['links.protections', (s) => s.links.protections({
    pageIds: [1, EARTH, 213],
    missing: [{ ns: 0, dbKey: 'Forbidden_title' }, { ns: 0, dbKey: 'Salted_page' }, { ns: 0, dbKey: 'Earth' }],
    transcluded: [{ ns: 10, dbKey: 'Infobox' }, { ns: 10, dbKey: 'Protected_by_cascade' }, { ns: 0, dbKey: 'Earth' }],
    files: ['Animated.gif', 'Blue_circle.png'],
  })],
  ['links.protections of missing titles', (s) => s.links.protections({ pageIds: [], missing: [{ ns: 0, dbKey: 'Salted_page' }], transcluded: [{ ns: 0, dbKey: 'Salted_page' }], files: [] })],
  ...(['only', 'exclude', null] as const).map((hidden): [string, (s: Store) => Promise<unknown>] => [
    `categories.of ${hidden}`,
    (s) => s.categories.of({ fromIds: [1, 2, 3, EARTH, 124, 132, 143, 213], categories: null, continueAt: null, hidden, withHidden: true, descending: false, limit: 500 }),
  ]),
  ['categories.of named', (s) => s.categories.of({ fromIds: [EARTH, 124, 143], categories: ['Planets', 'Articles_with_unsourced_statements'], continueAt: { from: 143, to: 'B' }, hidden: null, withHidden: false, descending: true, limit: 50 })],
  ['categories.membersBySortkey', (s) => s.categories.membersBySortkey({ category: 'Articles_with_unsourced_statements', types: ['page'], namespaces: null, descending: false, start: null, end: null, after: null, limit: 500 })],
  ['categories.membersBySortkey types', (s) => s.categories.membersBySortkey({ category: 'Planets', types: ['page', 'subcat', 'file'], namespaces: null, descending: false, start: null, end: null, after: null, limit: 500 })],
  ['categories.membersBySortkey types descending', (s) => s.categories.membersBySortkey({ category: 'Planets', types: ['subcat', 'page'], namespaces: null, descending: true, start: null, end: null, after: { sortkey: Buffer.from('P'), from: 100 }, limit: 3 })],
  ['categories.membersBySortkey bounds', (s) => s.categories.membersBySortkey({ category: 'Articles_with_unsourced_statements', types: ['page'], namespaces: [0, 1], descending: true, start: Buffer.from('T'), end: Buffer.from('C'), after: { sortkey: Buffer.from('P'), from: 100 }, limit: 50 })],
  ['categories.membersByTimestamp', (s) => s.categories.membersByTimestamp({ category: 'Planets', namespaces: null, descending: false, start: '20000101000000', end: '20300101000000', after: null, limit: 500 })],
  ['revisions.pageHistory', (s) => s.revisions.pageHistory({ pageId: EARTH, dir: 'older', limit: 500 })],
  ['revisions.pageHistory bounded', (s) => s.revisions.pageHistory({ pageId: EARTH, dir: 'newer', start: { ts: '20100101000000' }, from: { ts: '20120101000000', id: 5 }, end: { ts: '20300101000000' }, hiddenMask: 1, limit: 50 })],
  ['revisions.pageHistory actor', (s) => s.revisions.pageHistory({ pageId: EARTH, dir: 'older', actor: { name: 'Mallory', exclude: true }, tagId: 1, limit: 50 })],
  ['revisions.pageHistory unknown actor', (s) => s.revisions.pageHistory({ pageId: EARTH, dir: 'older', actor: { name: 'Nobody at all', exclude: false }, limit: 50 })],
  ['revisions.latestOfPages', (s) => s.revisions.latestOfPages({ pageIds: [1, 2, 3, EARTH, 213], from: { pageId: 2, revId: 1 }, limit: 50 })],
  ['revisions.byIds', (s) => s.revisions.byIds({ revIds: [1, 2, 3, 100, 200, 300, 461], fromId: 2, limit: 5 })],
  ['revisions.pagesOf', (s) => s.revisions.pagesOf([1, 2, 3, 100])],
  ['revisions.timestampsOf', async (s) => [...(await s.revisions.timestampsOf([1, 2, 3, 100, 9999]))].sort(([a], [b]) => a - b)],
  ['revisions.tagsOf', async (s) => [...(await s.revisions.tagsOf(Array.from({ length: 461 }, (_, i) => i + 1)))]],
  ['revisions.slotsOf', async (s) => [...(await s.revisions.slotsOf([1, 2, 3, 100]))]],
  ['revisions.currentMainAddress', (s) => s.revisions.currentMainAddress({ ns: 0, dbKey: 'Earth' })],
  ['revisions.texts', async (s) => [...(await s.revisions.texts(['tt:1', 'tt:2', 'tt:100', 'tt:450']))]],
  ['revisions.slotsWithTexts', async (s) => [...(await s.revisions.slotsWithTexts([1, 2, 3, 100, 470, 471]))]],
  ['revisions.latestOfPages with slots and texts', (s) => s.revisions.latestOfPages({ pageIds: [1, 2, EARTH, 157], limit: 3, slots: { texts: true } })],
  ['revisions.byIds with slots', (s) => s.revisions.byIds({ revIds: [1, 2, 3, 100, 99999], limit: 50, slots: { texts: false } })],
  ['revisions.pageHistory with slots and texts', (s) => s.revisions.pageHistory({ pageId: EARTH, dir: 'older', limit: 5, slots: { texts: true } })],
  ['users.idByName', (s) => s.users.idByName('Alice')],
  ['users.nameById', (s) => s.users.nameById(1)],
  ['users.groupSize', (s) => s.users.groupSize('sysop', '20260101000000')],
  ['users.ipBlocks', (s) => s.users.ipBlocks({ address: '192.0.2.55', hex: 'C0000237', hexPrefix: 'C0' })],
  ['users.ipHasNewMessages', (s) => s.users.ipHasNewMessages('192.0.2.10')],
  ['watchlist.unseenCount', (s) => s.watchlist.unseenCount(3, 10)],
  ['site.interwikis', (s) => s.site.interwikis()],
  ['site.stats', (s) => s.site.stats()],
  ['site.userDefinedTags', (s) => s.site.userDefinedTags()],
  ['site.tagId', (s) => s.site.tagId('fixture-tag')],
  ['site.queuedJobs', (s) => s.site.queuedJobs()],
];

async function answers(store: Store): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  for (const [name, ask] of QUESTIONS) out.set(name, JSON.parse(JSON.stringify(await ask(store))));
  return out;
}

let sqliteAnswers: Map<string, unknown> | undefined;
async function expected(): Promise<Map<string, unknown>> {
  if (!sqliteAnswers) {
    const store = openSqliteStore(fixtureDb);
    sqliteAnswers = await answers(store);
    await store.close();
  }
  return sqliteAnswers;
}

async function assertSameAnswers(store: Store): Promise<void> {
  const want = await expected();
  const got = await answers(store);
  for (const [name] of QUESTIONS) assert.deepEqual(got.get(name), want.get(name), name);
}

const noFixture = existsSync(fixtureDb) ? undefined : 'fixture wiki missing';

describe('the store on MariaDB answers as on SQLite', { skip: noFixture ?? databaseServerSkipReason('mariadb') }, () => {
  let server: DatabaseServer;
  before(async () => {
    server = await startMariaDb();
    await copyWiki({ from: fixtureDb, to: server.url, prefix: 'mw_' });
  });
  after(() => server?.stop());

  test('every family, with a table prefix', async () => {
    const store = await openMariaDbStore(server.url, { tablePrefix: 'mw_' });
    try {
      assert.equal(store.backend, 'mysql');
      await assertSameAnswers(store);
    } finally {
      await store.close();
    }
  });
});

describe('the store on PostgreSQL answers as on SQLite', { skip: noFixture ?? databaseServerSkipReason('postgres') }, () => {
  let server: DatabaseServer;
  before(async () => {
    server = await startPostgres();
    await copyWiki({ from: fixtureDb, to: server.url });
  });
  after(() => server?.stop());

  test('every family', async () => {
    const store = await openPostgresStore(server.url);
    try {
      assert.equal(store.backend, 'postgres');
      await assertSameAnswers(store);
    } finally {
      await store.close();
    }
  });
});

