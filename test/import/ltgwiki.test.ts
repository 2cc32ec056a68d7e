// A real Wikipedia dump (Latgalian, schema 0.10) imports into a wiki that the server answers from.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runImport, type ImportSummary } from '../../src/import/index.ts';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { loadSiteConfig } from '../../src/server/config.ts';

const DUMP = join(import.meta.dirname, '../../../shared/data/ltgwiki/ltgwiki-smallwiki-latest-pages-articles.xml');
const skip = existsSync(DUMP) ? false : 'the shared ltgwiki dump is not beside the repository';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('importing ltgwiki', { skip }, () => {
  let dir: string;
  let db: string;
  let summary: ImportSummary;
  let wiki: Database.Database;
  let server: RunningServer;

  const api = async (query: string): Promise<Json> => {
    const res = await fetch(`${server.url}?action=query&format=json&formatversion=2&${query}`);
    return res.json();
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wikiquery-ltg-'));
    db = join(dir, 'ltgwiki.sqlite');
    summary = await runImport({ dumps: [DUMP], db });
    wiki = new Database(db, { readonly: true });
    server = await startServer({ db, site: loadSiteConfig(`${db}.config.json`), port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await server?.close();
    wiki?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('every page and revision is imported with its ids', () => {
    assert.equal(summary.ok, true, summary.fatal);
    assert.equal(summary.pages, 2004);
    assert.equal(summary.revisions, 2004);
    assert.equal(summary.problemCount, 0);
    const main = wiki.prepare('SELECT page_id, page_latest, page_len FROM page WHERE page_namespace = 0 AND page_title = ?').get('Suoku_puslopa');
    assert.deepEqual(main, { page_id: 1, page_latest: 29433, page_len: 5345 });
  });

  test('siteinfo becomes the config: name, base, case and the local namespace names', () => {
    const config = JSON.parse(readFileSync(`${db}.config.json`, 'utf8'));
    assert.equal(config.siteName, 'Vikipedeja');
    assert.equal(config.server, 'https://ltg.wikipedia.org');
    assert.equal(config.articlePath, '/wiki/$1');
    assert.equal(config.mainPage, 'Suoku puslopa');
    assert.equal(config.capitalLinks, true);
    assert.equal(config.lang, 'ltg');
    assert.deepEqual(config.namespaces.find((n: Json) => n.id === 14), {
      id: 14, name: 'Kategoreja', canonical: 'Category', case: 'first-letter', subpages: false, content: false, nonincludable: false,
    });
  });

  test('the 195 redirects of the dump are redirects with a target', () => {
    const redirects = wiki.prepare('SELECT count(*) FROM page WHERE page_is_redirect = 1').pluck().get();
    const targets = wiki.prepare('SELECT count(*) FROM redirect').pluck().get();
    assert.equal(redirects, 195);
    assert.equal(targets, 195);
  });

  test('local namespace names make categories, and language prefixes make language links', () => {
    const categories = wiki.prepare("SELECT count(*) FROM categorylinks WHERE cl_to = 'Latgola'").pluck().get() as number;
    assert.ok(categories >= 10);
    const languages = wiki.prepare('SELECT count(DISTINCT ll_lang) FROM langlinks').pluck().get() as number;
    assert.ok(languages >= 20, `${languages} languages`);
    const catPages = wiki.prepare("SELECT cat_pages FROM category WHERE cat_title = 'Latgola'").pluck().get();
    assert.equal(catPages, categories);
  });

  test('templates transcluded through other templates are in templatelinks', () => {
    const navbox = wiki
      .prepare("SELECT count(*) FROM templatelinks JOIN linktarget ON lt_id = tl_target_id WHERE lt_namespace = 10 AND lt_title = 'Navbox'")
      .pluck()
      .get() as number;
    assert.ok(navbox > 100, `${navbox} pages use Navbox`);
  });

  test('the server answers allpages, categorymembers, backlinks, revisions and info', async () => {
    const allpages = await api('list=allpages&aplimit=3');
    assert.deepEqual(allpages.query.allpages.map((p: Json) => p.title), ['18 godu symts', '19 godu symts', '20 godu symts']);
    const members = await api('list=categorymembers&cmtitle=Kategoreja:Latgola&cmlimit=500');
    assert.equal(members.query.categorymembers.length, wiki.prepare("SELECT count(*) FROM categorylinks WHERE cl_to = 'Latgola'").pluck().get());
    const backlinks = await api('list=backlinks&bltitle=Latgola&bllimit=500');
    assert.ok(backlinks.query.backlinks.length > 50);
    const revisions = await api('prop=revisions&titles=Suoku%20puslopa&rvprop=ids|timestamp|user|size');
    assert.deepEqual(revisions.query.pages[0].revisions[0], { revid: 29433, parentid: 29425, user: 'DJ EV', timestamp: '2013-03-22T09:37:03Z', size: 5345 });
    const info = await api('prop=info&titles=Suoku%20puslopa');
    assert.equal(info.query.pages[0].pageid, 1);
    assert.equal(info.query.pages[0].length, 5345);
  });
});
