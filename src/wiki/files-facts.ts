// What MediaWiki 1.39 stores about an uploaded file (img_width, img_height, img_bits,
// img_media_type, img_major_mime/img_minor_mime, img_metadata) and the rules it follows to get
// there: the media type of a MIME type (MimeAnalyzer's mime.info), the handlers' metadata
// versions, PHP's number types in the stored JSON. The importer fills the image tables with these
// from the files; the readers of the bytes live with it (src/import/files-facts.ts).

import { PhpFloat, type PhpArray, type PhpValue } from './files-metadata.ts';

/** A file's row facts as its handler's getSizeAndMetadata gives them. */
export interface StoredFileFacts {
  width: number;
  height: number;
  bits: number;
  mediaType: string;
  major: string;
  minor: string;
  /** img_metadata as LocalFile writes it (`{"data":…}`), or '' when the handler keeps none. */
  metadata: string;
}

export const PNG_METADATA_VERSION = 1;
export const GIF_METADATA_VERSION = 1;
export const EXIF_METADATA_VERSION = 2;
export const SVG_METADATA_VERSION = 2;
/** SVGReader's size for a drawing that gives none. */
export const SVG_DEFAULT_SIZE = 512;

const MEDIA_TYPE_BY_MIME: Record<string, string> = {
  'image/svg+xml': 'DRAWING',
  'image/svg': 'DRAWING',
  'application/sla': 'DRAWING',
  'image/vnd.djvu': 'BITMAP',
  'application/pdf': 'OFFICE',
  'application/ogg': 'MULTIMEDIA',
  'image/x-xcf': 'BITMAP',
};

/** MimeAnalyzer::getMediaType for a MIME type: image → BITMAP, audio → AUDIO, video → VIDEO, the listed others. */
export function mediaTypeOfMime(mime: string): string {
  const known = MEDIA_TYPE_BY_MIME[mime];
  if (known) return known;
  const major = mime.split('/', 1)[0];
  if (major === 'image') return 'BITMAP';
  if (major === 'audio') return 'AUDIO';
  if (major === 'video') return 'VIDEO';
  if (major === 'text') return 'TEXT';
  return 'UNKNOWN';
}

/** The names PNGMetadataExtractor gives the colour types of a PNG's IHDR. */
export const PNG_COLOUR_TYPES: Readonly<Record<number, string>> = {
  0: 'greyscale',
  2: 'truecolour',
  3: 'index-coloured',
  4: 'greyscale-alpha',
  6: 'truecolour-alpha',
};

/**
 * PNGMetadataExtractor's tEXt/zTXt/iTXt keywords (lower-cased) and the metadata names it files
 * them under; other keywords are left out.
 */
export const PNG_TEXT_KEYWORDS: Readonly<Record<string, string>> = {
  artist: 'Artist',
  model: 'Model',
  make: 'Make',
  author: 'Artist',
  comment: 'PNGFileComment',
  description: 'ImageDescription',
  title: 'ObjectName',
  copyright: 'Copyright',
  source: 'Model',
  software: 'Software',
  disclaimer: 'Disclaimer',
  warning: 'ContentWarning',
  url: 'Identifier',
  label: 'Label',
  'creation time': 'DateTimeDigitized',
};

/**
 * PHP's `$a / $b` on integers: an integer when it divides exactly, a float otherwise; sums keep
 * PHP's types too (int + float is a float), which the stored JSON shows (`1` against `1.0`).
 */
export function phpDivide(numerator: number, denominator: number): number | PhpFloat {
  const quotient = numerator / denominator;
  return Number.isInteger(quotient) ? quotient : new PhpFloat(quotient);
}

export function phpAdd(a: number | PhpFloat, b: number | PhpFloat): number | PhpFloat {
  const sum = (a instanceof PhpFloat ? a.value : a) + (b instanceof PhpFloat ? b.value : b);
  return a instanceof PhpFloat || b instanceof PhpFloat ? new PhpFloat(sum) : sum;
}

/** SVGReader::scaleSVGUnit: a length with its unit in pixels; a percentage of `viewportSize`. */
export function scaleSvgUnit(length: string, viewportSize = SVG_DEFAULT_SIZE): number {
  const units: Record<string, number> = { px: 1, pt: 1.25, pc: 15, mm: 3.543307, cm: 35.43307, in: 90, em: 16, ex: 12, '': 1 };
  const match = /^\s*([-+]?\d*\.?\d+(?:[eE][-+]?\d+)?)\s*(em|ex|px|pt|pc|cm|mm|in|%|)\s*$/.exec(length);
  if (!match) return Number.parseFloat(length) || 0;
  const value = Number(match[1]);
  if (match[2] === '%') return value * 0.01 * viewportSize;
  return value * units[match[2]!]!;
}

/**
 * SVGReader::handleSVGAttribs: the drawing's size from its root's width, height and viewBox; the
 * keys (width, height, originalWidth, originalHeight) go into `into` in MediaWiki's order.
 */
export function svgSize(attributes: { width?: string; height?: string; viewBox?: string }, into: PhpArray): void {
  let defaultWidth = SVG_DEFAULT_SIZE;
  let defaultHeight = SVG_DEFAULT_SIZE;
  let aspect = 1;
  let width: number | null = null;
  let height: number | null = null;
  into.set('width', SVG_DEFAULT_SIZE);
  into.set('height', SVG_DEFAULT_SIZE);
  if (attributes.viewBox !== undefined) {
    const box = attributes.viewBox.trim().split(/[\s,]+/).map(Number);
    if (box.length === 4 && box[2]! > 0 && box[3]! > 0) {
      aspect = box[2]! / box[3]!;
      defaultHeight = defaultWidth / aspect;
    }
  }
  if (attributes.width !== undefined && attributes.width !== '') {
    width = scaleSvgUnit(attributes.width, defaultWidth);
    into.set('originalWidth', attributes.width);
  }
  if (attributes.height !== undefined && attributes.height !== '') {
    height = scaleSvgUnit(attributes.height, defaultHeight);
    into.set('originalHeight', attributes.height);
  }
  if (width === null && height === null) {
    width = defaultWidth;
    height = width / aspect;
  } else if (width !== null && height === null) {
    height = width / aspect;
  } else if (height !== null && width === null) {
    width = height * aspect;
  }
  if (width! > 0 && height! > 0) {
    into.set('width', Math.trunc(Math.round(width!)));
    into.set('height', Math.trunc(Math.round(height!)));
  }
}

/** LocalFile's img_metadata: PHP's json_encode of `{"data": metadata}` (slashes and non-ASCII escaped, floats with a point). */
export function encodeStoredMetadata(metadata: PhpArray): string {
  return `{"data":${phpJsonEncode(metadata)}}`;
}

function phpJsonEncode(value: PhpValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  if (value instanceof PhpFloat) return Number.isInteger(value.value) ? `${value.value}.0` : String(value.value);
  if (typeof value === 'string') return phpJsonString(value);
  const keys = [...value.keys()];
  // A PHP array is a JSON list only when its keys are 0, 1, 2… in order.
  if (keys.every((key, index) => key === index)) return `[${[...value.values()].map(phpJsonEncode).join(',')}]`;
  return `{${[...value].map(([key, item]) => `${phpJsonString(String(key))}:${phpJsonEncode(item)}`).join(',')}}`;
}

function phpJsonString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '"') out += '\\"';
    else if (char === '\\') out += '\\\\';
    else if (char === '/') out += '\\/';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (char === '\b') out += '\\b';
    else if (char === '\f') out += '\\f';
    else if (code < 0x20 || (code >= 0x80 && code <= 0xffff)) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else if (code > 0xffff) {
      const high = 0xd800 + ((code - 0x10000) >> 10);
      const low = 0xdc00 + ((code - 0x10000) & 0x3ff);
      out += `\\u${high.toString(16)}\\u${low.toString(16)}`;
    } else out += char;
  }
  return `${out}"`;
}
