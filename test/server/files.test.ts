// The upload path served from a copy of the fixture's files: bad paths, validators, ranges,
// conditional requests, HEAD, types, and thumbnails made on request (decoded to check their size).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import { checkRelativePath, parseRanges } from '../../src/server/files.ts';
import { thumbnailCounters } from '../../src/server/files-thumbnails.ts';
import { fileHashPath } from '../../src/wiki/files.ts';
import { fixtureConfig, fixtureDb, skipWithoutFixture } from '../support/fixture-wiki.ts';

const fixtureImages = fixtureDb.replace(/data\/wikidb\.sqlite$/, 'images');

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

describe('the upload path', { skip: skipWithoutFixture }, () => {
  let server: RunningServer;
  let base: URL;
  let work: string;
  let images: string;
  let cache: string;

  /** A request sent as written: no client-side normalisation of dot segments or escapes. */
  function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request({ host: base.hostname, port: base.port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  const thumbPath = (name: string, thumb: string) => `/wiki/images/thumb/${fileHashPath(name)}${encodeURIComponent(name)}/${encodeURIComponent(thumb)}`;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'wikiquery-files-'));
    images = join(work, 'images');
    cache = join(work, 'cache');
    cpSync(fixtureImages, images, { recursive: true });
    chmodSync(images, 0o755);
    for (const dir of readdirSync(images, { recursive: true, withFileTypes: true })) if (dir.isDirectory()) chmodSync(join(dir.parentPath, dir.name), 0o755);
    writeFileSync(join(work, 'secret.txt'), 'outside\n');
    symlinkSync(join(work, 'secret.txt'), join(images, 'a', 'out.txt'));
    symlinkSync(join(images, 'a', 'a9', 'Example.jpg'), join(images, 'a', 'in.jpg'));
    symlinkSync(join(images, 'deleted'), join(images, 'a', 'trash'));
    execFileSync('mkfifo', [join(images, 'a', 'pipe.png')]);
    server = await startServer({
      db: fixtureDb, site: loadSiteConfig(fixtureConfig), port: 0, host: '127.0.0.1',
      serve: { files: { directory: images, thumbnailCache: cache } },
    });
    base = new URL(server.url);
  });

  after(async () => {
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('serves a file with its type, length and validators', async () => {
    const answer = await raw('/wiki/images/a/a9/Example.jpg');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'image/jpeg');
    assert.equal(answer.headers['accept-ranges'], 'bytes');
    assert.deepEqual(answer.body, readFileSync(join(images, 'a/a9/Example.jpg')));
    assert.equal(Number(answer.headers['content-length']), answer.body.length);
    assert.match(String(answer.headers.etag), /^"[0-9a-f]+-[0-9a-f]+"$/);
    assert.ok(answer.headers['last-modified']);
    assert.equal(answer.headers['x-content-type-options'], 'nosniff');
    for (const [path, type] of [['/wiki/images/d/df/Fixture_logo.svg', 'image/svg+xml'], ['/wiki/images/b/b1/Animated.gif', 'image/gif'], ['/wiki/images/9/9e/Blue_circle.png', 'image/png']]) {
      const typed = await raw(path!);
      assert.equal(typed.status, 200, path);
      assert.equal(typed.headers['content-type'], type, path);
    }
    // An SVG from the API's origin cannot run scripts.
    assert.match(String((await raw('/wiki/images/d/df/Fixture_logo.svg')).headers['content-security-policy']), /sandbox/);
  });

  it('serves file names as their URLs encode them, and archived versions', async () => {
    const unicode = await raw(`/wiki/images/${fileHashPath('Ünïcode_fïle.png')}${encodeURIComponent('Ünïcode_fïle.png')}`);
    assert.equal(unicode.status, 200);
    const archived = await raw('/wiki/images/archive/6/69/20250114082249%21Red_square.png');
    assert.equal(archived.status, 200);
    assert.equal(archived.headers['content-type'], 'image/png');
    assert.equal((await raw('/wiki/images/archive/6/69/20250114082249!Red_square.png')).status, 200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const answer = await raw('/wiki/images/a/a9/Example.jpg', {}, 'HEAD');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.length, 0);
    assert.equal(Number(answer.headers['content-length']), readFileSync(join(images, 'a/a9/Example.jpg')).length);
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg', {}, 'POST')).status, 405);
  });

  it('refuses paths that lead out of the directory or into what is not served', async () => {
    const cases: [string, number][] = [
      ['/wiki/images/../api.php', 400],
      ['/wiki/images/../../../etc/passwd', 400],
      ['/wiki/images/%2e%2e/%2e%2e/etc/passwd', 400],
      ['/wiki/images/%2E%2E/secret.txt', 400],
      ['/wiki/images/a/./a9/Example.jpg', 400],
      ['/wiki/images/..%2fsecret.txt', 404],
      ['/wiki/images/a%2Fa9%2FExample.jpg', 404],
      ['/wiki/images/a%5ca9%5cExample.jpg', 404],
      ['/wiki/images/a\\a9\\Example.jpg', 404],
      ['/wiki/images/a/a9/Example.jpg%00.png', 404],
      ['/wiki/images/a/a9/%E0%A4%A', 400],
      ['/wiki/images//etc/passwd', 404],
      ['/wiki/images/a/out.txt', 403],
      ['/wiki/images/a/trash/.htaccess', 403],
      ['/wiki/images/deleted/.htaccess', 403],
      ['/wiki/images/deleted/q/5/g/q5g0lqc8k86wqhnjdjhd6056q50fxzw.png', 403],
      ['/wiki/images/deleted/', 403],
      ['/wiki/images/%64eleted/q/5/g/index.html', 403],
      ['/wiki/images/a/.htaccess', 403],
      ['/wiki/images/a/a9/Missing.jpg', 404],
      ['/wiki/images/a/pipe.png', 404],
      ['/wiki/images/a/a9/Example.jpg/', 404],
    ];
    for (const [path, status] of cases) {
      const answer = await raw(path);
      assert.equal(answer.status, status, path);
      assert.ok(!answer.body.toString().includes('outside'), path);
    }
    // A link that stays inside is followed, as the web server does.
    assert.equal((await raw('/wiki/images/a/in.jpg')).status, 200);
  });

  it('lists no directory', async () => {
    for (const path of ['/wiki/images', '/wiki/images/', '/wiki/images/a/', '/wiki/images/a/a9', '/wiki/images/archive/']) {
      const answer = await raw(path);
      assert.equal(answer.status, 403, path);
      assert.ok(!answer.body.toString().includes('Example'), path);
    }
  });

  it('answers byte ranges (206, several as multipart/byteranges, 416)', async () => {
    const file = readFileSync(join(images, 'a/a9/Example.jpg'));
    const first = await raw('/wiki/images/a/a9/Example.jpg', { Range: 'bytes=0-9' });
    assert.equal(first.status, 206);
    assert.equal(first.headers['content-range'], `bytes 0-9/${file.length}`);
    assert.deepEqual(first.body, file.subarray(0, 10));
    const suffix = await raw('/wiki/images/a/a9/Example.jpg', { Range: 'bytes=-5' });
    assert.equal(suffix.status, 206);
    assert.deepEqual(suffix.body, file.subarray(file.length - 5));
    const open = await raw('/wiki/images/a/a9/Example.jpg', { Range: `bytes=${file.length - 3}-` });
    assert.deepEqual(open.body, file.subarray(file.length - 3));
    const past = await raw('/wiki/images/a/a9/Example.jpg', { Range: `bytes=${file.length}-` });
    assert.equal(past.status, 416);
    assert.equal(past.headers['content-range'], `bytes */${file.length}`);
    const several = await raw('/wiki/images/a/a9/Example.jpg', { Range: 'bytes=5-6,0-1' });
    assert.equal(several.status, 206);
    const boundary = /^multipart\/byteranges; boundary=(\S+)$/.exec(String(several.headers['content-type']))?.[1];
    assert.ok(boundary, String(several.headers['content-type']));
    assert.equal(Number(several.headers['content-length']), several.body.length);
    const expected = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Type: image/jpeg\r\nContent-Range: bytes 0-1/${file.length}\r\n\r\n`), file.subarray(0, 2),
      Buffer.from(`\r\n--${boundary}\r\nContent-Type: image/jpeg\r\nContent-Range: bytes 5-6/${file.length}\r\n\r\n`), file.subarray(5, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    assert.deepEqual(several.body, expected);
    const overlapping = await raw('/wiki/images/a/a9/Example.jpg', { Range: 'bytes=0-4,3-9' });
    assert.equal(overlapping.headers['content-range'], `bytes 0-9/${file.length}`);
    assert.deepEqual(overlapping.body, file.subarray(0, 10));
    const many = Array.from({ length: 101 }, (_, i) => `${i * 2}-${i * 2}`).join(',');
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg', { Range: `bytes=${many}` })).status, 200);
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg', { Range: 'lines=1-2' })).status, 200);
    const etag = String(first.headers.etag);
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg', { Range: 'bytes=0-9', 'If-Range': etag })).status, 206);
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg', { Range: 'bytes=0-9', 'If-Range': '"other"' })).status, 200);
    assert.deepEqual(parseRanges('bytes=5-2', 10), 'ignored');
    assert.deepEqual(parseRanges('bytes=2-100', 10), [{ start: 2, end: 9 }]);
    assert.deepEqual(parseRanges('bytes=20-30,-0', 10), 'unsatisfiable');
    assert.deepEqual(parseRanges('bytes=0-0,-1', 10), [{ start: 0, end: 0 }, { start: 9, end: 9 }]);
  });

  it('answers conditional requests', async () => {
    const first = await raw('/wiki/images/a/a9/Example.jpg');
    const etag = String(first.headers.etag);
    const modified = String(first.headers['last-modified']);
    const notModified = await raw('/wiki/images/a/a9/Example.jpg', { 'If-None-Match': etag });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body.length, 0);
    assert.equal(notModified.headers.etag, etag);
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg', { 'If-None-Match': `"x", W/${etag}` })).status, 304);
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg', { 'If-None-Match': '"x"' })).status, 200);
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg', { 'If-Modified-Since': modified })).status, 304);
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg', { 'If-Modified-Since': 'Thu, 01 Jan 2009 00:00:00 GMT' })).status, 200);
    // If-None-Match decides when both are sent.
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg', { 'If-None-Match': '"x"', 'If-Modified-Since': modified })).status, 200);
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg', { 'If-Match': '"x"' })).status, 412);
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg', { 'If-Match': etag })).status, 200);
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg', { 'If-Unmodified-Since': 'Thu, 01 Jan 2009 00:00:00 GMT' })).status, 412);
  });

  it('makes the thumbnails imageinfo names, of each image type, at their sizes', async () => {
    const answer = await fetch(`${server.url}?action=query&format=json&formatversion=2&prop=imageinfo&iiprop=url|size&iiurlwidth=30&titles=File:Example.jpg|File:Red_square.png|File:Animated.gif|File:Fixture_logo.svg|File:Photo_of_Paris.jpg`);
    const pages = (await answer.json() as { query: { pages: { title: string; imageinfo: { thumburl: string; thumbwidth: number; thumbheight: number }[] }[] } }).query.pages;
    const expected: Record<string, { format: string; mime: string }> = {
      'File:Example.jpg': { format: 'jpeg', mime: 'image/jpeg' },
      'File:Photo of Paris.jpg': { format: 'jpeg', mime: 'image/jpeg' },
      'File:Red square.png': { format: 'png', mime: 'image/png' },
      'File:Animated.gif': { format: 'gif', mime: 'image/gif' },
      'File:Fixture logo.svg': { format: 'png', mime: 'image/png' },
    };
    assert.equal(pages.length, 5);
    for (const page of pages) {
      const info = page.imageinfo[0]!;
      const url = new URL(info.thumburl);
      const thumb = await raw(url.pathname);
      assert.equal(thumb.status, 200, `${page.title}: ${thumb.body.toString().slice(0, 300)}`);
      assert.equal(thumb.headers['content-type'], expected[page.title]!.mime, page.title);
      const decoded = await sharp(thumb.body, { animated: true }).metadata();
      assert.equal(decoded.format, expected[page.title]!.format, page.title);
      assert.equal(decoded.width, info.thumbwidth, page.title);
      assert.equal(decoded.pageHeight ?? decoded.height, info.thumbheight, page.title);
    }
    const gif = await sharp((await raw(thumbPath('Animated.gif', '30px-Animated.gif'))).body, { animated: true }).metadata();
    assert.equal(gif.pages, 3, 'the animation keeps its frames');
    assert.ok(readFileSync(join(images, 'd/df/Fixture_logo.svg')).length > 0);
  });

  it('makes thumbnails of old versions and SVGs larger than their drawing', async () => {
    const old = await raw('/wiki/images/thumb/archive/6/69/20250114084938%21Red_square.png/50px-Red_square.png');
    assert.equal(old.status, 200);
    const meta = await sharp(old.body).metadata();
    assert.deepEqual([meta.width, meta.height], [50, 50]);
    const svg = await raw(thumbPath('Fixture_logo.svg', '480px-Fixture_logo.svg.png'));
    assert.equal(svg.status, 200);
    const drawn = await sharp(svg.body).metadata();
    assert.deepEqual([drawn.format, drawn.width, drawn.height], ['png', 480, 240]);
    assert.match(String(svg.headers['content-disposition']), /^inline;filename\*=UTF-8''Fixture_logo\.svg\.png$/);
    const low = await raw(thumbPath('Example.jpg', 'qlow-100px-Example.jpg'));
    assert.equal(low.status, 200);
    assert.equal((await sharp(low.body).metadata()).width, 100);
  });

  it('answers as MediaWiki\'s thumb handler for thumbnails it would not make', async () => {
    const page = (answer: Answer) => answer.body.toString();
    const bigger = await raw(thumbPath('Example.jpg', '400px-Example.jpg'));
    assert.equal(bigger.status, 400);
    assert.equal(bigger.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(page(bigger), /<h1>Error generating thumbnail<\/h1>\n<p>\nError creating thumbnail: Image was not scaled, is the requested width bigger than the source\?\n<\/p>/);
    assert.equal((await raw(thumbPath('Example.jpg', '320px-Example.jpg'))).status, 400);
    const huge = await raw(thumbPath('Example.jpg', '99999999999999999999px-Example.jpg'));
    assert.equal(huge.status, 400);
    const wrongName = await raw(thumbPath('Example.jpg', '100px-Other.jpg'));
    assert.equal(wrongName.status, 404);
    assert.match(page(wrongName), /The given path of the specified thumbnail is incorrect;\s+expected 'a\/a9\/Example.jpg\/100px-Example.jpg' but got 'a\/a9\/Example.jpg\/100px-Other.jpg'\./);
    const wrongHash = await raw('/wiki/images/thumb/0/00/Example.jpg/100px-Example.jpg');
    assert.equal(wrongHash.status, 404);
    const unknown = await raw(thumbPath('Example.jpg', 'big-Example.jpg'));
    assert.equal(unknown.status, 400);
    assert.match(page(unknown), /The specified thumbnail parameters are not recognized\./);
    const missing = await raw(thumbPath('No_such_file.png', '20px-No_such_file.png'));
    assert.equal(missing.status, 404);
    assert.match(page(missing), /The source file 'No_such_file.png' does not exist\./);
    assert.equal((await raw('/wiki/images/thumb/a/a9/Example.jpg')).status, 400);
    const badTitle = await raw('/wiki/images/thumb/archive/6/69/Red_square.png/20px-Red_square.png');
    assert.equal(badTitle.status, 404);
    assert.match(page(badTitle), /The requested page title was invalid/);
    assert.ok(page(bigger).endsWith('</p>\n\n</body>\n</html>\n'));
    assert.equal(bigger.headers['cache-control'], 'no-cache');
    // SvgHandler reads lower-case language codes only; the plain reading does not take `lang`.
    assert.equal((await raw(thumbPath('Fixture_logo.svg', 'langFR-60px-Fixture_logo.svg.png'))).status, 400);
    const french = await raw(thumbPath('Fixture_logo.svg', 'langfr-60px-Fixture_logo.svg.png'));
    assert.equal(french.status, 200);
    assert.equal((await sharp(french.body).metadata()).width, 60);
    assert.equal((await raw(thumbPath('Fixture_logo.svg', 'langen-60px-Fixture_logo.svg.png'))).status, 404);
    const zero = await raw(thumbPath('Example.jpg', '0px-Example.jpg'));
    assert.equal(zero.status, 400);
    assert.match(page(zero), /Error creating thumbnail: Invalid thumbnail parameters/);
  });

  it('answers a huge SVG thumbnail with an error, and keeps serving', async () => {
    const huge = await raw(thumbPath('Fixture_logo.svg', '99999999px-Fixture_logo.svg.png'));
    assert.equal(huge.status, 500);
    assert.match(huge.body.toString(), /Error creating thumbnail: /);
    assert.equal((await raw('/wiki/images/a/a9/Example.jpg')).status, 200);
  });

  it('sends a file redirect\'s thumbnails to its target\'s', async () => {
    const moved = await raw(thumbPath('Moved_image.png', '20px-Moved_image.png'));
    assert.equal(moved.status, 302);
    assert.equal(new URL(String(moved.headers.location)).pathname, thumbPath('Renamed_image.png', '20px-Renamed_image.png'));
  });

  it('makes a new thumbnail once however many ask at the same time', async () => {
    const before = thumbnailCounters.made;
    const path = thumbPath('Photo_of_Paris.jpg', '77px-Photo_of_Paris.jpg');
    const answers = await Promise.all(Array.from({ length: 8 }, () => raw(path)));
    for (const answer of answers) {
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, answers[0]!.body);
    }
    assert.equal(thumbnailCounters.made - before, 1);
    assert.equal((await sharp(answers[0]!.body).metadata()).width, 77);
    // Kept: the next request is answered from the cache, with validators of its own.
    const again = await raw(path);
    assert.equal(thumbnailCounters.made - before, 1);
    assert.equal((await raw(path, { 'If-None-Match': String(again.headers.etag) })).status, 304);
    const leftovers = readdirSync(cache, { recursive: true }).map(String).filter((f) => f.endsWith('.part'));
    assert.deepEqual(leftovers, []);
  });

  it('answers a broken image with an error, and tries again once the file is mended', async () => {
    const file = join(images, '3/3e/Venus_globe.png');
    const good = readFileSync(file);
    chmodSync(file, 0o644);
    writeFileSync(file, Buffer.from('not a PNG at all, only text where the picture was'));
    const broken = await raw(thumbPath('Venus_globe.png', '20px-Venus_globe.png'));
    assert.equal(broken.status, 500);
    assert.match(broken.body.toString(), /<p>\nError creating thumbnail: /);
    writeFileSync(file, good);
    const mended = await raw(thumbPath('Venus_globe.png', '20px-Venus_globe.png'));
    assert.equal(mended.status, 200);
    assert.equal((await sharp(mended.body).metadata()).width, 20);
  });

  it('answers If-Modified-Since on a thumbnail by the upload time, as thumb.php does', async () => {
    assert.equal((await raw(thumbPath('Example.jpg', '41px-Example.jpg'), { 'If-Modified-Since': 'Fri, 01 Jan 2100 00:00:00 GMT; length=12' })).status, 304);
    assert.equal((await raw(thumbPath('Example.jpg', '41px-Example.jpg'), { 'If-Modified-Since': 'Thu, 01 Jan 2009 00:00:00 GMT' })).status, 200);
  });

  it('reads paths as Apache does before touching the disk', () => {
    assert.deepEqual(checkRelativePath('a/a9/Example.jpg'), { segments: ['a', 'a9', 'Example.jpg'], directory: false });
    assert.equal((checkRelativePath('a/%zz') as { status: number }).status, 400);
    assert.equal((checkRelativePath('deleted/x') as { status: number }).status, 403);
  });
});

describe('the thumbnails of a private wiki', { skip: skipWithoutFixture }, () => {
  let server: RunningServer;
  const cache = mkdtempSync(join(tmpdir(), 'wikiquery-files-private-'));
  before(async () => {
    const site = loadSiteConfig(fixtureConfig);
    const groups = { ...site.groups, '*': { ...site.groups['*']!, rights: site.groups['*']!.rights.filter((r) => r !== 'read') } };
    server = await startServer({
      db: fixtureDb, site: { ...site, groups }, port: 0, host: '127.0.0.1',
      serve: { files: { directory: fixtureImages, thumbnailCache: cache } },
    });
  });
  after(async () => {
    await server?.close();
    rmSync(cache, { recursive: true, force: true });
  });

  it('refuses them as thumb.php refuses callers who cannot read', async () => {
    const base = server.url.replace(/\/api\.php$/, '');
    const answer = await fetch(`${base}/images/thumb/a/a9/Example.jpg/50px-Example.jpg`);
    assert.equal(answer.status, 403);
    assert.equal(answer.headers.get('vary'), 'Cookie');
    assert.match(await answer.text(), /Access denied\. You do not have permission to access the source file\./);
  });
});
