// Whether a string is a page title and which one (MediaWiki 1.39's MediaWikiTitleCodec), and how titles are written.

import { namedEntity } from './html-entities.ts';
import { sanitizeIP } from './ip.ts';
import { NS, Namespaces } from './namespaces.ts';

export interface ParsedTitle {
  ns: number;
  /** DB-key form: underscores, first letter upper-cased where the namespace wants it. */
  dbKey: string;
  /** Text after `#`, with spaces. */
  fragment: string;
  /** Lower-cased interwiki prefix, '' for local titles. */
  interwiki: string;
  /**
   * Title::wasLocalInterwiki: the text began with a prefix of $wgLocalInterwikis (`thiswiki:Foo`),
   * which makes a link of what would be a category, file or language link.
   */
  localInterwiki?: true;
}

/** A message parameter; `{ num }` is a number parameter (Message::numParam). */
export type TitleErrorParam = string | { num: number };

export interface InvalidTitle {
  invalid: true;
  /** MediaWiki's message key, e.g. `title-invalid-characters` (errorformat=raw's `code`). */
  code: string;
  /** The `invalidreason` MediaWiki's API shows (message text in English, errorformat=bc). */
  reason: string;
  /** The message parameters as errorformat=raw lists them; the last one is the escaped input. */
  params: TitleErrorParam[];
}

/** A prefix -> whether the interwiki table has it. Receives the prefix lower-cased. */
export type InterwikiLookup = (prefix: string) => boolean;

export interface TitleCodecOptions {
  /** $wgLocalInterwikis: prefixes that point back at this wiki. */
  localInterwikis?: readonly string[];
  /** Main page title text, the target of an empty local-interwiki link (`fixturewiki:`). */
  mainPage?: string;
}

export function isInvalidTitle(result: ParsedTitle | InvalidTitle): result is InvalidTitle {
  return (result as InvalidTitle).invalid === true;
}

const MESSAGES: Record<string, string> = {
  'title-invalid': 'The requested page title is invalid',
  'title-invalid-empty': 'The requested page title is empty or contains only the name of a namespace.',
  'title-invalid-utf8': 'The requested page title contains an invalid UTF-8 sequence.',
  'title-invalid-interwiki': 'The requested page title contains an interwiki link which cannot be used in titles.',
  'title-invalid-talk-namespace': 'The requested page title refers to a talk page that cannot exist.',
  'title-invalid-characters': 'The requested page title contains invalid characters: "$1".',
  'title-invalid-relative':
    "Title has relative path. Relative page titles (./, ../) are invalid, because they will often be unreachable when handled by user's browser.",
  'title-invalid-magic-tilde':
    'The requested page title contains invalid magic tilde sequence (<nowiki>~~~</nowiki>).',
  'title-invalid-too-long':
    'The requested page title is too long. It must be no longer than $1 bytes in UTF-8 encoding.',
  'title-invalid-leading-colon': 'The requested page title contains an invalid colon at the beginning.',
};

/** Message text (as Message::text() renders it in English) for a title error key and parameters. */
export function titleErrorText(code: string, params: readonly TitleErrorParam[] = []): string {
  const template = MESSAGES[code] ?? MESSAGES['title-invalid']!;
  return template.replace(/\$(\d)/g, (whole, digit: string) => {
    const param = params[Number(digit) - 1];
    return param === undefined ? whole : typeof param === 'string' ? param : String(param.num);
  });
}

function invalid(code: string, input: string, params: TitleErrorParam[] = []): InvalidTitle {
  return { invalid: true, code, reason: titleErrorText(code, params), params: [...params, escapeWikiText(input)] };
}

// --- Unicode clean-up (UtfNormal\Validator::cleanUp, which WebRequest and Language::normalize apply) ---

const NEEDS_CLEANUP_RE = /[^\t\n\r\x20-\x7f]/;
const FORBIDDEN_CHARS_RE = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;
const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * UtfNormal cleanUp: C0 controls other than tab/LF/CR, U+FFFE, U+FFFF and broken UTF-16 become
 * U+FFFD, then NFC. MediaWiki applies this to every request parameter.
 */
export function cleanUpUnicode(text: string): string {
  if (!NEEDS_CLEANUP_RE.test(text)) return text;
  return text.replace(FORBIDDEN_CHARS_RE, '\ufffd').replace(LONE_SURROGATE_RE, '\ufffd').normalize('NFC');
}

// --- Character references (Sanitizer::decodeCharReferencesAndNormalize) ---

const CHAR_REFS_RE = /&([A-Za-z0-9\u0080-\uffff]+);|&#([0-9]+);|&#[xX]([0-9A-Fa-f]+);|&/g;
// Sanitizer::MW_ENTITY_ALIASES
const ENTITY_ALIASES: Record<string, string> = { 'רלמ': 'rlm', 'رلم': 'rlm' };

function isValidCodepoint(codepoint: number): boolean {
  return (
    codepoint === 0x09 ||
    codepoint === 0x0a ||
    (codepoint >= 0x20 && codepoint <= 0x7e) ||
    (codepoint >= 0xa0 && codepoint <= 0xd7ff) ||
    (codepoint >= 0xe000 && codepoint <= 0xfffd) ||
    (codepoint >= 0x10000 && codepoint <= 0x10ffff)
  );
}

function decodeCodepoint(codepoint: number): string {
  return isValidCodepoint(codepoint) ? String.fromCodePoint(codepoint) : '\ufffd';
}

function decodeCharReference(whole: string, name?: string, decimal?: string, hex?: string): string {
  if (name !== undefined) return namedEntity(ENTITY_ALIASES[name] ?? name) ?? `&${name};`;
  if (decimal !== undefined) return decodeCodepoint(Number(decimal));
  if (hex !== undefined) return decodeCodepoint(parseInt(hex, 16));
  return whole;
}

/**
 * Sanitizer::decodeCharReferences: `&eacute;`, `&#233;`, `&#xE9;` -> `é` (HTML5's named references
 * and MediaWiki's aliases; invalid code points become U+FFFD); unknown names stay as they are.
 * Nothing else changes: for sort keys, attributes, URLs.
 */
export function decodeCharReferencesOnly(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(CHAR_REFS_RE, decodeCharReference);
}

/** `&eacute;`, `&#233;`, `&#xE9;` -> `é`, then NFC; unknown named references stay as they are. */
export function decodeCharReferences(text: string): string {
  if (!text.includes('&')) return text;
  return cleanUpUnicode(text.replace(CHAR_REFS_RE, decodeCharReference));
}

// --- wfEscapeWikiText (with 1.39's defaults: no magic links) ---

const WIKITEXT_ESCAPES: Record<string, string> = {
  '"': '&#34;', '&': '&#38;', "'": '&#39;', '<': '&#60;', '=': '&#61;', '>': '&#62;',
  '[': '&#91;', ']': '&#93;', '{': '&#123;', '|': '&#124;', '}': '&#125;', ';': '&#59;',
  '\n#': '\n&#35;', '\r#': '\r&#35;', '\n*': '\n&#42;', '\r*': '\r&#42;',
  '\n:': '\n&#58;', '\r:': '\r&#58;', '\n ': '\n&#32;', '\r ': '\r&#32;',
  '\n\n': '\n&#10;', '\r\n': '&#13;\n', '\n\r': '\n&#13;', '\r\r': '\r&#13;',
  '\n\t': '\n&#9;', '\r\t': '\r&#9;', '\n----': '\n&#45;---', '\r----': '\r&#45;---',
  '__': '_&#95;', '://': '&#58;//',
};
const WIKITEXT_ESCAPE_RE = new RegExp(
  Object.keys(WIKITEXT_ESCAPES)
    .sort((a, b) => b.length - a.length)
    .map((key) => key.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&'))
    .join('|'),
  'g',
);
const URL_SCHEME_COLON_RE = /\b(bitcoin|geo|magnet|mailto|matrix|news|sip|sips|sms|tel|urn|xmpp):/gi;

/** wfEscapeWikiText: make text safe to drop into wikitext (used for message parameters). */
export function escapeWikiText(text: string): string {
  const escaped = `\n${text}`.replace(WIKITEXT_ESCAPE_RE, (key) => WIKITEXT_ESCAPES[key]!).slice(1);
  return escaped.replace(URL_SCHEME_COLON_RE, '$1&#58;');
}

// --- Upper-casing the first letter (Language::ucfirst) ---

// Letters PHP 8.2's mbstring (Unicode 14) leaves alone but newer JavaScript engines upper-case.
const PHP_UNCASED_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x19b, 0x19b], [0x264, 0x264], [0x1c8a, 0x1c8a], [0xa7cd, 0xa7cd], [0xa7cf, 0xa7cf],
  [0xa7d3, 0xa7d3], [0xa7d5, 0xa7d5], [0xa7db, 0xa7db], [0x10d70, 0x10d85], [0x16ebb, 0x16ed3],
];

function phpLeavesUncased(codepoint: number): boolean {
  for (const [from, to] of PHP_UNCASED_RANGES) if (codepoint >= from && codepoint <= to) return true;
  return false;
}

/**
 * Language::ucfirst for English: ASCII letters upper-cased, other first characters through full
 * Unicode case mapping (`ß` -> `SS`, `ǆ` -> `Ǆ`, `ﬀ` -> `FF`), as PHP's mb_strtoupper does.
 */
export function ucfirst(text: string): string {
  const first = text.charCodeAt(0);
  if (!(first >= 96)) return text;
  if (first < 128) return first >= 97 && first <= 122 ? String.fromCharCode(first - 32) + text.slice(1) : text;
  const codepoint = text.codePointAt(0)!;
  if (phpLeavesUncased(codepoint)) return text;
  const width = codepoint > 0xffff ? 2 : 1;
  return text.slice(0, width).toUpperCase() + text.slice(width);
}

// --- The parser ---

// Module-level copies: read on every title, they cost less than a property of an imported object.
const { MAIN: NS_MAIN, TALK: NS_TALK, USER: NS_USER, USER_TALK: NS_USER_TALK, SPECIAL: NS_SPECIAL } = NS;

const BIDI_RE = /[\u200E\u200F\u202A-\u202E]+/g;
const WHITESPACE_RE = /[ _\u00A0\u1680\u180E\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;
const UNDERSCORE_RUNS_RE = /__+/g;
const EDGE_UNDERSCORES_RE = /^_+|_+$/g;
const TRAILING_UNDERSCORES_RE = /_+$/;
// PHP's `.` stops at "\n" only, and its `$` may sit before one final "\n".
const PREFIX_RE = /^([^\n]+?)_*:_*([^\n]*)\n?$/;
// $wgLegalTitleChars, plus percent-escapes and character references, which cannot round-trip.
const ILLEGAL_RE = /[^ %!"$&'()*,\-./0-9:;=?@A-Z\\^_`a-z~+\u0080-\uffff]|%[0-9A-Fa-f]{2}|&[A-Za-z0-9\u0080-\uffff]+;/;
const MAX_TITLE_BYTES = 255;
const MAX_SPECIAL_TITLE_BYTES = 512;

function exceedsBytes(text: string, maxBytes: number): boolean {
  // A UTF-16 code unit never takes more than 3 bytes in UTF-8.
  return text.length * 3 > maxBytes && Buffer.byteLength(text, 'utf8') > maxBytes;
}

function isRelativePath(dbKey: string): boolean {
  if (!dbKey.includes('.')) return false;
  return (
    dbKey === '.' ||
    dbKey === '..' ||
    dbKey.startsWith('./') ||
    dbKey.startsWith('../') ||
    dbKey.includes('/./') ||
    dbKey.includes('/../') ||
    dbKey.endsWith('/.') ||
    dbKey.endsWith('/..')
  );
}

function hasSpaceOrUnderscoreEdge(dbKey: string): boolean {
  if (dbKey === '') return false;
  const first = dbKey.charCodeAt(0);
  const last = dbKey.charCodeAt(dbKey.length - 1);
  return first === 95 || first === 32 || last === 95 || last === 32;
}

function trimUnderscores(text: string): string {
  return text.charCodeAt(0) === 95 || text.charCodeAt(text.length - 1) === 95
    ? text.replace(EDGE_UNDERSCORES_RE, '')
    : text;
}

interface Split {
  ns: number;
  dbKey: string;
  interwiki: string;
  localInterwiki: boolean;
}

export class TitleCodec {
  private readonly localInterwikis: ReadonlySet<string>;
  private mainPageTitle: ParsedTitle | undefined;
  private readonly textPrefixes = new Map<number, string>();
  private readonly dbKeyPrefixes = new Map<number, string>();

  constructor(
    readonly namespaces: Namespaces,
    readonly capitalLinks: boolean,
    private readonly isInterwiki: InterwikiLookup,
    private readonly options: TitleCodecOptions = {},
  ) {
    this.localInterwikis = new Set((options.localInterwikis ?? []).map((prefix) => prefix.toLowerCase()));
  }

  /**
   * Title::newFromText as the API's page set uses it: character references decoded, then
   * MediaWikiTitleCodec::splitTitleString.
   */
  parse(text: string, defaultNs: number = NS_MAIN): ParsedTitle | InvalidTitle {
    // Title::newFromText hands splitTitleString the DB-key form, which error messages then quote.
    return this.split(decodeCharReferences(cleanUpUnicode(text)).replaceAll(' ', '_'), defaultNs);
  }

  /**
   * MediaWikiTitleCodec::splitTitleString without decoding character references (what
   * Title::makeTitleSafe and Title::newFromDBkey do).
   */
  split(text: string, defaultNs: number = NS_MAIN): ParsedTitle | InvalidTitle {
    const original = text;
    let dbKey = text.includes(' ') ? text.replaceAll(' ', '_') : text;
    const plainAscii = !NEEDS_CLEANUP_RE.test(dbKey);
    if (!plainAscii) {
      dbKey = dbKey.replace(BIDI_RE, '').replace(WHITESPACE_RE, '_');
    } else if (dbKey.includes('__')) {
      dbKey = dbKey.replace(UNDERSCORE_RUNS_RE, '_');
    }
    dbKey = trimUnderscores(dbKey);
    if (!plainAscii && dbKey.includes('\ufffd')) return invalid('title-invalid-utf8', original);

    const parts: Split = { ns: defaultNs, dbKey, interwiki: '', localInterwiki: false };
    if (dbKey.charCodeAt(0) === 58) {
      parts.ns = NS_MAIN;
      parts.dbKey = trimUnderscores(dbKey.slice(1));
    }
    if (parts.dbKey === '') return invalid('title-invalid-empty', original);

    if (parts.dbKey.includes(':')) {
      const prefixError = this.splitPrefixes(parts, original);
      if (prefixError !== undefined) return prefixError;
    }
    if (parts.localInterwiki && parts.dbKey === '') {
      const mainPage = this.mainPage();
      if (mainPage !== undefined) return { ...mainPage, localInterwiki: true };
    }
    const title = this.finish(parts, original);
    if (parts.localInterwiki && !isInvalidTitle(title)) title.localInterwiki = true;
    return title;
  }

  /** Namespace and interwiki prefixes; mutates `parts`, returns an error if the prefix is illegal. */
  private splitPrefixes(parts: Split, original: string): InvalidTitle | undefined {
    for (;;) {
      const match = PREFIX_RE.exec(parts.dbKey);
      if (match === null) return undefined;
      const prefix = match[1]!;
      const lowerPrefix = prefix.toLowerCase();
      const ns = this.namespaces.lookupKey(lowerPrefix);
      if (ns !== undefined) {
        parts.dbKey = match[2]!;
        parts.ns = ns;
        if (ns === NS_TALK && this.isTalkOfNamespaceOrInterwiki(parts.dbKey)) {
          return invalid('title-invalid-talk-namespace', original);
        }
        return undefined;
      }
      if (!this.isInterwiki(lowerPrefix)) return undefined;
      parts.dbKey = match[2]!;
      if (this.localInterwikis.has(lowerPrefix)) {
        // Local interwikis behave like an initial colon; an empty one means the main page.
        parts.localInterwiki = true;
        if (parts.dbKey === '') return undefined;
        continue;
      }
      parts.interwiki = lowerPrefix;
      if (parts.dbKey.charCodeAt(0) === 58) {
        parts.ns = NS_MAIN;
        parts.dbKey = trimUnderscores(parts.dbKey.slice(1));
      }
      return undefined;
    }
  }

  private isTalkOfNamespaceOrInterwiki(rest: string): boolean {
    const inner = PREFIX_RE.exec(rest);
    if (inner === null) return false;
    const lower = inner[1]!.toLowerCase();
    // getNsIndex() is tested for truthiness, so a prefix naming the main namespace would not count.
    const ns = this.namespaces.lookupKey(lower);
    if (ns !== undefined && ns !== NS_MAIN) return true;
    return this.isInterwiki(lower);
  }

  private finish(parts: Split, original: string): ParsedTitle | InvalidTitle {
    let dbKey = parts.dbKey;
    let fragment = '';
    const hash = dbKey.indexOf('#');
    if (hash !== -1) {
      fragment = dbKey.slice(hash + 1).replaceAll('_', ' ');
      dbKey = dbKey.slice(0, hash).replace(TRAILING_UNDERSCORES_RE, '');
    }

    const illegal = ILLEGAL_RE.exec(dbKey);
    if (illegal !== null) return invalid('title-invalid-characters', original, [illegal[0]]);
    if (isRelativePath(dbKey)) return invalid('title-invalid-relative', original);
    if (dbKey.includes('~~~')) return invalid('title-invalid-magic-tilde', original);
    const maxBytes = parts.ns === NS_SPECIAL ? MAX_SPECIAL_TITLE_BYTES : MAX_TITLE_BYTES;
    if (exceedsBytes(dbKey, maxBytes)) return invalid('title-invalid-too-long', original, [{ num: maxBytes }]);

    const { ns, interwiki } = parts;
    if (interwiki === '' && this.namespaces.isCapitalized(ns, this.capitalLinks)) dbKey = ucfirst(dbKey);
    if (dbKey === '' && interwiki === '' && ns !== NS_MAIN) return invalid('title-invalid-empty', original);
    if (ns === NS_USER || ns === NS_USER_TALK) dbKey = sanitizeIP(dbKey) ?? dbKey;
    if (dbKey.charCodeAt(0) === 58) return invalid('title-invalid-leading-colon', original);

    // TitleValue::assertValidSpec, the last line of defence. Tabs and newlines were already
    // rejected as illegal characters, so only the edges need a look.
    if (hasSpaceOrUnderscoreEdge(dbKey)) {
      return invalid('title-invalid', original, [`Bad value for parameter $title: invalid name '${dbKey}'`]);
    }
    if (dbKey === '' && ns !== NS_MAIN) {
      return invalid('title-invalid', original, [
        'Bad value for parameter $title: should not be empty unless namespace is main',
      ]);
    }
    return { ns, dbKey, fragment, interwiki };
  }

  private mainPage(): ParsedTitle | undefined {
    if (this.mainPageTitle === undefined && this.options.mainPage !== undefined) {
      const parsed = this.parse(this.options.mainPage);
      if (!isInvalidTitle(parsed)) this.mainPageTitle = parsed;
    }
    return this.mainPageTitle;
  }

  /**
   * Title::makeTitleSafe: the title `text` names inside namespace `ns` (canonical prefix added,
   * then parsed without decoding references); null if the namespace is unknown or it is invalid.
   */
  makeSafe(ns: number, text: string, fragment = '', interwiki = ''): ParsedTitle | null {
    const canonical = this.namespaces.canonicalName(ns);
    if (canonical === undefined) return null;
    let full = canonical === '' ? text : `${canonical}:${text}`;
    if (interwiki !== '') full = `${interwiki}:${full}`;
    if (fragment !== '') full += `#${fragment}`;
    const parsed = this.split(full);
    return isInvalidTitle(parsed) ? null : parsed;
  }

  // --- Writing titles ---

  /** Namespace prefix text for formatting; Badtitle for namespaces the wiki does not have. */
  private nsPrefix(ns: number, external: boolean): string {
    if (ns === NS_MAIN) return '';
    const name = external ? this.namespaces.canonicalName(ns) : this.namespaces.get(ns)?.name;
    return `${name ?? `${this.namespaces.nsText(NS_SPECIAL)}:Badtitle/NS${ns}`}:`;
  }

  private textPrefix(ns: number): string {
    let prefix = this.textPrefixes.get(ns);
    if (prefix === undefined) {
      prefix = this.nsPrefix(ns, false).replaceAll('_', ' ');
      this.textPrefixes.set(ns, prefix);
    }
    return prefix;
  }

  private dbKeyPrefix(ns: number): string {
    let prefix = this.dbKeyPrefixes.get(ns);
    if (prefix === undefined) {
      prefix = this.nsPrefix(ns, false).replaceAll(' ', '_');
      this.dbKeyPrefixes.set(ns, prefix);
    }
    return prefix;
  }

  /** Prefixed text with spaces: `Talk:Foo bar` (Title::getPrefixedText of a local title). */
  text(ns: number, dbKey: string): string {
    return this.textPrefix(ns) + (dbKey.includes('_') ? dbKey.replaceAll('_', ' ') : dbKey);
  }

  /** Prefixed DB key: `Talk:Foo_bar` (Title::getPrefixedDBkey of a local title). */
  dbKeyFull(ns: number, dbKey: string): string {
    return this.dbKeyPrefix(ns) + (dbKey.includes(' ') ? dbKey.replaceAll(' ', '_') : dbKey);
  }

  /** Title::getPrefixedText: interwiki and namespace prefix, no fragment (`de:Foo bar`). */
  prefixedText(title: ParsedTitle): string {
    const interwiki = title.interwiki === '' ? '' : `${title.interwiki}:`;
    return (interwiki + this.nsPrefix(title.ns, title.interwiki !== '') + title.dbKey).replaceAll('_', ' ');
  }

  /** Title::getPrefixedDBkey: as prefixedText() with underscores. */
  prefixedDbKey(title: ParsedTitle): string {
    return this.prefixedText(title).replaceAll(' ', '_');
  }

  /** Title::getFullText: prefixedText() plus `#fragment`. */
  fullText(title: ParsedTitle): string {
    const prefixed = this.prefixedText(title);
    return title.fragment === '' ? prefixed : `${prefixed}#${title.fragment.replaceAll('_', ' ')}`;
  }

  /** Spaces to underscores. */
  toDbKey(text: string): string {
    return text.replaceAll(' ', '_');
  }

  /** Underscores to spaces. */
  toText(dbKey: string): string {
    return dbKey.replaceAll('_', ' ');
  }

  /** The talk page of a page (`Foo` -> `Talk:Foo`); null for Special and Media pages. */
  talkPage(ns: number, dbKey: string): { ns: number; dbKey: string } | null {
    const talk = this.namespaces.talkOf(ns);
    return talk === null ? null : { ns: talk, dbKey };
  }

  /** The subject page of a page (`Talk:Foo` -> `Foo`); itself for subject pages. */
  subjectPage(ns: number, dbKey: string): { ns: number; dbKey: string } {
    return { ns: this.namespaces.subjectOf(ns), dbKey };
  }

  /** The other page of the subject/talk pair; null for Special and Media pages. */
  associatedPage(ns: number, dbKey: string): { ns: number; dbKey: string } | null {
    const other = this.namespaces.associatedOf(ns);
    return other === null ? null : { ns: other, dbKey };
  }
}
