// The link scanner records what MediaWiki's parser records for a page (LinksUpdate's input).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { InterwikiTable } from '../../src/import/interwiki.ts';
import { defaultNamespaces, NamespaceTable, TitleCodec } from '../../src/import/title.ts';
import { TemplateCache } from '../../src/import/wikitext/expander.ts';
import { analyzeWikitext, redirectTarget, type PageAnalysis } from '../../src/import/wikitext/page.ts';
import { makeIndexes } from '../../src/wiki/external-links.ts';
import { searchText } from '../../src/import/links/search-text.ts';
import type { ParsedTitle } from '../../src/wiki/titles.ts';

const interwiki = new InterwikiTable(['wikipedia', 'de', 'fr', 'mw']);
const codec = new TitleCodec(new NamespaceTable(defaultNamespaces('Test Wiki')), interwiki);

function wiki(pages: Record<string, string>, files: string[] = [], extensions = ['Cite', 'ParserFunctions', 'Scribunto', 'Math'], titles = codec): (text: string, title?: string) => PageAnalysis {
  const byKey = new Map<string, string>();
  for (const [title, text] of Object.entries(pages)) {
    const t = titles.parse(title)!;
    byKey.set(`${t.ns}:${t.dbKey}`, text);
  }
  const lookup = {
    page(ns: number, dbKey: string): { text: string; redirect: ParsedTitle | null } | null {
      const text = byKey.get(`${ns}:${dbKey}`);
      return text === undefined ? null : { text, redirect: redirectTarget(text, titles)?.target ?? null };
    },
    exists: (ns: number, dbKey: string) => byKey.has(`${ns}:${dbKey}`),
  };
  return (text, title = 'Test page') => {
    const t = titles.parse(title)!;
    return analyzeWikitext(text, { ns: t.ns, dbKey: t.dbKey }, {
      codec: titles,
      wiki: lookup,
      site: {
        siteName: 'Test Wiki', server: 'http://localhost', scriptPath: '/w', articlePath: '/wiki/$1', lang: 'en',
        subpageNamespaces: new Set([2, 10]), contentNamespaces: new Set([0]), extensions: new Set(extensions),
      },
      templateCache: new TemplateCache(extensions),
      isLanguagePrefix: (p) => interwiki.isLanguage(p),
      resolveFile: (name) => (files.includes(name) ? name : null),
      trackingCategory: (key) => ({ 'broken-file-category': 'Pages_with_broken_file_links', 'hidden-category-category': 'Hidden_categories' })[key] ?? null,
    });
  };
}

const links = (a: PageAnalysis): string[] => [...a.links.pageLinks.keys()];
const templates = (a: PageAnalysis): string[] => [...a.templates.keys()];

describe('a local interwiki prefix ($wgLocalInterwikis)', () => {
  const local = new TitleCodec(new NamespaceTable(defaultNamespaces('Test Wiki')), new InterwikiTable(['de', 'self'], ['self']), 'Front page');
  const parse = wiki({}, [], undefined, local);
  // Parser::handleInternalLinks2: `$noforce && !$nt->wasLocalInterwiki()` decides categories, files and language links.
  test('makes a link of what would categorise, show a file or link a language', () => {
    const a = parse('[[self:Category:Birds]] [[self:File:A.png]] [[self:de:Erde]] [[self:Talk:x]]');
    assert.deepEqual(links(a), ['14:Birds', '6:A.png', '1:X']);
    assert.deepEqual([...a.links.categories.keys()], []);
    assert.deepEqual([...a.links.langLinks.keys()], []);
    assert.deepEqual([...a.links.interwikiLinks.values()], [['de', 'Erde']]);
  });
  // The importer's own codec once refused [[self:]]; MediaWiki links the main page.
  test('an empty one links the main page', () => {
    assert.deepEqual(links(parse('[[self:]]')), ['0:Front_page']);
  });
});

describe('wikilinks', () => {
  const parse = wiki({});
  test('a link is recorded once under its normalised title, without its fragment', () => {
    assert.deepEqual(links(parse('[[foo bar]] [[Foo_bar#Section|text]] [[ Foo  bar ]]')), ['0:Foo_bar']);
  });
  test('character references in link targets are decoded by the full HTML5 table, as MediaWiki does (the server uses the same table)', () => {
    assert.deepEqual(links(parse('[[&Zeta;eta]] [[&alpha;lpha]] [[Caf&eacute;]] [[A&#x42;C]]')), ['0:Ζeta', '0:Αlpha', '0:Café', '0:ABC']);
  });
  test('self-links, section links and special pages are not recorded', () => {
    assert.deepEqual(links(parse('[[Test page]] [[#Top]] [[Special:Random]] [[Test page#Here]]')), ['0:Test_page']);
  });
  test('[[:Category:X]] and [[:File:X]] are links; [[Category:X]] categorises', () => {
    const a = parse('[[:Category:Animals]] [[:File:A.png]] [[Category:Birds]]');
    assert.deepEqual(links(a), ['14:Animals', '6:A.png']);
    assert.deepEqual([...a.links.categories], [['Birds', '']]);
  });
  test('[[Media:X]] and [[File:X|caption with [[links]]]] record the file and the caption links', () => {
    const a = parse('[[Media:Sound.ogg]] [[File:Pic.png|thumb|A [[Caption link]] here]]');
    assert.deepEqual([...a.links.images].sort(), ['Pic.png', 'Sound.ogg']);
    assert.deepEqual(links(a), ['0:Caption_link']);
  });
  test('a missing embedded file puts the page in the broken file tracking category', () => {
    assert.ok(parse('[[File:Missing.png]]').links.categories.has('Pages_with_broken_file_links'));
    assert.ok(!wiki({}, ['There.png'])('[[File:There.png]]').links.categories.has('Pages_with_broken_file_links'));
  });
  test('<gallery> lines are files, with or without the namespace', () => {
    const a = parse('<gallery>\nFile:One.jpg|[[Cap]]\nTwo.jpg\n</gallery>');
    assert.deepEqual([...a.links.images].sort(), ['One.jpg', 'Two.jpg']);
    assert.deepEqual(links(a), ['0:Cap']);
  });
  test('interlanguage links need a known language prefix; [[:de:X]] is an interwiki link', () => {
    const a = parse('[[de:Erde]] [[fr:Terre]] [[de:Zweite]] [[:de:Forced]] [[wikipedia:Main Page]]');
    assert.deepEqual([...a.links.langLinks], [['de', 'Erde'], ['fr', 'Terre']]);
    assert.deepEqual([...a.links.interwikiLinks.values()], [['de', 'Forced'], ['wikipedia', 'Main_Page']]);
  });
  test('talk pages have interwiki links, not language links', () => {
    const a = parse('[[de:Erde]]', 'Talk:Earth');
    assert.equal(a.links.langLinks.size, 0);
    assert.deepEqual([...a.links.interwikiLinks.values()], [['de', 'Erde']]);
  });
  test('nowiki, pre, comments and math hide links', () => {
    assert.deepEqual(links(parse('<nowiki>[[A]]</nowiki><pre>[[B]]</pre><!-- [[C]] --><math>[[D]]</math>[[E]]')), ['0:E']);
  });
  test('links inside <ref> count', () => {
    assert.deepEqual(links(parse('Text.<ref>See [[Source]].</ref><references/>')), ['0:Source']);
  });
  test('subpage links in namespaces with subpages', () => {
    assert.deepEqual(links(parse('[[/Archive]] [[../Sibling]]', 'User:Alice/Notes')), ['2:Alice/Notes/Archive', '2:Alice/Sibling']);
  });
  // action=parse of the same text as User:Alice/Notes on the reference; the importer's own
  // normalizeSubpageLink once made [[/]] a self-link and kept the spaces and the slash before `#`.
  test('subpage links as Linker::normalizeSubpageLink (the server\'s rule) resolves them', () => {
    const a = parse('[[/]] [[/ Sub ]] [[../a/#x]] [[ ../b ]] [[/c/#y|t]] [[../]] [[../../x]] [[%2Fd]]', 'User:Alice/Notes');
    assert.deepEqual(links(a).sort(), ['2:Alice', '2:Alice/Notes/', '2:Alice/Notes/Sub', '2:Alice/Notes/c', '2:Alice/Notes/d', '2:Alice/a', '2:Alice/b']);
  });
});

describe('categories', () => {
  const parse = wiki({});
  test('a sort key is the link text; DEFAULTSORT applies to categories without one, wherever it stands', () => {
    const a = parse('[[Category:A]] [[Category:B|Key]] {{DEFAULTSORT:Zola, Emile}}');
    assert.deepEqual([...a.links.categories], [['A', 'Zola, Emile'], ['B', 'Key']]);
    assert.equal(a.props.get('defaultsort'), 'Zola, Emile');
  });
  test('__HIDDENCAT__ on a category page adds the hidden categories tracking category', () => {
    const a = parse('__HIDDENCAT__', 'Category:Secret');
    assert.ok(a.props.has('hiddencat'));
    assert.ok(a.links.categories.has('Hidden_categories'));
  });
});

describe('templates', () => {
  const parse = wiki({
    'Template:Infobox': '<includeonly>{{#if:{{{image|}}}|[[File:{{{image}}}]]}} [[{{{country}}}]]{{Infobox/row}}</includeonly><noinclude>[[Category:Infobox templates]]</noinclude>',
    'Template:Infobox/row': '<includeonly>[[Row target]]</includeonly>',
    'Template:Inf': '#REDIRECT [[Template:Infobox]]',
    'Template:Loop': '{{Loop}}',
    'Template:Main': 'Main article: [[{{{1}}}]]',
    'Template:Switch': '{{#switch:{{{1}}}|a=[[Alpha]]|b|c=[[Beta or gamma]]|#default=[[Other]]}}',
  });
  test('a template, the templates it uses and its links are the page\'s; noinclude parts are not', () => {
    const a = parse('{{Infobox|country=France|image=Flag.png}}');
    assert.deepEqual(templates(a), ['10:Infobox', '10:Infobox/row']);
    assert.deepEqual(links(a), ['0:France', '0:Row_target']);
    assert.deepEqual([...a.links.images], ['Flag.png']);
    assert.equal(a.links.categories.size, 1, 'only the broken file tracking category');
  });
  test('a redirect to a template is followed and both are transcluded', () => {
    assert.deepEqual(templates(parse('{{Inf|country=Spain}}')), ['10:Inf', '10:Infobox', '10:Infobox/row']);
  });
  test('a missing template is a link to it', () => {
    const a = parse('{{Nonexistent template}}');
    assert.deepEqual(templates(a), ['10:Nonexistent_template']);
    assert.deepEqual(links(a), ['10:Nonexistent_template']);
  });
  test('#switch takes the matching case, falls through, and has a default', () => {
    assert.deepEqual(links(parse('{{Switch|a}}')), ['0:Alpha']);
    assert.deepEqual(links(parse('{{Switch|b}}')), ['0:Beta_or_gamma']);
    assert.deepEqual(links(parse('{{Switch|z}}')), ['0:Other']);
  });
  test('arguments are substituted, parser functions and magic words evaluated', () => {
    assert.deepEqual(links(parse('{{Main|Paris}} [[{{PAGENAME}}/sub]] {{#ifeq: 1 | 01 | [[Numeric equal]] | [[Not]]}} {{#ifexpr: 2 > 1 | [[Bigger]]}}')), [
      '0:Paris', '0:Test_page/sub', '0:Numeric_equal', '0:Bigger',
    ]);
  });
  test('#ifexist records its target as a link', () => {
    assert.deepEqual(links(parse('{{#ifexist:Template:Main|[[Yes]]|[[No]]}}')).sort(), ['0:Yes', '10:Main']);
  });
  test('a template loop is reported, not followed', () => {
    const a = parse('{{Loop}}');
    assert.deepEqual(templates(a), ['10:Loop']);
    assert.deepEqual(links(a), ['10:Loop']);
  });
  test('#invoke transcludes the module', () => {
    assert.deepEqual(templates(parse('{{#invoke:Citation|cite}}')), ['828:Citation']);
  });
  test('without the extension that defines them, parser functions and tags are plain text', () => {
    const bare = wiki({}, [], []);
    assert.deepEqual(templates(bare('{{#invoke:Citation|cite}}')), []);
    assert.deepEqual(links(bare('{{#if:x|[[Then]]|[[Else]]}} <ref>[[In ref]]</ref>')), ['0:Then', '0:Else', '0:In_ref']);
  });
});

describe('redirects and switches', () => {
  const parse = wiki({});
  test('#REDIRECT gives the target with its fragment, and a link to it', () => {
    const a = parse('#REDIRECT [[Moon#Name]] [[Category:Redirects]]', 'Luna');
    assert.deepEqual({ ns: a.redirect!.ns, dbKey: a.redirect!.dbKey, fragment: a.redirect!.fragment }, { ns: 0, dbKey: 'Moon', fragment: 'Name' });
    assert.deepEqual(links(a), ['0:Moon']);
    assert.ok(a.links.categories.has('Redirects'));
  });
  test('an interwiki redirect keeps its prefix', () => {
    const a = parse('#redirect [[wikipedia:Main Page]]', 'Elsewhere');
    assert.equal(a.redirect!.interwiki, 'wikipedia');
  });
  test('behaviour switches become page properties; DISPLAYTITLE must match the title', () => {
    const a = parse("__NOTOC__ __NOEDITSECTION__ {{DISPLAYTITLE:''1984''}}", '1984');
    assert.deepEqual([...a.props], [['notoc', ''], ['noeditsection', ''], ['displaytitle', '<i>1984</i>']]);
    assert.equal(parse('{{DISPLAYTITLE:Something else}}', '1984').props.has('displaytitle'), false);
  });
});

describe('external links', () => {
  const parse = wiki({});
  test('bracketed, free and protocol-relative links are found; trailing punctuation is not part of a URL', () => {
    const a = parse('[http://example.com/a Label] see https://example.org/b. and [//cdn.example.net/c] mailto:me@example.com');
    assert.deepEqual([...a.links.externalLinks], ['http://example.com/a', '//cdn.example.net/c', 'https://example.org/b', 'mailto:me@example.com']);
  });
  test('URLs are stored as Parser::normalizeLinkUrl leaves them', () => {
    const a = parse('[https://example.org/C%2B%2B_(x) a] [https://example.org/Ångström b]');
    assert.deepEqual([...a.links.externalLinks], ['https://example.org/C++_(x)', 'https://example.org/%C3%85ngstr%C3%B6m']);
  });
  test('el_index reverses the host, keeps the port, and doubles protocol-relative links', () => {
    assert.deepEqual(makeIndexes('https://www.example.org:8443/p?q#f'), ['https://org.example.www.:8443/p?q#f']);
    assert.deepEqual(makeIndexes('//cdn.example.net/a'), ['http://net.example.cdn./a', 'https://net.example.cdn./a']);
    assert.deepEqual(makeIndexes('mailto:me@Example.COM'), ['mailto:com.example.@me']);
    assert.deepEqual(makeIndexes('http://192.0.2.1/status'), ['http://V4.192.0.2.1./status']);
    // IPUtils::isValid and sanitizeIP (src/wiki/ip.ts) for IPv6 hosts, as LinkFilter::indexifyHost uses them.
    assert.deepEqual(makeIndexes('http://[2001:DB8::0001]/x'), ['http://V6.2001.DB8.0.0.0.0.0.1./x']);
    assert.deepEqual(makeIndexes('http://[1:2:3:4:5:6:7:8::]/x'), ['http://%5B1%3A2%3A3%3A4%3A5%3A6%3A7%3A8%3A%3A%5D./x'], 'no address: a host name');
  });
});

test('the search index text is lowercased words without markup or URLs', () => {
  assert.equal(searchText("'''Bold''' [[Link]] <b>tag</b> http://x.org/y end").replace(/\s+/g, ' ').trim(), 'bold link tag end');
});
