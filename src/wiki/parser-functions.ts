// The pure parts of the ParserFunctions extension's functions, shared by the importer's parser and
// the server's message parser: errors, #iferror's test, #rel2abs, #titleparts, #ifeq's comparison,
// and the text functions padleft, padright and anchorencode.

import { decodeCharReferencesOnly as decodeCharReferences } from './titles.ts';
import { phpTrim } from './php-values.ts';

/** How ParserFunctions shows an error: its message (already in the content language), escaped. */
export function parserFunctionError(text: string): string {
  return `<strong class="error">${escapeHtml(text)}</strong>`;
}

/** htmlspecialchars with ENT_QUOTES, as Message::escaped gives a text. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/** #iferror's test: an element (strong, span, p or div) whose class list holds `error`. */
export function looksLikeError(text: string): boolean {
  return /<(?:strong|span|p|div)\s(?:[^\s>]*\s+)*?class="(?:[^"\s>]*\s+)*?error(?:\s[^">]*)?"/.test(text);
}

/**
 * #rel2abs: `to` read against the path `from` (given trimmed, or the page's own title), `.` and
 * `..` segments resolved. A `..` above the root gives `{ tooDeep }`: the path for the error
 * pfunc_rel2abs_invalid_depth.
 */
export function relativeToAbsolute(to: string, from: string): { path: string } | { tooDeep: string } {
  to = to.replace(/[ /]+$/, '');
  if (to === '' || to === '.') return { path: from };
  if (!(to.startsWith('/') || to.startsWith('./') || to.startsWith('../') || to === '..')) from = '';
  const fullPath = `/${from}/${to}/`.replace(/\/(\.\/)+/g, '/').replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '');
  const levels: string[] = [];
  for (const segment of fullPath.split('/')) {
    if (segment !== '..') levels.push(segment);
    else if (levels.length > 0) levels.pop();
    else return { tooDeep: fullPath };
  }
  return { path: levels.join('/') };
}

/**
 * #titleparts over a title's prefixed text: `count` segments (all when 0, all but the last -count
 * when negative) from segment `offset` (1-based; negative counts from the end). PHP's explode
 * stops at 25 segments, the last keeping the rest.
 */
export function titleParts(prefixedText: string, count: number, offset: number): string {
  const all = prefixedText.split('/');
  const segments = all.length > 25 ? [...all.slice(0, 24), all.slice(24).join('/')] : all;
  const from = offset > 0 ? offset - 1 : offset;
  return phpArraySlice(segments, from, count === 0 ? undefined : count).join('/');
}

/** PHP's array_slice: negative offsets and lengths count from the end. */
function phpArraySlice<T>(items: T[], offset: number, length?: number): T[] {
  const start = offset < 0 ? Math.max(0, items.length + offset) : Math.min(offset, items.length);
  if (length === undefined) return items.slice(start);
  const end = length < 0 ? items.length + length : start + length;
  return end <= start ? [] : items.slice(start, end);
}

/** PHP's (int) of a text: its leading integer, 0 without one. */
export function phpIntOf(text: string): number {
  const m = /^[ \t\n\r\v\f]*([+-]?\d+)/.exec(text);
  return m ? Number(m[1]) : 0;
}

/** PHP 8's is_numeric: leading and trailing whitespace allowed, no hexadecimal. */
export function isPhpNumeric(text: string): boolean {
  return /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/.test(text);
}

/** #ifeq and #switch: two numbers compare as numbers, anything else as text (PHP's ==). */
export function looselyEqual(a: string, b: string): boolean {
  if (isPhpNumeric(a) && isPhpNumeric(b)) return Number(a) === Number(b);
  return a === b;
}

/**
 * {{padleft:}} and {{padright:}}: the text filled to `length` characters (at most 500) with the
 * padding repeated, its last repetition cut; an empty padding leaves the text.
 */
export function padText(text: string, length: number, padding: string, left: boolean): string {
  const fill = [...padding];
  if (fill.length === 0) return text;
  let missing = Math.min(length, 500) - [...text].length;
  if (missing <= 0) return text;
  let added = '';
  while (missing > 0) {
    added += fill.slice(0, missing).join('');
    missing -= fill.length;
  }
  return left ? added + text : text + added;
}

/**
 * {{anchorencode:}}: the section anchor a heading of this text would get (links reduced to their
 * text, bold and italic marks and tags dropped, white space as `_`), escaped for an attribute.
 */
export function anchorEncode(text: string): string {
  let section = text
    .replace(/\[\[:?([^[|]+)\|([^[]+)\]\]/g, '$2')
    .replace(/\[\[:?([^[]+)\|?\]\]/g, '$1')
    .replace(/\[(?:https?:|ftp:|mailto:|\/\/)([^ ]+?) ([^[]+)\]/gi, '$2')
    .replace(/'{2,}/g, '')
    .replace(/<[^>]*>/g, '');
  section = decodeCharReferences(phpTrim(section.replace(/[ _]+/g, ' ')));
  const id = [...section].slice(0, 1024).join('').replace(/[\t\n\f\r ]/g, '_');
  return escapeHtml(id)
    .replace(/\{/g, '&#123;')
    .replace(/\}/g, '&#125;')
    .replace(/\[/g, '&#91;')
    .replace(/\]/g, '&#93;')
    .replace(/''/g, '&#39;&#39;')
    .replace(/ISBN/g, '&#73;SBN')
    .replace(/RFC/g, '&#82;FC')
    .replace(/PMID/g, '&#80;MID')
    .replace(/\|/g, '&#124;')
    .replace(/＿/g, '&#xFF3F;')
    .replace(/((?:https?|ftp|mailto|news|irc|ircs|gopher|telnet|nntp|worldwind|svn|git|mms|sftp|ssh|tel|sip|sips|xmpp|urn|geo|bitcoin|magnet|matrix):|\/\/)/gi, (protocol) => protocol.replace(/:/g, '&#58;'));
}
