// `wikiquery import --renumber`: page, revision and log ids as MediaWiki 1.39's importDump.php gives them on a new wiki.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { runImport } from '../../src/import/index.ts';
import { sha1Base36 } from '../../src/import/write/hashes.ts';
import { escapeXml, testDump } from '../support/test-dump.ts';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'wikiquery-renumber-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

interface Rev {
  id: number;
  timestamp: string;
  text: string;
  ip?: string;
  origin?: number;
}

function revision(r: Rev): string {
  const contributor = r.ip ? `<ip>${r.ip}</ip>` : '<username>Tester</username><id>7</id>';
  return `    <revision>
      <id>${r.id}</id>
      <timestamp>${r.timestamp}</timestamp>
      <contributor>${contributor}</contributor>
${r.origin ? `      <origin>${r.origin}</origin>\n` : ''}      <model>wikitext</model>
      <format>text/x-wiki</format>
      <text bytes="${Buffer.byteLength(r.text)}" xml:space="preserve">${escapeXml(r.text)}</text>
      <sha1>${sha1Base36(r.text)}</sha1>
    </revision>
`;
}

function page(title: string, id: number, revisions: Rev[]): string {
  return `  <page>\n    <title>${title}</title>\n    <ns>0</ns>\n    <id>${id}</id>\n${revisions.map(revision).join('')}  </page>\n`;
}

function logItem(id: number, type: string, title: string | null, timestamp: string): string {
  const target = title === null ? '<text deleted="deleted" />' : `<logtitle>${title}</logtitle>\n    <params xml:space="preserve">a:0:{}</params>`;
  return `  <logitem>
    <id>${id}</id>
    <timestamp>${timestamp}</timestamp>
    <contributor><username>Tester</username><id>7</id></contributor>
    <type>${type}</type>
    <action>${type}</action>
    ${target}
  </logitem>
`;
}

/**
 * Checked against MediaWiki: `scripts/mediawiki-import.sh --no-updates` of these two files gives
 * the same pages, revisions, parents, shared slots and log ids.
 */
const PAGES = testDump(
  { namespaces: [] },
  page('Alpha', 500, [
    { id: 900, timestamp: '2020-01-01T00:00:00Z', text: 'one', ip: '192.0.2.7' },
    { id: 901, timestamp: '2020-01-02T00:00:00Z', text: 'two' },
    // Same page, timestamp and SHA-1 as 901: importDump.php skips it.
    { id: 902, timestamp: '2020-01-02T00:00:00Z', text: 'two' },
    // A null revision: its slot is 901's.
    { id: 903, timestamp: '2020-01-03T00:00:00Z', text: 'two', origin: 901 },
    // Older than the page's latest: its parent is the revision before it in time.
    { id: 904, timestamp: '2020-01-01T12:00:00Z', text: 'one and a half' },
    { id: 905, timestamp: '2020-01-04T00:00:00Z', text: 'one' },
  ]) +
    page('Beta', 400, [{ id: 800, timestamp: '2019-06-01T00:00:00Z', text: 'beta' }]) +
    // The same title again: its revisions go to the page made above.
    page('Alpha', 501, [{ id: 906, timestamp: '2020-01-05T00:00:00Z', text: 'six' }]),
);

const LOGS = testDump(
  { namespaces: [] },
  logItem(50, 'create', 'Alpha', '2020-01-01T00:00:00Z') +
    // A hidden action has no title: importDump.php skips it.
    logItem(51, 'create', null, '2020-01-01T00:00:01Z') +
    // The same entry again: skipped.
    logItem(52, 'create', 'Alpha', '2020-01-01T00:00:00Z') +
    logItem(53, 'delete', 'Gamma', '2020-02-01T00:00:00Z'),
);

function rows(db: Database.Database, sql: string): string[] {
  return (db.prepare(sql).raw().all() as unknown[][]).map((row) => row.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v))).join(' '));
}

async function importFiles(name: string, files: Record<string, string>, renumber: boolean): Promise<Database.Database> {
  const paths = Object.entries(files).map(([file, xml]) => {
    const path = join(dir, `${name}-${file}`);
    writeFileSync(path, xml);
    return path;
  });
  const db = join(dir, `${name}.sqlite`);
  const summary = await runImport({ dumps: paths, db, renumber, usernamePrefix: 'imported', noSearchIndex: true });
  assert.ok(summary.ok, summary.fatal);
  return new Database(db, { readonly: true });
}

describe('a small dump with --renumber', () => {
  let db: Database.Database;
  before(async () => {
    db = await importFiles('small', { 'pages.xml': PAGES, 'logs.xml': LOGS }, true);
  });
  after(() => db.close());

  test('pages are numbered in dump order after the installer\'s Main Page (page 1)', () => {
    assert.deepEqual(rows(db, 'SELECT page_id, page_title, page_latest FROM page ORDER BY page_id'), ['2 Alpha 8', '3 Beta 7']);
  });

  test('revisions are numbered in import order; the parent is the page\'s revision before it in time', () => {
    assert.deepEqual(rows(db, 'SELECT rev_id, rev_page, rev_parent_id, rev_timestamp FROM revision ORDER BY rev_id'), [
      '2 2 0 20200101000000',
      '3 2 2 20200102000000',
      '4 2 3 20200103000000',
      '5 2 2 20200101120000',
      '6 2 4 20200104000000',
      '7 3 0 20190601000000',
      '8 2 6 20200105000000',
    ]);
  });

  test('a revision with the same content as its parent shares its slot, with the parent\'s origin', () => {
    assert.deepEqual(rows(db, 'SELECT slot_revision_id, slot_origin FROM slots WHERE slot_origin != slot_revision_id'), ['4 3']);
    const contents = rows(db, 'SELECT count(DISTINCT slot_content_id), count(*) FROM slots');
    assert.deepEqual(contents, ['6 7']);
  });

  test('rows that name a revision follow its new id', () => {
    assert.deepEqual(rows(db, 'SELECT ipc_rev_id, ipc_hex FROM ip_changes'), ['2 C0000207']);
    assert.deepEqual(rows(db, 'SELECT count(*) FROM revision_comment_temp JOIN revision ON rev_id = revcomment_rev'), ['7']);
  });

  test('log items are numbered after the installer\'s (1); a hidden action and a repeated entry are skipped', () => {
    assert.deepEqual(rows(db, 'SELECT log_id, log_type, log_title, log_page FROM logging ORDER BY log_id'), ['2 create Alpha 2', '3 delete Gamma 0']);
  });
});

test('without --renumber the dump\'s ids are kept', async () => {
  const db = await importFiles('kept', { 'pages.xml': PAGES, 'logs.xml': LOGS }, false);
  try {
    assert.deepEqual(rows(db, 'SELECT page_id, page_title FROM page ORDER BY page_id'), ['400 Beta', '500 Alpha']);
    // The second page titled Alpha has another page id: it is reported and skipped.
    assert.deepEqual(rows(db, 'SELECT rev_id FROM revision ORDER BY rev_id').join(','), '800,900,901,902,903,904,905');
    assert.deepEqual(rows(db, 'SELECT log_id FROM logging ORDER BY log_id').join(','), '50,51,52,53');
  } finally {
    db.close();
  }
});

test('a second import with --renumber continues after the wiki\'s highest ids', async () => {
  const first = join(dir, 'twice.sqlite');
  const write = (file: string, xml: string): string => {
    writeFileSync(join(dir, file), xml);
    return join(dir, file);
  };
  const pages = write('twice-1.xml', PAGES);
  assert.ok((await runImport({ dumps: [pages], db: first, renumber: true, noSearchIndex: true })).ok);
  const more = write('twice-2.xml', testDump({ namespaces: [] }, page('Gamma', 1, [{ id: 1, timestamp: '2021-01-01T00:00:00Z', text: 'g' }])));
  assert.ok((await runImport({ dumps: [more], db: first, renumber: true, noSearchIndex: true })).ok);
  const db = new Database(first, { readonly: true });
  try {
    assert.deepEqual(rows(db, "SELECT page_id, page_latest FROM page WHERE page_title = 'Gamma'"), ['4 9']);
  } finally {
    db.close();
  }
});

const FIXTURE_DUMPS = join(import.meta.dirname, '../../../shared/fixtures/fixture-wiki/dumps');
/**
 * MediaWiki's ids after `scripts/mediawiki-import.sh --no-updates pages-full.xml logs.xml` (no
 * --uploads: importDump.php then adds no null revision per upload), with logging's AUTOINCREMENT
 * counter put back after the script removes the installer's Main Page, so that log ids are a new
 * wiki's. Pages [id, ns, title, latest], revisions [id, page, parent, timestamp], shared slots
 * [revision, origin], log items [id, type, action, timestamp, ns, title].
 */
const MEDIAWIKI_IDS = join(import.meta.dirname, 'renumber-fixture-mediawiki.json.gz');

interface MediaWikiIds {
  pages: unknown[][];
  revisions: unknown[][];
  sharedSlots: unknown[][];
  logItems: unknown[][];
}

test('the fixture\'s dumps get the ids MediaWiki gave them', { skip: !existsSync(FIXTURE_DUMPS) && 'no fixture dumps' }, async () => {
  const expected = JSON.parse(gunzipSync(readFileSync(MEDIAWIKI_IDS)).toString('utf8')) as MediaWikiIds;
  const path = join(dir, 'fixture.sqlite');
  const summary = await runImport({
    dumps: [join(FIXTURE_DUMPS, 'pages-full.xml'), join(FIXTURE_DUMPS, 'logs.xml')],
    db: path,
    renumber: true,
    usernamePrefix: 'imported',
    noSearchIndex: true,
  });
  assert.ok(summary.ok, summary.fatal);
  const db = new Database(path, { readonly: true });
  try {
    const same = (sql: string, theirs: unknown[][]): void => {
      assert.deepEqual(rows(db, sql), theirs.map((row) => row.map(String).join(' ')));
    };
    same('SELECT page_id, page_namespace, page_title, page_latest FROM page ORDER BY page_id', expected.pages);
    same('SELECT rev_id, rev_page, rev_parent_id, rev_timestamp FROM revision ORDER BY rev_id', expected.revisions);
    same('SELECT slot_revision_id, slot_origin FROM slots WHERE slot_origin != slot_revision_id ORDER BY slot_revision_id', expected.sharedSlots);
    same('SELECT log_id, log_type, log_action, log_timestamp, log_namespace, log_title FROM logging ORDER BY log_id', expected.logItems);
  } finally {
    db.close();
  }
});
