// Grants and bot passwords as MediaWiki 1.39 applies them: which rights a grant gives, which rights a
// session made with a bot password keeps, and from which addresses the bot password may be used.
//
// A bot password's session allows only the rights of the grants stored with it (bp_grants;
// GrantsInfo::getGrantRights, unknown grants ignored), and the user's rights are cut down to those
// (PermissionManager::getUserPermissions intersects them; isEveryoneAllowed is cut the same way).
// No right is allowed without a grant: `read` and `writeapi` come with `basic`. Nothing is implied
// when a password is checked: Special:BotPasswords stores the hidden grants (`basic`) with every bot
// password it saves, while createBotPassword.php stores only the grants it is given.

import grantData from './data/grants.json' with { type: 'json' };
import { isIPAddress } from './ip.ts';

interface GrantFacts {
  grantPermissions: Record<string, string[]>;
  grantPermissionGroups?: Record<string, string>;
}

const CORE: GrantFacts = grantData.core;
const EXTENSIONS: Readonly<Record<string, GrantFacts>> = grantData.extensions;

/** $wgGrantPermissions and $wgGrantPermissionGroups of a wiki. */
export interface GrantTable {
  /** grant -> the rights it gives, in MediaWiki's order (core's, then the extensions'). */
  readonly permissions: ReadonlyMap<string, readonly string[]>;
  /** grant -> its group (`hidden`, `page-interaction`, ...); grants without one are in `other`. */
  readonly groups: ReadonlyMap<string, string>;
}

const tables = new Map<string, GrantTable>();

/**
 * The grants of MediaWiki 1.39 with those the named extensions add (SiteConfig.extensions; names
 * without grants are ignored). An extension's rights join a grant of the same name, as the
 * extension registry merges them (array_plus_2d); core's group of a grant wins.
 */
export function grantTable(extensions: Iterable<string> = []): GrantTable {
  const withGrants = [...extensions].filter((name) => Object.hasOwn(EXTENSIONS, name));
  const key = withGrants.join('\n');
  let table = tables.get(key);
  if (table === undefined) {
    table = buildTable(withGrants.map((name) => EXTENSIONS[name]!));
    tables.set(key, table);
  }
  return table;
}

function buildTable(extensions: readonly GrantFacts[]): GrantTable {
  const permissions = new Map<string, string[]>();
  for (const facts of [CORE, ...extensions]) {
    for (const [grant, rights] of Object.entries(facts.grantPermissions)) {
      const merged = permissions.get(grant) ?? [];
      for (const right of rights) if (!merged.includes(right)) merged.push(right);
      permissions.set(grant, merged);
    }
  }
  const groups = new Map<string, string>();
  for (const facts of [...extensions].reverse()) {
    for (const [grant, group] of Object.entries(facts.grantPermissionGroups ?? {})) groups.set(grant, group);
  }
  for (const [grant, group] of Object.entries(CORE.grantPermissionGroups ?? {})) groups.set(grant, group);
  return { permissions, groups };
}

/** GrantsInfo::getValidGrants: every grant name. */
export function validGrants(table: GrantTable = grantTable()): string[] {
  return [...table.permissions.keys()];
}

/** GrantsInfo::getGrantRights: the rights the grants give together; unknown grants give none. */
export function rightsOfGrants(grants: Iterable<string>, table: GrantTable = grantTable()): Set<string> {
  const rights = new Set<string>();
  for (const grant of grants) {
    for (const right of table.permissions.get(grant) ?? []) rights.add(right);
  }
  return rights;
}

/**
 * GrantsInfo::getGrantGroups: group -> its grants, in grant order; grants without a group are in
 * `other`. With `only`, just those grants.
 */
export function grantGroups(table: GrantTable = grantTable(), only?: Iterable<string>): Map<string, string[]> {
  const wanted = only === undefined ? null : new Set(only);
  const groups = new Map<string, string[]>();
  for (const grant of table.permissions.keys()) {
    if (wanted !== null && !wanted.has(grant)) continue;
    const group = table.groups.get(grant) ?? 'other';
    const members = groups.get(group) ?? [];
    members.push(grant);
    groups.set(group, members);
  }
  return groups;
}

/** GrantsInfo::getHiddenGrants: the grants of the `hidden` group, implied for every bot password Special:BotPasswords saves. */
export function hiddenGrants(table: GrantTable = grantTable()): string[] {
  return [...table.groups].filter(([, group]) => group === 'hidden').map(([grant]) => grant);
}

/**
 * The grants of a bp_grants value (JSON, as BotPassword reads it): a list of names; a single
 * string counts as one; anything unreadable as none.
 */
export function botPasswordGrants(bpGrants: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(bpGrants);
  } catch {
    return [];
  }
  // BotPassword hands (array) of the decoded value to GrantsInfo: objects give their values.
  const items = Array.isArray(value) ? value : value !== null && typeof value === 'object' ? Object.values(value) : [value];
  return items.flatMap((item) => (typeof item === 'string' ? [item] : typeof item === 'number' ? [String(item)] : []));
}

/**
 * The rights a user keeps in a bot password session: theirs (in their order) that the grants give.
 */
export function botPasswordRights(userRights: Iterable<string>, grants: Iterable<string>, table: GrantTable = grantTable()): string[] {
  const allowed = rightsOfGrants(grants, table);
  return [...new Set([...userRights].filter((right) => allowed.has(right)))];
}

// ---------------------------------------------------------------------------------------------
// bp_restrictions: MWRestrictions, whose only key in 1.39 is IPAddresses (addresses and CIDR
// ranges, IPv4 and IPv6). Its default allows every address: {"IPAddresses":["0.0.0.0/0","::/0"]}.

/** MWRestrictions refused the value: BotPassword throws it (MediaWiki answers an internal error). */
export class InvalidRestrictionsError extends Error {
  override readonly name = 'InvalidArgumentException';
}

export interface BotPasswordRestrictions {
  /** As stored (entries MWRestrictions accepts that no address matches are kept). */
  readonly ipAddresses: readonly string[];
  /** MWRestrictions::checkIP: whether a client at this address may use the bot password. */
  allowsIp(ip: string): boolean;
}

export const DEFAULT_RESTRICTIONS_JSON = '{"IPAddresses":["0.0.0.0/0","::/0"]}';

/** MWRestrictions::newFromJson: throws InvalidRestrictionsError with MediaWiki's message. */
export function botPasswordRestrictions(json: string): BotPasswordRestrictions {
  let value: unknown;
  try {
    value = json === '' ? null : JSON.parse(json);
  } catch {
    value = null;
  }
  if (value === null || typeof value !== 'object') throw new InvalidRestrictionsError('Invalid restrictions JSON');
  const keys = Array.isArray(value) ? value.map((_, index) => String(index)) : Object.keys(value);
  const invalidKeys = keys.filter((key) => key !== 'IPAddresses');
  if (invalidKeys.length > 0) throw new InvalidRestrictionsError(`Array contains invalid keys: ${invalidKeys.join(', ')}`);
  if (!keys.includes('IPAddresses')) throw new InvalidRestrictionsError('Array is missing required keys: IPAddresses');
  const list = (value as { IPAddresses: unknown }).IPAddresses;
  if (list === null || typeof list !== 'object') throw new InvalidRestrictionsError('IPAddresses is not an array');
  const entries: unknown[] = Array.isArray(list) ? list : Object.values(list);
  for (const entry of entries) {
    if (typeof entry !== 'string' || !isIPAddress(entry)) throw new InvalidRestrictionsError(`Invalid IP address: ${phpText(entry)}`);
  }
  return ipSet(entries as string[]);
}

/** PHP's string interpolation of a JSON value, for the error message. */
function phpText(value: unknown): string {
  if (value === null || value === false) return '';
  if (value === true) return '1';
  if (typeof value === 'object') return 'Array';
  return String(value);
}

/**
 * Wikimedia\IPSet: addresses and CIDR ranges as inet_pton reads them (IPv4 and IPv6 apart, so
 * `::/0` does not hold IPv4 clients nor `0.0.0.0/0` IPv4-mapped IPv6 ones). Entries it cannot
 * read (an octet with a leading zero, a final newline) match nothing.
 */
function ipSet(ipAddresses: readonly string[]): BotPasswordRestrictions {
  const ranges: { bytes: Uint8Array; prefix: number }[] = [];
  for (const entry of ipAddresses) {
    const isV6 = entry.includes(':');
    const slash = entry.indexOf('/');
    const maxPrefix = isV6 ? 128 : 32;
    let prefix = maxPrefix;
    if (slash !== -1) {
      const maskText = entry.slice(slash + 1);
      if (!/^[0-9]+$/.test(maskText) || Number(maskText) > maxPrefix) continue;
      prefix = Number(maskText);
    }
    const bytes = inetPton(slash === -1 ? entry : entry.slice(0, slash));
    if (bytes === null) continue;
    ranges.push({ bytes, prefix });
  }
  return {
    ipAddresses,
    allowsIp(ip: string): boolean {
      const address = inetPton(ip);
      if (address === null) return false;
      return ranges.some((range) => range.bytes.length === address.length && samePrefix(range.bytes, address, range.prefix));
    },
  };
}

function samePrefix(a: Uint8Array, b: Uint8Array, bits: number): boolean {
  const whole = bits >> 3;
  for (let i = 0; i < whole; i++) if (a[i] !== b[i]) return false;
  const rest = bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (a[whole]! & mask) === (b[whole]! & mask);
}

const IPV4_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const INET_IPV4 = new RegExp(`^${IPV4_OCTET}\\.${IPV4_OCTET}\\.${IPV4_OCTET}\\.${IPV4_OCTET}$`);
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

/** inet_pton(): 4 bytes for a dotted quad (no leading zeros), 16 for IPv6; null otherwise. */
function inetPton(text: string): Uint8Array | null {
  if (INET_IPV4.test(text)) return Uint8Array.from(text.split('.'), Number);
  return inetPton6(text);
}

function inetPton6(text: string): Uint8Array | null {
  const gap = text.indexOf('::');
  if (gap !== -1 && text.indexOf('::', gap + 1) !== -1) return null;
  const head = gap === -1 ? text : text.slice(0, gap);
  const tail = gap === -1 ? '' : text.slice(gap + 2);
  const headWords = groupsOf(head, tail === '' && gap === -1);
  const tailWords = groupsOf(tail, true);
  if (headWords === null || tailWords === null) return null;
  // A trailing dotted quad belongs to the last part written.
  const words = gap === -1 ? headWords : [...headWords, ...new Array<number>(8 - headWords.length - tailWords.length).fill(0), ...tailWords];
  if (gap === -1 ? words.length !== 8 : headWords.length + tailWords.length > 7) return null;
  const bytes = new Uint8Array(16);
  words.forEach((word, index) => {
    bytes[index * 2] = word >> 8;
    bytes[index * 2 + 1] = word & 0xff;
  });
  return bytes;
}

/** The 16-bit words of one side of `::`; a dotted quad may end the address. */
function groupsOf(part: string, mayEndWithQuad: boolean): number[] | null {
  if (part === '') return [];
  const pieces = part.split(':');
  const words: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (HEX_GROUP.test(piece)) {
      words.push(parseInt(piece, 16));
    } else if (mayEndWithQuad && index === pieces.length - 1 && INET_IPV4.test(piece)) {
      const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
      words.push((a << 8) | b, (c << 8) | d);
    } else {
      return null;
    }
  }
  return words;
}
