// meta=siteinfo over the fixture wiki, with the facts checked on MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSiteConfig } from '../../src/server/config.ts';
import { gadgetDefaultOptions, parseGadgetDefinitions } from '../../src/wiki/gadgets.ts';
import { bcp47, isValidLanguageCode, languageFallbacks } from '../../src/wiki/languages.ts';
import { contentLanguage, installedSkins } from '../../src/wiki/site-facts.ts';
import { skipWithoutFixture, useFixtureServer, fixtureConfig, type Json } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

describe('meta=siteinfo', { skip }, () => {
  const { api, get } = useFixtureServer();
  const siteinfo = (query: string, formatversion = 2): Promise<Json> => api(`formatversion=${formatversion}&meta=siteinfo&${query}`);

  test('general describes the site in MediaWiki order, runtime fields describing this server', async () => {
    const g = (await siteinfo('siprop=general')).query.general;
    assert.deepEqual(Object.keys(g).slice(0, 12), [
      'mainpage', 'base', 'sitename', 'mainpageisdomainroot', 'logo', 'generator', 'phpversion', 'phpsapi', 'dbtype',
      'dbversion', 'imagewhitelistenabled', 'langconversion',
    ]);
    assert.equal(g.base, 'http://127.0.0.1:8081/wiki/index.php/Main_Page');
    assert.equal(g.generator, 'MediaWiki 1.39.17');
    assert.equal(g.phpversion, process.versions.node);
    assert.equal(g.dbtype, 'sqlite');
    assert.equal(g.servername, '127.0.0.1');
    assert.equal(g.wikiid, 'wikidb');
    assert.equal(g.linktrail, '/^([a-z]+)(.*)$/sD');
    assert.deepEqual(g.thumblimits, { 0: 120, 1: 150, 2: 180, 3: 200, 4: 250, 5: 300 });
    assert.deepEqual(g.magiclinks, { ISBN: false, PMID: false, RFC: false });
    assert.equal(g.citeresponsivereferences, true, 'Cite adds its setting');
    assert.match(g.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  test('formatversion 1 shows true flags as "" and leaves false ones out; magiclinks becomes []', async () => {
    const g = (await siteinfo('siprop=general', 1)).query.general;
    assert.equal(g.writeapi, '');
    // The wiki is read-only: `readonly` is a true flag with its reason.
    assert.equal(g.readonly, '');
    assert.equal(g.readonlyreason, 'This wiki is served read-only by wikiquery.');
    assert.equal('rtl' in g, false, 'false flags are left out');
    assert.equal(g.variantarticlepath, false, 'variantarticlepath stays a boolean');
    assert.deepEqual(g.magiclinks, []);
    assert.deepEqual(g.thumblimits, [120, 150, 180, 200, 250, 300]);
    assert.equal(g.galleryoptions.captionLength, '');
  });

  test('namespaces are keyed by id, with namespace protection from core and Gadgets', async () => {
    const text = await (await get('meta=siteinfo&siprop=namespaces')).text();
    assert.match(text, /"namespaces":\{"-2":\{.*?\},"-1":\{.*?\},"0":/, 'ordered by id, negative ids first');
    const ns = (await siteinfo('siprop=namespaces')).query.namespaces;
    assert.equal(ns['8'].namespaceprotection, 'editinterface');
    assert.equal(ns['2300'].namespaceprotection, 'gadgets-edit');
    assert.deepEqual(ns['4'], {
      id: 4, case: 'first-letter', name: 'Fixture Wiki', subpages: true, canonical: 'Project', content: false, nonincludable: false,
    });
    const v1 = (await siteinfo('siprop=namespaces', 1)).query.namespaces;
    assert.deepEqual(v1['0'], { id: 0, case: 'first-letter', content: '', '*': '' });
  });

  test('namespacealiases and specialpagealiases', async () => {
    const r = await siteinfo('siprop=namespacealiases|specialpagealiases');
    assert.deepEqual(r.query.namespacealiases, [{ id: 6, alias: 'Image' }, { id: 7, alias: 'Image talk' }]);
    const pages = r.query.specialpagealiases;
    assert.deepEqual(pages.find((p: Json) => p.realname === 'Lonelypages'), { realname: 'Lonelypages', aliases: ['LonelyPages', 'OrphanedPages'] });
    assert.deepEqual(pages.at(-1), { realname: 'GadgetUsage', aliases: ['GadgetUsage'] });
  });

  test('interwikimap from the interwiki table; filteriw=local keeps local prefixes, with language names', async () => {
    const local = (await siteinfo('siprop=interwikimap&sifilteriw=local')).query.interwikimap;
    assert.deepEqual(local.map((iw: Json) => iw.prefix), ['de', 'es', 'fixturewiki', 'fr', 'ja']);
    assert.deepEqual(local[3], {
      prefix: 'fr', local: true, language: 'français', url: 'https://fr.wikipedia.org/wiki/$1', protorel: false,
      wikiid: 'frwiki', api: 'https://fr.wikipedia.org/w/api.php',
    });
    const remote = (await siteinfo('siprop=interwikimap&sifilteriw=!local')).query.interwikimap;
    assert.ok(remote.every((iw: Json) => !iw.local));
  });

  test('statistics come from site_stats; admins counts sysops', async () => {
    const r = await siteinfo('siprop=statistics');
    assert.deepEqual(r.query.statistics, { pages: 267, articles: 87, edits: 476, images: 21, users: 19, activeusers: 0, admins: 3, jobs: 0 });
  });

  test('usergroups with numberingroup counts unexpired members; * and autoconfirmed have no number', async () => {
    const groups = (await siteinfo('siprop=usergroups&sinumberingroup=1')).query.usergroups;
    const byName = new Map(groups.map((g: Json) => [g.name, g]));
    assert.equal((byName.get('*') as Json).number, undefined);
    assert.equal((byName.get('autoconfirmed') as Json).number, undefined);
    assert.equal((byName.get('user') as Json).number, 19);
    assert.equal((byName.get('Reviewers') as Json).number, 3);
    assert.deepEqual((byName.get('sysop') as Json).add, ['Translators', 'Reviewers']);
  });

  test('dbrepllag: one server without a name; showalldb needs $wgShowHostnames', async () => {
    assert.deepEqual((await siteinfo('siprop=dbrepllag')).query.dbrepllag, [{ host: '', lag: -1 }]);
    const r = await siteinfo('siprop=dbrepllag&sishowalldb=1');
    assert.equal(r.error.code, 'includeAllDenied');
  });

  test('skins are named in inlanguagecode, else the content language', async () => {
    const fr = (await siteinfo('siprop=skins&siinlanguagecode=fr')).query.skins;
    assert.deepEqual(fr[1], { code: 'vector', name: 'Vector (ancienne version 2010)', default: true });
    const en = (await siteinfo('siprop=skins&siinlanguagecode=a<b')).query.skins;
    assert.deepEqual(en.map((s: Json) => s.name), ['Vector (2022)', 'Vector legacy (2010)', 'Fallback', 'ApiOutput']);
    assert.equal(en[2].unusable, true);
  });

  test('defaultoptions: core defaults, the site language and namespaces, gadget defaults', async () => {
    const o = (await siteinfo('siprop=defaultoptions')).query.defaultoptions;
    assert.equal(o.skin, 'vector');
    assert.equal(o.timecorrection, 'System|0');
    assert.equal(o.searchNs0, 1);
    assert.equal(o.searchNs2303, 0);
    assert.equal(o['gadget-HotTools'], 1);
    assert.equal(o['gadget-Clock'], 0);
    assert.equal('gadget-AdminTools' in o, false, 'hidden gadgets have no option');
    assert.equal(o['search-match-redirect'], true);
    const v1 = (await siteinfo('siprop=defaultoptions', 1)).query.defaultoptions;
    assert.equal(v1['search-match-redirect'], true, 'defaultoptions keeps booleans in formatversion 1');
  });

  test('extensions: credits of the skin and the loaded extensions, Special:Version links on the article path', async () => {
    const exts = (await siteinfo('siprop=extensions')).query.extensions;
    assert.deepEqual(exts.map((e: Json) => `${e.type}:${e.name}`), ['skin:Vector', 'other:Gadgets', 'parserhook:Cite', 'parserhook:ParserFunctions']);
    assert.equal(exts[2].credits, '/wiki/index.php/Special:Version/Credits/Cite');
  });

  test('parser facts follow the loaded extensions', async () => {
    const r = await siteinfo('siprop=extensiontags|functionhooks|magicwords|showhooks');
    assert.deepEqual(r.query.extensiontags.slice(-2), ['<ref>', '<references>']);
    assert.deepEqual(r.query.functionhooks.slice(-2), ['rel2abs', 'titleparts']);
    assert.deepEqual(r.query.magicwords[0], { name: 'expr', aliases: ['expr'], 'case-sensitive': false });
    assert.deepEqual(r.query.showhooks.map((h: Json) => h.name), ['CodeEditorGetPageLanguage', 'ScribuntoExternalLibraries']);
  });

  test('uploaddialog: configuration flags are "" or left out in formatversion 1', async () => {
    const v1 = (await siteinfo('siprop=uploaddialog', 1)).query.uploaddialog;
    assert.deepEqual(v1.fields, { description: '' });
    const v2 = (await siteinfo('siprop=uploaddialog')).query.uploaddialog;
    assert.deepEqual(v2.fields, { description: true, date: false, categories: false });
  });
});

describe('site facts', () => {
  test('language fallbacks end in English; settings are inherited along them', () => {
    assert.deepEqual(languageFallbacks('en'), []);
    assert.deepEqual(languageFallbacks('de-formal'), ['de', 'en']);
    assert.equal(contentLanguage('he').rtl, true);
    assert.equal(contentLanguage('de-formal').linkTrail, '/^([äöüßa-z]+)(.*)$/sDu');
    assert.equal(bcp47('de-formal'), 'de-x-formal');
  });

  test('language codes with path or markup characters are not valid', () => {
    assert.equal(isValidLanguageCode('zh-hant'), true);
    assert.equal(isValidLanguageCode('a<b'), false);
    assert.equal(isValidLanguageCode('en/x'), false);
  });

  test('skin names follow the language fallback chain, qqx shows message keys', () => {
    const site = loadSiteConfig(fixtureConfig);
    assert.equal(installedSkins(site, 'de-formal')[1]!.displayName, installedSkins(site, 'de')[1]!.displayName);
    assert.equal(installedSkins(site, 'qqx')[0]!.displayName, '(skinname-vector-2022)');
  });

  test('MediaWiki:Gadgets-definition: sections, options, hidden gadgets without a default option', () => {
    const gadgets = parseGadgetDefinitions(
      '<!-- note -->\n== tools ==\n* Hot Tools[ResourceLoader|default|rights=edit, move]|a.js|a.css\n' +
        '* Secret[hidden]|b.js\n== other ==\n* Plain|c.js\nnot a gadget\n',
    );
    assert.deepEqual(gadgets.map((g) => [g.name, g.section, g.pages]), [
      ['Hot_Tools', 'tools', ['a.js', 'a.css']],
      ['Secret', 'tools', ['b.js']],
      ['Plain', 'other', ['c.js']],
    ]);
    assert.deepEqual(gadgets[0]!.options.rights, ['edit', 'move']);
    assert.deepEqual(gadgetDefaultOptions(gadgets), [['Hot_Tools', true], ['Plain', false]]);
  });

  // The start-up parser once read lines inside comments, headings with spaces and names with spaces
  // as gadgets; MediaWikiGadgetsDefinitionRepo::listFromDefinition (Gadgets for 1.39) does not.
  test('MediaWiki:Gadgets-definition: comments first, then MediaWiki\'s line rules', () => {
    const gadgets = parseGadgetDefinitions(
      '== tools ==\n<!--\n* Commented[ResourceLoader|default]|commented.js\n-->\n' +
        '== two words ==\n* Spaced name[ ResourceLoader | supportsUrlLoad=false ]| a.js | notes.txt |b.css\n' +
        '* Twice|first.js\n* Other|o.js\n* Twice[hidden]|second.js\n* Bad,id|x.js\n',
    );
    assert.deepEqual(gadgets.map((g) => [g.name, g.section, g.pages, g.options.hidden]), [
      ['Spaced_name', 'tools', ['a.js', 'b.css'], false],
      ['Twice', 'tools', ['second.js'], true],
      ['Other', 'tools', ['o.js'], false],
    ]);
    assert.equal(gadgets[0]!.options.resourceLoader, true);
    assert.equal(gadgets[0]!.options.supportsUrlLoad, false);
  });
});
