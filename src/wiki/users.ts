// Which strings are user names, IPs, ranges or imported (`wiki>Name`) users, in MediaWiki's UserNameUtils/UserDef words.

import { isValidIP, isValidRange, sanitizeIP } from './ip.ts';
import { NS } from './namespaces.ts';
import { isInvalidTitle, ucfirst, type ParsedTitle, type TitleCodec } from './titles.ts';

export { isIPv4, isIPv6, isValidIP, isValidRange, parseRange, sanitizeIP } from './ip.ts';

/** UserRigorOptions: how strictly getCanonical() checks a name. */
export type UserRigor = 'none' | 'valid' | 'usable' | 'creatable';

/** UserDef's subtypes of the `user` parameter type, as paraminfo lists them. */
export type UserParamKind = 'name' | 'ip' | 'cidr' | 'interwiki' | 'id';

export interface UserParamValue {
  kind: UserParamKind;
  /** The name the parameter stands for (`Alice`, `192.0.2.10`, `oldwiki>Historian`, `Unknown user`). */
  name: string;
  /** Only for `#123`: the user id found, or 0 when no such user. */
  id?: number;
}

export interface BadUserParam {
  error: true;
  code: 'baduser';
  /** Message key and parameters, as errorformat=raw reports them. */
  key: 'paramvalidator-baduser';
  params: [paramName: string, value: string];
  /** Error text as MediaWiki renders it in English (errorformat=bc / plaintext). */
  info: string;
}

export interface UserNameOptions {
  /** $wgMaxNameChars (bytes), default 255. */
  maxNameChars?: number;
  /** $wgInvalidUsernameCharacters, default `@:>`. */
  invalidUsernameCharacters?: string;
  /** $wgReservedUsernames with `msg:` entries already resolved; default MediaWiki 1.39's English list. */
  reservedUsernames?: readonly string[];
}

/** MediaWiki 1.39's $wgReservedUsernames, `msg:` entries resolved in English. */
export const DEFAULT_RESERVED_USERNAMES: readonly string[] = [
  'MediaWiki default', 'Conversion script', 'Maintenance script',
  'Template namespace initialisation script', 'ScriptImporter', 'Delete page script',
  'Move page script', 'Command line script', 'Unknown user', 'Redirect fixer', 'System messenger',
  'Proxy blocker', 'DNSBL', 'MediaWiki spam cleanup', 'MediaWiki automatic change',
];

/** Name UserDef gives a `#id` that matches no user. */
export const UNKNOWN_USER_NAME = 'Unknown user';

const ANY_IPV4_RE = /^[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.(?:xxx|[0-9]{1,3})\n?$/;
const IP_BYTE = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|0?[0-9]?[0-9])';
const IPV4_XXX_RE = new RegExp(`^${IP_BYTE}\\.${IP_BYTE}\\.${IP_BYTE}\\.xxx$`);
const USER_ID_RE = /^#([0-9]+)$/;
// UserNameUtils::isValid's "troublemaker characters"
const TROUBLEMAKERS_RE = /[\u0080-\u009f\u00a0\u2000-\u200f\u2028-\u202f\u3000\ue000-\uf8ff]/;

/** ExternalUserNames::isExternal: imported users are written `prefix>Name`. */
export function isExternalUserName(name: string): boolean {
  return name.includes('>');
}

/**
 * UserNameUtils::isIP: a valid IP address, or anything shaped like an IPv4 address
 * (`300.300.300.300`, `192.0.2.xxx`) so that such names cannot be registered.
 */
export function isIP(name: string): boolean {
  return isValidIP(name) || ANY_IPV4_RE.test(name);
}

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function escapeForCharClass(chars: string): string {
  return chars.replace(/[\\\]^-]/g, '\\$&');
}

export class UserNames {
  private readonly maxNameChars: number;
  private readonly invalidCharsRe: RegExp | null;
  private readonly reserved: ReadonlySet<string>;

  constructor(
    private readonly titles: TitleCodec,
    options: UserNameOptions = {},
  ) {
    this.maxNameChars = options.maxNameChars ?? 255;
    const invalid = options.invalidUsernameCharacters ?? '@:>';
    this.invalidCharsRe = invalid === '' ? null : new RegExp(`[${escapeForCharClass(invalid)}]`);
    this.reserved = new Set(options.reservedUsernames ?? DEFAULT_RESERVED_USERNAMES);
  }

  /** TitleParser::parseTitle: the parsed title, or null if invalid. */
  private parseTitle(text: string, defaultNs: number = NS.MAIN): ParsedTitle | null {
    const parsed = this.titles.parse(text, defaultNs);
    return isInvalidTitle(parsed) ? null : parsed;
  }

  /**
   * UserNameUtils::isValid: could name an account. Not an IP, no `/`, at most 255 bytes, upper
   * first letter, a main-namespace title that reads back unchanged, no troublemaker characters.
   */
  isValid(name: string): boolean {
    if (
      name === '' ||
      isIP(name) ||
      name.includes('/') ||
      utf8Bytes(name) > this.maxNameChars ||
      name !== ucfirst(name)
    ) {
      return false;
    }
    const title = this.parseTitle(name);
    if (title === null || title.ns !== NS.MAIN || title.interwiki !== '') return false;
    if (name !== title.dbKey.replaceAll('_', ' ')) return false;
    return !TROUBLEMAKERS_RE.test(name);
  }

  /** UserNameUtils::isUsable: valid and not reserved for maintenance scripts. */
  isUsable(name: string): boolean {
    return this.isValid(name) && !this.reserved.has(name);
  }

  /** UserNameUtils::isCreatable: usable, at most 235 bytes, none of $wgInvalidUsernameCharacters. */
  isCreatable(name: string): boolean {
    if (utf8Bytes(name) > 235) return false;
    if (this.invalidCharsRe?.test(name)) return false;
    return this.isUsable(name);
  }

  /**
   * UserNameUtils::getCanonical: `alice_smith` -> `Alice smith`, `User:bob` -> `Bob`; null when
   * the name fails the requested rigor (or contains `#`).
   */
  canonical(name: string, rigor: UserRigor = 'valid'): string | null {
    const upper = ucfirst(name);
    if (upper.includes('#')) return null;
    if (rigor === 'none') {
      const prefix = `${this.titles.namespaces.nsText(NS.USER)}:`;
      const bare = upper.startsWith(prefix) ? upper.replaceAll(prefix, '') : upper;
      return bare.replaceAll('_', ' ');
    }
    const title = this.parseTitle(upper, NS.USER);
    if (title === null || title.ns !== NS.USER || title.interwiki !== '') return null;
    const text = title.dbKey.replaceAll('_', ' ');
    const ok =
      rigor === 'valid' ? this.isValid(text) : rigor === 'usable' ? this.isUsable(text) : this.isCreatable(text);
    return ok ? text : null;
  }

  /**
   * UserDef::processUser: what a `user`-type API parameter value stands for, whatever subtypes
   * the parameter allows; null when it is none of them. `nameById` resolves `#123`.
   */
  parseParam(value: string, nameById?: (id: number) => string | null | undefined): UserParamValue | null {
    const idMatch = USER_ID_RE.exec(value);
    if (idMatch !== null) return this.userById(Number(idMatch[1]), nameById);
    if (isExternalUserName(value)) {
      // The raw value is kept, so the interwiki prefix keeps its case.
      return this.canonical(value, 'none') === null ? null : { kind: 'interwiki', name: value };
    }
    const canonical = this.canonical(value, 'valid');
    if (canonical !== null) return { kind: 'name', name: canonical };
    if (value.includes('#')) return null;
    return this.parseAnonymous(value);
  }

  private userById(id: number, nameById?: (id: number) => string | null | undefined): UserParamValue {
    const name = id !== 0 ? nameById?.(id) : undefined;
    return name ? { kind: 'id', name, id } : { kind: 'id', name: UNKNOWN_USER_NAME, id: 0 };
  }

  private parseAnonymous(value: string): UserParamValue | null {
    let title = this.parseTitle(value);
    if (title === null || title.ns !== NS.USER || title.interwiki !== '') {
      title = this.parseTitle(`User:${value}`);
    }
    if (title === null || title.ns !== NS.USER || title.interwiki !== '') return null;
    const text = title.dbKey.replaceAll('_', ' ');
    if (isValidIP(text) || IPV4_XXX_RE.test(text)) {
      return { kind: 'ip', name: this.canonical(sanitizeIP(text) ?? text, 'none') ?? text };
    }
    if (isValidRange(text)) {
      return { kind: 'cidr', name: this.canonical(sanitizeIP(text) ?? text, 'none') ?? text };
    }
    return null;
  }

  /**
   * UserDef::validate: the user a parameter value names, or MediaWiki's `baduser` error when it
   * names nothing or a kind the parameter does not allow (default: name, ip, cidr, interwiki).
   */
  validateParam(
    paramName: string,
    value: string,
    allowed: readonly UserParamKind[] = ['name', 'ip', 'cidr', 'interwiki'],
    nameById?: (id: number) => string | null | undefined,
  ): UserParamValue | BadUserParam {
    const user = this.parseParam(value, nameById);
    if (user === null || !allowed.includes(user.kind)) return badUserParam(paramName, value);
    return user;
  }
}

export function isBadUserParam(result: UserParamValue | BadUserParam): result is BadUserParam {
  return (result as BadUserParam).error === true;
}

/** The `baduser` error for a parameter value. */
export function badUserParam(paramName: string, value: string): BadUserParam {
  return {
    error: true,
    code: 'baduser',
    key: 'paramvalidator-baduser',
    params: [paramName, value],
    info: `Invalid value "${value}" for user parameter "${paramName}".`,
  };
}
