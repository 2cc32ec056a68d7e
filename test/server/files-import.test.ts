// An imported wiki and its files: `wikiquery import --images DIR` writes where they are into the
// wiki's config, the server serves them from there; without them the API still answers from the tables.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { main, startServer, type RunningServer } from '../../src/cli.ts';
import { loadServeOptions, loadSiteConfig } from '../../src/server/config.ts';
import { fileHashPath } from '../../src/wiki/files.ts';
import { fixtureDb, skipWithoutFixture } from '../support/fixture-wiki.ts';

const fixtureWiki = fixtureDb.replace(/data\/wikidb\.sqlite$/, '');
const images = join(fixtureWiki, 'images');
const dump = join(fixtureWiki, 'dumps/pages-full.xml');

describe('an imported wiki\'s files', { skip: skipWithoutFixture }, () => {
  let work: string;
  let db: string;
  const servers: RunningServer[] = [];

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'wikiquery-files-import-'));
    db = join(work, 'wiki.sqlite');
    const log = console.log;
    console.log = () => {};
    try {
      assert.equal(await main(['import', dump, '--db', db, '--images', images, '--quiet', '--no-search-index']), 0);
    } finally {
      console.log = log;
    }
  });

  after(async () => {
    await Promise.all(servers.map((s) => s.close()));
    rmSync(work, { recursive: true, force: true });
  });

  async function serve(withFiles: boolean): Promise<{ server: RunningServer; base: string }> {
    const config = `${db}.config.json`;
    const options = loadServeOptions(config);
    const server = await startServer({
      db, site: loadSiteConfig(config), port: 0, host: '127.0.0.1',
      serve: { files: withFiles ? { ...options.files, thumbnailCache: join(work, 'cache') } : { directory: '' } },
    });
    servers.push(server);
    return { server, base: server.url.replace(/\/api\.php$/, '') };
  }

  it('stops at start-up with a message when the files directory is not there', async () => {
    const missing = join(work, 'no-such-images');
    const said: string[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void said.push(args.join(' '));
    try {
      assert.equal(await main(['serve', '--db', db, '--images', missing, '--workers', '0', '--port', '0']), 1);
    } finally {
      console.error = error;
    }
    assert.ok(said.some((line) => line.includes(`the files directory ${missing} does not exist`)), said.join('\n'));
  });

  it('records the files directory in the config the import wrote', () => {
    const config = JSON.parse(readFileSync(`${db}.config.json`, 'utf8'));
    assert.equal(config.serve.files.directory, images);
    assert.equal(loadServeOptions(`${db}.config.json`).files.directory, images);
  });

  it('serves the files and makes thumbnails though the dump gave no dimensions', async () => {
    const { base } = await serve(true);
    const file = await fetch(`${base}/images/a/a9/Example.jpg`);
    assert.equal(file.status, 200);
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), readFileSync(join(images, 'a/a9/Example.jpg')));
    const thumb = await fetch(`${base}/images/thumb/${fileHashPath('Example.jpg')}Example.jpg/64px-Example.jpg`);
    assert.equal(thumb.status, 200);
    const decoded = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    assert.deepEqual([decoded.width, decoded.height], [64, 48]);
  });

  it('answers imageinfo from the tables without the files, and serves none', async () => {
    const { server, base } = await serve(false);
    const answer = await (await fetch(`${server.url}?action=query&format=json&formatversion=2&prop=imageinfo&iiprop=url|size|mime|sha1&titles=File:Example.jpg`)).json() as {
      query: { pages: { imageinfo: { url: string; size: number; mime: string; sha1: string }[] }[] };
    };
    const info = answer.query.pages[0]!.imageinfo[0]!;
    assert.match(info.url, /\/images\/a\/a9\/Example\.jpg$/);
    assert.equal(info.size, readFileSync(join(images, 'a/a9/Example.jpg')).length);
    assert.equal(info.mime, 'image/jpeg');
    assert.match(info.sha1, /^[0-9a-f]{40}$/);
    assert.equal((await fetch(`${base}/images/a/a9/Example.jpg`)).status, 404);
  });
});
