// The API's output formats: one result tree in, the bytes MediaWiki 1.39 would send out.

import { OrderedObject, type JsonValue, type ResultNode, type ResultObject } from '../result.ts';
import { JSON_V1, JSON_V2, PhpArray, transformResult, type PhpValue } from './php-array.ts';
import { renderHtml, type PrettyFormat } from './html-wrapper.ts';
import { encodeJson } from './json-encode.ts';
import { jsonMimeType, jsonText, renderJson } from './json.ts';
import { renderNone } from './none.ts';
import { phpText, renderPhp } from './php.ts';
import { rawRoot } from './raw.ts';
import type { FormatName, FormatOptions, RenderedBody } from './types.ts';
import { renderXml, xmlText } from './xml.ts';

export type { FormatName, FormatOptions, HtmlPageUser, RenderedBody } from './types.ts';
export { prettyJson, encodeJson, encodeJsonString } from './json-encode.ts';
export { phpSerialize } from './php.ts';
export { transformResult, JSON_V1, JSON_V2, PHP_V1, PHP_V2, XML_TRANSFORMS, PhpArray } from './php-array.ts';
export type { PhpValue, PhpKey, Transforms } from './php-array.ts';
export { appendQueryValue } from './php-query.ts';
export { sanitizeCallback } from './json.ts';

/** The parameters each format accepts besides `format` (anything else is an unrecognized parameter). */
export const FORMAT_PARAMS: Readonly<Record<FormatName, readonly string[]>> = Object.freeze({
  json: ['callback', 'utf8', 'ascii', 'formatversion'],
  jsonfm: ['wrappedhtml', 'callback', 'utf8', 'ascii', 'formatversion'],
  php: ['formatversion'],
  phpfm: ['wrappedhtml', 'formatversion'],
  xml: ['xslt', 'includexmlnamespace'],
  xmlfm: ['wrappedhtml', 'xslt', 'includexmlnamespace'],
  rawfm: ['wrappedhtml'],
  none: [],
});

/**
 * The Content-Type header of a format (without `callback`; JSONP is `text/javascript`).
 * The *fm formats answer an HTML page, or with wrappedhtml text/mediawiki-api-prettyprint-wrapped.
 */
export function contentTypeFor(format: FormatName, opts: { callback?: string; wrappedhtml?: boolean } = {}): string {
  if (format.endsWith('fm')) {
    return opts.wrappedhtml ? 'text/mediawiki-api-prettyprint-wrapped; charset=utf-8' : 'text/html; charset=UTF-8';
  }
  switch (format) {
    case 'json':
      return opts.callback === undefined ? 'application/json; charset=utf-8' : 'text/javascript; charset=utf-8';
    case 'xml':
      return 'text/xml; charset=utf-8';
    case 'php':
      return 'application/vnd.php.serialized; charset=utf-8';
    default:
      return 'text/plain; charset=utf-8';
  }
}

const PRETTY: Record<'jsonfm' | 'xmlfm' | 'phpfm' | 'rawfm', PrettyFormat> = {
  jsonfm: { name: 'JSON', plainFormat: 'json' },
  xmlfm: { name: 'XML', plainFormat: 'xml' },
  phpfm: { name: 'PHP', plainFormat: 'php' },
  rawfm: { name: 'RAW', plainFormat: null },
};

function prettyText(tree: ResultObject, opts: FormatOptions): string {
  switch (opts.format) {
    case 'jsonfm':
      return jsonText(tree, opts, true);
    case 'xmlfm':
      return xmlText(tree, opts, true);
    case 'phpfm':
      return phpText(tree, opts);
    default:
      return encodeJson(rawRoot(tree), { utf8: true, indent: '    ' });
  }
}

function toJsonValue(value: PhpValue): JsonValue {
  if (!(value instanceof PhpArray)) return value;
  const isList = !value.isObject && value.entries.every(([k], i) => k === i);
  if (isList) return value.entries.map(([, v]) => toJsonValue(v));
  return new OrderedObject(value.entries.map(([k, v]) => [String(k), toJsonValue(v)]));
}

/**
 * What format=json shows for a node in formatversion 1 or 2, as data (objects are OrderedObject).
 * Unlike result.ts's toJsonView it follows MediaWiki everywhere: untyped containers are PHP
 * arrays (keys 0..n-1, or none, make a list), `array` sorts by key, fv1 moves content to `*` at
 * the end and wraps bcSubelements in `{"*": ...}`.
 */
export function jsonView(node: ResultNode, formatVersion: 1 | 2): JsonValue {
  return toJsonValue(transformResult(node, formatVersion === 1 ? JSON_V1 : JSON_V2));
}

export function renderResult(tree: ResultObject, opts: FormatOptions): RenderedBody {
  switch (opts.format) {
    case 'json':
      return renderJson(tree, opts);
    case 'xml':
      return renderXml(tree, opts);
    case 'php':
      return renderPhp(tree, opts);
    case 'none':
      return renderNone(opts);
    default:
      return renderHtml(PRETTY[opts.format], prettyText(tree, opts), tree, opts);
  }
}

export { jsonMimeType };
