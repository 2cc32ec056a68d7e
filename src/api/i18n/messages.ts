// MediaWiki message texts (English) and their rendering as wikitext, plain text and HTML.
import { createRequire } from 'node:module';
import { localisationChain } from '../../wiki/languages.ts';
import { ownMessages } from '../../wiki/messages.ts';
import { convertGrammar, convertPlural, formatNum, genderForm, parseFormattedNumber } from '../../wiki/language-rules.ts';
import { phpTrim } from '../../wiki/php-values.ts';
import { escapeKeepingEntities } from '../../wiki/html-entities.ts';

const require = createRequire(import.meta.url);
/**
 * MediaWiki's English texts, those of the spec's extension modules that MediaWiki 1.39 does not
 * ship (the Cite extension's prop=references, from that extension's own messages), then this
 * server's own messages.
 */
const texts: Record<string, string> = { ...require('./en.json'), ...require('./extension-messages.json'), ...require('./wikiquery.json') };

/** A parameter as MediaWiki's raw error format shows it. */
export type MessageParam =
  | string
  | number
  | { plaintext: string | number }
  | { num: number }
  /** `keys`: the list's PHP array keys when they are not 0..n-1 (errorformat=raw shows an object). */
  | { list: MessageParam[]; type: 'text' | 'comma' | 'pipe' | 'semicolon'; keys?: number[] }
  | { message: Message };

export class Message {
  constructor(
    readonly key: string,
    readonly params: readonly MessageParam[] = [],
  ) {}
}

export function msg(key: string, ...params: MessageParam[]): Message {
  return new Message(key, params);
}

export function messageText(key: string, lang = 'en'): string {
  return (lang === 'en' ? texts[key] : translatedText(key, lang)) ?? `⧼${key}⧽`;
}

const translatedCache = new Map<string, Map<string, string | undefined>>();

/**
 * A message in another language (wfMessage()->inLanguage(lang)->useDatabase(false)): the first
 * language of its fallback chain that has the key gives it, English (this server's texts) last;
 * with MessageCache::get's whitespace fix.
 */
function translatedText(key: string, lang: string): string | undefined {
  let cache = translatedCache.get(lang);
  if (!cache) translatedCache.set(lang, (cache = new Map()));
  if (cache.has(key)) return cache.get(key);
  let text: string | undefined;
  for (const code of localisationChain(lang)) {
    if (code === 'en') break;
    const own = ownMessages(code);
    if (Object.hasOwn(own, key)) {
      text = own[key]!.replace(/&#32;/g, ' ').replace(/&nbsp;|&#160;/g, '\u00a0').replace(/&shy;/g, '\u00ad');
      break;
    }
  }
  text ??= texts[key];
  cache.set(key, text);
  return text;
}

export function hasMessage(key: string): boolean {
  return key in texts;
}

/**
 * A list separator as Language::listToText and commaList take it, Message::escaped: stored with
 * `&#32;` for spaces, then HTML-escaped without touching the entities already there (`an'` is
 * `an&#039;`, a stray `&#32` without its `;` is `&amp;#32`).
 */
function separator(key: string, fallback: string, lang: string): string {
  if (lang === 'qqx') return `(${key})`;
  return escapeKeepingEntities(((lang === 'en' ? texts[key] : translatedText(key, lang)) ?? fallback).replace(/&#32;/g, ' '));
}

function paramWikitext(p: MessageParam, lang = 'en'): string {
  if (typeof p === 'string') return p;
  // Plain numbers are inserted as they are; `{num}` parameters get digit grouping.
  if (typeof p === 'number') return String(p);
  if ('plaintext' in p) return String(p.plaintext);
  if ('num' in p) return formatNum(p.num, lang);
  if ('message' in p) return toWikitext(p.message, lang);
  const items = p.list.map((item) => paramWikitext(item, lang));
  switch (p.type) {
    case 'comma':
      return items.join(separator('comma-separator', ', ', lang));
    case 'pipe':
      return items.join(separator('pipe-separator', ' | ', lang));
    case 'semicolon':
      return items.join(separator('semicolon-separator', '; ', lang));
    case 'text':
      if (items.length < 2) return items.join('');
      return `${items.slice(0, -1).join(separator('comma-separator', ', ', lang))}${separator('and', ' and', lang)}${separator('word-separator', ' ', lang)}${items[items.length - 1]}`;
  }
}

function expandMagic(text: string, lang = 'en'): string {
  // Innermost first, so nested templates resolve.
  let prev = '';
  while (prev !== text) {
    prev = text;
    // Parser function names are case-insensitive (`{{grammar:`, `{{Plural:`).
    text = text.replace(/\{\{(PLURAL|GENDER|GRAMMAR|int|ucfirst|lcfirst|#special):([^{}]*)\}\}/gi, (_all, name: string, body: string) => {
      const parts = splitArguments(body);
      switch (name.toUpperCase()) {
        case 'PLURAL':
          return convertPlural(parseFormattedNumber(phpTrim(String(parts[0])), lang), parts.slice(1).map((f) => phpTrim(f)), lang);
        case 'GENDER':
          // Errors do not know the user's gender: the neutral form.
          return genderForm('unknown', parts.slice(1).map((f) => phpTrim(f)));
        case 'GRAMMAR':
          return lang === 'en' ? parts[parts.length - 1] : convertGrammar(parts[1] ?? '', parts[0]!, lang);
        case 'INT':
          return messageText(parts[0], lang);
        case 'UCFIRST':
          return body.charAt(0).toUpperCase() + body.slice(1);
        case 'LCFIRST':
          return body.charAt(0).toLowerCase() + body.slice(1);
        case '#SPECIAL': {
          // The special page's name in an English wiki (interface messages name special pages canonically).
          const page = phpTrim(body);
          return `Special:${page.charAt(0).toUpperCase()}${page.slice(1)}`;
        }
      }
      return body;
    });
  }
  return text;
}

/** A template's arguments as the preprocessor splits them: a `|` inside a `[[link]]` separates nothing. */
function splitArguments(body: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const pair = body.slice(i, i + 2);
    if (pair === '[[' || (pair === ']]' && depth > 0)) {
      depth += pair === '[[' ? 1 : -1;
      current += pair;
      i++;
    } else if (body[i] === '|' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += body[i];
  }
  parts.push(current);
  return parts;
}

/**
 * Message::replaceParameters: `$1`... replaced as PHP's strtr does with the keys `$1` to `$N` of
 * the N parameters, the longest first, so that `$10` with four parameters is `$1` and a `0`.
 */
export function substituteParams(text: string, count: number, value: (index: number) => string): string {
  if (count === 0) return text;
  return text.replace(/\$(\d+)/g, (all, digits: string) => {
    for (let length = digits.length; length > 0; length--) {
      const candidate = digits.slice(0, length);
      const n = Number(candidate);
      if (candidate[0] !== '0' && n >= 1 && n <= count) return value(n - 1) + digits.slice(length);
    }
    return all;
  });
}

/** `qqx` is MediaWiki's pseudo-language that shows message keys and parameters instead of texts. */
export function toQqx(m: Message): string {
  return m.params.length ? `(${m.key}: ${m.params.map((p) => paramWikitext(p, 'qqx')).join(', ')})` : `(${m.key})`;
}

/** Message::text(): parameters, then the parser functions messages use; `siteName` stands for {{SITENAME}} when given. */
export function toWikitext(m: Message, lang = 'en', siteName?: string): string {
  if (lang === 'qqx') return toQqx(m);
  const raw = messageText(m.key, lang);
  let substituted = substituteParams(raw, m.params.length, (i) => paramWikitext(m.params[i]!, lang));
  if (siteName !== undefined) substituted = substituted.replace(/\{\{SITENAME\}\}/g, siteName);
  // ApiResult cleans up every string it is given to Unicode's NFC (translations are not all in it).
  return lang === 'en' ? expandMagic(substituted, lang) : expandMagic(substituted, lang).normalize('NFC');
}

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#039': "'" };

/** MediaWiki's ApiErrorFormatter::stripMarkup: semantic tags become quotes, other tags go. */
export function stripMarkup(text: string): string {
  return text
    .replace(/<\/?(var|kbd|samp|code)>/g, '"')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (all, ent: string) => {
      if (ent.startsWith('#x')) return String.fromCodePoint(parseInt(ent.slice(2), 16));
      if (ent.startsWith('#')) return String.fromCodePoint(parseInt(ent.slice(1), 10));
      return HTML_ENTITIES[ent] ?? all;
    })
    // HTML's legacy references need no `;` (`&gt ;` reads as `> ;`).
    .replace(/&(amp|lt|gt|quot|nbsp)(?![a-zA-Z0-9;])/g, (_all, ent: string) => HTML_ENTITIES[ent]!)
    // Sanitizer::stripAllTags ends with normalizeWhitespace.
    .replace(/[ \r\n\t]+/g, ' ')
    .trim();
}

/** ApiErrorFormatter's plain text (errorformat=plaintext and bc): the message's text, markup tags stripped; its wikitext links stay. */
export function toPlaintext(m: Message, lang = 'en'): string {
  return stripMarkup(toWikitext(m, lang));
}

/** Where a plaintext parameter goes while the message's HTML is made (Message's `$N` until then). */
const PLAINTEXT_MARK = /\x7fplaintext(\d+)\x7f/g;

/**
 * Messages in the API are simple: links, bold/italic and inline tags are all they use. Plaintext
 * parameters go in last, HTML-escaped, as Message::format substitutes them after parsing: the
 * text around them is tidied as if they were not there.
 */
export function toHtml(m: Message, articleUrl: (title: string) => string, lang = 'en'): string {
  const plaintexts: string[] = [];
  const marked = new Message(
    m.key,
    m.params.map((p) => (typeof p === 'object' && 'plaintext' in p ? `\x7fplaintext${plaintexts.push(String(p.plaintext)) - 1}\x7f` : p)),
  );
  let html = messageHtml(marked, articleUrl, lang);
  // A message starting with a space is preformatted text (a translation's stray space).
  if (html.startsWith(' ')) html = `<pre>${html.slice(1)}\n</pre>`;
  // The paragraph's closing comes after its last line's end: the closers with it, past a newline.
  const closers = closersOfUnclosedTags(html);
  if (closers) html += `\n${closers}`;
  return plaintexts.length ? html.replace(PLAINTEXT_MARK, (_all, n: string) => escapeHtmlText(plaintexts[Number(n)]!)) : html;
}

/**
 * Tidying closes the inline elements a paragraph leaves open (a translation's `<strong>` written
 * twice instead of closed), innermost first, before the paragraph ends.
 */
export function closersOfUnclosedTags(html: string): string {
  const open: string[] = [];
  for (const [, closing, name] of html.matchAll(/<(\/?)(b|strong|i|em|code|kbd|var|samp|span|small|big|s|u|sup|sub|tt)\b[^>]*>/g)) {
    if (!closing) open.push(name!);
    else {
      const at = open.lastIndexOf(name!);
      if (at >= 0) open.splice(at, 1);
    }
  }
  return open.reverse().map((name) => `</${name}>`).join('');
}

/** htmlspecialchars with ENT_QUOTES. */
function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/**
 * Sanitizer::normalizeCharReferences: the parser writes character references in one form,
 * `&#39;` for `&#039;` and `&#x7b;` for `&#x7B;`.
 */
export function normalizeCharReferences(text: string): string {
  return text
    .replace(/&#0*(\d+);/g, (all, digits: string) => (validCodepoint(Number(digits)) ? `&#${Number(digits)};` : all))
    .replace(/&#[xX]([0-9a-fA-F]+);/g, (all, hex: string) => (validCodepoint(parseInt(hex, 16)) ? `&#x${parseInt(hex, 16).toString(16)};` : all));
}

/** Sanitizer::validateCodepoint: what XML allows. */
function validCodepoint(c: number): boolean {
  return c === 0x09 || c === 0x0a || c === 0x0d || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

function messageHtml(m: Message, articleUrl: (title: string) => string, lang: string): string {
  return normalizeCharReferences(sanitizeText(toWikitext(m, lang)))
    .replace(/\[\[([^\]|]*)\|([^\]]*)\]\]/g, (_a, t: string, label: string) => `<a href="${articleUrl(t)}" title="${t}">${label}</a>`)
    .replace(/\[\[([^\]]*)\]\]/g, (_a, t: string) => `<a href="${articleUrl(t)}" title="${t}">${t}</a>`)
    .replace(/\[((?:https?:)?\/\/[^\s\]]+) ([^\]]*)\]/g, '<a rel="nofollow" class="external text" href="$1">$2</a>')
    .replace(/'''(.*?)'''/g, '<b>$1</b>')
    .replace(/''(.*?)''/g, '<i>$1</i>')
    .split(/(<a\b[^>]*>.*?<\/a>)/)
    .map((part) => (part.startsWith('<a') ? part : linkFreeUrls(part)))
    .join('')
    .split(/(<[^>]*>)/)
    .map((part, i) => (i % 2 === 1 ? part.replace(/\u00a0/g, '&#160;') : armorFrenchSpaces(part)))
    .join('');
}

/**
 * What tidying does to the text between tags: Sanitizer::armorFrenchSpaces (a space before
 * `?:;!%»›` or after `«‹` made non-breaking), and Remex writing every no-break space as `&#160;`.
 */
export function armorFrenchSpaces(text: string): string {
  return text
    .replace(/ (?=[?:;!%»›](?![A-Za-z0-9_]))/g, '&#160;')
    .replace(/([«‹]) /g, '$1&#160;')
    .replace(/\u00a0/g, '&#160;');
}

/** Inline HTML the parser lets through; any other `<`/`>` is text. */
const ALLOWED_TAG = /(<\/?(?:var|code|kbd|samp|b|i|strong|em|span|br|sup|sub|small|big|tt|s|u|del|ins)\b[^<>]*>)/;
const NOWIKI = /<nowiki>([\s\S]*?)<\/nowiki>/g;

/**
 * What the parser and Sanitizer make of a message's text: `<nowiki>` content and stray `<`, `>`
 * and `&` (not starting an entity) are escaped, allowed inline tags kept.
 */
function sanitizeText(wikitext: string): string {
  const escape = (text: string): string =>
    text.replace(/&(?!(?:[a-z][a-z0-9]*|#\d+|#x[0-9a-f]+);)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return wikitext
    .split(NOWIKI)
    .map((part, i) => (i % 2 === 1 ? escape(part) : part.split(ALLOWED_TAG).map((text, j) => (j % 2 === 1 ? text : escape(text))).join('')))
    .join('');
}

const FREE_URL = /\b(?:https?|ftps?):\/\/[^\][<>"\x00-\x20\x7f\s\ufffd]+/g;

/**
 * Parser::makeFreeExternalLink: a bare URL becomes a link. It ends before `&lt;`/`&gt;`, and
 * trailing punctuation (and a `)` the URL does not open) is left out.
 */
function linkFreeUrls(text: string): string {
  return text.replace(FREE_URL, (found) => {
    let url = found;
    const entity = /&(lt|gt);/.exec(url);
    if (entity) url = url.slice(0, entity.index);
    const punctuation = url.includes('(') ? /[,;.:!?]+$/ : /[,;.:!?)]+$/;
    url = url.replace(punctuation, '');
    return `<a rel="nofollow" class="external free" href="${url}">${url}</a>${found.slice(url.length)}`;
  });
}

/** The `params` array of errorformat=raw. */
export function rawParams(m: Message): unknown[] {
  return m.params.map(function raw(p: MessageParam): unknown {
    if (typeof p === 'object' && 'list' in p) {
      const items = p.list.map(raw);
      const keys = p.keys;
      return { list: keys ? Object.fromEntries(items.map((v, i) => [keys[i], v])) : items, type: p.type };
    }
    if (typeof p === 'object' && 'message' in p) return { key: p.message.key, params: rawParams(p.message) };
    return p;
  });
}
