// The *fm page links to the non-HTML form with the query string PHP parsed and MediaWiki rebuilt.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendQueryValue } from '../../src/api/formats/index.ts';
import { FIXTURES } from './helpers.ts';

const links = JSON.parse(readFileSync(join(FIXTURES, 'links.json'), 'utf8')) as { query: string; href: string }[];

describe('the "set format=json" link rebuilds the query string as MediaWiki does', () => {
  for (const { query, href } of links) {
    it(query, () => {
      const ours = 'http://127.0.0.1:8081/wiki/api.php?' + appendQueryValue(query, 'format', 'json').replace(/&/g, '&amp;');
      assert.equal(ours, href);
    });
  }

  it('appends format when the request has none, and replaces it in place when it has', () => {
    assert.equal(appendQueryValue('action=query', 'format', 'json'), 'action=query&format=json');
    assert.equal(appendQueryValue('format=jsonfm&action=query', 'format', 'json'), 'format=json&action=query');
  });

  it('encodes with PHP urlencode (space as +, ~ as %7E, UTF-8 bytes as %XX)', () => {
    assert.equal(appendQueryValue('t=a%20b~%C3%A9', 'format', 'json'), 't=a+b%7E%C3%A9&format=json');
  });
});
