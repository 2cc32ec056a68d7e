// format=json (and the text inside jsonfm): MediaWiki's JSON for formatversion 1 or 2, or JSONP.

import type { ResultObject } from '../result.ts';
import { printerHeaders } from './headers.ts';
import { encodeResultJson } from './json-direct.ts';
import { encodeJson } from './json-encode.ts';
import { JSON_V1, JSON_V2, transformResult } from './php-array.ts';
import type { FormatOptions, RenderedBody } from './types.ts';

/** Whether non-ASCII stays as it is: formatversion 1 escapes unless utf8, 2 only with ascii. */
export function jsonAllowsUtf8(opts: FormatOptions): boolean {
  return opts.formatVersion === 1 ? opts.utf8 === true : opts.ascii !== true;
}

/** MediaWiki drops every character of a callback name but `[].'"_`, letters and digits. */
export function sanitizeCallback(callback: string): string {
  return callback.replace(/[^\][.'"_A-Za-z0-9]/g, '');
}

export function jsonText(tree: ResultObject, opts: FormatOptions, pretty: boolean): string {
  const utf8 = jsonAllowsUtf8(opts);
  const json = pretty
    ? encodeJson(transformResult(tree, opts.formatVersion === 1 ? JSON_V1 : JSON_V2), { utf8, indent: '    ' })
    : encodeResultJson(tree, opts.formatVersion, utf8);
  // The comment guards against content sniffers (MediaWiki's T70187).
  return opts.callback === undefined ? json : `/**/${sanitizeCallback(opts.callback)}(${json})`;
}

export function jsonMimeType(opts: FormatOptions): string {
  return opts.callback === undefined ? 'application/json' : 'text/javascript';
}

export function renderJson(tree: ResultObject, opts: FormatOptions): RenderedBody {
  const jsonp = opts.callback !== undefined;
  return {
    contentType: `${jsonMimeType(opts)}; charset=utf-8`,
    body: jsonText(tree, opts, false),
    status: opts.httpStatus ?? 200,
    headers: printerHeaders(jsonp ? 'api-result.js' : 'api-result.json'),
  };
}
