// Titles in URLs: wfUrlencode and the URLs prop=info&inprop=url / iwurl show.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { isInvalidTitle } from '../../src/wiki/titles.ts';
import {
  appendQuery,
  articleUrl,
  arrayToCgi,
  editUrl,
  fragmentForUrl,
  fullUrl,
  interwikiUrl,
  phpRawUrlencode,
  phpUrlencode,
  phpUrlencodeBytes,
  wfUrlencode,
  type CgiValue,
} from '../../src/wiki/urls.ts';
import { FIXTURE_SITE, fixtureTitleCodec } from './fixture-site.ts';

const codec = fixtureTitleCodec();

// Recorded by running MediaWiki 1.39's wfUrlencode on each string.
const WFURLENCODE_CASES: Array<[string, string]> = [
  ["Q&A", "Q%26A"],
  ["Foo/Bar", "Foo/Bar"],
  ["Ünïcode_Tëst", "%C3%9Cn%C3%AFcode_T%C3%ABst"],
  ["100%_Pure", "100%25_Pure"],
  ["Title_with_\"quotes\"", "Title_with_%22quotes%22"],
  ["Emoji_😀_page", "Emoji_%F0%9F%98%80_page"],
  ["Foo:Bar", "Foo:Bar"],
  ["日本語", "%E6%97%A5%E6%9C%AC%E8%AA%9E"],
  ["a;b@c$d!e*f(g)h,i~j+k=l?m", "a;b@c$d!e*f(g)h,i~j%2Bk%3Dl%3Fm"],
  ["C++", "C%2B%2B"],
  ["a b", "a+b"],
  ["a'b", "a%27b"],
  ["a#b", "a%23b"],
  ["a\\b", "a%5Cb"],
  ["a^b", "a%5Eb"],
  ["a`b", "a%60b"],
  ["a|b", "a%7Cb"],
  ["a[b]", "a%5Bb%5D"],
  ["a{b}", "a%7Bb%7D"],
  ["a<b>", "a%3Cb%3E"],
  ["-_.", "-_."],
  ["~", "~"],
  ["%41", "%2541"],
  ["Talk:Foo_bar", "Talk:Foo_bar"],
];

// iw_url of the fixture's interwiki rows used below
const INTERWIKI_URLS: Record<string, string> = {
  wikipedia: 'https://en.wikipedia.org/wiki/$1',
  de: 'https://de.wikipedia.org/wiki/$1',
  mw: 'https://www.mediawiki.org/wiki/$1',
  wikt: 'https://en.wiktionary.org/wiki/$1',
};

type UrlExpectation = { fullurl: string; editurl: string } | { interwikiUrl: string };

// Recorded: action=query&prop=info&inprop=url&iwurl=1&titles=<title> on the reference
// (pages[0].fullurl / editurl, or interwiki[0].url).
const PAGE_URL_CASES: Array<[string, UrlExpectation]> = [
  ["Q&A", { fullurl: "http://127.0.0.1:8081/wiki/index.php/Q%26A", editurl: "http://127.0.0.1:8081/wiki/index.php?title=Q%26A&action=edit" }],
  ["Foo/Bar", { fullurl: "http://127.0.0.1:8081/wiki/index.php/Foo/Bar", editurl: "http://127.0.0.1:8081/wiki/index.php?title=Foo/Bar&action=edit" }],
  ["Ünïcode Tëst", { fullurl: "http://127.0.0.1:8081/wiki/index.php/%C3%9Cn%C3%AFcode_T%C3%ABst", editurl: "http://127.0.0.1:8081/wiki/index.php?title=%C3%9Cn%C3%AFcode_T%C3%ABst&action=edit" }],
  ["100% Pure", { fullurl: "http://127.0.0.1:8081/wiki/index.php/100%25_Pure", editurl: "http://127.0.0.1:8081/wiki/index.php?title=100%25_Pure&action=edit" }],
  ["Title with \"quotes\"", { fullurl: "http://127.0.0.1:8081/wiki/index.php/Title_with_%22quotes%22", editurl: "http://127.0.0.1:8081/wiki/index.php?title=Title_with_%22quotes%22&action=edit" }],
  ["Emoji 😀 page", { fullurl: "http://127.0.0.1:8081/wiki/index.php/Emoji_%F0%9F%98%80_page", editurl: "http://127.0.0.1:8081/wiki/index.php?title=Emoji_%F0%9F%98%80_page&action=edit" }],
  ["Foo:Bar", { fullurl: "http://127.0.0.1:8081/wiki/index.php/Foo:Bar", editurl: "http://127.0.0.1:8081/wiki/index.php?title=Foo:Bar&action=edit" }],
  ["日本語", { fullurl: "http://127.0.0.1:8081/wiki/index.php/%E6%97%A5%E6%9C%AC%E8%AA%9E", editurl: "http://127.0.0.1:8081/wiki/index.php?title=%E6%97%A5%E6%9C%AC%E8%AA%9E&action=edit" }],
  ["Talk:A;b@c$d!e*f(g)h,i~j+k=l?m", { fullurl: "http://127.0.0.1:8081/wiki/index.php/Talk:A;b@c$d!e*f(g)h,i~j%2Bk%3Dl%3Fm", editurl: "http://127.0.0.1:8081/wiki/index.php?title=Talk:A;b@c$d!e*f(g)h,i~j%2Bk%3Dl%3Fm&action=edit" }],
  ["C++", { fullurl: "http://127.0.0.1:8081/wiki/index.php/C%2B%2B", editurl: "http://127.0.0.1:8081/wiki/index.php?title=C%2B%2B&action=edit" }],
  ["A&B=C?D", { fullurl: "http://127.0.0.1:8081/wiki/index.php/A%26B%3DC%3FD", editurl: "http://127.0.0.1:8081/wiki/index.php?title=A%26B%3DC%3FD&action=edit" }],
  ["Fixture Wiki:Sandbox", { fullurl: "http://127.0.0.1:8081/wiki/index.php/Fixture_Wiki:Sandbox", editurl: "http://127.0.0.1:8081/wiki/index.php?title=Fixture_Wiki:Sandbox&action=edit" }],
  ["Main Page", { fullurl: "http://127.0.0.1:8081/wiki/index.php/Main_Page", editurl: "http://127.0.0.1:8081/wiki/index.php?title=Main_Page&action=edit" }],
  ["a'b", { fullurl: "http://127.0.0.1:8081/wiki/index.php/A%27b", editurl: "http://127.0.0.1:8081/wiki/index.php?title=A%27b&action=edit" }],
  ["A\\b^c`d", { fullurl: "http://127.0.0.1:8081/wiki/index.php/A%5Cb%5Ec%60d", editurl: "http://127.0.0.1:8081/wiki/index.php?title=A%5Cb%5Ec%60d&action=edit" }],
  ["User:2001:db8::1234", { fullurl: "http://127.0.0.1:8081/wiki/index.php/User:2001:DB8:0:0:0:0:0:1234", editurl: "http://127.0.0.1:8081/wiki/index.php?title=User:2001:DB8:0:0:0:0:0:1234&action=edit" }],
  ["File talk:X y.png", { fullurl: "http://127.0.0.1:8081/wiki/index.php/File_talk:X_y.png", editurl: "http://127.0.0.1:8081/wiki/index.php?title=File_talk:X_y.png&action=edit" }],
  ["Earth#Orbit", { fullurl: "http://127.0.0.1:8081/wiki/index.php/Earth", editurl: "http://127.0.0.1:8081/wiki/index.php?title=Earth&action=edit" }],
  ["A-b_c.d", { fullurl: "http://127.0.0.1:8081/wiki/index.php/A-b_c.d", editurl: "http://127.0.0.1:8081/wiki/index.php?title=A-b_c.d&action=edit" }],
  ["wikipedia:Main Page", { interwikiUrl: "https://en.wikipedia.org/wiki/Main_Page" }],
  ["de:Foo bar", { interwikiUrl: "https://de.wikipedia.org/wiki/Foo_bar" }],
  ["wikipedia:Talk:Q&A", { interwikiUrl: "https://en.wikipedia.org/wiki/Talk:Q%26A" }],
  ["mw:", { interwikiUrl: "https://www.mediawiki.org/wiki/" }],
  ["wikt:a b/c?d", { interwikiUrl: "https://en.wiktionary.org/wiki/a_b/c%3Fd" }],
];

describe('wfUrlencode (recorded from MediaWiki 1.39)', () => {
  for (const [text, encoded] of WFURLENCODE_CASES) {
    test(JSON.stringify(text), () => assert.equal(wfUrlencode(text), encoded));
  }
});

describe('page URLs as prop=info&inprop=url shows them (recorded from the reference)', () => {
  for (const [title, expected] of PAGE_URL_CASES) {
    test(title, () => {
      const parsed = codec.parse(title);
      assert.ok(!isInvalidTitle(parsed));
      if ('interwikiUrl' in expected) {
        const local = codec.prefixedDbKey({ ...parsed, interwiki: '' });
        assert.equal(interwikiUrl(INTERWIKI_URLS[parsed.interwiki]!, local), expected.interwikiUrl);
      } else {
        const key = codec.prefixedDbKey(parsed);
        assert.deepEqual({ fullurl: fullUrl(FIXTURE_SITE, key), editurl: editUrl(FIXTURE_SITE, key) }, expected);
      }
    });
  }
});

describe('URL building blocks', () => {
  test('articleUrl uses the article path without a query and index.php with one', () => {
    assert.equal(articleUrl(FIXTURE_SITE, 'Q&A'), '/wiki/index.php/Q%26A');
    assert.equal(articleUrl(FIXTURE_SITE, 'Q&A', 'action=history'), '/wiki/index.php?title=Q%26A&action=history');
    assert.equal(articleUrl(FIXTURE_SITE, 'Main_Page', { action: 'raw', ctype: 'text/css' }), '/wiki/index.php?title=Main_Page&action=raw&ctype=text%2Fcss');
    assert.equal(articleUrl(FIXTURE_SITE, 'X', '-'), '/wiki/index.php?title=X&');
  });

  test('phpUrlencode escapes everything but A-Za-z0-9-_. and writes spaces as +', () => {
    assert.equal(phpUrlencode("a b~!*'()/é"), 'a+b%7E%21%2A%27%28%29%2F%C3%A9');
  });

  test('phpRawUrlencode keeps ~ and writes spaces as %20; the byte forms agree with the text forms', () => {
    assert.equal(phpRawUrlencode("a b~!*'()/é"), 'a%20b~%21%2A%27%28%29%2F%C3%A9');
    const utf8 = new TextEncoder().encode("a b~!*'()/é");
    assert.equal(phpUrlencodeBytes(utf8), phpUrlencode("a b~!*'()/é"));
    assert.equal(phpUrlencodeBytes(utf8, true), phpRawUrlencode("a b~!*'()/é"));
    assert.equal(phpUrlencodeBytes('\xff\x00a'), '%FF%00a');
  });

  test('arrayToCgi leaves out null and false, writes true as 1', () => {
    assert.equal(arrayToCgi({ a: 'x y', b: null, c: false, d: true, e: 3 }), 'a=x+y&d=1&e=3');
  });

  test('arrayToCgi nests arrays as MediaWiki 1.39 wfArrayToCgi does (answers from its PHP)', () => {
    assert.equal(arrayToCgi({ a: { x: false, y: null, z: true, w: 'v' } }), 'a%5Bx%5D=&a%5By%5D=&a%5Bz%5D=1&a%5Bw%5D=v');
    assert.equal(arrayToCgi({ a: 1, b: {}, c: 2 }), 'a=1&&c=2');
    assert.equal(arrayToCgi({ b: {}, c: 2 }), 'c=2');
    assert.equal(arrayToCgi({ a: { x: { p: false, q: 'r' }, y: [] }, z: 'é' }), 'a%5Bx%5D%5Bq%5D=r&&z=%C3%A9');
    assert.equal(
      arrayToCgi(new Map<string | number, CgiValue>([[5, 'five'], ['a', new Map<string | number, CgiValue>([[1, 'one'], ['k', { m: { n: 'deep' } }]])]])),
      '5=five&a%5B1%5D=one&a%5Bk%5D%5Bm%5D%5Bn%5D=deep',
    );
    assert.equal(arrayToCgi(new Map([['k', '\xff ']]), phpUrlencodeBytes), 'k=%FF+');
  });

  test('appendQuery keeps a fragment last', () => {
    assert.equal(appendQuery('http://x/y#f', 'a=1'), 'http://x/y?a=1#f');
    assert.equal(appendQuery('http://x/y?b=2', 'a=1'), 'http://x/y?b=2&a=1');
    assert.equal(appendQuery('http://x/y', ''), 'http://x/y');
  });

  test('fragments: html5 escaping for local links, legacy for external interwikis', () => {
    assert.equal(fragmentForUrl(''), '');
    assert.equal(fragmentForUrl('Orbit and rotation'), '#Orbit_and_rotation');
    assert.equal(fragmentForUrl('100%25 é'), '#100%2525_é');
    assert.equal(fragmentForUrl('a b:é', true), '#a_b:.C3.A9');
    assert.equal(fullUrl(FIXTURE_SITE, 'Earth', '', 'Orbit x'), 'http://127.0.0.1:8081/wiki/index.php/Earth#Orbit_x');
  });
});
