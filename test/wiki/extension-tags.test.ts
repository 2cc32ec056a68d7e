// The parser's extension tags: one list (src/wiki/site-facts.ts) for siteinfo, the server's and the importer's preprocessors.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { extensionTagsOf, parserTags } from '../../src/wiki/site-facts.ts';

describe('parser tags', () => {
  test("the reference wiki's tags (siteinfo extensiontags, recorded), langconvert among core's", () => {
    // The importer's own list once lacked <langconvert>, which CoreTagHooks registers on every wiki.
    assert.deepEqual(parserTags(['Gadgets', 'Cite', 'ParserFunctions']), ['pre', 'nowiki', 'gallery', 'indicator', 'langconvert', 'ref', 'references']);
  });

  test('extensions the reference does not load, each tag once', () => {
    assert.deepEqual(extensionTagsOf('Poem'), ['poem']);
    assert.deepEqual(extensionTagsOf('Scribunto'), []);
    assert.deepEqual(extensionTagsOf('NoSuchExtension'), []);
    assert.deepEqual(parserTags(['timeline', 'EasyTimeline']).slice(5), ['timeline']);
  });
});
