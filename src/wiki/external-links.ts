// External links as MediaWiki 1.39 stores them: the URL as Parser::normalizeLinkUrl leaves it
// (externallinks.el_to) and the reversed-host form of LinkFilter::makeIndexes (el_index).

import { isIPv6 } from 'node:net';
import { domainToUnicode } from 'node:url';
import { isValidIP, sanitizeIP } from './ip.ts';

/** $wgUrlProtocols (MediaWiki 1.39 default). */
export const URL_PROTOCOLS = [
  'bitcoin:', 'ftp://', 'ftps://', 'geo:', 'git://', 'gopher://', 'http://', 'https://', 'irc://', 'ircs://',
  'magnet:', 'mailto:', 'matrix:', 'mms://', 'news:', 'nntp://', 'redis://', 'sftp://', 'sip:', 'sips:',
  'sms:', 'ssh://', 'svn://', 'tel:', 'telnet://', 'urn:', 'worldwind://', 'xmpp:', '//',
];

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

interface UrlBits {
  scheme: string;
  delimiter: string;
  host: string;
  user?: string;
  pass?: string;
  port?: string;
  path?: string;
  query?: string;
  fragment?: string;
}

/** UrlUtils::parse: PHP's parse_url, with MediaWiki's handling of `mailto:`, `news:` and `//`. */
export function parseUrl(url: string): UrlBits | null {
  const relative = url.startsWith('//');
  const full = relative ? `http:${url}` : url;
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.*)$/s.exec(full);
  if (!m) return null;
  const scheme = m[1]!.toLowerCase();
  let rest = m[2]!;
  let delimiter: string;
  if (URL_PROTOCOLS.includes(`${scheme}://`) && rest.startsWith('//')) delimiter = '://';
  else if (URL_PROTOCOLS.includes(`${scheme}:`)) delimiter = ':';
  else return null;
  const bits: UrlBits = { scheme, delimiter, host: '' };
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    bits.fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  const question = rest.indexOf('?');
  if (question >= 0) {
    bits.query = rest.slice(question + 1);
    rest = rest.slice(0, question);
  }
  if (delimiter === '://') {
    rest = rest.slice(2);
    const slash = rest.indexOf('/');
    let authority = slash >= 0 ? rest.slice(0, slash) : rest;
    if (slash >= 0) bits.path = rest.slice(slash);
    const at = authority.lastIndexOf('@');
    if (at >= 0) {
      const userInfo = authority.slice(0, at);
      const colon = userInfo.indexOf(':');
      bits.user = colon >= 0 ? userInfo.slice(0, colon) : userInfo;
      if (colon >= 0) bits.pass = userInfo.slice(colon + 1);
      authority = authority.slice(at + 1);
    }
    const colon = authority.startsWith('[') && authority.endsWith(']') ? -1 : authority.lastIndexOf(':');
    if (colon >= 0) {
      const port = authority.slice(colon + 1);
      if (port !== '') {
        // PHP reads at most five characters with strtol: `8443x` is 8443, `x` or 65536 no URL.
        const digits = port.length > 5 ? null : /^[\t\n\v\f\r ]*([+-]?\d+)/.exec(port);
        const value = digits ? Number(digits[1]) : NaN;
        if (!(value >= 0 && value <= 65535)) return null;
        bits.port = String(value);
      }
      authority = authority.slice(0, colon);
    }
    // parse_url gives no URL without a host (`http:///x`, `http://user@/`).
    if (authority === '') return null;
    bits.host = authority;
  } else {
    // parse_url calls what follows `mailto:` the path; MediaWiki moves it to the host.
    bits.host = rest;
    bits.path = '';
  }
  if (relative) {
    bits.scheme = '';
    bits.delimiter = '//';
  }
  return bits;
}

/** LinkFilter::makeIndexes: the reversed-host form used to search links by domain. */
export function makeIndexes(url: string): string[] {
  const bits = parseUrl(url);
  if (!bits) return [];
  if (bits.scheme === 'mailto') {
    const at = bits.host.indexOf('@');
    const domain = at >= 0 ? indexifyHost(bits.host.slice(at + 1)) : '';
    bits.host = `${domain}@${at >= 0 ? bits.host.slice(0, at) : bits.host}`;
  } else {
    bits.host = indexifyHost(bits.host);
  }
  let index = bits.scheme + bits.delimiter + bits.host;
  if (bits.port !== undefined) index += `:${bits.port}`;
  index += bits.path ?? '/';
  if (bits.query !== undefined) index += `?${bits.query}`;
  if (bits.fragment !== undefined) index += `#${bits.fragment}`;
  return bits.scheme === '' ? [`http:${index}`, `https:${index}`] : [index];
}

const IPV4_OCTET = '(?:0*25[0-5]|0*2[0-4][0-9]|0*1[0-9][0-9]|0*[0-9]?[0-9])';
const IPV4 = new RegExp(`^(?:${IPV4_OCTET}\\.){3}${IPV4_OCTET}$|^(?:${IPV4_OCTET}\\.){1,3}\\*$`);
const OK_CHARS = /[^a-zA-Z0-9\-._~!$&'()*+,;=\u0080-\uffff]/g;

function indexifyHost(host: string): string {
  host = safeDecode(host);
  if (host !== '') host = toUnicodeHost(host);
  host = host.toLowerCase().replace(OK_CHARS, (c) => encodeURIComponent(c));
  const v6 = /^\[([0-9a-f:*]+)\]$/.exec(safeDecode(host));
  if (v6) {
    if (isValidIP(v6[1]!)) return `V6.${sanitizeIP(v6[1]!)!.split(':').join('.')}.`;
  }
  if (v6?.[1]!.endsWith(':*')) {
    const wildcard = wildcardIPv6(v6[1]!);
    if (wildcard !== null) return wildcard;
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (IPV4.test(host)) {
    return `V4.${host.split('.').map((v) => (v === '*' ? v : String(Number(v)))).join('.')}.`;
  }
  return `${host.split('.').reverse().join('.')}.`;
}

/** An IPv6 range searched with a trailing `:*`: its fixed groups, then `*`. */
function wildcardIPv6(ip: string): string | null {
  const cut = ip.slice(0, -2);
  if (isValidIP(`${cut}::`)) {
    // Without `::` every group after the written ones is open.
    const written = ip.split(':').length - 1;
    return `V6.${sanitizeIP(`${cut}::`)!.split(':').slice(0, written).join('.')}.*.`;
  }
  if (isValidIP(`${cut}:1`)) {
    // With `::` only the last group is open.
    return `V6.${sanitizeIP(`${cut}:1`)!.split(':').join('.').slice(0, -1)}*.`;
  }
  return null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** idn_to_utf8 for `xn--` labels, through the WHATWG URL parser's punycode. */
function toUnicodeHost(host: string): string {
  if (!/(^|\.)xn--/i.test(host)) return host;
  try {
    return domainToUnicode(host) || host;
  } catch {
    return host;
  }
}

/**
 * The constant start of el_index that a search of external links matches (LinkFilter::getQueryConditions
 * with one wildcard, the protocol already in `filterEntry`): `*.example.org` matches every subdomain
 * and nothing after the host counts then, `*@example.org` every address there. Null where
 * MediaWiki refuses the search (no URL, or an asterisk anywhere else).
 */
export function linkSearchPrefix(filterEntry: string): string | null {
  const bits = parseUrl(filterEntry);
  if (!bits) return null;
  let subdomains = false;
  let host: string;
  const at = bits.host.indexOf('@');
  if (bits.scheme === 'mailto' && at > 0) {
    const domain = indexifyHost(bits.host.slice(at + 1));
    const localPart = bits.host.slice(0, at);
    subdomains = localPart === '*';
    host = subdomains ? `${domain}@` : `${domain}@${localPart}`;
  } else {
    host = indexifyHost(bits.host);
    if (host.endsWith('.*.')) {
      subdomains = true;
      host = host.slice(0, -2);
    }
  }
  const start = bits.scheme + bits.delimiter + host;
  const rest: string[] = [];
  if (bits.port !== undefined) rest.push(`:${bits.port}`);
  if (bits.path !== undefined) rest.push(bits.path);
  else if (!subdomains) rest.push('/');
  if (bits.query !== undefined) rest.push(`?${bits.query}`);
  if (bits.fragment !== undefined) rest.push(`#${bits.fragment}`);
  if (start.includes('*') || rest.some((part) => part.includes('*'))) return null;
  return subdomains ? start : start + rest.join('');
}

/**
 * ApiQueryExtLinksUsage::getProtocolPrefix: the protocol of $wgUrlProtocols that a `protocol`
 * parameter names (`http` is `http://`, `mailto` is `mailto:`), null for any protocol.
 */
export function protocolPrefix(protocol: string): string | null {
  if (protocol === '' || protocol === '0' || URL_PROTOCOLS.includes(protocol)) return null;
  return URL_PROTOCOLS.find((p) => p.startsWith(protocol)) ?? protocol;
}

/**
 * wfExpandUrl with PROTO_CANONICAL: a protocol-relative link gets the canonical server's protocol,
 * and a URL with a path comes back reassembled with its dot segments removed (`/a/../b` is `/b`).
 * Null where MediaWiki gives false.
 */
export function expandLinkUrl(url: string, canonicalServer: string): string | null {
  if (url.startsWith('/')) {
    const server = parseUrl(canonicalServer);
    const serverProtocol = server && server.scheme !== '' ? `${server.scheme}://` : 'http://';
    url = url.startsWith('//') ? serverProtocol.slice(0, -2) + url : (server && server.scheme !== '' ? '' : serverProtocol.slice(0, -2)) + canonicalServer + url;
  }
  const bits = parseUrl(url);
  if (bits && bits.path !== undefined) {
    bits.path = removeDotSegments(bits.path);
    return assembleUrl(bits);
  }
  if (bits) return url;
  if (!url.startsWith('/')) return removeDotSegments(url);
  return null;
}

/** UrlUtils::assemble. */
function assembleUrl(bits: UrlBits): string {
  let url = bits.scheme + bits.delimiter;
  if (bits.user !== undefined) url += `${bits.user}${bits.pass !== undefined ? `:${bits.pass}` : ''}@`;
  url += bits.host;
  if (bits.port !== undefined) url += `:${bits.port}`;
  url += bits.path ?? '';
  if (bits.query !== undefined && bits.query !== '') url += `?${bits.query}`;
  if (bits.fragment !== undefined) url += `#${bits.fragment}`;
  return url;
}

/** RFC 3986 section 5.2.4, as UrlUtils::removeDotSegments reads it. */
export function removeDotSegments(path: string): string {
  let output = '';
  let input = path;
  while (input !== '') {
    if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('../')) input = input.slice(3);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/./')) input = input.slice(2);
    else if (input === '/..' || input.startsWith('/../')) {
      input = input === '/..' ? '/' : input.slice(3);
      const slash = output.lastIndexOf('/');
      output = slash < 0 ? '' : output.slice(0, slash);
    } else if (input === '.' || input === '..') input = '';
    else {
      const slash = input.indexOf('/', input.startsWith('/') ? 1 : 0);
      const segment = slash < 0 ? input : input.slice(0, slash);
      output += segment;
      input = input.slice(segment.length);
    }
  }
  return output;
}

const UNSAFE_URL_CHARS = /[\x00-\x20"<>[\\\]^`{|}\x7F-\u{10FFFF}]/gu;

/** Parser::normalizeLinkUrl: unsafe characters escaped, needless escapes undone, hex in capitals. */
export function normalizeLinkUrl(url: string): string {
  const ipv6 = IPV6_URL.exec(url);
  const ipv6Host = ipv6 && isIPv6(ipv6[1]!) ? ipv6[1]! : null;
  const normalized = normalizeUnsafeAndEscapes(url);
  // An IPv6 host keeps its brackets (they were escaped with the other unsafe characters).
  if (ipv6Host === null) return normalized;
  return normalized.replace(new RegExp(`^((?:${URL_SCHEME})?//(?:${URL_USERINFO}@)?)%5B(${escapeRe(ipv6Host)})%5D(?=[:/?#]|$)`, 'i'), '$1[$2]');
}

const URL_SCHEME = '[a-z][a-z0-9+.-]*:';
const URL_USERINFO = "(?:[a-z0-9\\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*";
const IPV6_URL = new RegExp(`^(?:${URL_SCHEME})?//(?:${URL_USERINFO}@)?\\[((?:[0-9a-f]*:){2,7}[0-9a-f]*)\\](?:[:/?#].*|)$`, 'is');

function normalizeUnsafeAndEscapes(url: string): string {
  url = url.replace(UNSAFE_URL_CHARS, (c) => encodeURIComponent(c));
  let end = url.length;
  let result = '';
  const hash = url.indexOf('#');
  if (hash >= 0) {
    result = normalizeUrlComponent(url.slice(hash), '"#%<>[\\]^`{|}') + result;
    end = hash;
  }
  const question = url.indexOf('?');
  if (question >= 0 && question < end) {
    result = normalizeUrlComponent(url.slice(question, end), '"#%<>[\\]^`{|}&=+;') + result;
    end = question;
  }
  return normalizeUrlComponent(url.slice(0, end), '"#%<>[\\]^`{|}/?') + result;
}

function normalizeUrlComponent(component: string, unsafe: string): string {
  if (component.indexOf('%') < 0) return component;
  return component.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
    const code = parseInt(escape.slice(1), 16);
    const c = String.fromCharCode(code);
    return code > 32 && code < 127 && !unsafe.includes(c) ? c : escape.toUpperCase();
  });
}
