// Special page names: aliases, local names and existence as MediaWiki 1.39 resolves them on the fixture.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { SpecialPages } from '../../src/wiki/special-pages.ts';
import { isInvalidTitle } from '../../src/wiki/titles.ts';
import { fixtureTitleCodec } from './fixture-site.ts';

const codec = fixtureTitleCodec();
const specialPages = new SpecialPages();

// Recorded by running MediaWiki 1.39 on the fixture: Title::newFromText(title)->fixSpecialName()->getDBkey()
// and SpecialPageFactory::exists() of the result (the page set reports non-existent ones as `missing`).
const CASES: Array<[string, string, boolean]> = [
  ['Special:recentchanges', 'RecentChanges', true],
  ['Special:Random/x', 'Random/x', true],
  ['special:random/a b', 'Random/a_b', true],
  ['Special:badtitle', 'Badtitle', false],
  ['Special:mute', 'Mute', false],
  ['Special:Contribs/Alice', 'Contributions/Alice', true],
  ['Special:NonExistent', 'NonExistent', false],
  ['Special:Allpages', 'AllPages', true],
  ['Special:ALLPAGES/Foo', 'AllPages/Foo', true],
  ['Special:Mostlinkedfiles', 'MostLinkedFiles', true],
  ['Special:Log/block', 'Log/block', true],
  ['Special:Gadgets', 'Gadgets', true],
  ['Special:gadgetusage', 'GadgetUsage', true],
  ['Special:Search', 'Search', true],
  ['Special:UserLogin', 'UserLogin', true],
  ['Special:pagelanguage', 'PageLanguage', false],
  ['Special:Whatlinkshere/Earth', 'WhatLinksHere/Earth', true],
  ['Special:MyPage', 'MyPage', true],
  ['Special:listusers/sysop', 'ListUsers/sysop', true],
  ['Special:Blockip/1.2.3.4', 'Block/1.2.3.4', true],
];

describe('fixSpecialName and exists (recorded from MediaWiki 1.39)', () => {
  for (const [title, dbKey, exists] of CASES) {
    test(title, () => {
      const parsed = codec.parse(title);
      assert.ok(!isInvalidTitle(parsed) && parsed.ns === -1);
      const fixed = specialPages.fixName(parsed.dbKey);
      assert.equal(fixed, dbKey);
      assert.equal(specialPages.exists(fixed), exists);
    });
  }
});

test('resolve splits off the subpage and gives the canonical name', () => {
  assert.deepEqual(specialPages.resolve('Recentchangeslinked/Earth'), { name: 'Recentchangeslinked', subpage: 'Earth' });
  assert.deepEqual(specialPages.resolve('RELATEDCHANGES'), { name: 'Recentchangeslinked', subpage: null });
  assert.equal(specialPages.resolve('Nope'), null);
  assert.equal(specialPages.localName('Mostlinkedtemplates'), 'MostTranscludedPages');
});
