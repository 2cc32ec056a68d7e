// Duplicate revision ids are found whether the first one waits in a row batch, is in the database
// already, or only shares a bit with another id in the writer's id bitmap.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runImport, type ImportSummary } from '../../src/import/index.ts';
import { testDump, testPage } from '../support/test-dump.ts';

/** Ids this far apart share a bit of the writer's bitmap. */
const BITMAP_BITS = 2 ** 27;

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'wikiquery-duplicates-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

function dump(name: string, pages: Array<[pageId: number, title: string, revisionId: number]>): string {
  const body = pages.map(([id, title, revisionId]) => testPage({ id, title, ns: 0, revisionId, text: `Text of ${title}.` })).join('');
  const path = join(dir, name);
  writeFileSync(path, testDump({ namespaces: [] }, body));
  return path;
}

function revisions(db: string): Array<{ rev_id: number; rev_page: number }> {
  const conn = new Database(db, { readonly: true });
  const rows = conn.prepare('SELECT rev_id, rev_page FROM revision ORDER BY rev_id').all() as Array<{ rev_id: number; rev_page: number }>;
  conn.close();
  return rows;
}

function duplicatesReported(summary: ImportSummary): string[] {
  return summary.problems.filter((p) => p.message.includes('duplicate revision id')).map((p) => `${p.subject}: ${p.message}`);
}

describe('duplicate revision ids', () => {
  const db = () => join(dir, 'wiki.sqlite');

  test('in one dump: the second is skipped, an id sharing its bit is not', async () => {
    const summary = await runImport({
      dumps: [dump('first.xml', [[1, 'Alpha', 10], [2, 'Beta', 10], [3, 'Gamma', 10 + BITMAP_BITS], [4, 'Delta', 20]])],
      db: db(),
    });
    assert.equal(summary.ok, true, summary.fatal);
    assert.deepEqual(revisions(db()), [
      { rev_id: 10, rev_page: 1 },
      { rev_id: 20, rev_page: 4 },
      { rev_id: 10 + BITMAP_BITS, rev_page: 3 },
    ]);
    assert.deepEqual(duplicatesReported(summary), ['Beta: first.xml: duplicate revision id 10; the revision is skipped']);
    assert.equal(summary.skippedRevisions, 1);
  });

  test('in a second import: an id already in the wiki is skipped', async () => {
    const summary = await runImport({ dumps: [dump('second.xml', [[5, 'Epsilon', 20], [6, 'Zeta', 30], [7, 'Eta', 30 + BITMAP_BITS]])], db: db() });
    assert.equal(summary.ok, true, summary.fatal);
    assert.deepEqual(
      revisions(db()).map((r) => r.rev_id),
      [10, 20, 30, 10 + BITMAP_BITS, 30 + BITMAP_BITS],
    );
    assert.deepEqual(duplicatesReported(summary), ['Epsilon: second.xml: duplicate revision id 20; the revision is skipped']);
  });
});
