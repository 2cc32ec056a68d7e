// The text facts of a database search result (SqlSearchResult): its snippet as SearchHighlighter's
// highlightSimple and highlightNone make it, its size and its word count.
//
// MediaWiki runs these regular expressions without the /u flag: `.` is one byte, `\b` and `/i` know
// ASCII letters only. The lines are therefore worked on as binary strings (one character per UTF-8
// byte), and the terms' letters are matched in both cases by classes rather than by the /i flag,
// which would fold Latin-1 letters too.
import type { HighlightTerm } from '../../store/search.ts';
import { phpTrim } from '../../wiki/php-values.ts';

/** SearchHighlighter::DEFAULT_CONTEXT_LINES and DEFAULT_CONTEXT_CHARS. */
const CONTEXT_LINES = 2;
const CONTEXT_CHARS = 75;
/** The English `ellipsis` message. */
const ELLIPSIS = '...';

/** A term as a regular expression source over `form` (binary or plain text), case-insensitive for ASCII. */
function termSource(term: HighlightTerm, binary: boolean): string {
  const text = binary ? Buffer.from(term.text, 'utf8').toString('latin1') : term.text;
  let source = '';
  for (const c of text) {
    if (/[A-Za-z]/.test(c)) source += `[${c.toLowerCase()}${c.toUpperCase()}]`;
    else if (/[\\^$.*+?()[\]{}|/-]/.test(c)) source += `\\${c}`;
    else source += c;
  }
  return `${term.wordStart ? '\\b' : ''}${source}${term.wordEnd ? '\\b' : ''}`;
}

/**
 * SearchHighlighter::highlightSimple: the first two lines that hold a term, each cut to the last
 * term on it with up to 75 characters on either side, terms wrapped in `<span class='searchmatch'>`.
 */
export function highlightSimple(text: string, terms: readonly HighlightTerm[]): string {
  const binaryTerms = terms.map((t) => termSource(t, true)).join('|');
  const line1 = new RegExp(`^([^\\n]*)(${binaryTerms})([^\\n]{0,${CONTEXT_CHARS + 1}})`);
  const highlight = new RegExp(`(${terms.map((t) => termSource(t, false)).join('|')})`, 'g');
  let extract = '';
  let linesLeft = CONTEXT_LINES;
  for (const line of Buffer.from(text, 'utf8').toString('latin1').split('\n')) {
    if (linesLeft === 0) break;
    const m = line1.exec(line);
    if (m === null) continue;
    linesLeft--;
    const pre = truncateStart(m[1]!, CONTEXT_CHARS);
    const post = truncateEnd(m[3]!, CONTEXT_CHARS);
    const shown = htmlspecialchars(Buffer.from(pre + m[2]! + post, 'latin1').toString('utf8'));
    extract += shown.replace(highlight, "<span class='searchmatch'>$1</span>") + '\n';
  }
  return extract;
}

/** SearchHighlighter::highlightNone: the first two non-empty lines, at most 150 bytes, `<br>` between. */
export function highlightNone(text: string): string {
  let t = text.replace(/^[ \t\n\r\0\x0B]+/, '') + '\n';
  t = t.replaceAll('\n\n', '\n');
  const m = /^(?:[^\n]*\n){0,2}/.exec(t)!;
  const bytes = Buffer.from(phpTrim(m[0]), 'utf8').subarray(0, CONTEXT_LINES * CONTEXT_CHARS);
  return htmlspecialchars(bytes.toString('utf8')).replaceAll('\n', '<br>');
}

/** htmlspecialchars with PHP 8's default flags (ENT_QUOTES | ENT_SUBSTITUTE). */
function htmlspecialchars(text: string): string {
  return text.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#039;'));
}

// Language::truncateForVisual over binary strings, measured as mb_strlen measures UTF-8: by the
// length each lead byte announces (a stray continuation byte counts as one character).

function sequenceLength(byte: number): number {
  if (byte < 0xc0) return 1;
  if (byte < 0xe0) return 2;
  if (byte < 0xf0) return 3;
  if (byte < 0xf8) return 4;
  return 1;
}

/** Byte offsets where each character of a binary string starts. */
function characterStarts(s: string): number[] {
  const starts: number[] = [];
  for (let i = 0; i < s.length; i += sequenceLength(s.charCodeAt(i))) starts.push(i);
  return starts;
}

/** truncateForVisual($s, -$length, '...', false): the last `length` characters after an ellipsis. */
function truncateStart(s: string, length: number): string {
  const starts = characterStarts(s);
  if (starts.length <= length) return s;
  // mb_substr($s, -$length), then removeBadCharFirst and ltrim.
  let kept = s.slice(starts[starts.length - length]);
  kept = kept.replace(/^[\x80-\xbf]+/, '').replace(/^[ \t\n\r\0\x0B]+/, '');
  const result = Buffer.from(ELLIPSIS, 'utf8').toString('latin1') + kept;
  return characterStarts(result).length < starts.length ? result : s;
}

/** truncateForVisual($s, $length, '...', false): the first `length` characters and an ellipsis. */
function truncateEnd(s: string, length: number): string {
  const starts = characterStarts(s);
  if (starts.length <= length) return s;
  let kept = s.slice(0, starts[length]);
  kept = removeBadCharLast(kept).replace(/[ \t\n\r\0\x0B]+$/, '');
  const result = kept + Buffer.from(ELLIPSIS, 'utf8').toString('latin1');
  return characterStarts(result).length < starts.length ? result : s;
}

/** Language::removeBadCharLast: a character cut short at the end goes. */
function removeBadCharLast(s: string): string {
  if (s === '') return s;
  const last = s.charCodeAt(s.length - 1);
  if (last >= 0xc0) return s.slice(0, -1);
  if (last >= 0x80) {
    const m = /^([\s\S]*)(?:[\xe0-\xef][\x80-\xbf]|[\xf0-\xf7][\x80-\xbf]{1,2})$/.exec(s);
    if (m) return m[1]!;
  }
  return s;
}

/** strlen of the text: its UTF-8 bytes. */
export function byteSize(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * PHP's str_word_count in the C locale: runs of ASCII letters, apostrophes and hyphens; the text's
 * first character does not start a word when it is one of those two, nor its last `-` end one.
 */
export function wordCount(text: string): number {
  let start = 0;
  let end = text.length;
  if (end > 0 && (text[0] === "'" || text[0] === '-')) start = 1;
  if (end > start && text[end - 1] === '-') end--;
  let count = 0;
  let inWord = false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    const wordChar = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x27 || c === 0x2d;
    if (wordChar && !inWord) count++;
    inWord = wordChar;
  }
  return count;
}
