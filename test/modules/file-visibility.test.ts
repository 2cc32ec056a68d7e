// Hidden file versions (oldimage, filearchive) by the caller's rights. The fixture hides none, so a
// copy gets the oi_deleted and fa_deleted values MediaWiki 1.39's action=revisiondelete gave a copy
// of the fixture; data/file-visibility.json holds MediaWiki's answers over that copy.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { RunningServer } from '../../src/cli.ts';
import { ApiSession } from '../support/api-session.ts';
import { fixtureDb, skipWithoutFixture, startFixtureServer, type Json } from '../support/fixture-wiki.ts';

const expected = JSON.parse(readFileSync(new URL('./data/file-visibility.json', import.meta.url), 'utf8')) as Record<string, Json>;

const QUERIES: Record<string, string> = {
  ii: 'action=query&format=json&formatversion=2&prop=imageinfo&titles=File:Red_square.png&iilimit=max&iiprop=timestamp|user|userid|comment|parsedcomment|url|size|sha1|archivename',
  fa: 'action=query&format=json&formatversion=2&list=filearchive&faprop=sha1|timestamp|user|size|description|archivename',
  fasha1: 'action=query&format=json&formatversion=2&list=filearchive&fasha1=c48a6cc8afcd253d242e075efc9bd6720c5f6634',
};

const CALLERS: [string, string | null][] = [['anonymous', null], ['Carol', 'carol-fixture-pw'], ['Alice', 'alice-fixture-pw'], ['Oscar', 'oscar-fixture-pw']];

describe('hidden file versions by the caller\'s rights', { skip: skipWithoutFixture }, () => {
  let dir = '';
  let server: RunningServer | undefined;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wikiquery-hidden-files-'));
    const copy = join(dir, 'wikidb.sqlite');
    copyFileSync(fixtureDb, copy);
    const db = new Database(copy);
    // comment|user; content|comment|user suppressed; content.
    for (const [archiveName, deleted] of [['20250114084938!Red_square.png', 6], ['20250114082249!Red_square.png', 15], ['20250114090043!Red_square.png', 1]] as const) {
      db.prepare('UPDATE oldimage SET oi_deleted = ? WHERE oi_archive_name = ?').run(deleted, archiveName);
    }
    // content|comment|user; comment|user suppressed.
    db.prepare('UPDATE filearchive SET fa_deleted = 7 WHERE fa_id = 2').run();
    db.prepare('UPDATE filearchive SET fa_deleted = 14 WHERE fa_id = 1').run();
    db.close();
    server = await startFixtureServer({}, copy);
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [name, password] of CALLERS) {
    test(`${name} sees what MediaWiki shows them`, async () => {
      const session = new ApiSession(server!.url);
      if (password) await session.login(name, password);
      for (const [key, query] of Object.entries(QUERIES)) {
        const asked = name === 'anonymous' && key === 'fa' ? query.replace('|description', '') : query;
        assert.deepEqual(await session.request(asked), expected[`${name} ${key}`], `${name} ${key}`);
      }
    });
  }
});
