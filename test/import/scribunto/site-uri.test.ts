// mw.uri as Scribunto's URI library: encodings, query strings, URI objects and page URLs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { configureScribunto, findLua, stopScribuntoEngine } from '../../../src/import/scribunto/engine.ts';
import { anchorEncode } from '../../../src/import/scribunto/site-callbacks.ts';
import { siteWiki } from './site-harness.ts';

const skip = findLua() === null ? 'lua5.1 is not installed' : false;

describe('mw.uri', { skip }, () => {
  before(() => configureScribunto({}));
  after(() => stopScribuntoEngine());

  const wiki = siteWiki({ 'Test page': 'x' });
  const run = (body: string): string => wiki.run(body).text;

  test('encode: QUERY (spaces as +), PATH (%20) and WIKI (underscores, readable punctuation)', () => {
    assert.equal(
      run("local s = 'a b/c?d=e&f~g:h(ä)'; return mw.uri.encode(s) .. ' ' .. mw.uri.encode(s, 'PATH') .. ' ' .. mw.uri.encode(s, 'wiki')"),
      'a+b%2Fc%3Fd%3De%26f~g%3Ah%28%C3%A4%29 a%20b%2Fc%3Fd%3De%26f~g%3Ah%28%C3%A4%29 a_b/c%3Fd%3De%26f~g:h(%C3%A4)',
    );
    assert.match(wiki.runError("return mw.uri.encode('x', 'FOO')"), /bad argument #2 to 'encode' \(expected QUERY, PATH, or WIKI\)/);
  });

  test('decode undoes each encoding', () => {
    assert.equal(run("return mw.uri.decode('a+b%2F%C3%A4') .. '|' .. mw.uri.decode('a+b%20c', 'PATH') .. '|' .. mw.uri.decode('a_b%3F', 'WIKI')"), 'a b/ä|a+b c|a b?');
  });

  test('anchorEncode makes a section anchor as {{anchorencode:}}', () => {
    assert.equal(run("return mw.uri.anchorEncode('Some [[link|label]] & <b>bold</b>  text')"), 'Some_label_&amp;_bold_text');
    assert.equal(anchorEncode('50%25 off'), '50%2525_off');
  });

  test('parseQueryString: values decoded, repeated keys become lists, keys without = are false', () => {
    assert.equal(
      run("local q = mw.uri.parseQueryString('?a=1&b=x+y&a=2&c&d=%26'); return table.concat({ q.a[1], q.a[2], q.b, tostring(q.c), q.d }, '|')"),
      '1|2|x y|false|&',
    );
  });

  test('buildQueryString keeps the order keys were parsed in, and lists repeat their key', () => {
    assert.equal(run("return mw.uri.buildQueryString(mw.uri.parseQueryString('z=1&a=2&m=3&a=4&flag'))"), 'z=1&a=2&a=4&m=3&flag');
    assert.equal(run("return mw.uri.buildQueryString({ a = { 'x y', 'z' } })"), 'a=x+y&a=z');
  });

  test('new parses a URI into its fields and prints it back', () => {
    assert.equal(
      run(
        "local u = mw.uri.new('https://user:pw@example.org:8080/a/b?x=1&y=two#frag')\n" +
          "return table.concat({ u.protocol, u.user, u.password, u.host, u.port, u.path, u.query.y, u.fragment, u.userInfo, u.hostPort, u.authority, u.queryString, u.relativePath, tostring(u) }, ' ')",
      ),
      'https user pw example.org 8080 /a/b two frag user:pw example.org:8080 user:pw@example.org:8080 x=1&y=two /a/b?x=1&y=two#frag https://user:pw@example.org:8080/a/b?x=1&y=two#frag',
    );
    assert.equal(run("local u = mw.uri.new('//example.org/p'); return tostring(u.protocol) .. ' ' .. u.host .. ' ' .. tostring(u)"), 'nil example.org //example.org/p');
    assert.equal(run("local u = mw.uri.new('mailto:ann@example.org'); return u.protocol .. ' ' .. u.path"), 'mailto ann@example.org');
  });

  test('without an argument, new is the current page\'s full URL', () => {
    assert.equal(wiki.run('return tostring(mw.uri.new())', 'Foo bar').text, '//test.example.org/wiki/Foo_bar');
  });

  test('setting a computed field sets the fields it is made of; extend adds query parameters; clone copies', () => {
    assert.equal(
      run(
        "local u = mw.uri.new('http://example.org/p')\nu.hostPort = 'other.org:81'\nu:extend({ a = 'b c' })\nlocal c = u:clone()\nc.relativePath = '/q?z=9#top'\n" +
          "return tostring(u) .. ' ' .. tostring(c) .. ' ' .. c.port",
      ),
      'http://other.org:81/p?a=b+c http://other.org:81/q?z=9#top 81',
    );
    assert.match(wiki.runError("local u = mw.uri.new('http://example.org/'); u.parse = 1"), /index 'parse' is read only/);
  });

  test('invalid URIs are errors; validate says why', () => {
    assert.match(wiki.runError("return mw.uri.new('http://example.org:99999/')"), /invalid \.port/);
    assert.equal(run("local ok, why = mw.uri.validate({ protocol = 'ht/tp', path = 5 }); return tostring(ok) .. ' ' .. why"), 'false invalid .protocol; .path must be a string, not number');
    assert.equal(run("return tostring((mw.uri.validate({ path = '' })))"), 'true');
  });

  test('localUrl, fullUrl and canonicalUrl give URI objects for a page', () => {
    assert.equal(
      run("return table.concat({ tostring(mw.uri.localUrl('Foo bar')), tostring(mw.uri.fullUrl('Foo bar', 'action=raw')), tostring(mw.uri.canonicalUrl('Foo bar', { a = 1 })), mw.uri.fullUrl('Media:X.png').path }, ' ')"),
      '/wiki/Foo_bar //test.example.org/w/index.php?title=Foo_bar&action=raw http://test.example.org/w/index.php?title=Foo_bar&a=1 /wiki/File:X.png',
    );
    assert.equal(run("return tostring(mw.uri.localUrl('A[b]'))"), 'nil');
  });

  test('query tables go through wfArrayToCgi: a nested table as key[sub], its own false members written empty', () => {
    // MediaWiki leaves false out at the top and below the first level, but writes `a[x]=` for a
    // direct member of a nested array (wfArrayToCgi's inner loop urlencodes it as '').
    assert.equal(
      run("return table.concat({ tostring(mw.uri.localUrl('Foo', { a = { x = false } })), tostring(mw.uri.localUrl('Foo', { a = { x = { y = false } } })), tostring(mw.uri.localUrl('Foo', { a = false })), mw.title.new('Foo'):localUrl({ a = { 1.5 } }) }, ' ')"),
      '/w/index.php?title=Foo&a%5Bx%5D= /wiki/Foo /wiki/Foo /w/index.php?title=Foo&a%5B1%5D=1.5',
    );
  });
});
