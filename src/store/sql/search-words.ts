// How MediaWiki's database search engines read the words of a search (SearchDatabase::filter and the
// parseQuery of SearchSqlite and SearchMySQL): characters outside the index's own become spaces, then
// each word or quoted phrase is taken with its `-`/`+` modifier and its `*` prefix mark.
import { phpTrim } from '../../wiki/php-values.ts';

/** SearchEngine::legalSearchChars: ASCII letters, digits, `_'.-` and every non-ASCII character (their UTF-8 bytes). */
const WORD_CHARS = "A-Za-z_'.0-9\\u0080-\\uFFFF";

/**
 * SearchDatabase::filter: every character the engine does not know becomes a space, with the
 * syntax characters `"` and `*` kept; `-` is a word character for SQLite, not for MySQL.
 */
export function filterSearchText(text: string, hyphenIsWordChar: boolean): string {
  const legal = new RegExp(`[^"*${WORD_CHARS}${hyphenIsWordChar ? '\\-' : ''}]`, 'g');
  return phpTrim(text.replace(legal, ' '));
}

/** One word or phrase of the search. */
export interface SearchWord {
  /** `-`, `+`, ... or ''. */
  modifier: string;
  /** The word, or the phrase without its quotes. */
  text: string;
  quoted: boolean;
  /** `*` after an unquoted word: a prefix. */
  wildcard: boolean;
}

/** The words of a filtered search, as parseQuery's preg_match_all finds them. */
export function searchWords(filtered: string, hyphenIsWordChar: boolean): SearchWord[] {
  const word = `[${WORD_CHARS}${hyphenIsWordChar ? '\\-' : ''}]+`;
  const pattern = new RegExp(`([-+<>~]?)((${word})(\\*?)|"[^"]*")`, 'g');
  const out: SearchWord[] = [];
  for (const m of filtered.matchAll(pattern)) {
    const unquoted = m[3];
    if (unquoted !== undefined && unquoted !== '') {
      out.push({ modifier: m[1]!, text: unquoted, quoted: false, wildcard: m[4] === '*' });
    } else {
      out.push({ modifier: m[1]!, text: m[2]!.replaceAll('"', ''), quoted: true, wildcard: false });
    }
  }
  return out;
}

/** PHP's trim: spaces, tabs, newlines, carriage returns, NUL and vertical tabs. */
/**
 * Language::normalizeForSearch for the languages without their own (English among them): full-width
 * ASCII letters and digits as ASCII.
 */
export function normalizeForSearch(text: string): string {
  return text.replace(/[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}
