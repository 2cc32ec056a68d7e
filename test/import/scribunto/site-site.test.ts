// mw.site as Scribunto's site library: the wiki's facts, namespaces, statistics and interwiki map.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { configureScribunto, findLua, stopScribuntoEngine } from '../../../src/import/scribunto/engine.ts';
import { databaseSiteData } from '../../../src/import/scribunto/site-data.ts';
import { siteWiki } from './site-harness.ts';

const skip = findLua() === null ? 'lua5.1 is not installed' : false;

describe('mw.site', { skip }, () => {
  before(() => configureScribunto({}));
  after(() => stopScribuntoEngine());

  const wiki = siteWiki({ 'Test page': 'x', 'Foo': 'y', 'Template:A': 'a', 'Template:B': 'b' });

  test('the wiki: siteName, server, scriptPath, stylePath, currentVersion', () => {
    assert.equal(
      wiki.run("local s = mw.site; return table.concat({ s.siteName, s.server, s.scriptPath, s.stylePath, s.currentVersion }, '|')").text,
      'Test Wiki|//test.example.org|/w|/w/skins|1.39.17',
    );
  });

  test('namespaces by number with their fields; subject, talk and associated are namespace tables; no namespace sets a default content model', () => {
    const r = wiki.run(
      "local t = mw.site.namespaces[10]\n" +
        "return table.concat({ t.id, t.name, t.canonicalName, tostring(t.hasSubpages), tostring(t.isCapitalized), tostring(t.isContent), tostring(t.isIncludable), " +
        "tostring(t.isMovable), tostring(t.isSubject), tostring(t.isTalk), t.subject.name, t.talk.name, t.associated.name, tostring(t.defaultContentModel), #t.aliases }, '|')",
    );
    assert.equal(r.text, '10|Template|Template|true|true|false|true|true|true|false|Template|Template talk|Template talk|nil|0');
    assert.equal(wiki.run("local m = mw.site.namespaces[0]; return m.name .. '|' .. m.displayName .. '|' .. tostring(m.isContent) .. '|' .. tostring(mw.site.namespaces[828].defaultContentModel)").text, '|(Main)|true|nil');
    assert.equal(wiki.run('local s = mw.site.namespaces[-1]; return tostring(s.talk) .. tostring(s.isMovable) .. s.subject.id').text, 'nilfalse-1');
    assert.equal(wiki.run('return mw.site.namespaces[2].hasGenderDistinction and mw.site.namespaces[6].aliases[1]').text, 'Image');
  });

  test('namespaces by name: local, canonical and alias names, any case, underscores or spaces', () => {
    assert.equal(
      wiki.run("local n = mw.site.namespaces; return table.concat({ n.Template.id, n['Template talk'].id, n.template_talk.id, n.Image.id, n.PROJECT.id, n['Test Wiki'].id, tostring(n.Nowhere) }, ' ')").text,
      '10 11 11 6 4 4 nil',
    );
  });

  test('pairs over namespaces gives each namespace once, by number', () => {
    assert.equal(wiki.run("local n = 0; for id, ns in pairs(mw.site.namespaces) do assert(type(id) == 'number' and ns.id == id); n = n + 1 end; return n").text, '20');
  });

  test('contentNamespaces, subjectNamespaces and talkNamespaces', () => {
    const r = wiki.run(
      'local function ids(t) local l = {} for id in pairs(t) do l[#l + 1] = id end table.sort(l) return table.concat(l, ",") end\n' +
        "return ids(mw.site.contentNamespaces) .. '|' .. ids(mw.site.subjectNamespaces) .. '|' .. ids(mw.site.talkNamespaces)",
    );
    assert.equal(r.text, '0|-2,-1,0,2,4,6,8,10,12,14,828|1,3,5,7,9,11,13,15,829');
  });

  test('stats: the counts, and the functions that count categories, namespaces and groups', () => {
    assert.equal(
      wiki.run("local s = mw.site.stats; return table.concat({ s.pages, s.articles, s.files, s.edits, s.users, s.activeUsers, s.admins }, ' ')").text,
      '10 3 0 42 5 2 1',
    );
    assert.equal(
      wiki.run(
        "local s = mw.site.stats; local all = s.pagesInCategory('Birds', '*')\n" +
          "return table.concat({ s.pagesInCategory('Birds'), s.pagesInCategory('Birds', 'pages'), s.pagesInCategory('Birds', 'subcats'), s.pagesInCategory('Birds', 'files'), all.all, s.pagesInCategory('None'), s.pagesInNamespace(10), s.usersInGroup('Sysop') }, ' ')",
      ).text,
      '5 3 1 1 5 0 2 1',
    );
    assert.match(wiki.runError("return mw.site.stats.pagesInCategory('Birds', 'nope')"), /bad argument #2 to 'pagesInCategory' \(one of '\*', 'all', 'pages', 'subcats', or 'files' expected, got string\)/);
  });

  test('interwikiMap: every prefix, or only the local (or not local) ones; URLs expanded protocol-relative', () => {
    const r = wiki.run(
      "local all, loc, notLocal = mw.site.interwikiMap(), mw.site.interwikiMap('local'), mw.site.interwikiMap('!local')\n" +
        "local de = all.de\nreturn table.concat({ de.prefix, de.url, tostring(de.isLocal), tostring(de.isProtocolRelative), tostring(all.rel.isProtocolRelative), all.rel.url, tostring(loc.wikipedia), tostring(notLocal.wikipedia.isTranscludable), tostring(all.mw.isTranscludable) }, ' ')",
    );
    assert.equal(r.text, 'de https://de.wikipedia.org/wiki/$1 true false true //rel.example.org/$1 nil false true');
    assert.match(wiki.runError("return mw.site.interwikiMap('odd')"), /bad argument #1 to 'interwikiMap' \(unknown filter 'odd'\)/);
  });
});

describe('databaseSiteData reads a MediaWiki database', () => {
  const db = new Database('/work/shared/fixtures/fixture-wiki/data/wikidb.sqlite', { readonly: true, fileMustExist: true });
  const data = databaseSiteData(db, () => 'wikitext');
  const main = db.prepare('SELECT page_id, page_title FROM page WHERE page_namespace = 0 AND page_is_redirect = 0 ORDER BY page_id LIMIT 1').get() as { page_id: number; page_title: string };

  test('page facts by title and titles by id', () => {
    const facts = data.pageFacts(0, main.page_title)!;
    assert.equal(facts.id, main.page_id);
    assert.equal(facts.isRedirect, false);
    assert.equal(typeof facts.contentModel, 'string');
    assert.deepEqual(data.pageById(main.page_id), { ns: 0, dbKey: main.page_title });
    assert.equal(data.pageFacts(0, 'No_such_page_anywhere'), null);
    assert.equal(data.pageById(987654321), null);
  });

  test('statistics come from site_stats, counts from the page, category and user_groups tables', () => {
    const stats = data.stats();
    assert.ok(stats.pages > 0);
    assert.equal(data.pagesInNamespace(0), (db.prepare('SELECT COUNT(*) FROM page WHERE page_namespace = 0').pluck().get() as number));
    assert.equal(data.usersInGroup('sysop'), stats.admins);
    assert.deepEqual(data.categoryCounts('No_such_category'), { all: 0, subcats: 0, files: 0, pages: 0 });
  });

  test('the interwiki table, prefixes in order', () => {
    const rows = data.interwiki();
    assert.ok(rows.length > 0);
    assert.deepEqual(rows.map((r) => r.prefix), [...rows.map((r) => r.prefix)].sort());
  });
});
