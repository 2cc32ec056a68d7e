// Revisions without <model> get the model of their title by the domain core's rule (src/wiki/content-models.ts), as MediaWiki's importer gives it.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runImport } from '../../src/import/index.ts';
import { testDump } from '../support/test-dump.ts';

describe('an import of revisions without <model>', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'wikiquery-models-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("gives each page the model of its title, as MediaWiki would (the importer's own rule gave User:Foo.js javascript and Module:X.json Scribunto)", async () => {
    const titles = ['User:Foo.js', 'User:Foo/x.js', 'User:Foo/x.css', 'MediaWiki:X.js', 'Module:X', 'Module:X.json', 'Module:X/doc'];
    const pages = titles.map((title, i) => `  <page>
    <title>${title}</title>
    <id>${i + 1}</id>
    <revision>
      <id>${i + 1}</id>
      <timestamp>2020-01-01T00:00:00Z</timestamp>
      <contributor><username>Tester</username><id>7</id></contributor>
      <text bytes="2" xml:space="preserve">{}</text>
    </revision>
  </page>
`).join('');
    const path = join(dir, 'models.xml');
    writeFileSync(path, testDump({ namespaces: [[2, 'User'], [8, 'MediaWiki'], [828, 'Module'], [829, 'Module talk']] }, pages));
    const db = join(dir, 'models.sqlite');
    const summary = await runImport({ dumps: [path], db, noSearchIndex: true });
    assert.equal(summary.ok, true, summary.fatal);
    const conn = new Database(db, { readonly: true });
    const rows = conn
      .prepare('SELECT page_namespace AS ns, page_title AS title, model_name AS model FROM page JOIN slots ON slot_revision_id = page_latest JOIN content ON content_id = slot_content_id JOIN content_models ON model_id = content_model ORDER BY page_id')
      .all();
    conn.close();
    assert.deepEqual(rows, [
      { ns: 2, title: 'Foo.js', model: 'wikitext' },
      { ns: 2, title: 'Foo/x.js', model: 'javascript' },
      { ns: 2, title: 'Foo/x.css', model: 'css' },
      { ns: 8, title: 'X.js', model: 'javascript' },
      { ns: 828, title: 'X', model: 'Scribunto' },
      { ns: 828, title: 'X.json', model: 'json' },
      { ns: 828, title: 'X/doc', model: 'wikitext' },
    ]);
  });
});
