// IP addresses and ranges as MediaWiki's IPUtils sees them: validity, the stored (sanitised) form, hex keys.

import { phpTrim } from './php-values.ts';

const IP_BYTE = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|0?[0-9]?[0-9])';
const IPV4_ADDRESS = `${IP_BYTE}\\.${IP_BYTE}\\.${IP_BYTE}\\.${IP_BYTE}`;
const IPV4_PREFIX = '(?:3[0-2]|[12][0-9]|[0-9])';
const IPV6_PREFIX = /^(?:12[0-8]|1[01][0-9]|[1-9][0-9]|[0-9])$/;
const IPV6_WORD = /^[0-9A-Fa-f]{1,4}$/;

const IPV4_RE = new RegExp(`^${IPV4_ADDRESS}$`);
const IPV4_WITH_PREFIX_RE = new RegExp(`^${IPV4_ADDRESS}(?:/${IPV4_PREFIX})?$`);
const IPV4_RANGE_RE = new RegExp(`^(?:${IPV4_ADDRESS}/${IPV4_PREFIX}|${IPV4_ADDRESS} ?- ?${IPV4_ADDRESS})$`);
const IPV4_LEADING_ZEROS_RE = /(?:^|(?<=\.))0+(?=[1-9]|0[./]|0$)/g;
const IPV6_LEADING_ZEROS_RE = /(^|:)0+([0-9A-Fa-f]{1,4})/g;
const IPV6_RANGE_DASH_RE = /^([^ -]*) ?- ?([^ -]*)$/;
const IP_CHARS_RE = /^[0-9A-Fa-f:./]+$/;

// PHP's `$` also matches before one final newline; IPUtils' patterns inherit that.
function withoutFinalNewline(text: string): string {
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

function ipv6WordCount(part: string): number {
  let count = 0;
  for (const word of part.split(':')) {
    if (!IPV6_WORD.test(word)) return -1;
    count++;
  }
  return count;
}

/** One IPv6 address without prefix: eight words, or fewer with exactly one `::`. */
function isIPv6AddressText(text: string): boolean {
  if (text.length < 2 || text.length > 39) return false;
  const gap = text.indexOf('::');
  if (gap === -1) return ipv6WordCount(text) === 8;
  if (text.indexOf('::', gap + 1) !== -1) return false;
  const head = text.slice(0, gap);
  const tail = text.slice(gap + 2);
  const headWords = head === '' ? 0 : ipv6WordCount(head);
  const tailWords = tail === '' ? 0 : ipv6WordCount(tail);
  return headWords >= 0 && tailWords >= 0 && headWords + tailWords <= 7;
}

function isIPv6WithOptionalPrefix(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash === -1) return isIPv6AddressText(text);
  return isIPv6AddressText(text.slice(0, slash)) && IPV6_PREFIX.test(text.slice(slash + 1));
}

/** IPUtils::isIPv4: a dotted quad, optionally with a /prefix. */
export function isIPv4(text: string): boolean {
  return IPV4_WITH_PREFIX_RE.test(withoutFinalNewline(text));
}

/** IPUtils::isIPv6: an IPv6 address, optionally with a /prefix. */
export function isIPv6(text: string): boolean {
  return isIPv6WithOptionalPrefix(withoutFinalNewline(text));
}

/** IPUtils::isIPAddress: IPv4 or IPv6, optionally with a /prefix. */
export function isIPAddress(text: string): boolean {
  return isIPv4(text) || isIPv6(text);
}

export function isValidIPv4(text: string): boolean {
  return IPV4_RE.test(withoutFinalNewline(text));
}

export function isValidIPv6(text: string): boolean {
  return isIPv6AddressText(withoutFinalNewline(text));
}

/** IPUtils::isValid: a single address, no prefix (leading zeros in IPv4 octets are allowed). */
export function isValidIP(text: string): boolean {
  return isValidIPv4(text) || isValidIPv6(text);
}

function isValidIPv6Range(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash !== -1) {
    return isIPv6AddressText(text.slice(0, slash)) && IPV6_PREFIX.test(text.slice(slash + 1));
  }
  const dash = IPV6_RANGE_DASH_RE.exec(text);
  return dash !== null && isIPv6AddressText(dash[1]!) && isIPv6AddressText(dash[2]!);
}

/** IPUtils::isValidRange: `a.b.c.d/n`, `a.b.c.d - e.f.g.h`, and the IPv6 equivalents. */
export function isValidRange(text: string): boolean {
  const body = withoutFinalNewline(text);
  return IPV4_RANGE_RE.test(body) || isValidIPv6Range(body);
}

function expandIPv6Gap(upper: string): string {
  const gap = upper.indexOf('::');
  if (gap === -1) return upper;
  const slash = upper.indexOf('/');
  const addressEnd = slash !== -1 ? slash - 1 : upper.length - 1;
  const colons = countColons(upper);
  let repeat: string;
  let extra: string;
  let pad: number;
  if (gap === 0) {
    repeat = '0:';
    extra = upper === '::' ? '0' : '';
    pad = 9;
  } else if (gap === addressEnd - 1) {
    repeat = ':0';
    extra = '';
    pad = 9;
  } else {
    repeat = ':0';
    extra = ':';
    pad = 8;
  }
  return upper.replace('::', repeat.repeat(Math.max(0, pad - colons)) + extra);
}

function countColons(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 58) count++;
  return count;
}

/**
 * IPUtils::sanitizeIP: the form MediaWiki stores. IPv4 loses leading zeros (`192.0.2.010` ->
 * `192.0.2.10`); IPv6 is upper-cased with `::` expanded and no leading zeros
 * (`2001:db8::1234` -> `2001:DB8:0:0:0:0:0:1234`). Anything else comes back trimmed; null for ''.
 */
export function sanitizeIP(text: string): string | null {
  const ip = phpTrim(text);
  if (ip === '') return null;
  if (!IP_CHARS_RE.test(ip)) return ip;
  if (IPV4_WITH_PREFIX_RE.test(ip)) return ip.replace(IPV4_LEADING_ZEROS_RE, '');
  if (!isIPv6WithOptionalPrefix(ip)) return ip;
  return expandIPv6Gap(ip.toUpperCase()).replace(IPV6_LEADING_ZEROS_RE, '$1$2');
}

/** IPUtils::prettifyIP: IPv6 compressed with `::` and lower-cased; IPv4 as sanitised. */
export function prettifyIP(text: string): string | null {
  const sanitized = sanitizeIP(text);
  if (sanitized === null || !isIPv6WithOptionalPrefix(sanitized)) return sanitized;
  const slash = sanitized.indexOf('/');
  let address = slash === -1 ? sanitized : sanitized.slice(0, slash);
  const prefix = slash === -1 ? '' : sanitized.slice(slash + 1);
  const zeroRuns = /(?:^|:)0(?::0)+(?:$|:)/g;
  let longest = '';
  let longestAt = -1;
  for (let m = zeroRuns.exec(address); m !== null; m = zeroRuns.exec(address)) {
    if (m[0].length > longest.length) {
      longest = m[0];
      longestAt = m.index;
    }
  }
  if (longestAt !== -1) {
    address = address.slice(0, longestAt) + '::' + address.slice(longestAt + longest.length);
  }
  return (prefix !== '' ? `${address}/${prefix}` : address).toLowerCase();
}

function ipv4ToNumber(dotted: string): number | null {
  // PHP's ip2long (inet_pton) takes only plain decimal octets without leading zeros.
  const octets = dotted.split('.');
  if (octets.length !== 4) return null;
  let value = 0;
  for (const octet of octets) {
    if (!/^(?:0|[1-9][0-9]{0,2})$/.test(octet)) return null;
    const byte = Number(octet);
    if (byte > 255) return null;
    value = value * 256 + byte;
  }
  return value;
}

function ipv6RawHex(text: string): string | null {
  const sanitized = sanitizeIP(text);
  if (!sanitized) return null;
  return sanitized.split(':').map((word) => word.padStart(4, '0')).join('');
}

/**
 * IPUtils::toHex: the key MediaWiki stores in ipb_range_start/ipb_range_end:
 * 8 upper-case hex digits for IPv4, `v6-` + 32 for IPv6; null when not an IP.
 */
export function toHex(text: string): string | null {
  if (isIPv6(text)) {
    const raw = ipv6RawHex(text);
    return raw === null ? null : `v6-${raw}`;
  }
  if (isIPv4(text)) {
    const value = ipv4ToNumber(sanitizeIP(text) ?? '');
    return value === null ? null : value.toString(16).toUpperCase().padStart(8, '0');
  }
  return null;
}

function parseIPv4Cidr(range: string): { network: number; bits: number } | null {
  const slash = range.indexOf('/');
  if (slash === -1) return null;
  const network = ipv4ToNumber(range.slice(0, slash));
  const bitsText = range.slice(slash + 1);
  if (network === null || !/^\s*[0-9]+(?:\.[0-9]*)?\s*$/.test(bitsText)) return null;
  const bits = Number(bitsText);
  if (bits < 0 || bits > 32) return null;
  const size = 2 ** (32 - Math.floor(bits));
  return { network: Math.floor(network / size) * size, bits: Math.floor(bits) };
}

function parseIPv6Cidr(range: string): { network: bigint; bits: number } | null {
  const sanitized = sanitizeIP(range) ?? '';
  const slash = sanitized.indexOf('/');
  if (slash === -1) return null;
  const raw = ipv6RawHex(sanitized.slice(0, slash));
  const bitsText = sanitized.slice(slash + 1);
  if (raw === null || !/^[0-9]+$/.test(bitsText)) return null;
  const bits = Number(bitsText);
  if (bits > 128) return null;
  const hostBits = BigInt(128 - bits);
  return { network: (BigInt(`0x${raw}`) >> hostBits) << hostBits, bits };
}

function hex32(value: bigint): string {
  return value.toString(16).toUpperCase().padStart(32, '0');
}

function parseIPv6Range(range: string): { start: string; end: string } | null {
  const sanitized = sanitizeIP(range) ?? '';
  if (sanitized.includes('/')) {
    const cidr = parseIPv6Cidr(sanitized);
    if (cidr === null) return null;
    const hostMask = (1n << BigInt(128 - cidr.bits)) - 1n;
    return { start: `v6-${hex32(cidr.network)}`, end: `v6-${hex32(cidr.network | hostMask)}` };
  }
  const dash = sanitized.indexOf('-');
  if (dash === -1) return null;
  const start = toHex(phpTrim(sanitized.slice(0, dash)));
  const end = toHex(phpTrim(sanitized.slice(dash + 1)));
  if (start === null || end === null || start > end) return null;
  return { start, end };
}

/**
 * IPUtils::parseRange: hex bounds of a CIDR range, an explicit `a - b` range or a single IP
 * (both bounds equal); null when it is none of these.
 */
export function parseRange(range: string): { start: string; end: string } | null {
  if (range.includes('/')) {
    if (isIPv6(range)) return parseIPv6Range(range);
    const cidr = parseIPv4Cidr(range);
    if (cidr === null) return null;
    const end = cidr.network + 2 ** (32 - cidr.bits) - 1;
    return { start: hex8(cidr.network), end: hex8(end) };
  }
  if (range.includes('-')) {
    const dash = range.indexOf('-');
    const startText = phpTrim(range.slice(0, dash));
    const endText = phpTrim(range.slice(dash + 1));
    if (isIPv6(startText) && isIPv6(endText)) return parseIPv6Range(range);
    if (!isIPv4(startText) || !isIPv4(endText)) return null;
    const start = toHex(startText);
    const end = toHex(endText);
    if (start === null || end === null || start > end) return null;
    return { start, end };
  }
  const single = toHex(range);
  return single === null ? null : { start: single, end: single };
}

function hex8(value: number): string {
  return value.toString(16).toUpperCase().padStart(8, '0');
}

/** IPUtils::hexToQuad: `C0000237` -> `192.0.2.55`. */
export function hexToQuad(hex: string): string {
  const padded = hex.toUpperCase().padStart(8, '0');
  const quads: number[] = [];
  for (let i = 0; i < 4; i++) quads.push(parseInt(padded.slice(i * 2, i * 2 + 2), 16) || 0);
  return quads.join('.');
}

/** IPUtils::hexToOctet: 32 hex digits -> `2001:DB8:0:0:0:0:0:0`. */
export function hexToOctet(hex: string): string {
  const padded = hex.toUpperCase().padStart(32, '0');
  const words: string[] = [];
  for (let i = 0; i < 8; i++) words.push(padded.slice(i * 4, i * 4 + 4));
  return words.join(':').replace(IPV6_LEADING_ZEROS_RE, '$1$2');
}

/** IPUtils::formatHex: the inverse of toHex. */
export function formatHex(hex: string): string {
  return hex.startsWith('v6-') ? hexToOctet(hex.slice(3)) : hexToQuad(hex);
}

/** IPUtils::sanitizeRange: `198.51.100.7/24` -> `198.51.100.0/24` (network address, prefix kept). */
export function sanitizeRange(range: string): string | null {
  const bounds = parseRange(range);
  if (bounds === null) return null;
  const start = formatHex(bounds.start);
  const bits = isIPv6(range) ? parseIPv6Cidr(range)?.bits : parseIPv4Cidr(range)?.bits;
  return bits === undefined ? start : `${start}/${bits}`;
}

/** IPUtils::isInRange: whether an address lies inside a range (any form parseRange accepts). */
export function isInRange(address: string, range: string): boolean {
  const hex = toHex(address);
  const bounds = parseRange(range);
  if (hex === null || bounds === null) return false;
  return hex >= bounds.start && hex <= bounds.end;
}
