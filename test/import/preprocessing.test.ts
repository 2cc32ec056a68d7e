// Template expansion reads wikitext with the domain core's preprocessor (src/wiki/preprocessor.ts).
// Each case is one the importer's own preprocessor once read otherwise; the expected texts are
// what action=expandtemplates of MediaWiki 1.39 answered, with these templates on the wiki.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { InterwikiTable } from '../../src/import/interwiki.ts';
import { NamespaceTable, TitleCodec, defaultNamespaces } from '../../src/import/title.ts';
import { Expander, TemplateCache } from '../../src/import/wikitext/expander.ts';

const templates: Record<string, string> = {
  'Template:Echo': '<1:{{{1|∅}}}><2:{{{2|∅}}}><a:{{{a|∅}}}>',
  'Template:Onlyinclude open': 'a<onlyinclude>b',
  'Template:Onlyinclude upper': 'x<ONLYINCLUDE>a</ONLYINCLUDE>y',
  'Template:NOINCLUDE open': 'a<NOINCLUDE>b',
  'Template:Stray closing': 'a</noinclude>b</includeonly>c</onlyinclude>d',
  'Template:Comment line': 'a\n<!-- c -->\nb',
  'Template:List': '* item',
};

const codec = new TitleCodec(new NamespaceTable(defaultNamespaces('Test Wiki')), new InterwikiTable([]));
const pages = new Map<string, string>();
for (const [title, text] of Object.entries(templates)) {
  const t = codec.parse(title)!;
  pages.set(`${t.ns}:${t.dbKey}`, text);
}
const extensions = ['Cite', 'ParserFunctions'];
const templateCache = new TemplateCache(extensions);

function expand(text: string): string {
  const expander = new Expander(
    codec,
    {
      page: (ns, dbKey) => {
        const found = pages.get(`${ns}:${dbKey}`);
        return found === undefined ? null : { text: found, redirect: null };
      },
      exists: (ns, dbKey) => pages.has(`${ns}:${dbKey}`),
    },
    {
      siteName: 'Test Wiki', server: 'http://localhost', scriptPath: '/w', articlePath: '/wiki/$1', lang: 'en',
      subpageNamespaces: new Set([10]), contentNamespaces: new Set([0]), extensions: new Set(extensions),
    },
    { ns: 0, dbKey: 'Test' },
    templateCache,
  );
  return expander.expandPage(text);
}

describe('template arguments as MediaWiki splits them', () => {
  test('a heading line in an argument is part of its value: its `=` names nothing, its `|` splits nothing', () => {
    assert.equal(expand('{{Echo|\n== a=b ==\n}}'), '<1:\n== a=b ==\n><2:∅><a:∅>');
    assert.equal(expand('{{Echo|\n== a | b ==\n}}'), '<1:\n== a | b ==\n><2:∅><a:∅>');
  });

  test('a heading line open to the end of the text leaves the call as text', () => {
    assert.equal(expand('{{Echo|\n==a}}'), '{{Echo|\n==a}}');
  });

  test('-{ }- keeps its `|` and `=` to itself', () => {
    assert.equal(expand('{{Echo|-{a|b}-}}'), '<1:-{a|b}-><2:∅><a:∅>');
    assert.equal(expand('{{Echo|-{a=b}-|a=c}}'), '<1:-{a=b}-><2:∅><a:c>');
    assert.equal(expand('{{#if:x|-{a|b}-|no}}'), '-{a|b}-');
  });
});

describe('comments and tags as MediaWiki reads them', () => {
  test('comments alone on a line leave no blank line', () => {
    assert.equal(expand('a\n<!-- c -->\nb'), 'a\nb');
    assert.equal(expand('a\n  <!-- c --> <!-- d -->  \nb'), 'a\nb');
    assert.equal(expand('{{Comment line}}'), 'a\nb');
  });

  test('an extension tag without its closing tag is text: no template in it is expanded', () => {
    assert.equal(expand('<ref name="{{#if:x|yes}}">'), '<ref name="{{#if:x|yes}}">');
  });

  test('on the page, </includeonly> and an unclosed <INCLUDEONLY> are text', () => {
    assert.equal(expand('a</includeonly>b'), 'a</includeonly>b');
    assert.equal(expand('a<INCLUDEONLY>b'), 'a<INCLUDEONLY>b');
  });

  test('in a transclusion, <onlyinclude> needs its closing tag and lowercase; </noinclude>, </onlyinclude> and <NOINCLUDE> left open are text', () => {
    assert.equal(expand('{{Onlyinclude open}}'), 'a<onlyinclude>b');
    assert.equal(expand('{{Onlyinclude upper}}'), 'x<ONLYINCLUDE>a</ONLYINCLUDE>y');
    assert.equal(expand('{{NOINCLUDE open}}'), 'a<NOINCLUDE>b');
    assert.equal(expand('{{Stray closing}}'), 'a</noinclude>bc</onlyinclude>d');
  });
});

describe('a call not at a line start whose text starts a list or a table (T2529)', () => {
  test('starts a new line: transclusions, parser functions, even at the very start of the text', () => {
    assert.equal(expand('x{{#if:1|* a}}'), 'x\n* a');
    assert.equal(expand('{{#if:1|* a}}'), '\n* a');
    assert.equal(expand('x {{List}}'), 'x \n* item');
    assert.equal(expand('x{{#if:1|#a}}{{#if:1|;b}}{{#if:1|:c}}'), 'x\n#a\n;b\n:c');
    assert.equal(expand('[[Foo{{#if:1|:bar}}]]'), '[[Foo\n:bar]]');
  });

  test('not at a line start, nor for a call written back, nor for an argument', () => {
    assert.equal(expand('x\n{{List}}'), 'x\n* item');
    assert.equal(expand('x{{subst:#if:1|* a}}'), 'x{{subst:#if:1|* a}}');
    assert.equal(expand('x{{{1|* a}}}'), 'x* a');
  });
});
