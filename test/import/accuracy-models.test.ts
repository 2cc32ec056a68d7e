// Links of pages that are not wikitext: JavaScript and CSS pages, Scribunto modules and their documentation, as MediaWiki 1.39 records them.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runImport } from '../../src/import/index.ts';
import { parserExtensions } from '../../src/import/site-config.ts';
import type { DumpSiteInfo } from '../../src/import/read/dump-types.ts';
import { testDump, testPage } from '../support/test-dump.ts';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'wikiquery-accuracy-models-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

function page(id: number, title: string, ns: number, model: string, text: string): string {
  return testPage({ id, title, ns, model, text, revisionId: id * 10, timestamp: `2020-01-01T00:00:0${id % 10}Z` });
}

function dump(pages: string[], withModuleNamespace = true): string {
  const namespaces: Array<[number, string]> = [[2, 'User'], [8, 'MediaWiki'], [10, 'Template'], [14, 'Category']];
  if (withModuleNamespace) namespaces.push([828, 'Module'], [829, 'Module talk']);
  return testDump({ namespaces }, pages.join(''));
}

const PAGES = [
  page(1, 'Template:Echo', 10, 'wikitext', '{{{1}}}'),
  page(2, 'User:Someone/common.js', 2, 'javascript', '// [[Category:Js cats]] [[Js link]] http://js.example.org/ {{Echo|[[Js template]]}}'),
  page(3, 'MediaWiki:Common.css', 8, 'css', '/* [[Css link]] __NOINDEX__ */'),
  page(4, 'MediaWiki:Redirecting.js', 8, 'javascript', '#REDIRECT [[Redirect target]]'),
  page(5, 'MediaWiki:Data.json', 8, 'json', '{"a": "[[Json link]]"}'),
  page(6, 'Plain', 0, 'text', '[[Text link]] [[Category:Text cats]]'),
  page(7, 'Module:Documented', 828, 'Scribunto', 'return { link = "[[Lua link]]" }'),
  page(8, 'Module:Documented/doc', 828, 'wikitext', 'How to use it, see [[Usage]].<includeonly>[[Category:Lua modules]]</includeonly>'),
  page(9, 'Module:Undocumented', 828, 'Scribunto', 'return {}'),
  page(10, 'MediaWiki:Moved.js', 8, 'javascript', '/* #REDIRECT */mw.loader.load("http://localhost/w/index.php?title=User:Someone/common.js\\u0026action=raw\\u0026ctype=text/javascript");'),
  page(11, 'MediaWiki:Moved.css', 8, 'css', '/* #REDIRECT */@import url(http://localhost/w/index.php?title=MediaWiki:Common.css&action=raw&ctype=text/css);'),
  page(12, 'MediaWiki:Elsewhere.js', 8, 'javascript', '/* #REDIRECT */mw.loader.load("//example.org/w/index.php?title=User:Someone/common.js\\u0026action=raw\\u0026ctype=text/javascript");'),
];

interface Rows {
  pagelinks: string[];
  templatelinks: string[];
  categorylinks: string[];
  externallinks: string[];
  page_props: string[];
  redirect: string[];
  /** Pages with page_is_redirect set. */
  redirectPages: string[];
}

function readRows(path: string): Rows {
  const db = new Database(path, { readonly: true });
  const from = (column: string): string => `(SELECT page_namespace || ':' || page_title FROM page WHERE page_id = ${column})`;
  const all = (sql: string): string[] => (db.prepare(sql).pluck().all() as string[]).sort();
  const rows = {
    pagelinks: all(`SELECT ${from('pl_from')} || ' -> ' || pl_namespace || ':' || pl_title FROM pagelinks`),
    templatelinks: all(`SELECT ${from('tl_from')} || ' -> ' || lt_namespace || ':' || lt_title FROM templatelinks JOIN linktarget ON lt_id = tl_target_id`),
    categorylinks: all(`SELECT ${from('cl_from')} || ' -> ' || cl_to FROM categorylinks`),
    externallinks: all(`SELECT ${from('el_from')} || ' -> ' || el_to FROM externallinks`),
    page_props: all(`SELECT ${from('pp_page')} || ' -> ' || pp_propname FROM page_props`),
    redirect: all(`SELECT ${from('rd_from')} || ' -> ' || rd_title FROM redirect`),
    redirectPages: all(`SELECT page_namespace || ':' || page_title FROM page WHERE page_is_redirect = 1`),
  };
  db.close();
  return rows;
}

async function importPages(name: string, pages: string[], config?: object, withModuleNamespace = true): Promise<{ rows: Rows; config: Record<string, unknown> }> {
  const path = join(dir, `${name}.xml`);
  writeFileSync(path, dump(pages, withModuleNamespace));
  const db = join(dir, `${name}.sqlite`);
  if (config) writeFileSync(`${db}.config.json`, JSON.stringify(config));
  const summary = await runImport({ dumps: [path], db, noSearchIndex: true });
  assert.equal(summary.ok, true, summary.fatal);
  return { rows: readRows(db), config: JSON.parse(readFileSync(`${db}.config.json`, 'utf8')) as Record<string, unknown> };
}

describe('JavaScript and CSS pages are parsed as wikitext for their links ($wgTextModelsToParse)', () => {
  let rows: Rows;
  before(async () => {
    rows = (await importPages('scripts', PAGES)).rows;
  });

  test('links, templates, categories and URLs written in a script count', () => {
    assert.ok(rows.pagelinks.includes('2:Someone/common.js -> 0:Js_link'));
    assert.ok(rows.pagelinks.includes('2:Someone/common.js -> 0:Js_template'));
    assert.ok(rows.templatelinks.includes('2:Someone/common.js -> 10:Echo'));
    assert.ok(rows.categorylinks.includes('2:Someone/common.js -> Js_cats'));
    assert.ok(rows.externallinks.includes('2:Someone/common.js -> http://js.example.org/'));
    assert.ok(rows.pagelinks.includes('8:Common.css -> 0:Css_link'));
  });

  test('behaviour switches in a stylesheet set page properties', () => {
    assert.ok(rows.page_props.includes('8:Common.css -> noindex'));
  });

  test('#REDIRECT in a script is no redirect, only a link', () => {
    assert.deepEqual(rows.redirect.filter((r) => r.startsWith('8:Redirecting.js')), []);
    assert.ok(rows.pagelinks.includes('8:Redirecting.js -> 0:Redirect_target'));
  });

  test("a script or style redirects only in the form MediaWiki writes, to this wiki's raw URL of the target", () => {
    assert.deepEqual(rows.redirect.filter((r) => /^8:(Moved|Elsewhere)/.test(r)), ['8:Moved.css -> Common.css', '8:Moved.js -> Someone/common.js']);
    assert.deepEqual(rows.pagelinks.filter((r) => /^8:(Moved|Elsewhere)/.test(r)), []);
    assert.deepEqual(rows.redirectPages.filter((r) => r.startsWith('8:')), ['8:Moved.css', '8:Moved.js']);
  });

  test('JSON and plain text pages record no links', () => {
    for (const [name, table] of Object.entries(rows)) {
      if (name === 'redirectPages') continue;
      assert.deepEqual(table.filter((r: string) => r.startsWith('8:Data.json') || r.startsWith('0:Plain')), []);
    }
  });
});

describe('Scribunto module pages show their documentation page (ScribuntoContentHandler)', () => {
  let rows: Rows;
  let config: Record<string, unknown>;
  before(async () => {
    ({ rows, config } = await importPages('modules', PAGES));
  });

  test('a module with a doc page transcludes it, with its links and categories, not the code', () => {
    assert.ok(rows.templatelinks.includes('828:Documented -> 828:Documented/doc'));
    assert.ok(rows.pagelinks.includes('828:Documented -> 0:Usage'));
    assert.ok(rows.categorylinks.includes('828:Documented -> Lua_modules'));
    assert.ok(!rows.pagelinks.includes('828:Documented -> 0:Lua_link'));
  });

  test('a module without a doc page links to where it may be created, and still registers it as a transclusion', () => {
    assert.ok(rows.pagelinks.includes('828:Undocumented -> 828:Undocumented/doc'));
    assert.ok(rows.templatelinks.includes('828:Undocumented -> 828:Undocumented/doc'));
  });

  test('the doc page itself is wikitext, parsed as its own page', () => {
    assert.ok(rows.pagelinks.includes('828:Documented/doc -> 0:Usage'));
    assert.ok(!rows.categorylinks.includes('828:Documented/doc -> Lua_modules'));
  });

  test('a dump with the Module namespace gets Scribunto in the written config, beside the served default extensions', () => {
    const extensions = config.extensions as string[];
    assert.ok(extensions.includes('Scribunto'));
    for (const name of ['Cite', 'ParserFunctions', 'Gadgets']) assert.ok(extensions.includes(name), name);
  });
});

describe('Scribunto only when the wiki has it', () => {
  test("the user's extensions list wins: without Scribunto, module pages record nothing", async () => {
    const { rows, config } = await importPages('no-scribunto', PAGES, { extensions: ['Cite', 'ParserFunctions'] });
    for (const table of Object.values(rows)) assert.deepEqual(table.filter((r: string) => r.startsWith('828:Documented ') || r.startsWith('828:Undocumented ')), []);
    assert.deepEqual(config.extensions, ['Cite', 'ParserFunctions']);
  });

  test('a dump without the Module namespace and without modules keeps the default extensions', async () => {
    const { config } = await importPages('plain', PAGES.slice(0, 6), undefined, false);
    assert.equal(config.extensions, undefined);
  });

  test('module pages without a Module namespace in <siteinfo> put Scribunto in the written config', async () => {
    const { config } = await importPages('modules-only', PAGES, undefined, false);
    assert.ok((config.extensions as string[]).includes('Scribunto'));
  });

  test('pages of the Scribunto model call for Scribunto even when <siteinfo> lists no Module namespace', () => {
    const info: DumpSiteInfo = { namespaces: [{ id: 0, name: '', case: 'first-letter' }] };
    assert.ok(!parserExtensions(info, null).includes('Scribunto'));
    assert.ok(parserExtensions(info, null, { hasModulePages: true }).includes('Scribunto'));
    assert.ok(parserExtensions({ namespaces: [{ id: 828, name: 'Module', case: 'first-letter' }] }, null).includes('Scribunto'));
    assert.deepEqual(parserExtensions(info, { extensions: ['Cite'] }, { hasModulePages: true }), ['Cite']);
  });
});
