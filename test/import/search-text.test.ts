// searchText and searchTitle give what SearchUpdate stores in searchindex, down to the spaces: the
// expected strings are the output of the first implementation (every replacement over the whole
// text), which the faster one must keep.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { searchText, searchTitle } from '../../src/import/links/search-text.ts';

describe('searchText', () => {
  test('headings are repeated three times, except at the very start of the text', () => {
    assert.equal(searchText('Intro\n== History ==\nText\n==Two==\n'), ' intro history history history text two two two ');
    assert.equal(searchText('== At start ==\nx'), ' at start x ');
    // The line without a closing == goes on to the next line's; the tab after the last == ends it.
    assert.equal(searchText('a\n== Unclosed\n== b ==\tc'), ' a unclosed unclosed unclosed b c ');
  });

  test('URLs are removed, bracketed ones keep their label', () => {
    assert.equal(searchText('See http://example.org/a_b?c=1 now'), ' see now ');
    assert.equal(searchText('HTTP://Example.ORG/X end'), ' end ');
    assert.equal(searchText('x[http://example.org/plain] y'), ' x y ');
    assert.equal(searchText('x [https://example.org/p Label text] y'), ' x label text y ');
    assert.equal(searchText('[https://example.org/first] at start'), ' at start ');
    assert.equal(searchText('mailto:someone@example.org and news:comp.lang'), ' and ');
  });

  test('a URL that ends right before the next one keeps it: the space between was taken by the first', () => {
    assert.equal(searchText('two http://a.org http://b.org in a row'), ' two http b.org in a row ');
    assert.equal(searchText('ftp://x/y gopher://z'), ' gopher z ');
  });

  test('[[image: links lose their extension when the name has no space', () => {
    assert.equal(searchText('[[Image:Foo bar.PNG|thumb]] [[image:Baz.jpg]] [[Image:Qux.svg]]'), ' image foo bar.png thumb baz image qux.svg ');
  });

  test('plural links are indexed as the word and with its ending', () => {
    assert.equal(searchText('[[dog]]s and [[Cat|cats]]es and [[a]]]b and [[x]]S'), ' dog dogs and cat cats catses and a b and x xs ');
  });

  test('quote marks disappear, possessives are indexed twice', () => {
    assert.equal(searchText("'''Bold''' and ''italic'' and '''''both'''''"), '  bold  and  italic  and  both  ');
    assert.equal(searchText("bob's dogs' it's s' 's x''y's"), " bob bob's dogs it it's s' 's x y x y's ");
  });

  test('full-width letters and digits become ASCII, other characters stay', () => {
    assert.equal(searchText('ＡＢＣ ｄｅｆ １２３ ｈｔｔｐ：//no'), ' abc def 123 http： no ');
    assert.equal(searchText('Emoji 😀 and 𝒳 and lone \uD800 surrogate'), ' emoji 😀 and 𝒳 and lone \uD800 surrogate ');
    assert.equal(searchText('Ā Č Ē ΣΟΦΙΑ ΟΔΟΣ İstanbul K'), ' ā č ē σοφια οδος i̇stanbul k ');
  });

  test('tags and separators go, characters SearchSqlite keeps stay', () => {
    assert.equal(searchText('<ref name="a">cite</ref><br/>after <!-- comment --> <b>tag</b>'), ' cite after -- comment -- tag ');
    assert.equal(searchText('{{Template|arg=1}} a;b&c#d "q" *star* -dash_ x.y'), ' template arg 1 a;b&c#d "q" *star* -dash_ x.y ');
    assert.equal(searchText(''), ' ');
    assert.equal(searchText('!!'), ' ');
  });
});

describe('searchTitle', () => {
  test('titles are normalised like the text, file extensions dropped from file names', () => {
    assert.equal(searchTitle("Bob's_dogs'", 0), "bob bob's dogs");
    assert.equal(searchTitle('Foo_bar.PNG', 6), 'foo bar.png');
    assert.equal(searchTitle('Ａｂｃ_(test)', 0), 'abc test');
    assert.equal(searchTitle('Rock_&_roll!', 0), 'rock & roll');
  });
});
