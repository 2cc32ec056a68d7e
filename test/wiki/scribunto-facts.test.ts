// What Scribunto adds to a MediaWiki 1.39's siteinfo and how it names the models of Module pages, as MediaWiki with Scribunto answers.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSiteConfig } from '../../src/server/config.ts';
import {
  extensionCredits, extensionMessage, extensionTags, functionHooks, magicWords, subscribedHooks,
} from '../../src/wiki/site-facts.ts';
import { docPageTest, scribuntoDefaultModel } from '../../src/wiki/scribunto-pages.ts';
import { Namespaces, defaultNamespaces } from '../../src/wiki/namespaces.ts';
import { TitleCodec } from '../../src/wiki/titles.ts';
import type { SiteConfig } from '../../src/wiki/site.ts';

const withScribunto: SiteConfig = loadSiteConfig(undefined, { extensions: ['Gadgets', 'Cite', 'ParserFunctions', 'Scribunto'] });
const withoutScribunto: SiteConfig = loadSiteConfig(undefined, { extensions: ['Gadgets', 'Cite', 'ParserFunctions'] });

function codec(moduleNames: [string, string] = ['Module', 'Module talk']): TitleCodec {
  const core = defaultNamespaces('Test_Wiki');
  const modules = [
    { id: 828, name: moduleNames[0], canonical: 'Module', case: 'first-letter' as const, subpages: true, content: false, nonincludable: false },
    { id: 829, name: moduleNames[1], canonical: 'Module talk', case: 'first-letter' as const, subpages: true, content: false, nonincludable: false },
  ];
  return new TitleCodec(new Namespaces([...core.namespaces, ...modules], core.aliases), true, () => false);
}

describe('siteinfo of a wiki with Scribunto', () => {
  test('extensions: Scribunto is a parser hook, after the extensions loaded before it', () => {
    const credits = extensionCredits(withScribunto);
    assert.deepEqual(credits.map((c) => c.name), ['Vector', 'Gadgets', 'Cite', 'ParserFunctions', 'Scribunto']);
    assert.deepEqual(credits.at(-1), {
      type: 'parserhook',
      name: 'Scribunto',
      descriptionmsg: 'scribunto-desc',
      author: 'Victor Vasiliev, Tim Starling, Brad Jorsch',
      url: 'https://www.mediawiki.org/wiki/Extension:Scribunto',
      'license-name': 'GPL-2.0-or-later AND MIT',
      license: '/wiki/index.php/Special:Version/License/Scribunto',
    });
  });

  test('functionhooks: invoke comes after core\'s and before ParserFunctions\' (a $wgHooks handler runs first)', () => {
    const hooks = functionHooks(withScribunto);
    const at = hooks.indexOf('invoke');
    assert.deepEqual(hooks.slice(at - 1, at + 3), ['displaytitle', 'invoke', 'if', 'ifeq']);
    assert.deepEqual(hooks.filter((h) => h !== 'invoke'), functionHooks(withoutScribunto));
  });

  test('extensiontags: Scribunto adds none', () => {
    assert.deepEqual(extensionTags(withScribunto), ['pre', 'nowiki', 'gallery', 'indicator', 'langconvert', 'ref', 'references']);
  });

  test('magicwords: invoke (case-insensitive) after ParserFunctions\' words and before core\'s', () => {
    const names = magicWords(withScribunto).map(([name]) => name);
    const at = names.indexOf('invoke');
    assert.deepEqual(names.slice(at - 1, at + 2), ['urldecode', 'invoke', '!']);
    assert.deepEqual(magicWords(withScribunto)[at], ['invoke', false, ['invoke']]);
  });

  test('showhooks: Scribunto\'s legacy handlers, CodeEditorGetPageLanguage shared with Gadgets', () => {
    const hooks = new Map(subscribedHooks(withScribunto));
    assert.deepEqual(hooks.get('CodeEditorGetPageLanguage'), [
      'MediaWiki\\Extension\\Gadgets\\Hooks::onCodeEditorGetPageLanguage',
      'MediaWiki\\Extension\\Scribunto\\Hooks::getCodeLanguage',
    ]);
    assert.deepEqual(hooks.get('ParserFirstCallInit'), ['MediaWiki\\Extension\\Scribunto\\Hooks::setupParserHook']);
    assert.deepEqual([...hooks.keys()], [
      'ArticleViewHeader', 'CodeEditorGetPageLanguage', 'ContentHandlerDefaultModelFor', 'EditFilterMergedContent',
      'EditPage::showReadOnlyForm:initial', 'EditPage::showStandardInputs:options', 'EditPageBeforeEditButtons',
      'ParserClearState', 'ParserCloned', 'ParserFirstCallInit', 'ParserLimitReportFormat', 'ParserLimitReportPrepare',
      'ScribuntoExternalLibraries', 'SoftwareInfo',
    ]);
  });

  test('scribunto-doc-page-name follows the content language\'s fallbacks; no message without Scribunto', () => {
    assert.equal(extensionMessage(withScribunto, 'Scribunto', 'scribunto-doc-page-name', 'en'), 'Module:$1/doc');
    assert.equal(extensionMessage(withScribunto, 'Scribunto', 'scribunto-doc-page-name', 'de'), 'Module:$1/Doku');
    assert.equal(extensionMessage(withScribunto, 'Scribunto', 'scribunto-doc-page-name', 'de-formal'), 'Module:$1/Doku');
    assert.equal(extensionMessage(withScribunto, 'Scribunto', 'scribunto-doc-page-name', 'ltg'), 'Module:$1/doc');
    assert.equal(extensionMessage(withoutScribunto, 'Scribunto', 'scribunto-doc-page-name', 'en'), undefined);
  });
});

describe('default content model of Module pages (prop=info of missing pages)', () => {
  const titles = codec();
  const isDocPage = docPageTest('Module:$1/doc', titles);
  const model = (text: string, ns = 828) => scribuntoDefaultModel(ns, text, titles.text(ns, text.replaceAll(' ', '_')), isDocPage) ?? 'wikitext';

  test('modules are Scribunto, .json modules JSON, documentation pages wikitext, as MediaWiki answers', () => {
    // prop=info&titles=Module:Missing|Module:Missing/doc|Module talk:X|Module:X.json|... on MediaWiki 1.39 with Scribunto
    assert.equal(model('Missing'), 'Scribunto');
    assert.equal(model('Missing/doc'), 'wikitext');
    assert.equal(model('X', 829), 'wikitext');
    assert.equal(model('X.json'), 'json');
    assert.equal(model('X/doc.json'), 'json');
    assert.equal(model('/doc'), 'Scribunto', 'the module name may not be empty');
    assert.equal(model('A/doc/doc'), 'wikitext');
    assert.equal(model('Doc'), 'Scribunto');
    assert.equal(model('X/Doc'), 'Scribunto', 'the subpage name is case-sensitive');
  });

  test('the message names the namespace canonically; titles carry its local name', () => {
    const local = codec(['Modulis', 'Moduļa diskusija']);
    const test = docPageTest('Module:$1/dok', local);
    assert.equal(test('Modulis:Foo/dok'), true);
    assert.equal(test('Modulis:Foo/doc'), false);
    assert.equal(test('Module:Foo/dok'), false);
  });

  test('a disabled message ("-") makes no page documentation', () => {
    assert.equal(docPageTest('-', titles)('Module:Foo/doc'), false);
    assert.equal(docPageTest(undefined, titles)('Module:Foo/doc'), false);
  });

  test('regular-expression characters of the message are taken literally', () => {
    const test = docPageTest('Module:$1 (doc)', titles);
    assert.equal(test('Module:Foo (doc)'), true);
    assert.equal(test('Module:Foo doc'), false);
  });
});
