// How MediaWiki writes titles into URLs: wfUrlencode, article/full/edit URLs (prop=info&inprop=url), fragments.

import type { SiteConfig } from './site.ts';

/** A PHP array as wfArrayToCgi reads it: a record, a list, or a Map where PHP's order or integer keys matter. */
export type CgiArray = ReadonlyMap<string | number | bigint, CgiValue> | readonly CgiValue[] | { readonly [key: string]: CgiValue };
export type CgiValue = string | number | boolean | null | undefined | CgiArray;
/** A query given as a ready string or as an array for wfArrayToCgi. */
export type UrlQuery = string | CgiArray;

// What wfUrlencode turns back after PHP's urlencode; `'` is the one JavaScript leaves alone but PHP escapes.
const WF_URLENCODE_FIX_RE = /%(?:3B|40|24|2C|2F|3A|20)|'/g;
const WF_URLENCODE_FIXES: Record<string, string> = {
  '%3B': ';', '%40': '@', '%24': '$', '%2C': ',', '%2F': '/', '%3A': ':', '%20': '+', "'": '%27',
};
const URLENCODE_FIX_RE = /[!'()*~]|%20/g;
const URLENCODE_FIXES: Record<string, string> = {
  '!': '%21', "'": '%27', '(': '%28', ')': '%29', '*': '%2A', '~': '%7E', '%20': '+',
};
const RAW_URLENCODE_FIX_RE = /[!'()*]/g;
const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function encodeUtf8Component(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE_RE, '\ufffd'));
}

/** PHP's urlencode: everything but `A-Za-z0-9-_.` escaped, space as `+`. */
export function phpUrlencode(text: string): string {
  return encodeUtf8Component(text).replace(URLENCODE_FIX_RE, (match) => URLENCODE_FIXES[match]!);
}

/** PHP's rawurlencode (RFC 3986): everything but `A-Za-z0-9-_.~` escaped, space as `%20`. */
export function phpRawUrlencode(text: string): string {
  return encodeUtf8Component(text).replace(RAW_URLENCODE_FIX_RE, (match) => URLENCODE_FIXES[match]!);
}

/** PHP's urldecode: `+` is a space and each `%XX` a byte, the bytes read as UTF-8. */
export function phpUrldecode(text: string): string {
  if (!/[%+]/.test(text)) return text;
  const bytes: number[] = [];
  for (const part of text.replace(/\+/g, ' ').split(/(%[0-9A-Fa-f]{2})/)) {
    if (/^%[0-9A-Fa-f]{2}$/.test(part)) bytes.push(parseInt(part.slice(1), 16));
    else bytes.push(...Buffer.from(part, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * PHP's urlencode (`raw`: rawurlencode) of bytes, such as request text that is not UTF-8 or a
 * binary string of one char per byte.
 */
export function phpUrlencodeBytes(bytes: Uint8Array | string, raw = false): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = typeof bytes === 'string' ? bytes.charCodeAt(i) & 0xff : bytes[i]!;
    if ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x2d || b === 0x5f || b === 0x2e || (raw && b === 0x7e)) {
      out += String.fromCharCode(b);
    } else if (b === 0x20 && !raw) {
      out += '+';
    } else {
      out += `%${b < 16 ? '0' : ''}${b.toString(16).toUpperCase()}`;
    }
  }
  return out;
}

/**
 * wfUrlencode: PHP's urlencode, but `;@$!*(),/~:` stay as they are (`Q&A` -> `Q%26A`,
 * `Foo/Bar` -> `Foo/Bar`, `C++` -> `C%2B%2B`).
 */
export function wfUrlencode(text: string): string {
  return encodeUtf8Component(text).replace(WF_URLENCODE_FIX_RE, (match) => WF_URLENCODE_FIXES[match]!);
}

function entriesOf(array: CgiArray): Iterable<readonly [string | number | bigint, CgiValue]> {
  return array instanceof Map ? array : Object.entries(array);
}

function isCgiArray(value: CgiValue): value is CgiArray {
  return typeof value === 'object' && value !== null;
}

/** PHP's string form of a scalar as urlencode() takes it: true is `1`, false and null are empty. */
function cgiScalarText(value: Exclude<CgiValue, CgiArray>): string {
  if (typeof value === 'string') return value;
  if (value === true) return '1';
  return value === false || value === null || value === undefined ? '' : String(value);
}

/**
 * wfArrayToCgi: `a=1&b=x+y`, a nested array as `key[sub]=value`. Null and false are left out,
 * except as the direct members of a nested array, which MediaWiki writes as `key[sub]=`; an
 * empty nested array leaves its `&` behind. `encode` is phpUrlencode, or phpUrlencodeBytes
 * for binary strings of one char per byte.
 */
export function arrayToCgi(array: CgiArray, encode: (text: string) => string = phpUrlencode, prefix = ''): string {
  let cgi = '';
  for (const [rawKey, value] of entriesOf(array)) {
    if (value === null || value === undefined || value === false) continue;
    if (cgi !== '') cgi += '&';
    const key = prefix === '' ? String(rawKey) : `${prefix}[${rawKey}]`;
    if (!isCgiArray(value)) {
      cgi += `${encode(key)}=${encode(cgiScalarText(value))}`;
      continue;
    }
    let first = true;
    for (const [subKey, sub] of entriesOf(value)) {
      if (!first) cgi += '&';
      first = false;
      const subName = `${key}[${subKey}]`;
      cgi += isCgiArray(sub) ? arrayToCgi(sub, encode, subName) : `${encode(subName)}=${encode(cgiScalarText(sub))}`;
    }
  }
  return cgi;
}

/** Title::fixUrlQueryArgs: a query string as it is, an array through wfArrayToCgi. */
function queryToCgi(query: UrlQuery): string {
  return typeof query === 'string' ? query : arrayToCgi(query);
}

/** wfAppendQuery: add a query string to a URL that may already have one. */
export function appendQuery(url: string, query: UrlQuery): string {
  const cgi = queryToCgi(query);
  if (cgi === '') return url;
  const hash = url.indexOf('#');
  const fragment = hash === -1 ? '' : url.slice(hash);
  const base = hash === -1 ? url : url.slice(0, hash);
  return `${base}${base.includes('?') ? '&' : '?'}${cgi}${fragment}`;
}

type UrlSite = Pick<SiteConfig, 'server' | 'scriptPath' | 'articlePath'>;

/**
 * Title::getLocalURL for a local page: the article path without a query
 * (`/wiki/index.php/Q%26A`), `index.php?title=...&query` with one.
 */
export function articleUrl(site: UrlSite, prefixedDbKey: string, query: UrlQuery = ''): string {
  const dbKey = wfUrlencode(prefixedDbKey);
  const cgi = queryToCgi(query);
  if (cgi === '') return site.articlePath.replace('$1', dbKey);
  return `${site.scriptPath}/index.php?title=${dbKey}&${cgi === '-' ? '' : cgi}`;
}

/** wfExpandUrl: server prepended to a path; protocol-relative servers get `http:`. */
export function expandUrl(site: Pick<SiteConfig, 'server'>, url: string, protocol = 'http:'): string {
  if (url.startsWith('//')) return `${protocol}${url}`;
  if (url.startsWith('/')) {
    const server = site.server.startsWith('//') ? `${protocol}${site.server}` : site.server;
    return server + url;
  }
  return url;
}

/** Title::getFullURL (also getCanonicalURL on a wiki whose canonical server is $wgServer). */
export function fullUrl(site: UrlSite, prefixedDbKey: string, query: UrlQuery = '', fragment = ''): string {
  return expandUrl(site, articleUrl(site, prefixedDbKey, query)) + fragmentForUrl(fragment);
}

/** prop=info `editurl`: the full URL with action=edit. */
export function editUrl(site: UrlSite, prefixedDbKey: string): string {
  return fullUrl(site, prefixedDbKey, 'action=edit');
}

/** Interwiki::getURL: the interwiki's URL pattern with `$1` replaced by the encoded title. */
export function interwikiUrl(urlPattern: string, prefixedDbKey: string, query: UrlQuery = ''): string {
  return appendQuery(urlPattern.replace('$1', wfUrlencode(prefixedDbKey)), query);
}

/**
 * Title::getFragmentForURL: `#` + the fragment escaped as $wgFragmentMode's primary mode
 * (html5) does, or legacy mode for external interwikis; '' when there is no fragment.
 */
export function fragmentForUrl(fragment: string, externalInterwiki = false): string {
  if (fragment === '') return '';
  const id = Array.from(fragment).slice(0, 1024).join('');
  if (externalInterwiki) {
    return `#${phpUrlencode(id.replaceAll(' ', '_')).replaceAll('%3A', ':').replaceAll('%', '.')}`;
  }
  return `#${id.replace(/[\t\n\f\r ]/g, '_').replace(/%([a-fA-F0-9]{2})/g, '%25$1')}`;
}
