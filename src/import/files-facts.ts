// An import with the wiki's files (`wikiquery import --images DIR`): each uploaded version's
// dimensions, bit depth, MIME and metadata, read from its file as MediaWiki's handlers read them
// when importImages.php or importDump.php --uploads have the files, and written into the `image`
// and `oldimage` rows that the dump's upload records made (which carry none of these).
// The rules (media types, metadata shapes) are the domain's (src/wiki/files-facts.ts); the readers
// of the formats' headers are here.

import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import { PhpFloat, type PhpArray, type PhpValue } from '../wiki/files-metadata.ts';
import {
  EXIF_METADATA_VERSION, GIF_METADATA_VERSION, PNG_COLOUR_TYPES, PNG_METADATA_VERSION, PNG_TEXT_KEYWORDS, SVG_METADATA_VERSION,
  encodeStoredMetadata, mediaTypeOfMime, phpAdd, phpDivide, svgSize, type StoredFileFacts,
} from '../wiki/files-facts.ts';
import { fileHashPath } from '../wiki/files.ts';

/** The MIME type MediaWiki's MimeAnalyzer finds in a file's first bytes, for the types read here. */
export function sniffMime(bytes: Uint8Array): string | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return 'image/png';
  if (b.length >= 6 && (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a')) return 'image/gif';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 4 && (b.toString('latin1', 0, 4) === 'II*\0' || b.toString('latin1', 0, 4) === 'MM\0*')) return 'image/tiff';
  if (b.length >= 2 && b.toString('latin1', 0, 2) === 'BM') return 'image/bmp';
  if (b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  const head = b.toString('utf8', 0, Math.min(b.length, 4096));
  if (/^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<(?:[\w.-]+:)?svg[\s>]/.test(head.replace(/^\uFEFF/, ''))) return 'image/svg+xml';
  return null;
}

/** A file's facts as MediaWiki would store them, or null when its bytes are of no type read here. */
export async function readFileFacts(bytes: Buffer): Promise<StoredFileFacts | null> {
  return factsOf(bytes, sniffMime(bytes));
}

/** How much of a file tells its type: the larger files of other types are not read whole. */
const SNIFF_BYTES = 65536;
const READ_WHOLE = new Set(['image/png', 'image/gif', 'image/jpeg', 'image/svg+xml']);

/** readFileFacts of the file at `path`; undefined when it cannot be read. */
async function readFileFactsAt(path: string): Promise<StoredFileFacts | null | undefined> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    const mime = sniffMime(head.subarray(0, bytesRead));
    if (!mime) return null;
    // The other types go to sharp by their path.
    const bytes = READ_WHOLE.has(mime) && bytesRead === SNIFF_BYTES ? await handle.readFile() : head.subarray(0, bytesRead);
    return await factsOf(bytes, mime, path);
  } finally {
    await handle.close();
  }
}

async function factsOf(bytes: Buffer, mime: string | null, path?: string): Promise<StoredFileFacts | null> {
  try {
    return await measuredFacts(bytes, mime, path);
  } catch {
    // A file cut short or broken keeps the facts the dump gave.
    return null;
  }
}

async function measuredFacts(bytes: Buffer, mime: string | null, path?: string): Promise<StoredFileFacts | null> {
  if (!mime) return null;
  const [major, minor] = mime.split('/') as [string, string];
  const base = { mediaType: mediaTypeOfMime(mime), major, minor };
  switch (mime) {
    case 'image/png':
      return { ...base, ...pngFacts(bytes) };
    case 'image/gif':
      return { ...base, ...gifFacts(bytes) };
    case 'image/jpeg':
      return { ...base, ...jpegFacts(bytes) };
    case 'image/svg+xml':
      return { ...base, ...svgFacts(bytes) };
    default:
      return { ...base, ...(await otherBitmapFacts(path ?? bytes, mime)) };
  }
}

type Measured = Pick<StoredFileFacts, 'width' | 'height' | 'bits' | 'metadata'>;

/** PNGHandler: size and bit depth from IHDR, APNG frames and loops, the text chunks it knows. */
function pngFacts(b: Buffer): Measured {
  let width = 0;
  let height = 0;
  let bitDepth = 0;
  let colourType = '';
  let frameCount = 0;
  let loopCount = 1;
  let duration: number | PhpFloat = 0;
  const text: PhpArray = new Map();
  const addText = (keyword: string, language: string, content: string): void => {
    const name = PNG_TEXT_KEYWORDS[keyword.toLowerCase()];
    if (!name) return;
    const entry = (text.get(name) instanceof Map ? text.get(name) : new Map()) as PhpArray;
    entry.set(language === '' ? 'x-default' : language, content);
    entry.set('_type', 'lang');
    text.set(name, entry);
  };
  for (let at = 8; at + 8 <= b.length;) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    const data = b.subarray(at + 8, Math.min(b.length, at + 8 + length));
    at += 12 + length;
    if (type === 'IHDR' && data.length >= 10) {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      bitDepth = data[8]!;
      colourType = PNG_COLOUR_TYPES[data[9]!] ?? 'unknown';
    } else if (type === 'acTL' && data.length >= 8) {
      frameCount = data.readUInt32BE(0);
      loopCount = data.readUInt32BE(4);
    } else if (type === 'fcTL' && data.length >= 24) {
      const delayNumerator = data.readUInt16BE(20);
      const delayDenominator = data.readUInt16BE(22) || 100;
      duration = phpAdd(duration, phpDivide(delayNumerator, delayDenominator));
    } else if (type === 'tEXt') {
      const nul = data.indexOf(0);
      if (nul > 0) addText(data.toString('latin1', 0, nul), '', data.toString('latin1', nul + 1));
    } else if (type === 'zTXt') {
      const nul = data.indexOf(0);
      if (nul > 0 && data[nul + 1] === 0) {
        try {
          addText(data.toString('latin1', 0, nul), '', inflateSync(data.subarray(nul + 2)).toString('latin1'));
        } catch {
          // A chunk that does not inflate is left out, as MediaWiki does.
        }
      }
    } else if (type === 'iTXt') {
      const nul = data.indexOf(0);
      if (nul <= 0) continue;
      const compressed = data[nul + 1] === 1;
      const languageEnd = data.indexOf(0, nul + 3);
      const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
      if (translatedEnd < 0) continue;
      try {
        const body = data.subarray(translatedEnd + 1);
        const content = (compressed ? inflateSync(body) : body).toString('utf8');
        addText(data.toString('latin1', 0, nul), data.toString('latin1', nul + 3, languageEnd).toLowerCase(), content);
      } catch {
        // as above
      }
    } else if (type === 'tIME' && data.length >= 7) {
      const pad = (n: number): string => String(n).padStart(2, '0');
      text.set('DateTime', `${String(data.readUInt16BE(0)).padStart(4, '0')}:${pad(data[2]!)}:${pad(data[3]!)} ${pad(data[4]!)}:${pad(data[5]!)}:${pad(data[6]!)}`);
    } else if (type === 'pHYs' && data.length >= 9 && data[8] === 1) {
      // Pixels per metre, which MediaWiki gives as pixels per centimetre (ResolutionUnit 3).
      text.set('XResolution', `${data.readUInt32BE(0)}/100`);
      text.set('YResolution', `${data.readUInt32BE(4)}/100`);
      text.set('ResolutionUnit', 3);
    } else if (type === 'gAMA' && data.length >= 4) {
      text.set('Gamma', `${data.readUInt32BE(0)}/100000`);
    } else if (type === 'IEND') {
      break;
    }
  }
  text.set('_MW_PNG_VERSION', PNG_METADATA_VERSION);
  const metadata: PhpArray = new Map<string, PhpValue>([
    ['frameCount', frameCount],
    ['loopCount', loopCount],
    ['duration', duration],
    ['bitDepth', bitDepth],
    ['colorType', colourType],
    ['metadata', text],
  ]);
  return { width, height, bits: bitDepth, metadata: encodeStoredMetadata(metadata) };
}

/** GIFHandler: the logical screen's size and bits per channel, frames, looping, delays and comments. */
function gifFacts(b: Buffer): Measured {
  const width = b.readUInt16LE(6);
  const height = b.readUInt16LE(8);
  const packed = b[10] ?? 0;
  const bits = (packed & 7) + 1;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** bits : 0);
  let frameCount = 0;
  let looped = false;
  let duration = 0;
  const comments: string[] = [];
  const skipSubBlocks = (): void => {
    while (at < b.length) {
      const size = b[at++]!;
      if (size === 0) return;
      at += size;
    }
  };
  const readSubBlocks = (): Buffer => {
    const parts: Buffer[] = [];
    while (at < b.length) {
      const size = b[at++]!;
      if (size === 0) break;
      parts.push(b.subarray(at, at + size));
      at += size;
    }
    return Buffer.concat(parts);
  };
  while (at < b.length) {
    const marker = b[at++];
    if (marker === 0x2c) {
      frameCount++;
      const local = b[at + 8] ?? 0;
      at += 9 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1;
      skipSubBlocks();
    } else if (marker === 0x21) {
      const label = b[at++];
      if (label === 0xf9) {
        duration += b.readUInt16LE(at + 2) * 0.01;
        at += 1 + (b[at] ?? 4);
        skipSubBlocks();
      } else if (label === 0xfe) {
        const data = readSubBlocks();
        const asUtf8 = data.toString('utf8');
        // Comments that are not UTF-8 are taken as Windows-1252, as MediaWiki takes them.
        const comment = Buffer.from(asUtf8, 'utf8').equals(data) ? asUtf8.normalize('NFC') : data.toString('latin1');
        if (comments[comments.length - 1] !== comment) comments.push(comment);
      } else if (label === 0xff && b[at] === 11 && b.toString('latin1', at + 1, at + 12) === 'NETSCAPE2.0') {
        at += 12;
        if (b[at] === 3 && b[at + 1] === 1 && b.readUInt16LE(at + 2) !== 1) looped = true;
        skipSubBlocks();
      } else {
        skipSubBlocks();
      }
    } else {
      break;
    }
  }
  const inner: PhpArray = new Map();
  if (comments.length) inner.set('GIFFileComment', new Map(comments.map((c, i) => [i, c])));
  inner.set('_MW_GIF_VERSION', GIF_METADATA_VERSION);
  const metadata: PhpArray = new Map();
  metadata.set('frameCount', frameCount);
  metadata.set('looped', looped);
  metadata.set('duration', new PhpFloat(duration));
  metadata.set('metadata', inner);
  return { width, height, bits, metadata: encodeStoredMetadata(metadata) };
}

/** JpegHandler: size and sample precision from the frame header, COM segments as JPEGFileComment. */
function jpegFacts(b: Buffer): Measured {
  let width = 0;
  let height = 0;
  let bits = 0;
  const comments: string[] = [];
  for (let at = 2; at + 4 <= b.length;) {
    if (b[at] !== 0xff) break;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break;
    const length = b.readUInt16BE(at + 2);
    const data = b.subarray(at + 4, at + 2 + length);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame && data.length >= 5 && width === 0) {
      bits = data[0]!;
      height = data.readUInt16BE(1);
      width = data.readUInt16BE(3);
    } else if (marker === 0xfe) {
      const asUtf8 = data.toString('utf8');
      comments.push(Buffer.from(asUtf8, 'utf8').equals(data) ? asUtf8 : data.toString('latin1'));
    }
    at += 2 + length;
  }
  const metadata: PhpArray = new Map();
  if (comments.length) metadata.set('JPEGFileComment', new Map(comments.map((c, i) => [i, c])));
  metadata.set('MEDIAWIKI_EXIF_VERSION', EXIF_METADATA_VERSION);
  return { width, height, bits, metadata: encodeStoredMetadata(metadata) };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return XML_ENTITIES[name] ?? whole;
  });
}

/** SVGHandler: the root element's size, the drawing's own title and description, animation. */
function svgFacts(b: Buffer): Measured {
  const source = b.toString('utf8').replace(/<!--[\s\S]*?-->/g, '');
  const root = /<(?:[\w.-]+:)?svg\b([^>]*)>/.exec(source);
  const attributes: { width?: string; height?: string; viewBox?: string } = {};
  if (root) {
    for (const match of root[1]!.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
      const value = decodeXmlText(match[3] ?? match[4] ?? '');
      if (match[1] === 'width') attributes.width = value;
      else if (match[1] === 'height') attributes.height = value;
      else if (match[1] === 'viewBox') attributes.viewBox = value;
    }
  }
  const metadata: PhpArray = new Map<string, PhpValue>([['version', SVG_METADATA_VERSION]]);
  svgSize(attributes, metadata);
  const body = root ? source.slice(root.index + root[0].length) : '';
  // The title and description are the root's own children, before any nested element's.
  const childText = (tag: string): string | null => {
    let depth = 0;
    for (const match of body.matchAll(/<(\/?)([\w:.-]+)([^>]*?)(\/?)>/g)) {
      const [, closing, name, , selfClosing] = match;
      const local = name!.replace(/^[\w.-]+:/, '');
      if (closing) {
        depth--;
        continue;
      }
      if (depth === 0 && local === tag) {
        const end = body.indexOf(`</${name}>`, match.index + match[0].length);
        if (end < 0) return null;
        return decodeXmlText(body.slice(match.index + match[0].length, end).replace(/<[^>]*>/g, '')).trim();
      }
      if (!selfClosing) depth++;
    }
    return null;
  };
  const title = childText('title');
  if (title !== null) metadata.set('title', title);
  const description = childText('desc');
  if (description !== null) metadata.set('description', description);
  if (/<(?:[\w.-]+:)?(?:animate|set|animateMotion|animateColor|animateTransform)\b/.test(body)) metadata.set('animated', true);
  metadata.set('translations', new Map());
  return { width: metadata.get('width') as number, height: metadata.get('height') as number, bits: 0, metadata: encodeStoredMetadata(metadata) };
}

/** Other bitmaps (WebP, TIFF, BMP): the size from sharp; their handlers' metadata is not made here. */
async function otherBitmapFacts(file: Buffer | string, mime: string): Promise<Measured> {
  try {
    const { default: sharp } = await import('sharp');
    const facts = await sharp(file, { pages: 1 }).metadata();
    return { width: facts.width ?? 0, height: facts.height ?? 0, bits: mime === 'image/webp' ? 8 : 0, metadata: '' };
  } catch {
    return { width: 0, height: 0, bits: 0, metadata: '' };
  }
}

export interface FileFactsCounts {
  /** Versions whose rows now hold what their files say. */
  read: number;
  /** Versions whose file is not in the directory (their rows keep the dump's facts). */
  missing: number;
}

/**
 * Fills the rows of `image` and `oldimage` that the dump's upload records wrote (no dimensions,
 * no metadata) from the files under `directory`, laid out as MediaWiki's upload directory
 * (`a/ab/Name`, `archive/a/ab/20250101000000!Name`).
 */
export async function fillFileFacts(db: Database.Database, directory: string): Promise<FileFactsCounts> {
  const counts: FileFactsCounts = { read: 0, missing: 0 };
  const current = db.prepare("SELECT img_name AS name FROM image WHERE img_width = 0 AND img_height = 0 AND img_metadata = ''").all() as { name: string }[];
  const archived = db.prepare("SELECT oi_name AS name, oi_archive_name AS archiveName FROM oldimage WHERE oi_width = 0 AND oi_height = 0 AND oi_metadata = ''").all() as { name: string; archiveName: string }[];
  const updateCurrent = db.prepare(
    `UPDATE image SET img_width = ?, img_height = ?, img_bits = ?, img_media_type = ?, img_major_mime = ?, img_minor_mime = ?, img_metadata = ?
     WHERE img_name = ?`,
  );
  const updateArchived = db.prepare(
    `UPDATE oldimage SET oi_width = ?, oi_height = ?, oi_bits = ?, oi_media_type = ?, oi_major_mime = ?, oi_minor_mime = ?, oi_metadata = ?
     WHERE oi_name = ? AND oi_archive_name = ?`,
  );
  const read = async (path: string): Promise<StoredFileFacts | null | undefined> => {
    const facts = await readFileFactsAt(path);
    if (facts === undefined) counts.missing++;
    else counts.read++;
    return facts;
  };
  const row = (f: StoredFileFacts): unknown[] => [f.width, f.height, f.bits, f.mediaType, f.major, f.minor, f.metadata];
  for (const { name } of current) {
    const facts = await read(join(directory, fileHashPath(name), name));
    if (facts) updateCurrent.run(...row(facts), name);
  }
  for (const { name, archiveName } of archived) {
    if (!archiveName) continue;
    const facts = await read(join(directory, 'archive', fileHashPath(name), archiveName));
    if (facts) updateArchived.run(...row(facts), name, archiveName);
  }
  return counts;
}
