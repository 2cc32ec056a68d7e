// list=search: MediaWiki's database search engines read from their pieces (the words of a search
// for SQLite, MySQL and PostgreSQL, the snippets, the word count), and the SQLite queries' plans.
// The answers themselves are the `search` conformance area's, recorded from MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteMatch } from '../../src/store/sql/search-sqlite.ts';
import { mysqlIndexRow, mysqlMatch, mysqlNormalize } from '../../src/store/sql/search-mysql.ts';
import { postgresQuery } from '../../src/store/sql/search-postgres.ts';
import { SqlSearchStore } from '../../src/store/sql/search.ts';
import { highlightNone, highlightSimple, wordCount } from '../../src/modules/list/search-snippet.ts';
import { rebuildSearchIndex, sqliteSearchIndexState } from '../../src/import/search-index.ts';
import { fixtureDb, skipWithoutFixture } from '../support/fixture-wiki.ts';
import { sqliteQueryPlans } from '../support/query-plans.ts';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';

describe('the words of a search', () => {
  test('SearchSqlite: lower-cased, filtered, each word followed by a space, phrases and prefixes kept', () => {
    // Words are joined by a space after the space that ends each.
    assert.equal(sqliteMatch('Solar -Planet "Fixture  Press" astro* x-ray!?').match, 'solar  -planet  "fixture  press"  astro*  x-ray ');
    assert.deepEqual(sqliteMatch('astro* "a b"').terms, [
      { text: 'astro', wordStart: true, wordEnd: false },
      { text: 'a b', wordStart: true, wordEnd: true },
    ]);
    assert.equal(sqliteMatch('ｓｏｌａｒ').match, 'solar ');
    assert.equal(sqliteMatch('$%^').match, '');
  });

  test('SearchMySQL: every word required, hyphens dropped, words spelled as its index holds them', () => {
    assert.equal(mysqlMatch('Solar -planet x-ray', 4).match, '+solar  +planet  +xu800  +rayu800 ');
    assert.equal(mysqlMatch('"Ünïcode tëst" ab* v1.2', 4).match, '+"u8c3bcnu8c3afcode tu8c3abst"  +abu800*  +v1u800u82e2u800 ');
    assert.equal(mysqlNormalize('Café', 0), 'cafu8c3a9');
    // The index's texts are normalised twice, titles once (SearchUpdate and SearchMySQL::update).
    assert.deepEqual(mysqlIndexRow('x-ray a', ' an x-ray - of ', 4), { title: 'xu800 rayu800 au800', text: ' anu800 xu800 rayu800 ofu800 ' });
  });

  test('SearchPostgres: a to_tsquery expression', () => {
    assert.equal(postgresQuery('solar system'), 'solar & system');
    assert.equal(postgresQuery('solar -planet'), 'solar & ! planet');
    assert.equal(postgresQuery('solar OR planet'), 'solar | planet');
    assert.equal(postgresQuery('"solar system"'), 'solar & system');
    assert.equal(postgresQuery('Category:solar'), 'Category & solar');
  });
});

describe('search result text', () => {
  const term = (text: string, wordEnd = true) => ({ text, wordStart: true, wordEnd });

  test('highlightSimple: the last match of the first two lines holding a term, 75 characters either side', () => {
    const line = `${'a'.repeat(100)} solar ${'b'.repeat(100)}`;
    assert.equal(highlightSimple(`x\n${line}\nsolar\nSolar again`, [term('solar')]),
      // After the match: 76 bytes, and cut with an ellipsis they would not be shorter, so all stay.
      `...${'a'.repeat(74)} <span class='searchmatch'>solar</span> ${'b'.repeat(75)}\n<span class='searchmatch'>solar</span>\n`);
    assert.equal(highlightSimple('solaris <b>&', [term('solar', false)]), "<span class='searchmatch'>solar</span>is &lt;b&gt;&amp;\n");
    // Word breaks and letter case are ASCII's: a word with a non-ASCII letter next to it is not found.
    assert.equal(highlightSimple('über solar', [term('über')]), '');
  });

  test('highlightSimple cuts by bytes as MediaWiki\'s regular expressions do, and counts characters to truncate', () => {
    const line = `${'é'.repeat(40)}x solar`;
    // 81 bytes before the match: `.*` takes them, the 75 characters kept are the last ones.
    assert.equal(highlightSimple(line, [term('solar')]), `${'é'.repeat(40)}x <span class='searchmatch'>solar</span>\n`);
    const after = `solar ${'é'.repeat(60)}`;
    // `.{0,76}` after the match is 76 bytes: 37 characters and a half, the half shown as U+FFFD.
    assert.equal(highlightSimple(after, [term('solar')]), `<span class='searchmatch'>solar</span> ${'é'.repeat(37)}\uFFFD\n`);
  });

  test('highlightNone: the first two non-empty lines, 150 bytes at most', () => {
    assert.equal(highlightNone('\n\nfirst <line>\n\nsecond\nthird'), 'first &lt;line&gt;<br>second');
  });

  test('wordCount is PHP\'s str_word_count: ASCII letters, apostrophes and hyphens', () => {
    assert.equal(wordCount("Bob's x-ray, 2020 café"), 3);
    assert.equal(wordCount("'quoted' -dash-"), 2);
    assert.equal(wordCount(''), 0);
  });
});

describe('the SQLite search index', { skip: skipWithoutFixture }, () => {
  test('every statement reads the full-text index first and pages by their id', async () => {
    const plans = await sqliteQueryPlans(async (db) => {
      const store = new SqlSearchStore(db);
      await store.search({ term: 'solar', field: 'text', namespaces: [0], limit: 11, offset: 0 });
      await store.search({ term: 'solar', field: 'title', namespaces: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], limit: 11, offset: 10 });
      await store.search({ term: 'solar', field: 'text', namespaces: null, limit: 11, offset: 0 });
      await store.indexState();
    });
    // The namespace of every page is read once, a range of page ids at a time.
    const mapRead = plans.filter((plan) => plan.includes('json_group_array(page_namespace)'));
    assert.equal(mapRead.length, 1);
    assert.match(mapRead[0]!, /SEARCH page USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
    for (const plan of plans) assert.doesNotMatch(plan, /\bSCAN (page|searchindex_content)\b/, plan);
    assert.ok(plans.some((plan) => /SCAN (si|searchindex) VIRTUAL TABLE/.test(plan)));
  });

  test("the same pages, order and total as SearchSqlite's join, for every kind of search", async () => {
    const wiki = new SqliteDatabase(fixtureDb);
    try {
      const store = new SqlSearchStore(wiki);
      const reference = (term: string, field: 'text' | 'title', namespaces: readonly number[] | null, limit: number, offset: number) => {
        const { match } = sqliteMatch(term);
        const list = namespaces === null ? [] : namespaces.length === 0 ? [0] : [...namespaces];
        const where = `si.${field === 'text' ? 'si_text' : 'si_title'} MATCH ?${namespaces === null ? '' : ` AND page_namespace IN (${list.map(() => '?').join(', ')})`}`;
        const from = `FROM searchindex si CROSS JOIN page ON page_id = si.rowid WHERE ${where}`;
        const order = namespaces !== null && Math.max(namespaces.length, 1) < 10 ? 'page_namespace, page_title' : 'si.rowid';
        const pages = wiki.db.prepare(`SELECT page_id, page_namespace, page_title ${from} ORDER BY ${order} LIMIT ? OFFSET ?`).all(match, ...list, limit, offset);
        const total = wiki.db.prepare(`SELECT count(*) AS c ${from}`).pluck().get(match, ...list);
        return { pages, total };
      };
      let compared = 0;
      for (const term of ['solar', 'the', 'a', 'planet*', '"solar system"', 'solar -planet', 'zzzqx', '']) {
        for (const field of ['text', 'title'] as const) {
          for (const namespaces of [[0], [], [1], [0, 2, 4, 10], [14, 0], null, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14]]) {
            for (const [limit, offset] of [[11, 0], [3, 2], [51, 5], [2, 40], [11, 100], [5, -3]] as const) {
              const found = await store.search({ term, field, namespaces, limit, offset });
              assert.ok(found);
              const expected = reference(term, field, namespaces, limit, offset);
              const label = JSON.stringify({ term, field, namespaces, limit, offset });
              assert.deepEqual(found.pages, expected.pages, label);
              assert.equal(found.total, expected.total, label);
              compared++;
            }
          }
        }
      }
      assert.equal(compared, 8 * 2 * 7 * 6);
    } finally {
      wiki.close();
    }
  });

  test("another writer's change to the pages is seen by the next search", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wikiquery-search-'));
    try {
      const path = join(dir, 'wiki.sqlite');
      copyFileSync(fixtureDb, path);
      const wiki = new SqliteDatabase(path);
      const store = new SqlSearchStore(wiki);
      const before = await store.search({ term: 'solar', field: 'text', namespaces: [0], limit: 50, offset: 0 });
      assert.ok(before && before.total! > 1);
      const moved = before.pages[0]!;
      const writer = new Database(path);
      writer.prepare('UPDATE page SET page_namespace = 4 WHERE page_id = ?').run(moved.page_id);
      writer.close();
      const after = await store.search({ term: 'solar', field: 'text', namespaces: [0], limit: 50, offset: 0 });
      assert.equal(after!.total, before.total! - 1);
      assert.ok(!after!.pages.some((page) => page.page_id === moved.page_id));
      wiki.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('build-search-index makes a missing index again; the state says missing, stale or ready', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wikiquery-search-'));
    try {
      const path = join(dir, 'wiki.sqlite');
      copyFileSync(fixtureDb, path);
      assert.equal(sqliteSearchIndexState(path).state, 'ready');
      const db = new Database(path);
      db.exec('DROP TABLE searchindex');
      db.close();
      assert.equal(sqliteSearchIndexState(path).state, 'missing');
      assert.equal(rebuildSearchIndex(path).pages, 267);
      const state = sqliteSearchIndexState(path);
      assert.equal(state.state, 'ready');
      const again = new Database(path);
      assert.equal((again.prepare("SELECT count(*) AS n FROM searchindex WHERE si_text MATCH 'solar '").get() as { n: number }).n, 12);
      again.exec(`DELETE FROM searchindex WHERE rowid = ${state.pages}`);
      again.close();
      assert.equal(sqliteSearchIndexState(path).state, 'stale');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
