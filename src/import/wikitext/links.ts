// Finds what MediaWiki's parser records from expanded wikitext: links, categories, files, URLs, switches.

import type { TitleCodec } from '../title.ts';
import { STRIP_MARKER } from './text.ts';
import { decodeLinkTarget, normalizeSubpageLink } from '../../wiki/link-targets.ts';
import { magicWords, MagicWordMatcher } from './language.ts';
import { decodeCharReferencesOnly, type ParsedTitle } from '../../wiki/titles.ts';
import { NS } from '../../wiki/namespaces.ts';
import { normalizeLinkUrl, URL_PROTOCOLS } from '../../wiki/external-links.ts';
import { phpTrim } from '../../wiki/php-values.ts';

export interface LinkTarget {
  ns: number;
  dbKey: string;
}

export interface ScannedLinks {
  pageLinks: Map<string, LinkTarget>;
  /** Category DB key -> sort key prefix (the `|text` of the link, or DEFAULTSORT). */
  categories: Map<string, string>;
  images: Set<string>;
  externalLinks: Set<string>;
  /** Language code -> title text, first link per language. */
  langLinks: Map<string, string>;
  /** `prefix:dbKey` -> [prefix, dbKey]. */
  interwikiLinks: Map<string, [string, string]>;
  /** Behaviour switches by their lowercase name (`notoc`, `hiddencat`, ...). */
  switches: Set<string>;
  /** Files linked with [[File:...]] (not [[Media:...]], galleries or functions): their absence is tracked. */
  embeddedFiles: Set<string>;
}

export interface LinkContext {
  codec: TitleCodec;
  ns: number;
  dbKey: string;
  /** Interwiki prefixes that name a language ($wgInterwikiMagic language links). */
  isLanguagePrefix(prefix: string): boolean;
  subpageNamespaces: ReadonlySet<number>;
  /** DEFAULTSORT in force when categories without a sort key are met. */
  defaultSort(): string;
  /** Enabled extensions: some add behaviour switches. */
  extensions?: ReadonlySet<string>;
  /** The content language: its names of behaviour switches and image options count, as English's do. */
  lang?: string;
}


const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const PROTOCOLS = URL_PROTOCOLS.map(escapeRe).join('|');
const ABSOLUTE_PROTOCOLS = URL_PROTOCOLS.filter((p) => p !== '//').map(escapeRe).join('|');
const URL_CHAR = '[^\\][<>"\\x00-\\x20\\x7F\\p{Zs}\\uFFFD]';
const URL_ADDR = `(?:[0-9.]+|\\[(?:[0-9a-fA-F:.]+)\\]|${URL_CHAR})`;
const BRACKETED = new RegExp(`\\[((?:${PROTOCOLS})${URL_ADDR}${URL_CHAR}*)\\p{Zs}*([^\\]\\x00-\\x08\\x0a-\\x1F\\uFFFD]*?)\\]`, 'giu');
const URL_AT = new RegExp(`(?:${ABSOLUTE_PROTOCOLS})${URL_ADDR}${URL_CHAR}*`, 'iuy');
/** Schemes of free links, by the text before the colon: `//` must follow for `http` and the like. */
const SCHEMES = new Map(URL_PROTOCOLS.filter((p) => p !== '//').map((p) => [p.slice(0, p.indexOf(':')), p.endsWith('//')]));
const STARTS_WITH_PROTOCOL = new RegExp(`^(?:${PROTOCOLS})`, 'i');
const LINK = /^([^\x00-\x1f\x7f[\]{}|<>]+?)(?:\|([\s\S]+?))?\]\]/;
const IMAGE_LINK = /^([^\x00-\x1f\x7f[\]{}|<>]+?)\|([\s\S]*)$/;

/** MagicWordFactory's double-underscore words of MediaWiki 1.39 core, by id (the page_props name). */
const CORE_SWITCHES = [
  'notoc', 'nogallery', 'forcetoc', 'toc', 'noeditsection', 'newsectionlink', 'nonewsectionlink', 'hiddencat',
  'expectunusedcategory', 'index', 'noindex', 'staticredirect', 'notitleconvert', 'nocontentconvert',
];
/** Switches that only exist on a wiki with the extension (GetDoubleUnderscoreIDs): id and English synonyms. */
const EXTENSION_SWITCHES: Record<string, { id: string; caseSensitive: boolean; synonyms: string[] }[]> = {
  Disambiguator: [{ id: 'disambiguation', caseSensitive: false, synonyms: ['__DISAMBIG__'] }],
  GlobalUserPage: [{ id: 'noglobal', caseSensitive: false, synonyms: ['__NOGLOBAL__'] }],
  WikibaseClient: [{ id: 'expectedUnconnectedPage', caseSensitive: true, synonyms: ['__EXPECTED_UNCONNECTED_PAGE__'] }],
};

/** The image options of Parser::makeImage (MagicWordFactory::newArray of the img_ words). */
const IMAGE_OPTIONS = [
  'img_thumbnail', 'img_manualthumb', 'img_right', 'img_left', 'img_none', 'img_width', 'img_center', 'img_framed',
  'img_frameless', 'img_lang', 'img_page', 'img_upright', 'img_border', 'img_baseline', 'img_sub', 'img_super', 'img_top',
  'img_text_top', 'img_middle', 'img_bottom', 'img_text_bottom', 'img_link', 'img_alt', 'img_class',
];

export function emptyLinks(): ScannedLinks {
  return {
    pageLinks: new Map(),
    categories: new Map(),
    images: new Set(),
    externalLinks: new Set(),
    langLinks: new Map(),
    interwikiLinks: new Map(),
    switches: new Set(),
    embeddedFiles: new Set(),
  };
}

export function scanLinks(text: string, ctx: LinkContext, into: ScannedLinks = emptyLinks()): ScannedLinks {
  text = scanSwitches(text, into, ctx);
  const rest = internalLinks(withoutAttributes(text), ctx, into);
  const unbracketed = bracketedExternalLinks(withQuoteTags(rest), into);
  freeExternalLinks(unbracketed, into);
  return into;
}

/** Sanitizer's HTML elements (1.39, without <img>): tags of these are HTML; any other `<x>` is text. */
const HTML_ELEMENTS = new Set(
  ('b bdi del i ins u font big small sub sup h1 h2 h3 h4 h5 h6 cite code em s strike strong tt var div center blockquote ol ul dl ' +
    'table caption pre ruby rb rp rt rtc p span abbr dfn kbd samp data time mark br wbr hr li dt dd meta link tr td th q bdo').split(' '),
);
/** A tag with attributes at `lastIndex`. */
const TAG_WITH_ATTRIBUTES = /<(\/?)([A-Za-z][A-Za-z0-9]*)(\s[^<>]*?)(\/?)>/y;
/** What Sanitizer encodes in an attribute value, and what the link passes would read in it. */
const ATTRIBUTE_MARKUP = /[[\]{}:'|_]/;

/**
 * Sanitizer::removeHTMLtags runs before the link passes and encodes `[`, `]`, `''` and the colon
 * of URL protocols in attribute values: `<span title="[[X]]">` links nothing. Attributes of HTML
 * elements are dropped here for the same effect; unknown tags stay text, and their links count.
 */
function withoutAttributes(text: string): string {
  let lt = text.indexOf('<');
  if (lt < 0) return text;
  // Tag by tag from each `<` (a tag starts with one): only what changes is copied, no callback per tag.
  let out = '';
  let copied = 0;
  while (lt >= 0) {
    TAG_WITH_ATTRIBUTES.lastIndex = lt;
    const m = TAG_WITH_ATTRIBUTES.exec(text);
    if (m === null) {
      lt = text.indexOf('<', lt + 1);
      continue;
    }
    const end = lt + m[0].length;
    const name = m[2]!;
    if (HTML_ELEMENTS.has(name.toLowerCase()) && ATTRIBUTE_MARKUP.test(m[3]!)) {
      out += text.slice(copied, lt) + `<${m[1]}${name}${m[4]}>`;
      copied = end;
    }
    lt = text.indexOf('<', end);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * Parser::doAllQuotes runs between the internal and the external link passes: a run of two or
 * more apostrophes becomes <i> or <b>, which ends a URL (`http://x.org''` links to http://x.org).
 * A run of four keeps one apostrophe before the tag; longer runs keep all but five.
 */
function withQuoteTags(text: string): string {
  let at = text.indexOf("''");
  if (at < 0) return text;
  let out = '';
  let copied = 0;
  while (at >= 0) {
    let end = at + 2;
    while (text.charCodeAt(end) === 0x27 /* ' */) end++;
    const run = end - at;
    out += text.slice(copied, at) + (run === 4 ? "'<b>" : run > 5 ? `${"'".repeat(run - 5)}<i><b>` : '<i>');
    copied = end;
    at = text.indexOf("''", end);
  }
  return out + text.slice(copied);
}

interface SwitchMatcher {
  /** Text that every synonym starts with one of (`__` nearly everywhere): a page without any has no switch. */
  starts: string[];
  /** MagicWordArray::getRegex: the case-insensitive words, then the case-sensitive ones. */
  patterns: { regex: RegExp; ids: string[] }[];
}

const switchMatchers = new Map<string, SwitchMatcher>();
/** The matcher by extension set and language: a page's lookup builds no key string. */
const switchMatchersBySet = new WeakMap<ReadonlySet<string>, Map<string, SwitchMatcher>>();
const NO_EXTENSIONS: ReadonlySet<string> = new Set();

function switchMatcher(lang: string, extensions: ReadonlySet<string> | undefined): SwitchMatcher {
  let byLanguage = switchMatchersBySet.get(extensions ?? NO_EXTENSIONS);
  if (byLanguage === undefined) {
    byLanguage = new Map();
    switchMatchersBySet.set(extensions ?? NO_EXTENSIONS, byLanguage);
  }
  let matcher = byLanguage.get(lang);
  if (matcher === undefined) {
    matcher = buildSwitchMatcher(lang, extensions);
    byLanguage.set(lang, matcher);
  }
  return matcher;
}

function buildSwitchMatcher(lang: string, extensions: ReadonlySet<string> | undefined): SwitchMatcher {
  const key = `${lang}\n${extensions ? [...extensions].join('|') : ''}`;
  let matcher = switchMatchers.get(key);
  if (matcher) return matcher;
  const words = magicWords(lang);
  const all = [
    ...CORE_SWITCHES.flatMap((id) => words.get(id) ?? []),
    ...(extensions ? [...extensions].flatMap((e) => EXTENSION_SWITCHES[e] ?? []) : []),
  ];
  const starts = new Set<string>();
  const patterns: SwitchMatcher['patterns'] = [];
  for (const caseSensitive of [false, true]) {
    const alternatives: string[] = [];
    const ids: string[] = [];
    for (const word of all) {
      if (word.caseSensitive !== caseSensitive) continue;
      for (const synonym of word.synonyms) {
        alternatives.push(`(${escapeRe(synonym)})`);
        ids.push(word.id);
        starts.add(synonym.slice(0, 2));
      }
    }
    if (alternatives.length) patterns.push({ regex: new RegExp(alternatives.join('|'), caseSensitive ? 'gu' : 'giu'), ids });
  }
  matcher = { starts: [...starts], patterns };
  switchMatchers.set(key, matcher);
  return matcher;
}

function containsAny(text: string, needles: readonly string[]): boolean {
  for (const needle of needles) if (text.indexOf(needle) >= 0) return true;
  return false;
}

/**
 * Parser::doDoubleUnderscore (MagicWordArray::matchAndRemove): every switch of the content
 * language or English, by its id; the switches are removed from the text, as the later passes see it.
 */
function scanSwitches(text: string, out: ScannedLinks, ctx: LinkContext): string {
  const matcher = switchMatcher(ctx.lang ?? 'en', ctx.extensions);
  if (!containsAny(text, matcher.starts)) return text;
  for (const { regex, ids } of matcher.patterns) {
    text = text.replace(regex, (...groups: unknown[]) => {
      const index = groups.findIndex((group, i) => i > 0 && i <= ids.length && group !== undefined);
      out.switches.add(ids[index - 1]!);
      return '';
    });
  }
  return text;
}

/**
 * Parser::handleInternalLinks2: the text is cut at every `[[`; each piece that starts with a title
 * and `]]` (or `|text]]`) is a link. Returns the text with the links replaced by spaces, for the
 * external link passes that run after it in MediaWiki.
 */
function internalLinks(text: string, ctx: LinkContext, out: ScannedLinks): string {
  if (text.indexOf('[[') < 0) return text;
  const segments = text.split('[[');
  let rest = segments[0]!;
  for (let k = 1; k < segments.length; k++) {
    const line = segments[k]!;
    let m = LINK.exec(line);
    let mightBeImage = false;
    let caption: string;
    let trail: string;
    if (m) {
      caption = m[2] ?? '';
      trail = line.slice(m[0].length);
    } else {
      m = IMAGE_LINK.exec(line);
      if (!m) {
        rest += '[[' + line;
        continue;
      }
      mightBeImage = true;
      caption = m[2]!;
      trail = '';
    }
    let target = m[1]!;
    if (target.indexOf('%') >= 0) target = decodeLinkTarget(target);
    const origLink = target.charCodeAt(0) === 0x20 ? target.replace(/^ +/, '') : target;
    if (mayStartWithProtocol(origLink) && STARTS_WITH_PROTOCOL.test(origLink)) {
      rest += '[[' + line;
      continue;
    }
    const link = ctx.subpageNamespaces.has(ctx.ns) ? normalizeSubpageLink(ctx.codec.namespaces.prefixedText(ctx.ns, ctx.dbKey), origLink).target : origLink;
    const title = link.indexOf(STRIP_MARKER) >= 0 ? null : ctx.codec.parse(decodeCharReferencesOnly(link));
    if (!title) {
      rest += '[[' + line;
      continue;
    }
    const noforce = !origLink.startsWith(':');
    if (mightBeImage) {
      if (title.ns !== NS.FILE || !noforce || title.interwiki !== '') {
        // Not an image: MediaWiki prints it as text and goes on with the next piece.
        rest += '[[' + line;
        continue;
      }
      let found = false;
      while (k + 1 < segments.length) {
        const next = segments[++k]!;
        const pieces = next.split(']]');
        if (pieces.length >= 3) {
          caption += '[[' + pieces[0] + ']]' + pieces[1];
          trail = pieces.slice(2).join(']]');
          found = true;
          break;
        }
        if (pieces.length === 2) {
          caption += '[[' + pieces[0] + ']]' + pieces[1];
          continue;
        }
        caption += '[[' + next;
        break;
      }
      if (!found) {
        scanLinks(caption, ctx, out);
        continue;
      }
    }
    // A link to this wiki through a local interwiki prefix is a link, never a category, file or language link.
    classify(title, !noforce || title.localInterwiki === true, caption, ctx, out);
    rest += ' ' + trail;
  }
  return rest;
}

/** Every URL protocol has its colon within its first ten characters, or starts with `//`. */
function mayStartWithProtocol(s: string): boolean {
  const colon = s.indexOf(':');
  return (colon > 0 && colon < 10) || s.startsWith('//');
}

function classify(title: ParsedTitle, forced: boolean, caption: string, ctx: LinkContext, out: ScannedLinks): void {
  if (!forced && title.interwiki !== '') {
    const isTalk = ctx.ns >= 0 && ctx.ns % 2 === 1;
    if (ctx.isLanguagePrefix(title.interwiki) && !isTalk) {
      if (!out.langLinks.has(title.interwiki)) {
        const text = title.dbKey.replace(/_/g, ' ') + (title.fragment ? `#${title.fragment}` : '');
        out.langLinks.set(title.interwiki, text);
      }
      return;
    }
  }
  if (!forced && title.interwiki === '') {
    if (title.ns === NS.FILE) {
      out.images.add(title.dbKey);
      out.embeddedFiles.add(title.dbKey);
      if (caption !== '') imageOptions(caption, ctx, out);
      return;
    }
    if (title.ns === NS.CATEGORY) {
      const sortKey = caption === '' ? ctx.defaultSort() : decodeCharReferencesOnly(caption).replace(/\n/g, '');
      // ParserOutput::addCategory: a category named twice keeps the last sort key.
      out.categories.set(title.dbKey, sortKey);
      return;
    }
  }
  if (title.interwiki !== '') {
    addInterwiki(title.interwiki, title.dbKey, out);
    if (caption) scanLinks(caption, ctx, out);
    return;
  }
  if (title.ns === NS.MEDIA) {
    out.images.add(title.dbKey);
    return;
  }
  if (title.ns === NS.SPECIAL) return;
  const isSelf = title.ns === ctx.ns && title.dbKey === ctx.dbKey && title.fragment === '';
  if (!isSelf && title.dbKey !== '') addPageLink(title, out);
}

/**
 * `ns:dbKey` of the titles the codec gave out (it gives the same object for the same text): a
 * link met on page after page finds its key made, hashed, and identical to the one in the map.
 */
const pageLinkKeys = new WeakMap<ParsedTitle, string>();

function addPageLink(title: ParsedTitle, out: ScannedLinks): void {
  let key = pageLinkKeys.get(title);
  if (key === undefined) {
    key = `${title.ns}:${title.dbKey}`;
    pageLinkKeys.set(title, key);
  }
  if (!out.pageLinks.has(key)) out.pageLinks.set(key, { ns: title.ns, dbKey: title.dbKey });
}

function addInterwiki(prefix: string, dbKey: string, out: ScannedLinks): void {
  const key = `${prefix}:${dbKey}`;
  if (!out.interwikiLinks.has(key)) out.interwikiLinks.set(key, [prefix, dbKey]);
}

const imageOptionMatchers = new Map<string, MagicWordMatcher>();

function imageOptionMatcher(lang: string): MagicWordMatcher {
  let matcher = imageOptionMatchers.get(lang);
  if (!matcher) {
    matcher = new MagicWordMatcher(lang, IMAGE_OPTIONS);
    imageOptionMatchers.set(lang, matcher);
  }
  return matcher;
}

/**
 * Parser::makeImage options: `link=` targets (`verweis=` in German, ...) are links; the caption's
 * own links and URLs count.
 */
function imageOptions(caption: string, ctx: LinkContext, out: ScannedLinks): void {
  const matcher = imageOptionMatcher(ctx.lang ?? 'en');
  for (const part of splitImageParams(caption)) {
    const option = matcher.matchVariableStartToEnd(phpTrim(part));
    if (option?.id === 'img_link') {
      const value = phpTrim(option.param);
      if (value === '') continue;
      if (STARTS_WITH_PROTOCOL.test(value)) {
        addWrittenUrl(value, out);
        continue;
      }
      const t = ctx.codec.parse(decodeCharReferencesOnly(value));
      if (t && t.interwiki === '' && t.dbKey !== '' && t.ns >= 0) addPageLink(t, out);
      else if (t && t.interwiki !== '') addInterwiki(t.interwiki, t.dbKey, out);
      continue;
    }
  }
  // Links anywhere in the options are parsed (MediaWiki parses the whole option text first).
  if (caption.indexOf('[') >= 0 || caption.indexOf(':') >= 0) scanLinks(caption, ctx, out);
}

function splitImageParams(caption: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < caption.length; i++) {
    if (caption.startsWith('[[', i)) {
      depth++;
      i++;
    } else if (caption.startsWith(']]', i)) {
      depth = Math.max(0, depth - 1);
      i++;
    } else if (caption[i] === '|' && depth === 0) {
      parts.push(caption.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(caption.slice(start));
  return parts;
}

function bracketedExternalLinks(text: string, out: ScannedLinks): string {
  if (text.indexOf('[') < 0) return text;
  BRACKETED.lastIndex = 0;
  return text.replace(BRACKETED, (_whole, url: string, label: string) => {
    addWrittenUrl(url, out);
    return ` ${label} `;
  });
}

/**
 * Parser::handleMagicLinks: URLs in running text, starting at a word boundary, outside HTML tags.
 * Candidates are found from their colon, which is much faster than one regular expression over
 * the whole text.
 */
function freeExternalLinks(text: string, out: ScannedLinks): void {
  let colon = text.indexOf(':');
  while (colon >= 0) {
    const start = schemeStart(text, colon);
    if (start >= 0 && !insideTag(text, start)) {
      URL_AT.lastIndex = start;
      const m = URL_AT.exec(text);
      if (m) {
        addFreeLink(m[0], out);
        colon = text.indexOf(':', start + m[0].length);
        continue;
      }
    }
    colon = text.indexOf(':', colon + 1);
  }
}

function schemeStart(text: string, colon: number): number {
  let start = colon;
  while (start > 0 && isAsciiLetter(text.charCodeAt(start - 1))) start--;
  if (start === colon || colon - start > 10) return -1;
  if (start > 0 && isWordChar(text.charCodeAt(start - 1))) return -1;
  // Most words before a colon are no scheme: their first two letters tell, without cutting the word out.
  if (colon - start < 2 || !SCHEME_HEADS.has(schemeHead(text.charCodeAt(start), text.charCodeAt(start + 1)))) return -1;
  const slashes = SCHEMES.get(text.slice(start, colon).toLowerCase());
  if (slashes === undefined) return -1;
  if (slashes && !text.startsWith('//', colon + 1)) return -1;
  return start;
}

/** The first two letters of a scheme, lowercase, as one number. */
function schemeHead(first: number, second: number): number {
  return ((first | 0x20) << 8) | (second | 0x20);
}

const SCHEME_HEADS = new Set([...SCHEMES.keys()].map((scheme) => schemeHead(scheme.charCodeAt(0), scheme.charCodeAt(1))));

function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

function isWordChar(c: number): boolean {
  return isAsciiLetter(c) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}

function insideTag(text: string, at: number): boolean {
  const lt = text.lastIndexOf('<', at);
  if (lt < 0 || text.lastIndexOf('>', at) > lt) return false;
  return /^<\/?[A-Za-z]/.test(text.slice(lt, lt + 3));
}

/** Parser::makeFreeExternalLink: trailing punctuation (and `)` without `(`) is not part of the URL. */
function addFreeLink(found: string, out: ScannedLinks): void {
  let url = found;
  const entity = /&(lt|gt);/.exec(url);
  if (entity) url = url.slice(0, entity.index);
  const separators = url.indexOf('(') < 0 ? ',;.:!?)' : ',;.:!?';
  let end = url.length;
  while (end > 0 && separators.includes(url[end - 1]!)) end--;
  if (end < url.length && url[end] === ';' && /&([A-Za-z0-9]+|#[0-9]+|#x[0-9A-Fa-f]+)$/.test(url.slice(0, end))) end++;
  url = url.slice(0, end);
  const protocol = /^[a-z]+:(\/\/)?/i.exec(url);
  if (!protocol || url.length <= protocol[0].length) return;
  addWrittenUrl(url, out);
}

/** Stored URLs by the URL as written: templates write the same links on page after page. */
const storedUrls = new Map<string, string>();

/**
 * A URL as written in the page: Sanitizer::cleanUrl, then ParserOutput::addExternalLink stores it
 * as Parser::normalizeLinkUrl leaves it.
 */
function addWrittenUrl(written: string, out: ScannedLinks): void {
  let stored = storedUrls.get(written);
  if (stored === undefined) {
    stored = normalizeLinkUrl(cleanUrl(written));
    if (storedUrls.size >= 50_000) storedUrls.clear();
    storedUrls.set(written, stored);
  }
  out.externalLinks.add(stored);
}

const URL_STRIP = /[\s\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8]/gu;

/** Sanitizer::cleanUrl: entities decoded, unsafe characters escaped, invisible characters dropped from the host. */
export function cleanUrl(url: string): string {
  url = decodeCharReferencesOnly(url);
  url = url.replace(/[\][<>"\x00-\x20\x7f|]/g, (c) => encodeURIComponent(c).replace(/[[\]|]/g, (x) => '%' + x.charCodeAt(0).toString(16).toUpperCase()));
  const m = /^([^:]+:)(\/\/[^/]+)?([\s\S]*)$/i.exec(url);
  if (!m) return url;
  let host = m[2] ?? '';
  host = host.replace(URL_STRIP, '');
  const v6 = /^\/\/%5B([0-9A-Fa-f:.]+)%5D((:\d+)?)$/.exec(host);
  if (v6) host = `//[${v6[1]}]${v6[2]}`;
  return m[1] + host + m[3];
}
