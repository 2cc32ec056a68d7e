// prop=extlinks: its answers are covered by the conformance area; here, the plans of its reads and
// the el_index search as MediaWiki's LinkFilter builds it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlLinkStore } from '../../src/store/sql/links.ts';
import type { ExternalLinksQuery } from '../../src/store/outbound-links.ts';
import { externalLinkSearch } from '../../src/modules/prop/extlinks.ts';
import { skipWithoutFixture, fixtureDb } from '../support/fixture-wiki.ts';

test('a search is a LIKE on el_index_60, or its value when the constant part fills it', () => {
  assert.deepEqual(externalLinkSearch('example.org/100%25_Pure', 'https://'), {
    index60Equals: null,
    index60Like: 'https://org.example./100!%25!_Pure%',
    indexLike: 'https://org.example./100!%25!_Pure%',
  });
  const long = externalLinkSearch('example.com/search?q=Mr._Smith_goes_to_Washington&lang=en', null)!;
  assert.equal(long.index60Equals, 'http://com.example./search?q=Mr._Smith_goes_to_Washington&la');
  assert.equal(long.index60Like, null);
  assert.equal(externalLinkSearch('example.*.org', null), null);
});

test('a cut through a character at byte 60 leaves a LIKE on the whole characters before it', () => {
  const search = externalLinkSearch(`${'a'.repeat(43)}ü.example/`, 'https://')!;
  assert.equal(search.index60Equals, null);
  assert.equal(search.index60Like, `https://example.${'a'.repeat(43)}%`);
  assert.equal(search.indexLike, `https://example.${'a'.repeat(43)}ü./%`);
});

describe('externallinks reads', { skip: skipWithoutFixture }, () => {
  test('every statement reads the pages by el_from_index_60, never scanning externallinks', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const statements: [string, unknown[]][] = [];
    db.onQuery = (sql, params) => statements.push([sql, params]);
    const links = new SqlLinkStore(db);
    const none = { index60Equals: null, index60Like: null, indexLike: null };
    const base: ExternalLinksQuery = { fromIds: [75, 73], byFrom: true, filter: none, withoutRelativeCopies: true, byIndex: true, continueAt: null, limit: 11 };
    await links.externalLinks(base);
    await links.externalLinks({ ...base, fromIds: [75], byFrom: false, continueAt: { from: null, index60: 'https://', id: 3 } });
    await links.externalLinks({ ...base, withoutRelativeCopies: false, filter: { ...none, index60Like: 'https://%' }, continueAt: { from: 75, index60: 'https://', id: 3 } });
    await links.externalLinks({ ...base, withoutRelativeCopies: false, filter: externalLinkSearch('*.example.org', 'https://')! });
    await links.externalLinks({ ...base, withoutRelativeCopies: false, byIndex: false, filter: externalLinkSearch('example.com/search?q=Mr._Smith_goes_to_Washington&lang=en', null)! });
    assert.equal(statements.length, 5);
    for (const [sql, params] of statements) {
      const plan = (db.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
      assert.match(plan, /SEARCH externallinks USING (COVERING )?INDEX el_from_index_60/, `${sql}\n${plan}`);
      assert.doesNotMatch(plan, /\bSCAN externallinks\b/, `${sql}\n${plan}`);
    }
    db.close();
  });

  test('a search tells case apart in paths, as MediaWiki\'s databases do', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const links = new SqlLinkStore(db);
    const query = (path: string): Promise<unknown[]> =>
      links.externalLinks({ fromIds: [73], byFrom: false, filter: externalLinkSearch(`example.org/${path}`, 'https://')!, withoutRelativeCopies: false, byIndex: true, continueAt: null, limit: 5 });
    assert.equal((await query('Mercury')).length, 1);
    assert.equal((await query('mercury')).length, 0);
    db.close();
  });
});
