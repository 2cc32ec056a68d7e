// paraminfo of the actions on another wiki than the fixture: other groups, content handlers, change
// tags, import sources, settings. The recorded declarations hold where each value comes from, so
// the records must be MediaWiki's on that wiki (other-wiki.json, recorded from the reference
// configured the same way), and the fixture's values must not leak into them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import { renderParamInfoResult } from '../../src/api/paraminfo.ts';
import { apiModulesFor } from '../../src/api/api.ts';
import { jsonView } from '../../src/api/formats/index.ts';
import { naturalCompare } from '../../src/api/site-enums.ts';
import { queryModules } from '../../src/modules/index.ts';
import type { SiteConfig } from '../../src/wiki/site.ts';
import { fixtureConfig, fixtureDb, skipWithoutFixture, type Json } from '../support/fixture-wiki.ts';
import { paramInfoWiki, plain } from './fixture-site.ts';
import recorded from './other-wiki.json' with { type: 'json' };

/** The other wiki's LocalSettings.php (other-wiki.json's `_`) as a site configuration. */
function otherWikiConfig(): SiteConfig {
  const fixture = loadSiteConfig(fixtureConfig);
  const { Moderators: _m, Translators: _t, Reviewers: _r, ...groups } = fixture.groups;
  return {
    ...fixture,
    groups: { ...groups, editor: { rights: ['edit'] }, checker2: { rights: ['patrol'] }, checker10: { rights: ['patrol'] } },
    extensions: ['Scribunto', 'Cite', 'ParserFunctions'],
    importSources: ['meta', 'wikipedia:en', 'wikipedia:fr', 'commons'],
    restrictions: { types: ['create', 'edit', 'move', 'upload'], levels: ['', 'autoconfirmed', 'editor', 'sysop'], cascadinglevels: ['sysop'], semiprotectedlevels: ['autoconfirmed'] },
    watchlistExpiry: false,
    maxUploadSize: 5242880,
  };
}

const OTHER_WIKI_TAGS = ['experimental', 'needs-review', 'tag2', 'tag10', 'Visual edit'];
const modules = apiModulesFor(queryModules);
const param = (answer: Json, module: string, name: string): Json =>
  answer.paraminfo.modules.find((m: Json) => m.name === module).parameters.find((p: Json) => p.name === name);

describe('paraminfo of the actions lists the wiki\'s own values', () => {
  const site = otherWikiConfig();
  const ours = plain(
    jsonView(renderParamInfoResult({ modules: recorded.modules.join('|') }, modules.tree, paramInfoWiki(site, OTHER_WIKI_TAGS)).paraminfo, 2),
  );

  test('the records are MediaWiki\'s on that wiki', () => {
    assert.deepEqual(ours, recorded.paraminfo);
  });

  test('groups, content models, tags and import sources are that wiki\'s, in natural order', () => {
    const answer = { paraminfo: ours };
    assert.deepEqual(param(answer, 'userrights', 'add').type, ['bot', 'bureaucrat', 'checker2', 'checker10', 'editor', 'interface-admin', 'suppress', 'sysop']);
    assert.deepEqual(param(answer, 'changecontentmodel', 'model').type, ['Scribunto', 'css', 'javascript', 'json', 'text', 'wikitext']);
    assert.deepEqual(param(answer, 'edit', 'tags').type, ['Visual edit', 'experimental', 'needs-review', 'tag2', 'tag10']);
    assert.deepEqual(param(answer, 'import', 'interwikisource').type, ['commons', 'meta', 'wikipedia:en', 'wikipedia:fr']);
    assert.equal(param(answer, 'upload', 'filesize').max, 5242880);
    // Without $wgWatchlistExpiry MediaWiki declares no watchlistexpiry, and numbers what follows on.
    assert.equal(param(answer, 'edit', 'watchlistexpiry'), undefined);
    assert.equal(param(answer, 'watch', 'expiry'), undefined);
    // action=protect takes its levels as text: $wgRestrictionLevels is not an enumeration of it.
    assert.equal(param(answer, 'protect', 'protections').type, 'string');
  });

  test('the example of watching for a while is shown only with $wgWatchlistExpiry', () => {
    const exampleKeys = (wiki: SiteConfig) => {
      const answer = renderParamInfoResult({ modules: 'watch', helpformat: 'raw' }, modules.tree, paramInfoWiki(wiki));
      return (plain(jsonView(answer.paraminfo, 2)) as Json).modules[0].examples.map((e: Json) => e.description.key);
    };
    assert.ok(exampleKeys({ ...site, watchlistExpiry: true }).includes('apihelp-watch-example-watch-expiry'));
    assert.deepEqual(exampleKeys(site), ['apihelp-watch-example-watch', 'apihelp-watch-example-unwatch', 'apihelp-watch-example-generator']);
  });
});

describe('a server over another wiki reads its tags from its database', { skip: skipWithoutFixture }, () => {
  let dir = '';
  let server: RunningServer | undefined;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'other-wiki-'));
    const db = join(dir, 'wikidb.sqlite');
    copyFileSync(fixtureDb, db);
    const writable = new Database(db);
    writable.exec(`INSERT INTO change_tag_def (ctd_name, ctd_user_defined, ctd_count) VALUES ('tag2', 1, 0), ('tag10', 1, 0), ('Visual edit', 1, 0);
      UPDATE change_tag_def SET ctd_user_defined = 0 WHERE ctd_name = 'fixture-tag'`);
    writable.close();
    server = await startServer({ db, site: otherWikiConfig(), port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('action=paraminfo answers as MediaWiki on that wiki', async () => {
    const url = `${server!.url}?action=paraminfo&format=json&formatversion=2&modules=${encodeURIComponent(recorded.modules.join('|'))}`;
    assert.deepEqual(await (await fetch(url)).json(), { paraminfo: recorded.paraminfo });
  });
});

describe('natural order', () => {
  test('PHP\'s sort(SORT_NATURAL): numbers by value, leading zeros digit by digit, upper case first, code points', () => {
    const values = ['tag10', 'b', 'Z', 'tag2', 'a1b', 'a01c', 'é', 'tag02', ' x1', '007'];
    // php -r '$v = [...]; sort($v, SORT_NATURAL); echo json_encode($v);'
    assert.deepEqual([...values].sort(naturalCompare), ['007', 'Z', 'a01c', 'a1b', 'b', 'tag02', 'tag2', 'tag10', ' x1', 'é']);
  });
});
