// The file rules of src/wiki/files*.ts, with facts checked on MediaWiki 1.39 over the fixture wiki.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  fileHashPath, filePath, archivedFilePath, thumbnailPath, sha1Base36ToHex, sha1HexToBase36, transform, responsiveUrls,
  fitBoxWidth, scaleHeight, isThumbName, parseThumbParamString, normalizeExtension, type ImageFacts,
} from '../../src/wiki/files.ts';
import { commonMetadata, convertMetadataVersion, decodeJsonPhp, decodeStoredMetadata, mediaLength, metadataBlobAddresses, PhpFloat, unserializePhp } from '../../src/wiki/files-metadata.ts';
import { badFileList, isBadFile } from '../../src/wiki/files-bad-list.ts';
import { existsWarningHtml, missingFileWarning } from '../../src/wiki/files-upload-warning.ts';
import { fixtureTitleCodec } from './fixture-site.ts';

const repo = { uploadPath: '/wiki/images' };
const site = { server: 'http://127.0.0.1:8081', articlePath: '/wiki/index.php/$1', scriptPath: '/wiki', uploadPath: '/wiki/images' };
const example: ImageFacts = { name: 'Example.jpg', width: 320, height: 240, mime: 'image/jpeg', archiveName: null };
const square: ImageFacts = { name: 'Red_square.png', width: 100, height: 100, mime: 'image/png', archiveName: null };
const logo: ImageFacts = { name: 'Fixture_logo.svg', width: 120, height: 60, mime: 'image/svg+xml', archiveName: null };

describe('file paths and URLs', () => {
  test('hash paths are the first digits of the MD5 of the DB key', () => {
    assert.equal(fileHashPath('Example.jpg'), 'a/a9/');
    assert.equal(fileHashPath('Red_square.png'), '6/69/');
    assert.equal(fileHashPath('Ünïcode_fïle.png'), '1/17/');
  });

  test('current, archived and thumbnail paths are raw-URL-encoded', () => {
    assert.equal(filePath(repo, 'Ünïcode_fïle.png'), '/wiki/images/1/17/%C3%9Cn%C3%AFcode_f%C3%AFle.png');
    assert.equal(archivedFilePath(repo, 'Red_square.png', '20250114090043!Red_square.png'), '/wiki/images/archive/6/69/20250114090043%21Red_square.png');
    assert.equal(thumbnailPath(repo, 'Red_square.png', '20250114090043!Red_square.png', '50px-Red_square.png'), '/wiki/images/thumb/archive/6/69/20250114090043%21Red_square.png/50px-Red_square.png');
  });

  test('SHA-1 goes from base 36 to 40 hex digits and back', () => {
    assert.equal(sha1Base36ToHex('4zrhr0c3klhezbmskw93oe6amn9nsfa'), '2abf78dcdbc4b64091dba010731cb604d7b434a6');
    assert.equal(sha1HexToBase36('2abf78dcdbc4b64091dba010731cb604d7b434a6'), '4zrhr0c3klhezbmskw93oe6amn9nsfa');
    assert.equal(sha1HexToBase36('xyz'), null);
  });

  test('extensions are normalised as File::normalizeExtension does', () => {
    assert.equal(normalizeExtension('JPEG'), 'jpg');
    assert.equal(normalizeExtension('PNG'), 'png');
    assert.equal(normalizeExtension('p-g'), '');
  });
});

describe('thumbnails', () => {
  test('a bitmap is scaled down with MediaWiki rounding, never up', () => {
    const thumb = transform(repo, example, { width: 50 })!;
    assert.deepEqual(thumb, { url: '/wiki/images/thumb/a/a9/Example.jpg/50px-Example.jpg', width: 50, height: 38, isOriginal: false });
    const larger = transform(repo, square, { width: 400 })!;
    assert.equal(larger.url, '/wiki/images/6/69/Red_square.png');
    assert.equal(larger.isOriginal, true);
  });

  test('an SVG is rendered to PNG at any size', () => {
    assert.equal(transform(repo, logo, { width: 400 })!.url, '/wiki/images/thumb/d/df/Fixture_logo.svg/400px-Fixture_logo.svg.png');
    assert.equal(transform(repo, logo, { width: 80, lang: 'fr' })!.url, '/wiki/images/thumb/d/df/Fixture_logo.svg/langfr-80px-Fixture_logo.svg.png');
  });

  test('a box fits the width to the height', () => {
    assert.equal(fitBoxWidth(320, 240, 50), 67);
    assert.equal(scaleHeight(320, 240, 67), 50);
    assert.deepEqual(transform(repo, example, { width: 100, height: 50 }), {
      url: '/wiki/images/thumb/a/a9/Example.jpg/67px-Example.jpg', width: 67, height: 50, isOriginal: false,
    });
  });

  test('responsive versions are left out where they are the thumbnail itself', () => {
    const thumb = transform(repo, square, { width: 50 })!;
    assert.deepEqual([...responsiveUrls(repo, square, thumb, { width: 50, height: 50 })], [
      ['1.5', '/wiki/images/thumb/6/69/Red_square.png/75px-Red_square.png'],
      ['2', '/wiki/images/6/69/Red_square.png'],
    ]);
  });

  test('iiurlparam strings are read by the handler of the type', () => {
    assert.deepEqual(parseThumbParamString('image/jpeg', 'qlow-120px'), { width: 120, quality: 'low' });
    assert.equal(parseThumbParamString('image/png', 'qlow-120px'), null);
    assert.deepEqual(parseThumbParamString('image/svg+xml', 'langfr-80px'), { width: 80, lang: 'fr' });
    assert.equal(transform(repo, example, { width: 500, quality: 'low' })!.url, '/wiki/images/thumb/a/a9/Example.jpg/qlow-320px-Example.jpg');
  });

  test('a bitmap over $wgMaxImageArea is not scaled, a JPEG is', () => {
    const huge: ImageFacts = { name: 'Huge.png', width: 5000, height: 3000, mime: 'image/png', archiveName: null };
    const thumb = transform(repo, huge, { width: 200 })!;
    assert.equal(thumb.error, 'Error creating thumbnail: File with dimensions greater than 12.5 MP');
    assert.equal(thumb.height, 120);
    assert.equal(transform(repo, huge, { width: 6000 })!.isOriginal, true);
    assert.equal(transform(repo, { ...huge, name: 'Huge.jpg', mime: 'image/jpeg' }, { width: 200 })!.error, undefined);
  });

  test('thumbnail-like upload names', () => {
    assert.equal(isThumbName('200px-Red_square.png'), true);
    assert.equal(isThumbName('50px-Nope.png'), true);
    assert.equal(isThumbName('Red_square.png'), false);
  });
});

describe('metadata', () => {
  test('JSON keeps floats, key order and integer keys', () => {
    const value = decodeJsonPhp('{"b":1,"a":1.5,"2":[true,null]}') as Map<string | number, unknown>;
    assert.deepEqual([...value.keys()], ['b', 'a', 2]);
    assert.ok(value.get('a') instanceof PhpFloat);
  });

  test('PHP serializations are read', () => {
    const value = unserializePhp('a:2:{s:5:"width";i:120;s:5:"title";s:5:"Ünï";}') as Map<string, unknown>;
    assert.equal(value.get('width'), 120);
    assert.equal(value.get('title'), 'Ünï');
  });

  test('stored metadata: JSON data, serialized arrays, errors', () => {
    assert.equal(decodeStoredMetadata('{"data":{"duration":1.5}}').data.size, 1);
    assert.equal(decodeStoredMetadata('a:1:{s:1:"x";i:1;}').data.get('x'), 1);
    assert.equal(decodeStoredMetadata('garbage').data.get('_error'), 'garbage');
    // What older MediaWikis wrote for no metadata is an error to 1.39 too.
    assert.equal(decodeStoredMetadata('0').data.get('_error'), '0');
    assert.equal(decodeStoredMetadata('b:0;').data.get('_error'), 'b:0;');
    assert.equal(decodeStoredMetadata('{}').data.get('_error'), '{}');
    assert.equal(decodeStoredMetadata('').data.size, 0);
    assert.equal(mediaLength(decodeStoredMetadata('{"data":{"duration":1.5}}').data, 'image/gif'), 1.5);
  });

  test('items kept in the text table join the array after the others', () => {
    const stored = '{"data":{"width":10},"blobs":{"xmp":"tt:7","gone":"tt:8"}}';
    assert.deepEqual(metadataBlobAddresses(stored), ['tt:7', 'tt:8']);
    const data = decodeStoredMetadata(stored, new Map([['tt:7', '{"a":1}']])).data;
    assert.deepEqual([...data.keys()], ['width', 'xmp']);
  });

  test('EXIF version 2 is shown as version 1 unless asked for', () => {
    const exif = decodeStoredMetadata('{"data":{"MEDIAWIKI_EXIF_VERSION":2}}').data;
    assert.equal(convertMetadataVersion(exif, 'image/jpeg', '1').get('MEDIAWIKI_EXIF_VERSION'), 1);
    assert.equal(convertMetadataVersion(exif, 'image/jpeg', '2').get('MEDIAWIKI_EXIF_VERSION'), 2);
    assert.equal(convertMetadataVersion(exif, 'image/png', '1').get('MEDIAWIKI_EXIF_VERSION'), 2);
  });

  test('common metadata of an SVG names its title', () => {
    const svg = decodeStoredMetadata('{"data":{"title":"Fixture logo"}}').data;
    assert.deepEqual([...commonMetadata(svg, 'image/svg+xml')], [['ObjectName', 'Fixture logo']]);
  });
});

describe('bad files and upload warnings', () => {
  const titles = fixtureTitleCodec();

  test('the bad image list names files and their exceptions', () => {
    const list = badFileList('* [[:File:Red square.png]] except on [[Earth]]\n[[File:Other.png]]', titles);
    assert.equal(isBadFile(list, 'Red_square.png', null), true);
    assert.equal(isBadFile(list, 'Red_square.png', 'Earth'), false);
    assert.equal(isBadFile(list, 'Other.png', null), false);
    // The first link counts whatever its namespace; a link that is no title is passed over.
    const odd = badFileList('*[[Evil.png]] [[Talk:Earth]]\n* [[a|b]] [[File:Skipped.png]]', titles);
    assert.equal(isBadFile(odd, 'Evil.png', 'Talk:Earth'), false);
    assert.equal(isBadFile(odd, 'Skipped.png', null), false);
  });

  test('a missing file is warned about by its neighbours', async () => {
    const lookup = {
      file: async (name: string) => (name === 'Red_square.png' ? { ...square, title: 'File:Red square.png' } : null),
      firstWithPrefix: async (prefix: string) => ('Red_square.png'.startsWith(prefix) ? 'Red_square.png' : null),
    };
    const noPage = { exists: false, fileRedirect: false };
    assert.equal((await missingFileWarning('Red_square.jpg', 'File:Red square.jpg', noPage, lookup))?.kind, 'exists-normalized');
    assert.equal((await missingFileWarning('200px-Red_square.png', 'File:200px-Red square.png', noPage, lookup))?.kind, 'thumb');
    assert.deepEqual(await missingFileWarning('IMG_1.png', 'File:IMG 1.png', noPage, lookup), { kind: 'bad-prefix', prefix: 'IMG' });
    assert.equal(await missingFileWarning('Nope.png', 'File:Nope.png', noPage, lookup), null);
  });

  // Both checked on MediaWiki 1.39 with such pages added to a copy of the fixture.
  test('a description page without a file is warned about with a link to upload it', async () => {
    const warning = await missingFileWarning('Page_only.png', 'File:Page only.png', { exists: true, fileRedirect: false }, { file: async () => null, firstWithPrefix: async () => null });
    assert.equal(
      existsWarningHtml(site, warning),
      '<p>The description page for this file has already been created at <strong><a class="mw-selflink selflink">File:Page only.png</a></strong>, ' +
        'but no file with this name currently exists.\nThe summary you enter will not appear on the description page.\nTo make your summary appear there, ' +
        'you will need to manually edit it.\n</p>\n<div class="thumb tright"><div class="thumbinner" style="width:182px;">' +
        '<a href="/wiki/index.php?title=Special:Upload&amp;wpDestFile=Page_only.png" class="new" title="File:Page only.png">File:Page only.png</a>' +
        '  <div class="thumbcaption"></div></div></div>',
    );
  });

  test('a broken file redirect links to its page', () => {
    const html = existsWarningHtml(site, { kind: 'page-exists', title: 'File:Broken file redirect.png', name: 'Broken_file_redirect.png', fileRedirect: true });
    assert.ok(html.endsWith(
      '<div class="thumb tright"><div class="thumbinner" style="width:182px;"><a href="/wiki/index.php/File:Broken_file_redirect.png" class="mw-redirect" ' +
        'title="File:Broken file redirect.png">File:Broken file redirect.png</a>  <div class="thumbcaption"></div></div></div>',
    ));
  });
});
