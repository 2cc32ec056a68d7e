// The links phase in worker threads, page range by page range, gives the wiki the one-thread run
// gives it: the same link rows and ids, and a search index that answers the same and takes writes.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runImport } from '../../src/import/index.ts';
import { tableDigests } from '../../scripts/table-digest.ts';

const DUMP = join(import.meta.dirname, '../../../shared/data/ltgwiki/ltgwiki-smallwiki-latest-pages-articles.xml');
const skip = existsSync(DUMP) ? false : 'the shared ltgwiki dump is not beside the repository';

describe('links phase in workers, several page ranges (ltgwiki)', { skip }, () => {
  let dir: string;
  let oneThread: string;
  let workers: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wikiquery-links-phase-'));
    oneThread = join(dir, 'one-thread.sqlite');
    workers = join(dir, 'workers.sqlite');
    // 2,004 pages: below the size that takes workers by default; with them, seven ranges.
    const here = await runImport({ dumps: [DUMP], db: oneThread });
    assert.equal(here.ok, true, here.fatal);
    const threaded = await runImport({ dumps: [DUMP], db: workers, linkWorkers: 2 });
    assert.equal(threaded.ok, true, threaded.fatal);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('every table has the same rows, searchindex included', () => {
    const expected = tableDigests(oneThread);
    const actual = tableDigests(workers);
    for (const [table, digest] of expected) {
      // Compared by title below: the merge's INSERT OR IGNORE spends an lt_id on each title it
      // meets again (AUTOINCREMENT), where one thread looks the title up first.
      if (table === 'linktarget' || table === 'templatelinks' || table === 'sqlite_sequence') continue;
      assert.deepEqual(actual.get(table), digest, table);
    }
    assert.ok(expected.get('searchindex')!.rows > 2000);
  });

  test('link targets come in the same order, templatelinks lead to the same titles', () => {
    const read = (path: string, sql: string): string[] => {
      const db = new Database(path, { readonly: true });
      try {
        return db.prepare(sql).raw().all().map((row) => JSON.stringify(row));
      } finally {
        db.close();
      }
    };
    for (const sql of [
      'SELECT lt_namespace, lt_title FROM linktarget ORDER BY lt_id',
      'SELECT tl_from, lt_namespace, lt_title, tl_from_namespace FROM templatelinks JOIN linktarget ON lt_id = tl_target_id ORDER BY 1, 2, 3',
    ]) {
      const expected = read(oneThread, sql);
      assert.ok(expected.length > 100);
      assert.deepEqual(read(workers, sql), expected, sql);
    }
  });

  test('the merged search index answers MATCH queries as the one built in one go', () => {
    const a = new Database(oneThread, { readonly: true });
    const b = new Database(workers, { readonly: true });
    try {
      assert.equal(b.pragma('integrity_check', { simple: true }), 'ok');
      // The ranges' segments, merged, end as one: the import optimizes the index it made.
      const segments = b.prepare('SELECT count(*) FROM searchindex_segdir').pluck().get() as number;
      assert.equal(segments, 1);
      const texts = a.prepare('SELECT si_title, si_text FROM searchindex WHERE rowid % 17 = 0').raw().all() as [string, string][];
      const queries = new Set<string>();
      for (const [title, text] of texts) {
        const words = text.split(' ').filter((w) => /^[\p{L}\p{N}]{3,}$/u.test(w));
        for (const w of words.slice(0, 3)) queries.add(w).add(`${w.slice(0, 3)}*`).add(`si_text:${w}`);
        if (words.length > 1) queries.add(`"${words[0]} ${words[1]}"`);
        const t = title.split(' ').find((w) => /^[\p{L}\p{N}]{3,}$/u.test(w));
        if (t) queries.add(`si_title:${t}`).add(`si_title:${t.slice(0, 3)}*`);
      }
      const sql = 'SELECT rowid FROM searchindex WHERE searchindex MATCH ? ORDER BY rowid';
      const qa = a.prepare(sql).pluck();
      const qb = b.prepare(sql).pluck();
      let found = 0;
      for (const q of queries) {
        const expected = qa.all(q);
        assert.deepEqual(qb.all(q), expected, q);
        found += expected.length;
      }
      assert.ok(queries.size > 500 && found > queries.size, `${queries.size} queries, ${found} rows`);
    } finally {
      a.close();
      b.close();
    }
  });

  test('MediaWiki can go on writing to the merged search index', () => {
    const db = new Database(workers);
    try {
      const last = db.prepare('SELECT max(rowid) FROM searchindex').pluck().get() as number;
      const gone = db.prepare('SELECT rowid FROM searchindex ORDER BY rowid LIMIT 1 OFFSET 500').pluck().get() as number;
      db.prepare('INSERT INTO searchindex (rowid, si_title, si_text) VALUES (?, ?, ?)').run(last + 1, 'zqxw page', ' zqxw words ');
      db.prepare('DELETE FROM searchindex WHERE rowid = ?').run(gone);
      // Enough writes for FTS3 to merge a level of the merged segments.
      for (let i = 2; i < 40; i++) db.prepare('INSERT INTO searchindex (rowid, si_title, si_text) VALUES (?, ?, ?)').run(last + i, `t${i}`, ` zqxw w${i} `);
      db.exec("INSERT INTO searchindex (searchindex) VALUES ('integrity-check')");
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
      assert.equal(db.prepare("SELECT count(*) FROM searchindex WHERE searchindex MATCH 'zqxw'").pluck().get(), 39);
      assert.equal(db.prepare('SELECT count(*) FROM searchindex WHERE rowid = ?').pluck().get(gone), 0);
    } finally {
      db.close();
    }
  });
});
