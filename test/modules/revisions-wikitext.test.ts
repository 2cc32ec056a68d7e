// The wikitext pieces behind prop=revisions: the preprocessor's parse tree and sections, the
// edit-summary formatter, SHA-1 conversion and revision-deletion visibility.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { extractSection, treeToXml } from '../../src/wiki/parse-tree.ts';
import { preprocess } from '../../src/wiki/preprocessor.ts';
import { formatComments, type CommentFormatterContext } from '../../src/wiki/comment-formatter.ts';
import { Namespaces, defaultNamespaces } from '../../src/wiki/namespaces.ts';
import { TitleCodec } from '../../src/wiki/titles.ts';
import { SpecialPages } from '../../src/wiki/special-pages.ts';
import { sha1Base36ToHex } from '../../src/modules/prop/revision-record.ts';
import { DELETED_COMMENT, DELETED_RESTRICTED, DELETED_TEXT, DELETED_USER, hiddenUserMask, userCanBitfield } from '../../src/wiki/visibility.ts';

const TAGS = new Set(['pre', 'nowiki', 'gallery', 'indicator', 'langconvert', 'ref', 'references']);
const xml = (text: string) => treeToXml(preprocess(text, { tags: TAGS }));
const section = (text: string, id: string) => extractSection(text, id, { tags: TAGS });

describe('rvprop=parsetree: the preprocessor XML', () => {
  test('templates with named and numbered parts, headings with level and index', () => {
    assert.equal(
      xml('{{Infobox\n| name = Earth\n|x}}\n== History ==\ntext'),
      '<root><template><title>Infobox\n</title><part><name> name </name><equals>=</equals><value> Earth\n</value></part>' +
        '<part><name index="1"/><value>x</value></part></template>\n<h level="2" i="1">== History ==</h>\ntext</root>',
    );
  });

  test('extension tags keep their attributes, inner text and closing tag, escaped', () => {
    assert.equal(
      xml('a<ref name="hist">{{x}}</ref><references/>'),
      '<root>a<ext><name>ref</name><attr> name=&quot;hist&quot;</attr><inner>{{x}}</inner><close>&lt;/ref&gt;</close></ext>' +
        '<ext><name>references</name><attr/></ext></root>',
    );
  });

  test('a template at the start of a line is marked lineStart; links stay text', () => {
    assert.equal(xml('x\n{{Navbox}} [[a|b]]'), '<root>x\n<template lineStart="1"><title>Navbox</title></template> [[a|b]]</root>');
  });

  test('a comment alone on its line takes the line with it', () => {
    assert.equal(xml('a\n<!-- c -->\nb'), '<root>a\n<comment>&lt;!-- c --&gt;\n</comment>b</root>');
  });

  test('unclosed braces are plain text', () => {
    assert.equal(xml('{{a|b'), '<root>{{a|b</root>');
  });
});

describe('rvsection: Parser::getSection', () => {
  const text = 'intro\n== A ==\na text\n=== A1 ===\nsub\n== B ==\nb text\n';

  test('section 0 is the text before the first heading', () => {
    assert.equal(section(text, '0'), 'intro');
  });

  test('a section includes its subsections and stops at the next heading of its level', () => {
    assert.equal(section(text, '1'), '== A ==\na text\n=== A1 ===\nsub');
    assert.equal(section(text, '2'), '=== A1 ===\nsub');
    assert.equal(section(text, '3'), '== B ==\nb text');
  });

  test('a missing section is null (nosuchsection); anything not a number is section 0', () => {
    assert.equal(section(text, '9'), null);
    assert.equal(section(text, 'new'), 'intro');
    assert.equal(section('', '0'), '');
    assert.equal(section('', '1'), null);
  });

  test('headings inside templates do not start sections but count in the numbering', () => {
    const t = 'x\n{{T|\n== In ==\n}}\n== Out ==\ny';
    assert.equal(section(t, '1'), null);
    assert.equal(section(t, '2'), '== Out ==\ny');
  });
});

describe('parsedcomment: the edit-summary formatter', () => {
  const defaults = defaultNamespaces('Fixture_Wiki');
  const namespaces = new Namespaces(defaults.namespaces, defaults.aliases);
  const titles = new TitleCodec(namespaces, true, (p) => p === 'wikipedia');
  const existing = new Map([
    ['0:Earth', { exists: true, redirect: false }],
    ['0:Au', { exists: true, redirect: true }],
  ]);
  const ctx: CommentFormatterContext = {
    site: { server: 'http://127.0.0.1:8081', scriptPath: '/wiki', articlePath: '/wiki/index.php/$1', lang: 'en' },
    userLanguage: 'en',
    titles,
    specialPages: new SpecialPages(),
    interwikiPattern: (p) => (p === 'wikipedia' ? 'https://en.wikipedia.org/wiki/$1' : null),
    lookUp: async (keys) => new Map(keys.map((k) => `${k.ns}:${k.dbKey}`).filter((k) => existing.has(k)).map((k) => [k, existing.get(k)!])),
  };
  const format = async (comment: string) => (await formatComments(ctx, [{ comment, self: { ns: 0, dbKey: 'Earth' } }]))[0];

  test('links are coloured: known, redirect, missing, interwiki', async () => {
    assert.equal(
      await format('[[Earth]] [[Au|gold]] [[Nope]] [[wikipedia:Moon]]'),
      '<a href="/wiki/index.php/Earth" title="Earth">Earth</a> <a href="/wiki/index.php/Au" class="mw-redirect" title="Au">gold</a> ' +
        '<a href="/wiki/index.php?title=Nope&amp;action=edit&amp;redlink=1" class="new" title="Nope (page does not exist)">Nope</a> ' +
        '<a href="https://en.wikipedia.org/wiki/Moon" class="extiw" title="wikipedia:Moon">wikipedia:Moon</a>',
    );
  });

  test('/* section */ links to the section of the page, with an arrow', async () => {
    assert.equal(
      await format('/* History */ expand'),
      '<span dir="auto"><span class="autocomment"><a href="/wiki/index.php/Earth#History" title="Earth">→\u200eHistory</a>: </span> expand</span>',
    );
  });

  test('text is escaped and the link trail joins the link', async () => {
    assert.equal(await format('a < b [[Earth]]s'), 'a &lt; b <a href="/wiki/index.php/Earth" title="Earth">Earths</a>');
  });
});

describe('revision deletion and SHA-1', () => {
  const anon = new Set(['read', 'edit']);
  const sysop = new Set(['read', 'deletedhistory', 'deletedtext']);

  test('an anonymous caller sees no hidden field; a sysop sees them unless suppressed', () => {
    assert.equal(userCanBitfield(DELETED_TEXT | DELETED_COMMENT, DELETED_COMMENT, anon), false);
    assert.equal(userCanBitfield(DELETED_TEXT, DELETED_COMMENT, anon), true);
    assert.equal(userCanBitfield(DELETED_TEXT, DELETED_TEXT, sysop), true);
    assert.equal(userCanBitfield(DELETED_USER | DELETED_RESTRICTED, DELETED_USER, sysop), false);
  });

  test('user-filtered lists hide revisions whose user is hidden from the caller', () => {
    assert.equal(hiddenUserMask(anon), DELETED_USER);
    assert.equal(hiddenUserMask(sysop), DELETED_USER | DELETED_RESTRICTED);
  });

  test('base-36 SHA-1 becomes 40 hex digits', () => {
    assert.equal(sha1Base36ToHex('phoiac9h4m842xq45sp7s6u21eteeq1'), 'da39a3ee5e6b4b0d3255bfef95601890afd80709');
    assert.equal(sha1Base36ToHex(''), '');
  });
});

describe('rvdiffto: the PHP diff engine and table formatter', () => {
  test('changed lines are diffed word by word, with two lines of context', async () => {
    const { diffBody } = await import('../../src/wiki/diff.ts');
    const body = diffBody('a\nb\nc\nd\nold words here\ne', 'a\nb\nc\nd\nnew words here\ne');
    assert.equal(
      body,
      '<tr><td colspan="2" class="diff-lineno" id="mw-diff-left-l3">Line 3:</td>\n<td colspan="2" class="diff-lineno">Line 3:</td></tr>\n' +
        '<tr><td class="diff-marker"></td><td class="diff-context diff-side-deleted"><div>c</div></td><td class="diff-marker"></td><td class="diff-context diff-side-added"><div>c</div></td></tr>\n' +
        '<tr><td class="diff-marker"></td><td class="diff-context diff-side-deleted"><div>d</div></td><td class="diff-marker"></td><td class="diff-context diff-side-added"><div>d</div></td></tr>\n' +
        '<tr><td class="diff-marker" data-marker="−"></td><td class="diff-deletedline diff-side-deleted"><div><del class="diffchange diffchange-inline">old </del>words here</div></td>' +
        '<td class="diff-marker" data-marker="+"></td><td class="diff-addedline diff-side-added"><div><ins class="diffchange diffchange-inline">new </ins>words here</div></td></tr>\n' +
        '<tr><td class="diff-marker"></td><td class="diff-context diff-side-deleted"><div>e</div></td><td class="diff-marker"></td><td class="diff-context diff-side-added"><div>e</div></td></tr>\n',
    );
  });

  test('added lines stand alone, empty lines are line breaks', async () => {
    const { diffBody } = await import('../../src/wiki/diff.ts');
    assert.equal(
      diffBody('x', 'x\n\ny'),
      '<tr><td colspan="2" class="diff-lineno" id="mw-diff-left-l1">Line 1:</td>\n<td colspan="2" class="diff-lineno">Line 1:</td></tr>\n' +
        '<tr><td class="diff-marker"></td><td class="diff-context diff-side-deleted"><div>x</div></td><td class="diff-marker"></td><td class="diff-context diff-side-added"><div>x</div></td></tr>\n' +
        '<tr><td colspan="2" class="diff-side-deleted"></td><td class="diff-marker" data-marker="+"></td><td class="diff-addedline diff-side-added"><div><ins class="diffchange"></ins></div></td></tr>\n' +
        '<tr><td colspan="2" class="diff-side-deleted"></td><td class="diff-marker" data-marker="+"></td><td class="diff-addedline diff-side-added"><div><ins class="diffchange">y</ins></div></td></tr>\n',
    );
  });
});
