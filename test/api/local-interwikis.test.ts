// $wgLocalInterwikis in titles the API is asked about: a prefix naming this very wiki is dropped
// (`fixturewiki:Main_Page` is Main Page, `fixturewiki:` the main page) and the rest parsed again.
// The fixture does not set it, so the expected answers are MediaWiki 1.39's over the fixture wiki
// with `$wgLocalInterwikis = [ "fixturewiki" ];` added to its LocalSettings.php.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { skipWithoutFixture, useFixtureServer } from '../support/fixture-wiki.ts';

const MEDIAWIKI_TITLES = {
  batchcomplete: true,
  query: {
    normalized: [
      { fromencoded: false, from: 'fixturewiki:Main_Page', to: 'Main Page' },
      { fromencoded: false, from: 'fixturewiki:', to: 'Main Page' },
      { fromencoded: false, from: 'Fixturewiki:Talk:Foo', to: 'Talk:Foo' },
      { fromencoded: false, from: 'fixturewiki:fixturewiki:Main_Page', to: 'Main Page' },
      { fromencoded: false, from: 'fixturewiki:wikipedia:Berlin', to: 'wikipedia:Berlin' },
      { fromencoded: false, from: ':fixturewiki:Main_Page', to: 'Main Page' },
    ],
    interwiki: [{ title: 'wikipedia:Berlin', iw: 'wikipedia' }],
    pages: [
      { ns: 1, title: 'Talk:Foo', missing: true },
      { pageid: 1, ns: 0, title: 'Main Page' },
    ],
  },
};

const MEDIAWIKI_INFO = {
  batchcomplete: true,
  query: {
    normalized: [{ fromencoded: false, from: 'fixturewiki:Main_Page', to: 'Main Page' }],
    pages: [
      {
        pageid: 1, ns: 0, title: 'Main Page', contentmodel: 'wikitext', pagelanguage: 'en', pagelanguagehtmlcode: 'en',
        pagelanguagedir: 'ltr', touched: '2025-01-15T06:08:35Z', lastrevid: 460, length: 185,
      },
    ],
  },
};

describe('titles with a prefix of $wgLocalInterwikis', { skip: skipWithoutFixture }, () => {
  const wiki = useFixtureServer({ params: 'action=query&format=json&formatversion=2', site: { localInterwikis: ['fixturewiki'] } });

  test('the page set drops the local prefix, as MediaWiki does', async () => {
    const titles = 'fixturewiki:Main_Page|fixturewiki:|Fixturewiki:Talk:Foo|fixturewiki:fixturewiki:Main_Page|fixturewiki:wikipedia:Berlin|:fixturewiki:Main_Page';
    assert.deepEqual(await wiki.api(`titles=${encodeURIComponent(titles)}`), MEDIAWIKI_TITLES);
  });

  test('the page it names is the local page (redirects and iwurl change nothing)', async () => {
    assert.deepEqual(await wiki.api('titles=fixturewiki:Main_Page&redirects=1&iwurl=1&prop=info'), MEDIAWIKI_INFO);
  });
});
