// Real clients downloading the fixture's files through the URLs imageinfo gives: mwclient's
// Image.download (Debian's python3-mwclient), checked against the SHA-1s the API reports, with a
// thumbnail URL fetched as it fetches one; mwn's download, checked against the files.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { Mwn } from 'mwn';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import { fixtureConfig, fixtureDb, skipWithoutFixture } from '../support/fixture-wiki.ts';
import { freePort } from '../support/free-port.ts';

const fixtureImages = fixtureDb.replace(/data\/wikidb\.sqlite$/, 'images');
const python = '/usr/bin/python3';
const hasMwclient = !skipWithoutFixture && spawnSync(python, ['-c', 'import mwclient'], { timeout: 10_000 }).status === 0;

describe('clients downloading files', { skip: skipWithoutFixture }, () => {
  let server: RunningServer;
  let port: number;
  let work: string;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'wikiquery-files-clients-'));
    port = await freePort();
    // The URLs imageinfo gives name $wgServer: this server's own address here.
    server = await startServer({
      db: fixtureDb, site: loadSiteConfig(fixtureConfig, { server: `http://127.0.0.1:${port}` }), port, host: '127.0.0.1',
      serve: { files: { directory: fixtureImages, thumbnailCache: join(work, 'cache') } },
    });
  });

  after(async () => {
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('mwclient: Image.download of each image type, and a thumbnail', { skip: hasMwclient ? false : 'python3-mwclient is not installed' }, async () => {
    const script = `
import hashlib, io, mwclient
site = mwclient.Site('127.0.0.1:${port}', path='/wiki/', scheme='http')
for name in ['Example.jpg', 'Fixture_logo.svg', 'Animated.gif', 'Red_square.png', 'Ünïcode_fïle.png']:
    image = site.images[name]
    out = io.BytesIO()
    image.download(out)
    print(name, hashlib.sha1(out.getvalue()).hexdigest() == image.imageinfo['sha1'])
info = site.api('query', titles='File:Fixture_logo.svg', prop='imageinfo', iiprop='url', iiurlwidth=64)
thumb = next(iter(info['query']['pages'].values()))['imageinfo'][0]['thumburl']
answer = site.connection.get(thumb)
print('thumb', answer.status_code, answer.headers['content-type'], answer.content[:8] == b'\\x89PNG\\r\\n\\x1a\\n')
`;
    const { stdout } = await promisify(execFile)(python, ['-c', script], { timeout: 60_000 });
    assert.deepEqual(stdout.trim().split('\n'), [
      'Example.jpg True', 'Fixture_logo.svg True', 'Animated.gif True', 'Red_square.png True', 'Ünïcode_fïle.png True',
      'thumb 200 image/png True',
    ]);
  });

  it('mwn: download()', async () => {
    const bot = new Mwn({ apiUrl: server.url, silent: true });
    await bot.getSiteInfo();
    for (const name of ['Example.jpg', 'Animated.gif']) {
      const local = join(work, name);
      await bot.download(`File:${name}`, local);
      assert.deepEqual(readFileSync(local), readFileSync(join(fixtureImages, name === 'Example.jpg' ? 'a/a9/Example.jpg' : 'b/b1/Animated.gif')));
    }
  });
});
