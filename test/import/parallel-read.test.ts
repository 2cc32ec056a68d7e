// A plain dump read by two threads in segments gives the database and the problems one reader gives.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runImport, type ImportOptions, type ImportSummary } from '../../src/import/index.ts';
import { findSegments } from '../../src/import/read/dump-source.ts';
import { testDump, testPage } from '../support/test-dump.ts';

const FIXTURE_DUMPS = join(import.meta.dirname, '../../../shared/fixtures/fixture-wiki/dumps');
const LTGWIKI = join(import.meta.dirname, '../../../shared/data/ltgwiki/ltgwiki-smallwiki-latest-pages-articles.xml');
const EDGE_CASES = join(import.meta.dirname, '../import-vs-mediawiki/edge-cases.xml');

let dir: string;
let serial = 0;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'wikiquery-parallel-read-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Columns given at random (page_random, as MediaWiki gives it): left out of the comparison. */
const RANDOM_COLUMNS = new Set(['page_random']);

/** Every table as a hash of its sorted rows. */
function tableHashes(path: string): Record<string, string> {
  const db = new Database(path, { readonly: true });
  const hashes: Record<string, string> = {};
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  for (const table of tables) {
    const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).filter((c) => !RANDOM_COLUMNS.has(c));
    const select = `SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}"`;
    const rows = (db.prepare(select).raw().all() as unknown[][]).map((row) =>
      JSON.stringify(row.map((v) => (Buffer.isBuffer(v) ? `x${v.toString('hex')}` : typeof v === 'bigint' ? String(v) : v))),
    );
    rows.sort();
    hashes[table] = `${rows.length}:${createHash('sha1').update(rows.join('\n')).digest('hex')}`;
  }
  db.close();
  return hashes;
}

interface Outcome {
  summary: ImportSummary;
  tables: Record<string, string> | null;
}

async function importWith(dumps: string[], options: Partial<ImportOptions>): Promise<Outcome> {
  const db = join(dir, `wiki-${serial++}.sqlite`);
  const summary = await runImport({ dumps, db, noSearchIndex: false, ...options });
  return { summary, tables: existsSync(db) ? tableHashes(db) : null };
}

/** Imports with one reader, then with two readers over segments of `segmentBytes`, and compares. */
async function assertSameWithTwoReaders(dumps: string[], segmentBytes: number, options: Partial<ImportOptions> = {}): Promise<Outcome> {
  const one = await importWith(dumps, { ...options, readers: 1 });
  const two = await importWith(dumps, { ...options, readers: 2, readerSegmentBytes: segmentBytes });
  assert.equal(two.summary.ok, one.summary.ok, two.summary.fatal);
  assert.equal(two.summary.fatal, one.summary.fatal);
  assert.deepEqual(two.summary.problems, one.summary.problems);
  assert.equal(two.summary.problemCount, one.summary.problemCount);
  assert.equal(two.summary.bytesRead, one.summary.bytesRead);
  assert.deepEqual(two.tables, one.tables);
  return one;
}

function page(id: number, title: string, text = `Text of [[${title}]] page.`): string {
  return testPage({ id, title, text, ns: 0, revisionId: id * 10, timestamp: `2020-01-0${(id % 9) + 1}T00:00:00Z` });
}

function dump(pages: string): string {
  return testDump({ namespaces: [[1, 'Talk'], [10, 'Template'], [14, 'Category']] }, pages);
}

function write(content: string): string {
  const path = join(dir, `dump-${serial++}.xml`);
  writeFileSync(path, content);
  return path;
}

const pages = (n: number): string => Array.from({ length: n }, (_, i) => page(i + 1, `Page ${i + 1}`)).join('');

describe('segments of a plain dump', () => {
  test('each later segment starts at a line opening a page or a log item', () => {
    const path = write(dump(pages(5)));
    const segments = findSegments(path, 1);
    assert.equal(segments.length, 6);
    assert.equal(segments[0]!.start, 0);
    for (const segment of segments.slice(1)) assert.equal(segment.marker, '<page>');
    assert.equal(segments[5]!.end, Buffer.byteLength(dump(pages(5))));
  });
});

describe('two readers give what one reader gives', () => {
  for (const [name, dumps] of [
    ['the fixture wiki (pages and log items)', [join(FIXTURE_DUMPS, 'pages-full.xml'), join(FIXTURE_DUMPS, 'logs.xml')]],
    ['the edge cases', [EDGE_CASES]],
  ] as const) {
    test(name, { skip: !dumps.every(existsSync) && 'the dump is not there' }, async () => {
      for (const segmentBytes of [1, 20_000]) await assertSameWithTwoReaders([...dumps], segmentBytes);
    });
  }

  test('ltgwiki', { skip: !existsSync(LTGWIKI) && 'the shared ltgwiki dump is not beside the repository' }, async () => {
    await assertSameWithTwoReaders([LTGWIKI], 100_000);
  });
});

describe('broken dumps: two readers report what one reader reports', () => {
  const cases: Array<[string, string]> = [
    ['a truncated dump', dump(pages(6)).slice(0, dump(pages(6)).indexOf('<title>Page 5') + 40)],
    ['a dump cut at the end of a page', dump(pages(4)).slice(0, dump(pages(4)).indexOf('  <page>', dump(pages(4)).indexOf('<title>Page 4')))],
    ['malformed XML inside a page', dump(pages(6).replace('Page 2</title>', 'Page 2</titel>').replace('Page 5</title>', 'Page 5</titl>'))],
    ['malformed XML up to the next page', dump(pages(6).replace('<title>Page 3</title>', '<title>Page 3</title><a>'))],
    ['malformed XML over several pages', dump(pages(2) + '  <page>\n    <title>Broken</tit>\n' + pages(6).slice(pages(2).length))],
    ['an unknown schema version', dump(pages(4)).replace('export-0.11/" version="0.11"', 'export-0.99/" version="0.99"')],
    ['a duplicate page id', dump(pages(3) + page(2, 'Again'))],
    ['an invalid title', dump(pages(2) + page(7, 'Bad [[title]]') + pages(4).slice(pages(3).length))],
    ['a page without a title', dump(pages(2) + page(7, 'X').replace('<title>X</title>', '') + page(8, 'Y'))],
    ['unknown elements in several pages', dump(pages(5).replace(/<ns>/g, '<flavour>x</flavour>\n    <ns>'))],
    ['a comment holding a page', dump(pages(2) + '  <!-- an old page:\n  <page>\n    <title>Old</title>\n  </page>\n  -->\n' + pages(5).slice(pages(2).length))],
    ['a CDATA text holding a page', dump(pages(2).replace('Text of [[Page 2]] page.', '<![CDATA[\n  <page>\n    <title>Inside</title>\n  </page>\n]]>') + pages(4).slice(pages(2).length))],
    ['an unknown element holding pages', dump(pages(1) + '  <archive>\n' + pages(3).slice(pages(1).length) + '  </archive>\n' + pages(5).slice(pages(3).length))],
    ['a siteinfo after the pages', dump(pages(3) + '  <siteinfo>\n    <sitename>Late</sitename>\n  </siteinfo>\n' + pages(5).slice(pages(3).length))],
    ['CR LF line ends', dump(pages(4).replace('Page 3</title>', 'Page 3</titel>')).replace(/\n/g, '\r\n')],
    ['text after the root element', dump(pages(3)) + '<page>\n</page>\n'],
    ['a second root element', dump(pages(2)) + '<mediawiki>\n' + pages(4).slice(pages(2).length) + '</mediawiki>\n'],
    ['an unknown entity in a text', dump(pages(4).replace('Text of [[Page 3]]', 'Text &nope; of'))],
  ];
  for (const [name, text] of cases) {
    test(name, async () => {
      const path = write(text);
      for (const segmentBytes of [1, 700]) {
        await assertSameWithTwoReaders([path], segmentBytes);
        await assertSameWithTwoReaders([path], segmentBytes, { strict: true });
      }
    });
  }
});
