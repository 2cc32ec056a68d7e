// PHP's json_encode as MediaWiki calls it (FormatJson::encode): slashes never escaped, `<>&`
// never escaped, non-ASCII escaped unless UTF-8 is allowed, 4-space pretty printing.

import { OrderedObject, type JsonValue } from '../result.ts';
import { PhpArray, type PhpValue } from './php-array.ts';
import { phpSerializedNumber } from './php-number.ts';

export type Encodable = JsonValue | PhpValue;

export interface JsonEncodeOptions {
  /** Leave non-ASCII characters as they are (FormatJson::UTF8_OK). */
  utf8: boolean;
  /** Pretty-print with this indent (PHP's JSON_PRETTY_PRINT uses four spaces). */
  indent?: string;
  /** Escape `<`, `>` and `&` as \u003C etc. (what ResourceLoader does inside <script>). */
  hexTags?: boolean;
}

const NON_ASCII = /[\u0080-\uffff]/g;
const SEPARATORS = /[\u2028\u2029]/g;
const TAGS = /[<>&]/g;

function hex4(ch: string): string {
  return '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0');
}

/**
 * JSON.stringify already escapes like PHP (quotes, backslash, \b\f\n\r\t, other controls as
 * lowercase \u00xx, lone surrogates); PHP also escapes U+2028/2029 always, and non-ASCII
 * (each UTF-16 unit, so astral characters become surrogate pairs) unless UTF-8 is allowed.
 */
const PLAIN = /^[\x20\x21\x23-\x25\x27-\x3b\x3d\x3f-\x5b\x5d-\x7e]*$/;

export function encodeJsonString(s: string, utf8: boolean, hexTags = false): string {
  if (PLAIN.test(s)) return '"' + s + '"';
  let out = JSON.stringify(s);
  if (!utf8) out = out.replace(NON_ASCII, hex4);
  else if (out.includes('\u2028') || out.includes('\u2029')) out = out.replace(SEPARATORS, hex4);
  if (hexTags) out = out.replace(TAGS, (c) => '\\u' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0'));
  return out;
}

export function encodeNumber(n: number): string {
  if (!Number.isFinite(n)) return '0';
  return phpSerializedNumber(n, 'e');
}

/** Whether json_encode writes this PHP array as a list (keys 0..n-1 in order). */
function isListArray(a: PhpArray): boolean {
  if (a.isObject) return false;
  const e = a.entries;
  for (let i = 0; i < e.length; i++) if (e[i][0] !== i) return false;
  return true;
}

export function encodeJson(value: Encodable, opts: JsonEncodeOptions): string {
  return write(value, opts, opts.indent === undefined ? undefined : '\n');
}

function write(value: Encodable, opts: JsonEncodeOptions, nl: string | undefined): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return encodeJsonString(value, opts.utf8, opts.hexTags);
    case 'number':
      return encodeNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
  }
  if (Array.isArray(value)) return writeList(value, opts, nl);
  if (value instanceof OrderedObject) return writeObject(value.entries, opts, nl);
  if (isListArray(value)) return writeList(value.entries.map(([, v]) => v), opts, nl);
  return writeObject(value.entries, opts, nl);
}

function writeList(items: Encodable[], opts: JsonEncodeOptions, nl: string | undefined): string {
  if (items.length === 0) return '[]';
  const inner = nl === undefined ? undefined : nl + opts.indent;
  let out = '[';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ',';
    if (inner !== undefined) out += inner;
    out += write(items[i], opts, inner);
  }
  return out + (nl ?? '') + ']';
}

function writeObject(entries: [string | number, Encodable][], opts: JsonEncodeOptions, nl: string | undefined): string {
  if (entries.length === 0) return '{}';
  const inner = nl === undefined ? undefined : nl + opts.indent;
  const colon = nl === undefined ? ':' : ': ';
  let out = '{';
  for (let i = 0; i < entries.length; i++) {
    const [key, item] = entries[i];
    if (i > 0) out += ',';
    if (inner !== undefined) out += inner;
    out += encodeJsonString(String(key), opts.utf8, opts.hexTags) + colon + write(item, opts, inner);
  }
  return out + (nl ?? '') + '}';
}

/** Pretty JSON as the *fm formats show it: PHP's JSON_PRETTY_PRINT layout with `indent`. */
export function prettyJson(value: Encodable, indent = '    ', utf8 = true): string {
  return encodeJson(value, { utf8, indent });
}
