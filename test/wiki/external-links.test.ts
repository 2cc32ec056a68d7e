// External-link URL rules of src/wiki/external-links.ts, with answers checked on MediaWiki 1.39
// (LinkFilter, UrlUtils and PHP's parse_url).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { expandLinkUrl, linkSearchPrefix, makeIndexes, parseUrl, protocolPrefix, removeDotSegments } from '../../src/wiki/external-links.ts';

describe('parseUrl reads URLs as parse_url does', () => {
  test('no host, or a port that is no port, is no URL', () => {
    for (const url of ['http:///x', 'http://', 'http://?x', 'http://u@/x', 'http://:80/', 'http://a:65536/', 'http://a:x/', 'http://a:-1/']) {
      assert.equal(parseUrl(url), null, url);
    }
  });

  test('the port is read as strtol reads at most five characters', () => {
    assert.equal(parseUrl('http://a:1x2/')?.port, '1');
    assert.equal(parseUrl('http://a.org:099/')?.port, '99');
    assert.equal(parseUrl('http://a:/')?.port, undefined);
    assert.deepEqual(parseUrl('http://a::80/'), { scheme: 'http', delimiter: '://', host: 'a:', port: '80', path: '/' });
  });

  test('user and password are kept apart from the host', () => {
    assert.deepEqual(parseUrl('https://me:secret@example.org/x'), { scheme: 'https', delimiter: '://', host: 'example.org', user: 'me', pass: 'secret', path: '/x' });
  });
});

describe('linkSearchPrefix is the constant start of el_index a search matches', () => {
  test('hosts reversed, paths kept, a wildcard subdomain ends the prefix', () => {
    assert.equal(linkSearchPrefix('https://example.org/Mercury'), 'https://org.example./Mercury');
    assert.equal(linkSearchPrefix('http://example.org'), 'http://org.example./');
    assert.equal(linkSearchPrefix('https://*.example.org/wiki'), 'https://org.example.');
    assert.equal(linkSearchPrefix('http://192.0.*'), 'http://V4.192.0.');
    assert.equal(linkSearchPrefix('http://[2001:db8::*]'), 'http://V6.2001.DB8.0.0.0.0.0.');
    assert.equal(linkSearchPrefix('http://[2001:db8:1:*]'), 'http://V6.2001.DB8.1.');
  });

  test('mail addresses: the domain first, any user with *@', () => {
    assert.equal(linkSearchPrefix('mailto:info@example.org'), 'mailto:org.example.@info');
    assert.equal(linkSearchPrefix('mailto:*@example.org'), 'mailto:org.example.@');
    assert.equal(linkSearchPrefix('mailto:example.org'), 'mailto:org.example.');
  });

  test('an asterisk elsewhere, or no URL, is refused', () => {
    assert.equal(linkSearchPrefix('http://example.*.org'), null);
    assert.equal(linkSearchPrefix('http://example.org/*'), null);
    assert.equal(linkSearchPrefix('http:///'), null);
  });

  test('a URL found by its whole self starts its own index', () => {
    for (const url of ['https://example.org:8443/path/Jupiter#frag', 'http://example.com/search?q=Venus&lang=en', 'news:comp.lang.misc']) {
      assert.ok(makeIndexes(url)[0]!.startsWith(linkSearchPrefix(url)!), url);
    }
  });
});

test('protocolPrefix names the protocol of $wgUrlProtocols a parameter value starts', () => {
  assert.equal(protocolPrefix(''), null);
  assert.equal(protocolPrefix('http'), 'http://');
  assert.equal(protocolPrefix('ftp'), 'ftp://');
  assert.equal(protocolPrefix('sip'), 'sip:');
  assert.equal(protocolPrefix('mailto'), 'mailto:');
});

describe('expandLinkUrl is wfExpandUrl with PROTO_CANONICAL', () => {
  const server = 'http://127.0.0.1:8081';
  test('protocol-relative links take the server protocol, paths lose their dot segments', () => {
    assert.equal(expandLinkUrl('//cdn.example.net/a/./b/../c.png', server), 'http://cdn.example.net/a/c.png');
    assert.equal(expandLinkUrl('//cdn.example.net/x', 'https://wiki.example'), 'https://cdn.example.net/x');
    assert.equal(expandLinkUrl('/wiki/X', server), 'http://127.0.0.1:8081/wiki/X');
  });

  test('a URL is reassembled: empty query dropped, port as a number, user kept', () => {
    assert.equal(expandLinkUrl('https://me@example.org:0443/p?', server), 'https://me@example.org:443/p');
    assert.equal(expandLinkUrl('http://example.com?x', server), 'http://example.com?x');
    assert.equal(expandLinkUrl('mailto:info@example.org', server), 'mailto:info@example.org');
  });

  test('removeDotSegments follows RFC 3986', () => {
    assert.equal(removeDotSegments('/a/b/c/./../../g'), '/a/g');
    assert.equal(removeDotSegments('mid/content=5/../6'), 'mid/6');
    assert.equal(removeDotSegments('/..'), '/');
    assert.equal(removeDotSegments('/a/.'), '/a/');
  });
});
