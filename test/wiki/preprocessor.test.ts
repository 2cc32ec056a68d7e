// The one wikitext preprocessor (src/wiki/preprocessor.ts): its tree as MediaWiki 1.39 builds it
// (the `parsetree` of action=expandtemplates recorded from the reference wiki), for the page and
// for a transclusion.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { expandWithoutTemplates, originalText, treeToXml } from '../../src/wiki/parse-tree.ts';
import { preprocess, type PPNode } from '../../src/wiki/preprocessor.ts';

const tags = new Set(['pre', 'nowiki', 'gallery', 'indicator', 'langconvert', 'ref', 'references']);
const xml = (text: string): string => treeToXml(preprocess(text, { tags }));
const transcluded = (text: string): PPNode[] => preprocess(text, { tags, forInclusion: true });

describe("MediaWiki's tree where the importer's own preprocessor read the text otherwise", () => {
  test('a heading line in a part is no name=value split, and its `|` splits nothing', () => {
    assert.equal(
      xml('{{T|\n== a=b ==\n}}'),
      '<root><template><title>T</title><part><name index="1"/><value>\n<possible-h level="2" i="1">== a=b ==</possible-h>\n</value></part></template></root>',
    );
    assert.equal(
      xml('{{T|\n== a | b ==\n}}'),
      '<root><template><title>T</title><part><name index="1"/><value>\n<possible-h level="2" i="1">== a | b ==</possible-h>\n</value></part></template></root>',
    );
  });

  test('a heading left open to the end of the text keeps the braces it swallowed: the template is text', () => {
    assert.equal(xml('{{T|\n==a}}'), '<root>{{T|\n==a}}</root>');
  });

  test('-{ }- keeps its `|` and `=` from the template around it', () => {
    assert.equal(
      xml('{{T|-{a|b}-|c=-{d=e}-}}'),
      '<root><template><title>T</title><part><name index="1"/><value>-{a|b}-</value></part><part><name>c</name><equals>=</equals><value>-{d=e}-</value></part></template></root>',
    );
  });

  test('comments alone on a line take its spaces and its line break', () => {
    assert.equal(xml('a\n  <!-- c --> <!-- d -->  \nb'), '<root>a\n<comment>  &lt;!-- c --&gt; </comment><comment>&lt;!-- d --&gt;  \n</comment>b</root>');
    assert.equal(expandWithoutTemplates(preprocess('a\n<!-- c -->\nb', { tags })), 'a\nb');
  });

  test('an extension tag without its closing tag is text, templates in its attributes included', () => {
    assert.equal(xml('<ref name="{{x}}">'), '<root>&lt;ref name=&quot;{{x}}&quot;&gt;</root>');
  });

  test('on the page, </includeonly> is text, and an unclosed <INCLUDEONLY> too (only the lowercase tag may stay open)', () => {
    assert.equal(xml('a</includeonly>b<INCLUDEONLY>c'), '<root>a&lt;/includeonly&gt;b&lt;INCLUDEONLY&gt;c</root>');
    assert.equal(xml('x<includeonly>y'), '<root>x<ignore>&lt;includeonly&gt;y</ignore></root>');
  });
});

describe('the tree, as MediaWiki 1.39 shows it', () => {
  test('an unclosed template keeps its `=` as an element', () => {
    assert.equal(xml('{{a|b=c'), '<root>{{a|b<equals>=</equals>c</root>');
  });

  test('a heading ending in a comment', () => {
    assert.equal(xml('== h ==<!-- c -->\nx'), '<root><h level="2" i="1">== h ==<comment>&lt;!-- c --&gt;</comment></h>\nx</root>');
  });

  test('a template argument at a line start, with its parts', () => {
    assert.equal(
      xml('\n{{{a|b=c|d}}}'),
      '<root>\n<tplarg lineStart="1"><title>a</title><part><name>b</name><equals>=</equals><value>c</value></part><part><name index="1"/><value>d</value></part></tplarg></root>',
    );
  });

  test('a lone `=` at a line start in a part is its separator', () => {
    assert.equal(xml('{{T|x\n=y}}'), '<root><template><title>T</title><part><name>x\n</name><equals>=</equals><value>y</value></part></template></root>');
    assert.equal(xml('{{T|\n=y=\n}}'), '<root><template><title>T</title><part><name>\n</name><equals>=</equals><value>y=\n</value></part></template></root>');
  });

  test('-{{ is a dash and a template; tag names in any case, closing tags with spaces', () => {
    assert.equal(xml('-{{T}}'), '<root>-<template><title>T</title></template></root>');
    assert.equal(xml('<REF>x</ref >'), '<root><ext><name>REF</name><attr/><inner>x</inner><close>&lt;/ref &gt;</close></ext></root>');
    assert.equal(xml('<ref/><nowiki />'), '<root><ext><name>ref</name><attr/></ext><ext><name>nowiki</name><attr> </attr></ext></root>');
  });

  test('the original text comes back from the tree', () => {
    for (const text of ['{{a|b=c|{{{d|e}}}}}<ref name=x>y</ref><!-- z -->\n== h ==\n', '{{a|b=c', '-{a|b}-[[x|y]]']) {
      assert.equal(preprocess(text, { tags }).map(originalText).join(''), text);
    }
  });
});

describe('a transclusion', () => {
  const text = (nodes: PPNode[]): string => expandWithoutTemplates(nodes) ?? '(templates)';

  test('<noinclude> parts are ignored, <includeonly> tags dropped', () => {
    assert.equal(text(transcluded('a<noinclude>b</noinclude>c<includeonly>d</includeonly>e')), 'acde');
    assert.equal(text(transcluded('a<noinclude>b')), 'a');
  });

  test('<onlyinclude> counts only with its closing tag, in lowercase', () => {
    assert.equal(text(transcluded('x<onlyinclude>a</onlyinclude>y<onlyinclude>b</onlyinclude>z')), 'ab');
    assert.equal(text(transcluded('a<onlyinclude>b')), 'a<onlyinclude>b');
    assert.equal(text(transcluded('x<ONLYINCLUDE>a</ONLYINCLUDE>y')), 'x<ONLYINCLUDE>a</ONLYINCLUDE>y');
  });

  test('stray closing tags of the page-only kinds are text; an unclosed <NOINCLUDE> is text', () => {
    assert.equal(text(transcluded('a</noinclude>b</includeonly>c</onlyinclude>d')), 'a</noinclude>bc</onlyinclude>d');
    assert.equal(text(transcluded('a<NOINCLUDE>b')), 'a<NOINCLUDE>b');
  });
});

describe('the tree for expansion', () => {
  test('leaves out what expands to nothing and gives headings and a broken template\'s `=` as text', () => {
    assert.deepEqual(preprocess('a<!-- c -->b\n== h ==\n{{T|x=<!-- -->y}}<includeonly>z</includeonly>{{a|b=c', { tags, forExpansion: true }), [
      'ab\n== h ==\n',
      { kind: 'template', title: ['T'], parts: [{ name: ['x'], value: ['y'] }], lineStart: true, call: undefined },
      '{{a|b=c',
    ]);
    assert.deepEqual(preprocess('a<noinclude>b</noinclude>c<includeonly>d</includeonly>', { tags, forInclusion: true, forExpansion: true }), ['acd']);
  });

  test('a link holding only a comment is not read as text', () => {
    assert.deepEqual(preprocess('[[<!-- c -->x]]', { tags, forExpansion: true }), ['[[x]]']);
  });
});
