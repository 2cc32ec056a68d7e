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

// Everything json_encode may escape: quotes, backslash, controls, non-ASCII and the separators.
const NEEDS_WORK_ASCII = /["\\\u0000-\u001f\u0080-\uffff]/;
const NEEDS_WORK_UTF8 = /["\\\u0000-\u001f\u2028\u2029\ud800-\udfff]/;
const NEEDS_WORK_HEX = /[<>&]/;

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"', '\\': '\\\\', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t',
};

function hex4(code: number): string {
  return '\\u' + code.toString(16).padStart(4, '0');
}

export function encodeJsonString(s: string, utf8: boolean, hexTags = false): string {
  const test = utf8 ? NEEDS_WORK_UTF8 : NEEDS_WORK_ASCII;
  if (!test.test(s) && !(hexTags && NEEDS_WORK_HEX.test(s))) return '"' + s + '"';
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    const code = s.charCodeAt(i);
    if (code < 0x80) {
      if (SHORT_ESCAPES[ch] !== undefined) out += SHORT_ESCAPES[ch];
      else if (code < 0x20) out += hex4(code);
      else if (hexTags && (ch === '<' || ch === '>' || ch === '&')) out += '\\u' + code.toString(16).toUpperCase().padStart(4, '0');
      else out += ch;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const next = s.charCodeAt(i + 1);
      const paired = code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
      if (paired && utf8) {
        out += ch + s[i + 1];
        i++;
      } else if (paired) {
        out += hex4(code) + hex4(next);
        i++;
      } else {
        out += hex4(code);
      }
    } else if (!utf8 || code === 0x2028 || code === 0x2029) {
      out += hex4(code);
    } else {
      out += ch;
    }
  }
  return out + '"';
}

function encodeNumber(n: number): string {
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
  const parts: string[] = [];
  write(value, opts, parts, opts.indent === undefined ? undefined : '\n');
  return parts.join('');
}

function write(value: Encodable, opts: JsonEncodeOptions, out: string[], nl: string | undefined): void {
  if (value === null) out.push('null');
  else if (typeof value === 'string') out.push(encodeJsonString(value, opts.utf8, opts.hexTags));
  else if (typeof value === 'number') out.push(encodeNumber(value));
  else if (typeof value === 'boolean') out.push(value ? 'true' : 'false');
  else if (Array.isArray(value)) writeList(value, opts, out, nl);
  else if (value instanceof OrderedObject) writeObject(value.entries, opts, out, nl);
  else if (isListArray(value)) writeList(value.entries.map(([, v]) => v), opts, out, nl);
  else writeObject(value.entries, opts, out, nl);
}

function writeList(items: Encodable[], opts: JsonEncodeOptions, out: string[], nl: string | undefined): void {
  if (items.length === 0) {
    out.push('[]');
    return;
  }
  const inner = nl === undefined ? undefined : nl + opts.indent;
  out.push('[');
  items.forEach((item, i) => {
    if (i > 0) out.push(',');
    if (inner !== undefined) out.push(inner);
    write(item, opts, out, inner);
  });
  if (nl !== undefined) out.push(nl);
  out.push(']');
}

function writeObject(entries: [string | number, Encodable][], opts: JsonEncodeOptions, out: string[], nl: string | undefined): void {
  if (entries.length === 0) {
    out.push('{}');
    return;
  }
  const inner = nl === undefined ? undefined : nl + opts.indent;
  const colon = nl === undefined ? ':' : ': ';
  out.push('{');
  entries.forEach(([key, item], i) => {
    if (i > 0) out.push(',');
    if (inner !== undefined) out.push(inner);
    out.push(encodeJsonString(String(key), opts.utf8, opts.hexTags), colon);
    write(item, opts, out, inner);
  });
  if (nl !== undefined) out.push(nl);
  out.push('}');
}

/** Pretty JSON as the *fm formats show it: PHP's JSON_PRETTY_PRINT layout with `indent`. */
export function prettyJson(value: Encodable, indent = '    ', utf8 = true): string {
  return encodeJson(value, { utf8, indent });
}
