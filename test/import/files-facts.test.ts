// An import given the wiki's files reads each uploaded version's size, bit depth, MIME and
// metadata from its file, as MediaWiki's importer does when it has the files: the fixture's own
// dump and images give the `image` and `oldimage` rows MediaWiki made, and imageinfo answers alike.
//
// What is not read as MediaWiki reads it (none of it is in the fixture's files, so none of it shows
// in the comparisons below):
// - JPEG and TIFF EXIF, IPTC and XMP (MediaWiki's Exif and XMPReader classes): a JPEG's metadata is
//   its COM comments and MEDIAWIKI_EXIF_VERSION only, and a photo that EXIF says is turned a
//   quarter keeps its stored width and height instead of MediaWiki's swapped ones.
// - XMP in PNG (iTXt XML:com.adobe.xmp) and GIF (XMP DataXMP) files, and the date formats MediaWiki
//   makes of a PNG's "Creation Time" text (kept as written).
// - SVG: systemLanguage translations (always an empty list) and the <metadata> element.
// - WebP, TIFF and BMP: width and height only (from sharp); their handlers' metadata stays empty.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { readFileFacts } from '../../src/import/files-facts.ts';
import { runImport } from '../../src/import/index.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import { decodeStoredMetadata, PhpFloat } from '../../src/wiki/files-metadata.ts';
import { fixtureDb, skipWithoutFixture, startFixtureServer, type Json } from '../support/fixture-wiki.ts';

const fixtureWiki = fixtureDb.replace(/data\/wikidb\.sqlite$/, '');
const images = join(fixtureWiki, 'images');
const dump = join(fixtureWiki, 'dumps/pages-full.xml');

const IMAGE_COLUMNS = 'img_name, img_size, img_width, img_height, img_bits, img_media_type, img_major_mime, img_minor_mime, CAST(img_metadata AS TEXT) AS img_metadata, img_sha1';
const OLDIMAGE_COLUMNS = 'oi_name, oi_archive_name, oi_size, oi_width, oi_height, oi_bits, oi_media_type, oi_major_mime, oi_minor_mime, CAST(oi_metadata AS TEXT) AS oi_metadata, oi_sha1';

function rows(path: string, sql: string): unknown[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

describe('an import with the files', { skip: skipWithoutFixture }, () => {
  let work: string;
  let db: string;
  const servers: RunningServer[] = [];

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'wikiquery-files-facts-'));
    db = join(work, 'wiki.sqlite');
    const summary = await runImport({ dumps: [dump], db, filesDirectory: images, noSearchIndex: true, readInThisThread: true });
    assert.ok(summary.ok, summary.fatal);
    assert.deepEqual(summary.files, { read: 24, missing: 0 });
  });

  after(async () => {
    await Promise.all(servers.map((s) => s.close()));
    rmSync(work, { recursive: true, force: true });
  });

  it('writes the image and oldimage rows MediaWiki wrote', () => {
    const current = `SELECT ${IMAGE_COLUMNS} FROM image ORDER BY img_name`;
    const old = `SELECT ${OLDIMAGE_COLUMNS} FROM oldimage ORDER BY oi_name, oi_archive_name`;
    assert.equal(rows(db, current).length, 21);
    assert.deepEqual(rows(db, current), rows(fixtureDb, current));
    assert.equal(rows(db, old).length, 3);
    assert.deepEqual(rows(db, old), rows(fixtureDb, old));
  });

  it('gives the same imageinfo answers as the fixture wiki, old versions and thumbnails included', async () => {
    const fixture = await startFixtureServer();
    servers.push(fixture);
    const imported = await startServer({ db, site: loadSiteConfig(`${db}.config.json`), port: 0, host: '127.0.0.1' });
    servers.push(imported);
    const names = (rows(fixtureDb, 'SELECT img_name AS name FROM image ORDER BY img_name') as { name: string }[]).map((r) => `File:${r.name}`);
    const query = new URLSearchParams({
      action: 'query', format: 'json', formatversion: '2', prop: 'imageinfo', iilimit: 'max', iiurlwidth: '50',
      iiprop: 'url|size|dimensions|mime|mediatype|bitdepth|metadata|commonmetadata', titles: names.join('|'),
    });
    const answer = async (server: RunningServer): Promise<Json> => {
      const text = await (await fetch(`${server.url}?${query}`)).text();
      // The two wikis' upload paths and hosts differ; what follows them must not.
      return JSON.parse(text.replace(/"https?:[^"]*?\/images\//g, '"…/images/').replace(/"\/[^"]*?\/images\//g, '"…/images/'));
    };
    const expected = await answer(fixture);
    const got = await answer(imported);
    assert.equal(expected.query.pages.length, 21);
    assert.equal(expected.query.pages.find((page: Json) => page.title === 'File:Red square.png').imageinfo.length, 4);
    assert.deepEqual(expected.query.pages.filter((page: Json) => !page.imageinfo?.[0]?.thumburl).map((page: Json) => page.title), []);
    assert.deepEqual(got.query.pages, expected.query.pages);
  });

  it('leaves the dump\'s facts where a file is not in the directory', async () => {
    const empty = join(work, 'no-files');
    const other = join(work, 'other.sqlite');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(empty);
    const summary = await runImport({ dumps: [dump], db: other, filesDirectory: empty, noSearchIndex: true, readInThisThread: true });
    assert.ok(summary.ok, summary.fatal);
    assert.deepEqual(summary.files, { read: 0, missing: 24 });
    assert.deepEqual(rows(other, "SELECT img_width, img_height, img_metadata FROM image WHERE img_name = 'Example.jpg'"), [{ img_width: 0, img_height: 0, img_metadata: '' }]);
  });
});

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  // The readers do not check CRCs, as MediaWiki's do not.
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
}

describe('the readers of file headers', () => {
  it('reads an animated PNG\'s frames, loops, delays and text chunks', async () => {
    const ihdr = Buffer.from([0, 0, 0, 20, 0, 0, 0, 10, 8, 6, 0, 0, 0]);
    const actl = Buffer.from([0, 0, 0, 2, 0, 0, 0, 0]);
    const fctl = (numerator: number, denominator: number): Buffer => {
      const data = Buffer.alloc(26);
      data.writeUInt16BE(numerator, 20);
      data.writeUInt16BE(denominator, 22);
      return data;
    };
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr), chunk('acTL', actl), chunk('fcTL', fctl(1, 2)), chunk('fcTL', fctl(1, 0)),
      chunk('tEXt', Buffer.from('Author\0Ann', 'latin1')),
      chunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), deflateSync(Buffer.from('packed'))])),
      chunk('tEXt', Buffer.from('Unknown\0ignored', 'latin1')),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const facts = (await readFileFacts(png))!;
    assert.deepEqual([facts.width, facts.height, facts.bits, facts.mediaType, facts.major, facts.minor], [20, 10, 8, 'BITMAP', 'image', 'png']);
    assert.equal(facts.metadata,
      '{"data":{"frameCount":2,"loopCount":0,"duration":0.51,"bitDepth":8,"colorType":"truecolour-alpha","metadata":' +
      '{"Artist":{"x-default":"Ann","_type":"lang"},"PNGFileComment":{"x-default":"packed","_type":"lang"},"_MW_PNG_VERSION":1}}}');
  });

  it('reads a still GIF\'s comment and its duration as the float MediaWiki sums', async () => {
    const gif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'), Buffer.from([3, 0, 2, 0, 0x80, 0, 0]), Buffer.alloc(6),
      Buffer.from([0x21, 0xfe, 5]), Buffer.from('hello'), Buffer.from([0]),
      Buffer.from([0x2c, 0, 0, 0, 0, 3, 0, 2, 0, 0, 2, 1, 0, 0]), Buffer.from(';'),
    ]);
    const facts = (await readFileFacts(gif))!;
    assert.deepEqual([facts.width, facts.height, facts.bits], [3, 2, 1]);
    assert.equal(facts.metadata, '{"data":{"frameCount":1,"looped":false,"duration":0.0,"metadata":{"GIFFileComment":["hello"],"_MW_GIF_VERSION":1}}}');
    assert.deepEqual(decodeStoredMetadata(facts.metadata).data.get('duration'), new PhpFloat(0));
  });

  it('reads a JPEG\'s frame header and comments', async () => {
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      Buffer.from([0xff, 0xfe, 0, 6]), Buffer.from('a/é', 'utf8'),
      Buffer.from([0xff, 0xc2, 0, 11, 8, 0, 30, 0, 40, 1, 1, 0x11, 0]),
      Buffer.from([0xff, 0xd9]),
    ]);
    const facts = (await readFileFacts(jpeg))!;
    assert.deepEqual([facts.width, facts.height, facts.bits, facts.minor], [40, 30, 8, 'jpeg']);
    assert.equal(facts.metadata, '{"data":{"JPEGFileComment":["a\\/\\u00e9"],"MEDIAWIKI_EXIF_VERSION":2}}');
  });

  it('sizes an SVG from its units and viewBox as SVGReader does', async () => {
    const svg = (root: string, inner = ''): Buffer => Buffer.from(`<?xml version="1.0"?>\n<!-- c --><svg xmlns="http://www.w3.org/2000/svg" ${root}>${inner}</svg>`);
    const sized = async (root: string): Promise<number[]> => {
      const facts = (await readFileFacts(svg(root)))!;
      return [facts.width, facts.height, facts.bits];
    };
    assert.deepEqual(await sized('viewBox="0 0 200 100"'), [512, 256, 0]);
    assert.deepEqual(await sized('width="10mm" viewBox="0 0 2 1"'), [35, 18, 0]);
    assert.deepEqual(await sized('height="50%"'), [256, 256, 0]);
    assert.deepEqual(await sized(''), [512, 512, 0]);
    const facts = (await readFileFacts(svg('width="4" height="3"', '<g><title>inner</title></g><title>T &amp; U</title><desc>D</desc><animate/>')))!;
    assert.deepEqual([facts.mediaType, facts.major, facts.minor], ['DRAWING', 'image', 'svg+xml']);
    assert.equal(facts.metadata,
      '{"data":{"version":2,"width":4,"height":3,"originalWidth":"4","originalHeight":"3","title":"T & U","description":"D","animated":true,"translations":[]}}');
  });

  it('sizes a WebP through sharp, without metadata', async () => {
    const { default: sharp } = await import('sharp');
    const webp = await sharp({ create: { width: 5, height: 4, channels: 3, background: '#c00' } }).webp().toBuffer();
    assert.deepEqual(await readFileFacts(webp), { mediaType: 'BITMAP', major: 'image', minor: 'webp', width: 5, height: 4, bits: 8, metadata: '' });
  });

  it('knows no facts of bytes of a type it does not read, or of a file cut short', async () => {
    assert.equal(await readFileFacts(Buffer.from('plain text')), null);
    assert.equal(await readFileFacts(Buffer.from('GIF89a\x01', 'latin1')), null);
  });
});
