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
const NON_LEGAL = new RegExp(`[^${LEGAL}]+`, 'g');
const FULL_WIDTH = /[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/g;

function halfWidth(s: string): string {
  return s.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/** SearchUpdate::updateText: lowercased words of the wikitext, URLs and markup removed. */
export function searchText(text: string): string {
  let t = halfWidth(text);
  t = (' ' + t + ' ').toLowerCase().replace(TAG, ' ');
  t = t.replace(HEADING, '$1$2 $2 $2$3');
  t = t.replace(FREE_URL, '$1 $3');
  t = t.replace(BRACKETED_URL, '$1 ');
  t = t.replace(LABELLED_URL, '$1 $3 ');
  t = t.replace(IMAGE, ' $1 $3');
  t = t.replace(PLURAL_LINK, '$1$2 $2$3');
  t = t.replace(NON_LEGAL, ' ');
  // "Bob's" is also indexed as "bob"; "dogs'" as "dogs".
  t = t.replace(/([^ ]+)'s( |$)/g, "$1's $1$2").replace(/([^ ]+)s'( |$)/g, '$1s$2');
  return t.replace(/''[']*/g, ' ');
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
