// The text and title that MediaWiki's SearchUpdate stores in the SQLite `searchindex` (FTS3) table.
//
// updateText is a chain of global regular expression replacements, each over the whole text. Most
// of them can only match at a few places, next to a literal (`\n==`, a protocol and its colon,
// `]]`): searchText finds those places with indexOf and tries the same expression, made sticky,
// there alone. A global replacement tries every position in order and goes on after each match,
// so trying only the positions where a match can start, in the same order, gives the same result.

const LEGAL = `"*A-Za-z_'.0-9\\u0080-\\uFFFF\\-&#;`;
const URL_CHARS = 'A-Za-z0-9_\\/:.,~%\\-+&;#?!=()@\\u0080-\\uFFFF';
const PROTOCOL_NAMES = ['http', 'https', 'ftp', 'mailto', 'news', 'gopher'];
const PROTOCOLS = PROTOCOL_NAMES.join('|');
const TAG = /<\/?\s*[A-Za-z][^>]*?>/g;
const HEADING = /(^|\n)==\s*([^\n]+)\s*==(\s)/y;
const FREE_URL = new RegExp(`(^|[^\\[])(${PROTOCOLS}):[${URL_CHARS}]+([^${URL_CHARS}]|$)`, 'y');
const BRACKETED_URL = new RegExp(`([^\\[])\\[(${PROTOCOLS}):[${URL_CHARS}]+]`, 'y');
const LABELLED_URL = new RegExp(`([^\\[])\\[(${PROTOCOLS}):[${URL_CHARS}]+\\s+([^\\]]+)]`, 'y');
const IMAGE = new RegExp(`\\[\\[image:([${URL_CHARS}]+)\\.(gif|png|jpg|jpeg)([^${URL_CHARS}])`, 'iy');
const PLURAL_LINK = new RegExp(`([^${LEGAL}])([${LEGAL}]+)]]([a-z]+)`, 'y');
const FULL_WIDTH = /[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/g;
const NOT_LEGAL = new RegExp(`[^${LEGAL}]+`, 'g');

function halfWidth(s: string): string {
  return s.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/** SearchUpdate::updateText: lowercased words of the wikitext, URLs and markup removed. */
export function searchText(text: string): string {
  let t = halfWidth(text);
  t = (' ' + t + ' ').toLowerCase();
  if (t.indexOf('<') >= 0) t = t.replace(TAG, ' ');
  t = replaceWhere(t, HEADING, nextHeading, (m) => `${m[1]}${m[2]} ${m[2]} ${m[2]}${m[3]}`);
  // Every URL expression needs a protocol and its colon: one look for them in most texts, which have none.
  if (nextFreeUrl(t, 0) >= 0) {
    t = replaceWhere(t, FREE_URL, nextFreeUrl, (m) => `${m[1]} ${m[3]}`);
    t = replaceWhere(t, BRACKETED_URL, nextBracketedUrl, (m) => `${m[1]} `);
    t = replaceWhere(t, LABELLED_URL, nextBracketedUrl, (m) => `${m[1]} ${m[3]} `);
  }
  // Case-insensitive, but the text is lowercase by now.
  t = replaceWhere(t, IMAGE, nextImage, (m) => ` ${m[1]} ${m[3]}`);
  t = replaceWhere(t, PLURAL_LINK, nextPluralLink, (m) => `${m[1]}${m[2]} ${m[2]}${m[3]}`);
  return words(t);
}

/** Where the next match of a sticky expression can start, at or after `from`; -1 when nowhere. */
type NextStart = (text: string, from: number) => number;

/**
 * `text.replace(pattern, replacer)` for the global form of the sticky `pattern`, trying it only
 * at the positions `nextStart` gives: every position where a match can start must be among them.
 */
function replaceWhere(text: string, pattern: RegExp, nextStart: NextStart, replacer: (match: RegExpExecArray) => string): string {
  let out = '';
  let copied = 0;
  let from = 0;
  for (;;) {
    const start = nextStart(text, from);
    if (start < 0) break;
    pattern.lastIndex = start;
    const match = pattern.exec(text);
    if (match === null) {
      from = start + 1;
      continue;
    }
    out += text.slice(copied, start) + replacer(match);
    // None of the expressions matches an empty string: the next match starts after this one.
    copied = from = start + match[0].length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** HEADING starts with `==` at the beginning of the text or `\n==`. */
function nextHeading(text: string, from: number): number {
  if (from === 0 && text.startsWith('==')) return 0;
  return text.indexOf('\n==', from);
}

/** Last letters of the protocol names: most colons (`[[Category:`, `{{#if:`) have none before them. */
const PROTOCOL_ENDS = new Set(PROTOCOL_NAMES.map((name) => name.charCodeAt(name.length - 1)));

/** The length of the protocol name that ends just before the colon at `colon`, or 0. */
function protocolBefore(text: string, colon: number): number {
  if (!PROTOCOL_ENDS.has(text.charCodeAt(colon - 1))) return 0;
  for (const name of PROTOCOL_NAMES) if (text.startsWith(name, colon - name.length)) return name.length;
  return 0;
}

/**
 * FREE_URL starts one character before a protocol name followed by a colon, or at the start of
 * the text when the name is there. No name ends another one, so each colon has at most one start,
 * and the starts come in the order of their colons (names have no colon).
 */
function nextFreeUrl(text: string, from: number): number {
  for (let colon = text.indexOf(':', from); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    const length = protocolBefore(text, colon);
    if (length === 0) continue;
    const name = colon - length;
    const start = name > 0 ? name - 1 : 0;
    if (start >= from) return start;
  }
  return -1;
}

/** BRACKETED_URL and LABELLED_URL start two characters before a protocol name followed by a colon: `x[http:`. */
function nextBracketedUrl(text: string, from: number): number {
  for (let colon = text.indexOf(':', from); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    const length = protocolBefore(text, colon);
    if (length === 0) continue;
    const start = colon - length - 2;
    if (start >= from) return start;
  }
  return -1;
}

function nextImage(text: string, from: number): number {
  return text.indexOf('[[image:', from);
}

const A = 0x61;
const Z = 0x7a;

/**
 * PLURAL_LINK (`x` + legal characters + `]]` + a-z) starts just before the run of legal
 * characters that ends at a `]]` followed by a lowercase letter. `]` is not legal, so the runs
 * before different `]]` do not overlap: each is walked back once or twice.
 */
function nextPluralLink(text: string, from: number): number {
  for (let end = text.indexOf(']]', from); end >= 0; end = text.indexOf(']]', end + 1)) {
    const after = text.charCodeAt(end + 2);
    if (!(after >= A && after <= Z)) continue;
    let start = end;
    while (start > from && isLegal(text.charCodeAt(start - 1))) start--;
    // `start - 1` is the character before the run; the run must have at least one character.
    if (start < end && start - 1 >= from && !isLegal(text.charCodeAt(start - 1))) return start - 1;
  }
  return -1;
}

/** Characters SearchSqlite indexes (legalSearchChars plus `&#;`): everything else separates words. */
function isLegal(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || c >= 0x80 ||
    c === 0x5f || c === 0x27 || c === 0x2e || c === 0x2d || c === 0x22 || c === 0x2a || c === 0x26 || c === 0x23 || c === 0x3b
  );
}

const SPACE = 0x20;

/** Each UTF-16 code unit as the words keep it: itself when legal, a space otherwise (a space is not legal). */
const WORD_UNIT = new Uint16Array(0x10000);
for (let c = 0; c < WORD_UNIT.length; c++) WORD_UNIT[c] = isLegal(c) ? c : SPACE;

/** Reused output of `words` for texts up to this many code units (a 2 MB array); longer ones get their own. */
const KEPT_UNITS = 1 << 20;
let wordUnits = new Uint16Array(1 << 16);

/**
 * The last steps of updateText: runs of other characters become one space, "bob's" is indexed as
 * "bob bob's" and "dogs'" as "dogs", and wiki quote marks disappear. The spaces are made in one
 * pass without branches over the code units (a space is written at every separator, and kept by
 * moving on only after a word); then only the words with an apostrophe need more.
 */
function words(t: string): string {
  const n = t.length;
  let out = wordUnits;
  if (out.length < n + 2) {
    out = new Uint16Array(n + 2);
    if (n + 2 <= KEPT_UNITS) wordUnits = out;
  }
  out[0] = SPACE;
  let length = 1;
  let afterWord = 0;
  for (let i = 0; i < n; i++) {
    const unit = WORD_UNIT[t.charCodeAt(i)]!;
    out[length] = unit;
    const legal = +(unit !== SPACE);
    length += legal | afterWord;
    afterWord = legal;
  }
  if (afterWord) out[length++] = SPACE;
  // utf16le copies the code units as they are, lone surrogates too.
  const spaced = Buffer.from(out.buffer, out.byteOffset, length * 2).toString('utf16le');
  return spaced.indexOf("'") < 0 ? spaced : fixApostropheWords(spaced);
}

/** The words of `spaced` (words between single spaces) that have an apostrophe, fixed. */
function fixApostropheWords(spaced: string): string {
  let out = '';
  let copied = 0;
  for (let quote = spaced.indexOf("'"); quote >= 0; quote = spaced.indexOf("'", quote + 1)) {
    // `quote` is the word's first apostrophe: the words before it were done.
    const end = spaced.indexOf(' ', quote);
    const last = spaced.charCodeAt(end - 1);
    const beforeLast = spaced.charCodeAt(end - 2);
    const quoteMarks = spaced.charCodeAt(quote + 1) === APOSTROPHE || spaced.indexOf("''", quote) < end;
    const suffix = (last === S && beforeLast === APOSTROPHE) || (last === APOSTROPHE && beforeLast === S);
    if (quoteMarks || suffix) {
      const start = spaced.lastIndexOf(' ', quote) + 1;
      out += spaced.slice(copied, start) + fixWord(spaced.slice(start, end));
      copied = end;
    }
    quote = end;
  }
  return copied === 0 ? spaced : out + spaced.slice(copied);
}

const APOSTROPHE = 0x27;
const S = 0x73;

function fixWord(word: string): string {
  if (word.indexOf("''") >= 0) word = word.replace(/''[']*/g, ' ');
  if (word.endsWith("'s") && word.length > 2) return `${word.slice(0, -2)} ${word}`;
  if (word.endsWith("s'") && word.length > 2) return word.slice(0, -1);
  return word;
}

const TITLE_POSSESSIVE = new RegExp(`([${LEGAL}]+)'s( |$)`, 'g');
const TITLE_PLURAL_POSSESSIVE = new RegExp(`([${LEGAL}]+)s'( |$)`, 'g');
const FILE_EXTENSION = / (png|gif|jpg|jpeg|ogg)$/;

/** SearchUpdate::getNormalizedTitle. */
export function searchTitle(dbKey: string, ns: number): string {
  let t = halfWidth(dbKey.replace(/_/g, ' '));
  t = t.replace(NOT_LEGAL, ' ').toLowerCase();
  if (t.indexOf("'") >= 0) {
    t = t.replace(TITLE_POSSESSIVE, "$1 $1's ");
    t = t.replace(TITLE_PLURAL_POSSESSIVE, '$1s ');
  }
  t = t.replace(/\s+/g, ' ');
  if (ns === 6) t = t.replace(FILE_EXTENSION, '');
  return t.trim();
}
