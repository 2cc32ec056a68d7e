// Tracking categories of extensions (Cite's reference errors) get the name MediaWiki gives them: the wiki's MediaWiki: page, the installed translation, or English.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runImport } from '../../src/import/index.ts';
import { EXTENSION_TRACKING_CATEGORY_NAMES } from '../../src/import/links/tracking.ts';
import { testDump, testPage } from '../support/test-dump.ts';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'wikiquery-accuracy-tracking-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** A name given two different texts: Cite's cite_error_references_duplicate_key. */
const CITE_ERROR_TEXT = 'Text.<ref name="a">One</ref> More.<ref name="a">Two</ref>\n<references />';

function dump(lang: string, pages: Array<[string, number, string]>): string {
  const body = pages.map(([title, ns, text], i) => testPage({ id: i + 1, title, ns, text })).join('');
  return testDump({ lang, namespaces: [[8, 'MediaWiki'], [14, 'Category']] }, body);
}

async function categoriesOf(name: string, lang: string, pages: Array<[string, number, string]>): Promise<string[]> {
  const path = join(dir, `${name}.xml`);
  writeFileSync(path, dump(lang, pages));
  const db = join(dir, `${name}.sqlite`);
  const summary = await runImport({ dumps: [path], db, noSearchIndex: true });
  assert.equal(summary.ok, true, summary.fatal);
  const wiki = new Database(db, { readonly: true });
  const rows = wiki.prepare("SELECT cl_to FROM categorylinks JOIN page ON page_id = cl_from WHERE page_title = 'Article' ORDER BY cl_to").pluck().all() as string[];
  wiki.close();
  return rows;
}

describe("Cite's tracking category (cite-tracking-category-cite-error)", () => {
  test('a page with a reference error is in "Pages with reference errors" on an English wiki', async () => {
    assert.deepEqual(await categoriesOf('en', 'en', [['Article', 0, CITE_ERROR_TEXT]]), ['Pages_with_reference_errors']);
  });

  test("the wiki's own MediaWiki: page names the category", async () => {
    const pages: Array<[string, number, string]> = [
      ['Article', 0, CITE_ERROR_TEXT],
      ['MediaWiki:Cite-tracking-category-cite-error', 8, 'Broken references'],
    ];
    assert.deepEqual(await categoriesOf('override', 'en', pages), ['Broken_references']);
  });

  test('a message set to "-" turns the category off', async () => {
    const pages: Array<[string, number, string]> = [
      ['Article', 0, CITE_ERROR_TEXT],
      ['MediaWiki:Cite-tracking-category-cite-error', 8, '-'],
    ];
    assert.deepEqual(await categoriesOf('disabled', 'en', pages), []);
  });

  test(
    "a Latgalian wiki uses Cite's Latvian message, its language's fallback",
    { skip: existsSync('/usr/share/mediawiki/extensions/Cite/i18n/lv.json') ? false : 'no MediaWiki install with Cite on this machine' },
    async () => {
      assert.deepEqual(await categoriesOf('ltg', 'ltg', [['Article', 0, CITE_ERROR_TEXT]]), ['Lapas_ar_atsauču_kļūdām']);
    },
  );
});

test("Scribunto's tracking categories have their English names", () => {
  assert.equal(EXTENSION_TRACKING_CATEGORY_NAMES['scribunto-common-error-category'], 'Pages with script errors');
  assert.equal(EXTENSION_TRACKING_CATEGORY_NAMES['scribunto-module-with-errors-category'], 'Scribunto modules with errors');
});
