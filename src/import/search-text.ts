// The text and title that MediaWiki's SearchUpdate stores in the SQLite `searchindex` (FTS3) table.

const LEGAL = `"*A-Za-z_'.0-9\\u0080-\\uFFFF\\-&#;`;
const URL_CHARS = 'A-Za-z0-9_\\/:.,~%\\-+&;#?!=()@\\u0080-\\uFFFF';
const PROTOCOLS = 'http|https|ftp|mailto|news|gopher';
const TAG = /<\/?\s*[A-Za-z][^>]*?>/g;
const HEADING = /(^|\n)==\s*([^\n]+)\s*==(\s)/g;
const FREE_URL = new RegExp(`(^|[^\\[])(${PROTOCOLS}):[${URL_CHARS}]+([^${URL_CHARS}]|$)`, 'g');
const BRACKETED_URL = new RegExp(`([^\\[])\\[(${PROTOCOLS}):[${URL_CHARS}]+]`, 'g');
const LABELLED_URL = new RegExp(`([^\\[])\\[(${PROTOCOLS}):[${URL_CHARS}]+\\s+([^\\]]+)]`, 'g');
const IMAGE = new RegExp(`\\[\\[image:([${URL_CHARS}]+)\\.(gif|png|jpg|jpeg)([^${URL_CHARS}])`, 'gi');
const PLURAL_LINK = new RegExp(`([^${LEGAL}])([${LEGAL}]+)]]([a-z]+)`, 'g');
const FULL_WIDTH = /[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/g;

function halfWidth(s: string): string {
  return s.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/** SearchUpdate::updateText: lowercased words of the wikitext, URLs and markup removed. */
export function searchText(text: string): string {
  let t = halfWidth(text);
  t = (' ' + t + ' ').toLowerCase().replace(TAG, ' ');
  if (t.indexOf('==') >= 0) t = t.replace(HEADING, '$1$2 $2 $2$3');
  // Each replacement runs only when the text has what it needs to match: most pages have no URL
  // of these protocols and no plural link, and a regular expression that cannot match still
  // tries at every position.
  if (hasUrl(t)) {
    t = t.replace(FREE_URL, '$1 $3');
    t = t.replace(BRACKETED_URL, '$1 ');
    t = t.replace(LABELLED_URL, '$1 $3 ');
  }
  if (t.indexOf('[[image:') >= 0) t = t.replace(IMAGE, ' $1 $3');
  if (PLURAL_LINK_END.test(t)) t = t.replace(PLURAL_LINK, '$1$2 $2$3');
  return words(t);
}

const URL_PREFIXES = PROTOCOLS.split('|').map((p) => `${p}:`);
const PLURAL_LINK_END = /\]\][a-z]/;

function hasUrl(t: string): boolean {
  if (t.indexOf(':') < 0) return false;
  for (const prefix of URL_PREFIXES) if (t.indexOf(prefix) >= 0) return true;
  return false;
}

/** Characters SearchSqlite indexes (legalSearchChars plus `&#;`): everything else separates words. */
function isLegal(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || c >= 0x80 ||
    c === 0x5f || c === 0x27 || c === 0x2e || c === 0x2d || c === 0x22 || c === 0x2a || c === 0x26 || c === 0x23 || c === 0x3b
  );
}

/**
 * The last steps of updateText in one pass: runs of other characters become one space, "bob's"
 * is indexed as "bob bob's" and "dogs'" as "dogs", and wiki quote marks disappear.
 */
function words(t: string): string {
  let out = ' ';
  let start = -1;
  const n = t.length;
  for (let i = 0; i <= n; i++) {
    const legal = i < n && isLegal(t.charCodeAt(i));
    if (legal) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    let word = t.slice(start, i);
    start = -1;
    if (word.indexOf("''") >= 0) word = word.replace(/''[']*/g, ' ');
    if (word.endsWith("'s") && word.length > 2) word = `${word.slice(0, -2)} ${word}`;
    else if (word.endsWith("s'") && word.length > 2) word = word.slice(0, -1);
    out += word + ' ';
  }
  return out;
}

/** SearchUpdate::getNormalizedTitle. */
export function searchTitle(dbKey: string, ns: number): string {
  let t = halfWidth(dbKey.replace(/_/g, ' '));
  t = t.replace(new RegExp(`[^${LEGAL}]+`, 'g'), ' ').toLowerCase();
  t = t.replace(new RegExp(`([${LEGAL}]+)'s( |$)`, 'g'), "$1 $1's ");
  t = t.replace(new RegExp(`([${LEGAL}]+)s'( |$)`, 'g'), '$1s ');
  t = t.replace(/\s+/g, ' ');
  if (ns === 6) t = t.replace(/ (png|gif|jpg|jpeg|ogg)$/, '');
  return t.trim();
}
