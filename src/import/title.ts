// Title text -> (namespace, DB key, interwiki, fragment) as MediaWikiTitleCodec::splitTitleString does it.

import type { DumpNamespace } from './dump-types.ts';
import { namespaceAliases, redirectPattern } from './wikitext/language.ts';

export interface ParsedTitle {
  ns: number;
  /** With underscores, first letter uppercased where the namespace asks for it. */
  dbKey: string;
  /** Lowercase interwiki prefix, or '' for a local title. */
  interwiki: string;
  /** Fragment with spaces, without the `#`. */
  fragment: string;
  /** The text began with `:` (or a local interwiki prefix): a link to, not an inclusion of, the page. */
  leadingColon: boolean;
}

export interface NamespaceDef {
  id: number;
  /** Local name with spaces (`Kategoreja`); '' for the main namespace. */
  name: string;
  /** First letter uppercased (MediaWiki's isCapitalized). */
  capitalized: boolean;
}

export const NS_MEDIA = -2;
export const NS_SPECIAL = -1;
export const NS_MAIN = 0;
export const NS_TALK = 1;
export const NS_USER = 2;
export const NS_USER_TALK = 3;
export const NS_FILE = 6;
export const NS_MEDIAWIKI = 8;
export const NS_TEMPLATE = 10;
export const NS_CATEGORY = 14;

/** MediaWiki's canonical (English) namespace names, valid on every wiki whatever its language. */
export const CANONICAL_NAMESPACES: ReadonlyArray<readonly [number, string]> = [
  [-2, 'Media'],
  [-1, 'Special'],
  [1, 'Talk'],
  [2, 'User'],
  [3, 'User talk'],
  [4, 'Project'],
  [5, 'Project talk'],
  [6, 'File'],
  [7, 'File talk'],
  [8, 'MediaWiki'],
  [9, 'MediaWiki talk'],
  [10, 'Template'],
  [11, 'Template talk'],
  [12, 'Help'],
  [13, 'Help talk'],
  [14, 'Category'],
  [15, 'Category talk'],
  [828, 'Module'],
  [829, 'Module talk'],
  [2300, 'Gadget'],
  [2301, 'Gadget talk'],
  [2302, 'Gadget definition'],
  [2303, 'Gadget definition talk'],
];

/** Aliases every MediaWiki accepts ($wgNamespaceAliases defaults and English legacy names). */
export const DEFAULT_NAMESPACE_ALIASES: ReadonlyArray<readonly [string, number]> = [
  ['Image', 6],
  ['Image talk', 7],
];

/** The namespaces of MediaWiki 1.39's default install (what a dump without `<namespaces>` gets). */
export function defaultNamespaces(siteName = 'Project'): DumpNamespace[] {
  const list: DumpNamespace[] = [{ id: 0, name: '', case: 'first-letter' }];
  for (const [id, name] of CANONICAL_NAMESPACES) {
    if (id > 15) continue;
    const local = id === 4 ? siteName : id === 5 ? `${siteName} talk` : name;
    list.push({ id, name: local, case: 'first-letter' });
  }
  return list.sort((a, b) => a.id - b.id);
}

export class NamespaceTable {
  readonly byId = new Map<number, NamespaceDef>();
  /** Lowercased name with underscores -> id: local names, canonical names and aliases. */
  private readonly byName = new Map<string, number>();
  /** Canonical names of the wiki's namespaces: Language::getNsIndex finds them before any alias. */
  private readonly canonical = new Set<string>();

  constructor(namespaces: readonly DumpNamespace[], capitalLinks = true, aliases: ReadonlyArray<readonly [string, number]> = []) {
    for (const ns of namespaces) {
      const alwaysCapital = ns.id === NS_SPECIAL || ns.id === NS_USER || ns.id === NS_MEDIAWIKI;
      const capitalized = alwaysCapital || (capitalLinks && ns.case !== 'case-sensitive');
      this.byId.set(ns.id, { id: ns.id, name: ns.name, capitalized });
    }
    if (!this.byId.has(0)) this.byId.set(0, { id: 0, name: '', capitalized: capitalLinks });
    for (const [id, name] of CANONICAL_NAMESPACES) {
      if (!this.byId.has(id)) continue;
      this.byName.set(nameKey(name), id);
      this.canonical.add(nameKey(name));
    }
    for (const [alias, id] of [...DEFAULT_NAMESPACE_ALIASES, ...aliases]) {
      if (this.byId.has(id)) this.byName.set(nameKey(alias), id);
    }
    for (const ns of this.byId.values()) if (ns.name) this.byName.set(nameKey(ns.name), ns.id);
  }

  /**
   * Aliases of the content language (Language::getNamespaceIds: an alias wins over a local name,
   * never over a canonical one); aliases of namespaces the wiki lacks are left out.
   */
  addAliases(aliases: ReadonlyArray<readonly [string, number]>): void {
    for (const [alias, id] of aliases) {
      const key = nameKey(alias);
      if (this.byId.has(id) && !this.canonical.has(key)) this.byName.set(key, id);
    }
  }

  /** Language::getNsIndex: the namespace a prefix names, case-insensitively. */
  index(prefix: string): number | undefined {
    return this.byName.get(nameKey(prefix));
  }

  name(id: number): string {
    return this.byId.get(id)?.name ?? '';
  }

  isCapitalized(id: number): boolean {
    const subject = id === NS_MEDIA ? NS_FILE : id >= 0 ? id - (id % 2) : id;
    if (subject === NS_SPECIAL || subject === NS_USER || subject === NS_MEDIAWIKI) return true;
    return this.byId.get(subject)?.capitalized ?? this.byId.get(0)?.capitalized ?? true;
  }

  /** `Category talk:Foo_bar` from (15, `Foo_bar`) with spaces: Title::getPrefixedText. */
  prefixedText(ns: number, dbKey: string): string {
    const text = dbKey.replace(/_/g, ' ');
    const name = this.name(ns);
    return name ? `${name}:${text}` : text;
  }
}

function nameKey(name: string): string {
  return name.replace(/ /g, '_').toLowerCase();
}

export class InvalidTitleError extends Error {
  override name = 'InvalidTitleError';
}

export interface InterwikiLookup {
  /** Is this (any case) a prefix of the interwiki table? */
  isInterwiki(prefix: string): boolean;
  /** Is it a prefix for this very wiki (iw_local pointing here, e.g. `fixturewiki:`)? */
  isLocalInterwiki(prefix: string): boolean;
}

export const NO_INTERWIKI: InterwikiLookup = { isInterwiki: () => false, isLocalInterwiki: () => false };

const SPACES = /[ _\u00A0\u1680\u180E\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;
const BIDI = /[\u200E\u200F\u202A-\u202E]+/g;
const PREFIX = /^(.+?)_*:_*(.*)$/s;
/** Characters outside $wgLegalTitleChars, URL escapes and character references. */
const INVALID = /[^ %!"$&'()*,\-./0-9:;=?@A-Z\\^_`a-z~+\u0080-\uFFFF]|%[0-9A-Fa-f]{2}|&[A-Za-z0-9\u0080-\uFFFF]+;/;

export class TitleCodec {
  /** Parsed titles by default namespace, then text: no key strings to build for a lookup. */
  private readonly cache = new Map<number, Map<string, ParsedTitle | null>>();
  private cached = 0;
  /** The content language whose aliases the namespace table has, and its #REDIRECT magic word. */
  private language = 'en';
  redirectPattern: RegExp = redirectPattern('en');

  constructor(
    readonly namespaces: NamespaceTable,
    private readonly interwiki: InterwikiLookup = NO_INTERWIKI,
  ) {}

  /**
   * The wiki's content language ($wgLanguageCode): its namespace aliases (gender forms of User
   * included) become known, and its redirect magic word. Titles parsed before are parsed again.
   */
  useContentLanguage(lang: string): this {
    const code = lang.trim().toLowerCase() || 'en';
    if (code === this.language) return this;
    this.language = code;
    this.namespaces.addAliases(namespaceAliases(code, this.namespaces.name(4).replace(/ /g, '_')));
    this.redirectPattern = redirectPattern(code);
    this.cache.clear();
    this.cached = 0;
    return this;
  }

  get contentLanguage(): string {
    return this.language;
  }

  /** Parses title text; null when MediaWiki would refuse it (Title::newFromText returning null). */
  parse(text: string, defaultNs = NS_MAIN): ParsedTitle | null {
    let titles = this.cache.get(defaultNs);
    if (titles === undefined) {
      titles = new Map();
      this.cache.set(defaultNs, titles);
    }
    const cached = titles.get(text);
    if (cached !== undefined) return cached;
    let parsed: ParsedTitle | null;
    try {
      parsed = this.split(text, defaultNs);
    } catch (error) {
      if (!(error instanceof InvalidTitleError)) throw error;
      parsed = null;
    }
    if (++this.cached > 200_000) {
      this.cache.clear();
      this.cached = 0;
    }
    titles.set(text, parsed);
    return parsed;
  }

  /** Like parse, but says why a title is invalid. */
  split(text: string, defaultNs = NS_MAIN): ParsedTitle {
    let dbKey = text.replace(BIDI, '').replace(SPACES, '_');
    dbKey = trimUnderscores(dbKey);
    if (dbKey.includes('\uFFFD')) throw new InvalidTitleError('the title contains invalid UTF-8');
    let ns = defaultNs;
    let interwiki = '';
    let leadingColon = false;
    if (dbKey.startsWith(':')) {
      ns = NS_MAIN;
      leadingColon = true;
      dbKey = trimUnderscores(dbKey.slice(1));
    }
    if (dbKey === '') throw new InvalidTitleError('the title is empty');
    for (;;) {
      const m = PREFIX.exec(dbKey);
      if (!m) break;
      const prefix = m[1]!;
      const index = this.namespaces.index(prefix);
      if (index !== undefined) {
        dbKey = m[2]!;
        ns = index;
        if (index === NS_TALK) {
          const inner = PREFIX.exec(dbKey);
          if (inner && (this.namespaces.index(inner[1]!) || this.interwiki.isInterwiki(inner[1]!))) {
            throw new InvalidTitleError('a talk page title cannot name another namespace or wiki');
          }
        }
      } else if (this.interwiki.isInterwiki(prefix)) {
        dbKey = m[2]!;
        const lower = prefix.toLowerCase();
        if (this.interwiki.isLocalInterwiki(lower)) {
          if (dbKey === '') throw new InvalidTitleError('an empty link to this wiki');
          leadingColon = true;
          continue;
        }
        interwiki = lower;
        if (dbKey.startsWith(':')) {
          ns = NS_MAIN;
          dbKey = trimUnderscores(dbKey.slice(1));
        }
      }
      break;
    }
    let fragment = '';
    const hash = dbKey.indexOf('#');
    if (hash >= 0) {
      fragment = dbKey.slice(hash + 1).replace(/_/g, ' ');
      dbKey = dbKey.slice(0, hash).replace(/_+$/, '');
    }
    const invalid = INVALID.exec(dbKey);
    if (invalid) throw new InvalidTitleError(`the title contains the invalid character(s) "${invalid[0]}"`);
    if (dbKey.includes('.') && isRelativePath(dbKey)) throw new InvalidTitleError('the title is a relative path (./ or ../)');
    if (dbKey.includes('~~~')) throw new InvalidTitleError('the title contains ~~~');
    const maxLength = ns === NS_SPECIAL ? 512 : 255;
    if (Buffer.byteLength(dbKey) > maxLength) throw new InvalidTitleError(`the title is longer than ${maxLength} bytes`);
    if (interwiki === '' && this.namespaces.isCapitalized(ns)) dbKey = ucfirst(dbKey);
    if (dbKey === '' && interwiki === '' && ns !== NS_MAIN) throw new InvalidTitleError('the title has a namespace but no name');
    if ((ns === NS_USER || ns === NS_USER_TALK) && dbKey !== '') dbKey = sanitizeIp(dbKey);
    if (dbKey.startsWith(':')) throw new InvalidTitleError('the title starts with a colon');
    if (dbKey === '' && interwiki === '' && fragment === '') throw new InvalidTitleError('the title is empty');
    return { ns, dbKey, interwiki, fragment, leadingColon };
  }
}

function trimUnderscores(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) === 0x5f) start++;
  while (end > start && s.charCodeAt(end - 1) === 0x5f) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

function isRelativePath(k: string): boolean {
  return (
    k === '.' ||
    k === '..' ||
    k.startsWith('./') ||
    k.startsWith('../') ||
    k.includes('/./') ||
    k.includes('/../') ||
    k.endsWith('/.') ||
    k.endsWith('/..')
  );
}

/** Language::ucfirst: the first character uppercased, the rest untouched. */
export function ucfirst(s: string): string {
  if (s === '') return s;
  const c = s.charCodeAt(0);
  if (c < 0x61) return s;
  if (c < 0x80) return c <= 0x7a ? String.fromCharCode(c - 32) + s.slice(1) : s;
  const cp = s.codePointAt(0)!;
  const first = String.fromCodePoint(cp);
  return first.toUpperCase() + s.slice(first.length);
}

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|0?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|0?\d?\d)){3}$/;

/** IPUtils::sanitizeIP for user page titles: IPv4 without leading zeros, IPv6 expanded in capitals. */
export function sanitizeIp(name: string): string {
  if (IPV4.test(name)) return name.replace(/(^|\.)0+(?=\d)/g, '$1');
  if (!/^[0-9A-Fa-f:]+$/.test(name) || !name.includes(':')) return name;
  const upper = name.toUpperCase();
  const halves = upper.split('::');
  if (halves.length > 2) return name;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return name;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((g) => g.length === 0 || g.length > 4)) return name;
  return groups.map((g) => g.replace(/^0+(?=.)/, '')).join(':');
}
