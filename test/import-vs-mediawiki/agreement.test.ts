// Our import of ltgwiki and of the fixture's dumps, table by table against MediaWiki's own import of the same dumps (recorded snapshots).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runImport } from '../../src/import/index.ts';
import { findLua } from '../../src/import/scribunto/engine.ts';
import { compareTables, formatAgreement, readSnapshot, readTables, type TableAgreement } from '../../scripts/compare-import.ts';

const HERE = import.meta.dirname;
const SHARED = join(HERE, '../../../shared');
const LTGWIKI_DUMP = join(SHARED, 'data/ltgwiki/ltgwiki-smallwiki-latest-pages-articles.xml');
const FIXTURE = join(SHARED, 'fixtures/fixture-wiki');

const COMPARED_TABLES = ['page', 'revision', 'pagelinks', 'templatelinks', 'categorylinks', 'category', 'imagelinks', 'externallinks', 'langlinks', 'iwlinks', 'page_props', 'redirect'];

/** Every compared table at 100%, but those given. */
function floors(lower: Record<string, number>): Record<string, number> {
  return Object.fromEntries(COMPARED_TABLES.map((table) => [table, lower[table] ?? 1]));
}

/**
 * Agreement reached per table (common rows / all rows of both), as in docs/import-accuracy.md.
 * ltgwiki: with Lua 5.1 on the machine the modules run as in Scribunto and every table agrees;
 * without it, what MediaWiki has more comes from the modules' output.
 */
const LTGWIKI_FLOORS_WITHOUT_LUA = floors({
  pagelinks: 0.9965,
  templatelinks: 0.957,
  categorylinks: 0.9975,
  category: 0.993,
  imagelinks: 0.96,
  externallinks: 0.904,
});
const LTGWIKI_FLOORS = findLua() ? floors({}) : LTGWIKI_FLOORS_WITHOUT_LUA;

/**
 * Fixture: every link table agrees; pages and revisions differ where importDump.php adds a null
 * revision for each imported upload and drops the deleted flags of revisions.
 */
const FIXTURE_FLOORS = floors({ page: 0.85, revision: 0.93 });

function checkFloors(results: () => TableAgreement[], minimum: Record<string, number>): void {
  for (const [table, floor] of Object.entries(minimum)) {
    test(`${table} agrees with MediaWiki's import at least ${(floor * 100).toFixed(1)}%`, () => {
      const r = results().find((x) => x.table === table);
      assert.ok(r, `${table} is compared`);
      assert.ok(
        r.agreement >= floor,
        `${table}: ${(r.agreement * 100).toFixed(2)}%\nonly MediaWiki's: ${r.onlyMediawiki.slice(0, 8).join('\n')}\nonly ours: ${r.onlyOurs.slice(0, 8).join('\n')}`,
      );
    });
  }
}

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'wikiquery-vs-mw-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('ltgwiki against MediaWiki 1.39 with Scribunto', { skip: existsSync(LTGWIKI_DUMP) ? false : 'the shared ltgwiki dump is not beside the repository' }, () => {
  let results: TableAgreement[] = [];
  before(async () => {
    const db = join(dir, 'ltgwiki.sqlite');
    // MediaWiki's import ran with Scribunto, which the dump's Module namespace (828) calls for: no
    // config is given, the import enables it by itself.
    const summary = await runImport({ dumps: [LTGWIKI_DUMP], db, noSearchIndex: true });
    assert.equal(summary.ok, true, summary.fatal);
    const mediawiki = readSnapshot(join(HERE, 'ltgwiki-mediawiki.json.gz'));
    results = compareTables(mediawiki, readTables(db, [...mediawiki.keys()]));
    console.log(formatAgreement(results, 0));
  });
  checkFloors(() => results, LTGWIKI_FLOORS);

  test('outside pages that run Lua, the link tables agree row for row', () => {
    for (const table of ['pagelinks', 'templatelinks', 'categorylinks', 'imagelinks', 'externallinks', 'langlinks', 'iwlinks', 'page_props', 'redirect']) {
      assert.equal(results.find((r) => r.table === table)?.agreementWithoutLua, 1, table);
    }
  });
});

describe("the fixture's dumps against MediaWiki 1.39's importDump.php", { skip: existsSync(FIXTURE) ? false : 'the shared fixture is not beside the repository' }, () => {
  let results: TableAgreement[] = [];
  before(async () => {
    const fixture = new Database(join(FIXTURE, 'data/wikidb.sqlite'), { readonly: true });
    const list = fixture.prepare("SELECT iw_prefix || '|' || iw_url || '|' || iw_local || '|' || iw_api FROM interwiki").pluck().all() as string[];
    fixture.close();
    writeFileSync(join(dir, 'interwiki.list'), `${list.join('\n')}\n`);
    const db = join(dir, 'fixture.sqlite');
    const summary = await runImport({
      dumps: [join(FIXTURE, 'dumps/pages-full.xml'), join(FIXTURE, 'dumps/logs.xml')],
      db,
      interwikiList: join(dir, 'interwiki.list'),
      noSearchIndex: true,
    });
    assert.equal(summary.ok, true, summary.fatal);
    const mediawiki = readSnapshot(join(HERE, 'fixture-mediawiki.json.gz'));
    results = compareTables(mediawiki, readTables(db, [...mediawiki.keys()]));
    console.log(formatAgreement(results, 0));
  });
  checkFloors(() => results, FIXTURE_FLOORS);
});

/**
 * edge-cases.xml (written by make-edge-cases.py): constructs chosen to tell parsers apart. What
 * differs: {{NUMBEROFPAGES}} and #ifexist on a special page.
 */
const EDGE_FLOORS = floors({ pagelinks: 0.98 });

describe('wikitext edge cases against MediaWiki 1.39', () => {
  let results: TableAgreement[] = [];
  before(async () => {
    writeFileSync(join(dir, 'edge-interwiki.list'), 'de|https://de.wikipedia.org/wiki/$1|1|\nfr|https://fr.wikipedia.org/wiki/$1|1|\n');
    const db = join(dir, 'edge.sqlite');
    const summary = await runImport({ dumps: [join(HERE, 'edge-cases.xml')], db, interwikiList: join(dir, 'edge-interwiki.list'), noSearchIndex: true });
    assert.equal(summary.ok, true, summary.fatal);
    const mediawiki = readSnapshot(join(HERE, 'edge-cases-mediawiki.json.gz'));
    results = compareTables(mediawiki, readTables(db, [...mediawiki.keys()]));
    console.log(formatAgreement(results, 0));
  });
  checkFloors(() => results, EDGE_FLOORS);
});
