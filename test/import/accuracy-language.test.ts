// Dumps of German and Brazilian Portuguese wikis (pt-br falls back to pt): localized magic words, namespace aliases and image options, against MediaWiki 1.39's own import.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runImport } from '../../src/import/index.ts';
import { findLua } from '../../src/import/scribunto/engine.ts';
import { compareTables, readSnapshot, readTables, type TableAgreement } from '../../scripts/compare-import.ts';

// The dumps and MediaWiki's rows: test/import/language/make-dumps.py writes the dumps;
// scripts/mediawiki-import.sh --lang CODE imported them and compare-import.ts --snapshot recorded the rows.
const LANGUAGE = join(import.meta.dirname, 'language');
const LINK_TABLES = ['page', 'pagelinks', 'templatelinks', 'categorylinks', 'category', 'imagelinks', 'externallinks', 'page_props', 'redirect'];
/** Rows that only Lua modules give (#aufrufen / #invocar): without lua5.1 they are missing. */
const NEEDS_LUA = new Set(['pagelinks', 'categorylinks', 'category']);

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'wikiquery-accuracy-language-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

interface Imported {
  results: TableAgreement[];
  query(sql: string): string[];
}

async function importLanguage(lang: string): Promise<Imported> {
  const db = join(dir, `${lang}.sqlite`);
  const summary = await runImport({ dumps: [join(LANGUAGE, `${lang}.xml`)], db, noSearchIndex: true });
  assert.equal(summary.ok, true, summary.fatal);
  const mediawiki = readSnapshot(join(LANGUAGE, `${lang}-mediawiki.json.gz`));
  const results = compareTables(mediawiki, readTables(db, [...mediawiki.keys()]));
  const query = (sql: string): string[] => {
    const handle = new Database(db, { readonly: true });
    try {
      return handle.prepare(sql).pluck().all() as string[];
    } finally {
      handle.close();
    }
  };
  return { results, query };
}

function agreesWithMediaWiki(imported: () => Imported): void {
  for (const table of LINK_TABLES) {
    const skip = !findLua() && NEEDS_LUA.has(table) ? 'rows of Lua modules need lua5.1' : false;
    test(`${table} is what MediaWiki builds with this content language`, { skip }, () => {
      const r = imported().results.find((x) => x.table === table);
      assert.ok(r, `${table} is compared`);
      assert.equal(r.agreement, 1, `only MediaWiki's: ${r.onlyMediawiki.join('\n')}\nonly ours: ${r.onlyOurs.join('\n')}`);
    });
  }
}

const from = (title: string): string => `(SELECT page_id FROM page WHERE page_namespace = 0 AND page_title = '${title}')`;

describe('a German wiki (de)', () => {
  let imported: Imported;
  before(async () => {
    imported = await importLanguage('de');
  });
  agreesWithMediaWiki(() => imported);

  test('{{SORTIERUNG:...}} is DEFAULTSORT: the sort key of categories without their own, `keineersetzung` keeps the first', () => {
    assert.deepEqual(imported.query(`SELECT cl_sortkey_prefix FROM categorylinks WHERE cl_from = ${from('Sortierung')} ORDER BY cl_to`), ['Eigen', 'Bärenstark']);
    assert.deepEqual(imported.query(`SELECT cl_sortkey_prefix FROM categorylinks WHERE cl_from = ${from('Sortierung_keineersetzung')}`), ['Erste']);
    // DEFAULTSORT is case-sensitive: {{sortierung:...}} is a template.
    assert.deepEqual(imported.query(`SELECT lt_title FROM templatelinks JOIN linktarget ON lt_id = tl_target_id WHERE tl_from = ${from('Sortierung_klein')}`), ['Sortierung:Kein_Wort']);
  });

  test('#WEITERLEITUNG, in any case, is a redirect like #REDIRECT', () => {
    assert.deepEqual(imported.query('SELECT rd_title FROM redirect ORDER BY rd_title'), ['Anderes_Ziel', 'Drittes_Ziel', 'Ziel_der_Weiterleitung']);
    assert.deepEqual(imported.query('SELECT page_title FROM page WHERE page_is_redirect = 1 ORDER BY page_title'), ['Weiterleitung', 'Weiterleitung_englisch', 'Weiterleitung_klein']);
  });

  test('behaviour switches by their German names are page properties, each with its own case rule', () => {
    assert.deepEqual(imported.query('SELECT pp_propname FROM page_props WHERE pp_propname NOT IN (\'defaultsort\') ORDER BY pp_propname'), [
      'forcetoc', 'hiddencat', 'index', 'newsectionlink', 'noeditsection', 'noindex', 'notoc',
    ]);
    // A switch is removed before links are read: [[Nach__NOTOC__Schalter]] links to NachSchalter.
    assert.deepEqual(imported.query(`SELECT pl_title FROM pagelinks WHERE pl_from = ${from('Schalter')}`), ['NachSchalter']);
  });

  test('`verweis=` is the image option link=: its target is a page link', () => {
    const links = imported.query(`SELECT pl_title FROM pagelinks WHERE pl_from = ${from('Bilder')} ORDER BY pl_title`);
    assert.deepEqual(links, ['Bildziel', 'Englisches_Ziel']);
    assert.deepEqual(imported.query(`SELECT el_to FROM externallinks WHERE el_from = ${from('Bilder')}`), ['http://example.org/bild']);
  });

  test('gender forms (Benutzerin:) and the alias Bild: name their namespaces', () => {
    const links = imported.query(`SELECT pl_namespace || ':' || pl_title FROM pagelinks WHERE pl_from = ${from('Namensraum-Aliase')} ORDER BY 1`);
    assert.deepEqual(links, ['2:Anna', '2:Bert', '2:English', '3:Anna', '6:Z.jpg', '7:X.jpg']);
  });

  test('localized parser functions: #wechsle with #standard, #aufrufen; ERS: leaves the call as written', () => {
    const links = imported.query(`SELECT pl_title FROM pagelinks WHERE pl_from = ${from('Funktionen')} ORDER BY pl_title`);
    const expected = ['Englischer_Standard', 'Ersetzt', 'If', 'Sicher', 'Standardfall', 'Wenn'];
    if (findLua()) expected.unshift('Aus_Lua_Deutsch', 'Aus_Lua_Englisch');
    assert.deepEqual(links, expected);
  });
});

describe('a Brazilian Portuguese wiki (pt-br, falling back to pt)', () => {
  let imported: Imported;
  before(async () => {
    imported = await importLanguage('pt-br');
  });
  agreesWithMediaWiki(() => imported);

  test("ParserFunctions' names come from the fallback pt (#se, #seigual, #seexiste, #padrão), #invocar from pt-br", () => {
    const links = imported.query(`SELECT pl_title FROM pagelinks WHERE pl_from = ${from('Funções')}`).sort();
    // #seexiste records its title (Artigo) and takes the branch of a missing page.
    const expected = ['Artigo', 'Igual', 'If_inglês', 'Não_existe', 'Padrao', 'Padrão', 'Se_sim'];
    if (findLua()) expected.push('De_Lua_En', 'De_Lua_Pt');
    assert.deepEqual(links, expected.sort());
  });

  test("gender aliases are pt-br's own (Usuária:), not pt's (Utilizador: is no namespace); aliases merge along the chain", () => {
    const links = imported.query(`SELECT pl_namespace || ':' || pl_title FROM pagelinks WHERE pl_from = ${from('Aliases')} ORDER BY 1`);
    assert.deepEqual(links, ['0:Utilizador:Carlos', '0:Utilizadora:Dora', '2:Ana', '2:Beto', '3:Ana', '7:Cinco.jpg']);
  });
});
