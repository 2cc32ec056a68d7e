// A new wiki is made as MediaWiki's installer makes one, with MediaWiki 1.39's schema.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createWiki, DEFAULT_MAIN_PAGE_TEXT } from '../../src/import/write/create-wiki.ts';
import { sha1Base36 } from '../../src/import/write/hashes.ts';

const FIXTURE_DB = join(import.meta.dirname, '../../../shared/fixtures/fixture-wiki/data/wikidb.sqlite');

let dir: string;
let db: Database.Database;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'wikiquery-create-'));
  createWiki(join(dir, 'wiki.sqlite'), { siteName: 'Test Wiki' });
  db = new Database(join(dir, 'wiki.sqlite'), { readonly: true });
});
after(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function shape(conn: Database.Database): Record<string, unknown> {
  const tables = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  const indexes = conn.prepare("SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").all() as { name: string; tbl_name: string }[];
  return {
    columns: Object.fromEntries(tables.sort().map((t) => [t, conn.prepare(`PRAGMA table_info("${t}")`).all()])),
    indexes: Object.fromEntries(
      indexes.sort((a, b) => a.name.localeCompare(b.name)).map((i) => [i.name, [i.tbl_name, conn.prepare(`PRAGMA index_info("${i.name}")`).all()]]),
    ),
  };
}

test('the schema has every table, column, default and index of the fixture MediaWiki built', { skip: !existsSync(FIXTURE_DB) }, () => {
  const fixture = new Database(FIXTURE_DB, { readonly: true });
  try {
    assert.deepEqual(shape(db), shape(fixture));
  } finally {
    fixture.close();
  }
});

test('the installer rows: slot role, content models, interwiki list, site_stats, the empty comment', () => {
  assert.deepEqual(db.prepare('SELECT role_name FROM slot_roles').pluck().all(), ['main']);
  assert.deepEqual(db.prepare('SELECT model_name FROM content_models ORDER BY model_id').pluck().all(), ['wikitext', 'javascript', 'css', 'json', 'text']);
  assert.equal(db.prepare('SELECT count(*) FROM interwiki').pluck().get(), 66);
  assert.deepEqual(db.prepare("SELECT iw_url, iw_api, iw_local FROM interwiki WHERE iw_prefix = 'mw'").get(), {
    iw_url: 'https://www.mediawiki.org/wiki/$1',
    iw_api: 'https://www.mediawiki.org/w/api.php',
    iw_local: 0,
  });
  assert.deepEqual(db.prepare('SELECT ss_total_edits, ss_total_pages, ss_users FROM site_stats').get(), { ss_total_edits: 1, ss_total_pages: 1, ss_users: 1 });
  assert.deepEqual(db.prepare('SELECT comment_id, comment_text FROM comment').get(), { comment_id: 1, comment_text: '' });
});

test('Main Page is created by MediaWiki default with the installer\'s text, its creation logged', () => {
  const page = db.prepare("SELECT page_id, page_latest, page_len, page_is_new FROM page WHERE page_namespace = 0 AND page_title = 'Main_Page'").get();
  assert.deepEqual(page, { page_id: 1, page_latest: 1, page_len: Buffer.byteLength(DEFAULT_MAIN_PAGE_TEXT), page_is_new: 1 });
  assert.equal(db.prepare('SELECT rev_sha1 FROM revision').pluck().get(), sha1Base36(DEFAULT_MAIN_PAGE_TEXT));
  assert.equal(db.prepare('SELECT actor_name FROM actor JOIN revision ON rev_actor = actor_id').pluck().get(), 'MediaWiki default');
  assert.deepEqual(db.prepare('SELECT log_type, log_action, log_params FROM logging').get(), {
    log_type: 'create',
    log_action: 'create',
    log_params: 'a:1:{s:17:"associated_rev_id";i:1;}',
  });
  assert.equal(db.prepare('SELECT count(*) FROM externallinks').pluck().get(), 6);
});

test('the fixture Main Page text is the installer text MediaWiki 1.39 writes', { skip: !existsSync(FIXTURE_DB) }, () => {
  const fixture = new Database(FIXTURE_DB, { readonly: true });
  try {
    assert.equal(fixture.prepare('SELECT old_text FROM text WHERE old_id = 1').pluck().get(), DEFAULT_MAIN_PAGE_TEXT);
  } finally {
    fixture.close();
  }
});
