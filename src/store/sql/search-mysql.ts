// SearchMySQL: `searchindex` with FULLTEXT indexes on si_title and si_text, searched with MATCH ...
// AGAINST in boolean mode (every word required) and ranked by its natural-language relevance. The
// index holds MediaWiki's normalised words: non-ASCII characters spelled `u8` + their UTF-8 bytes in
// hexadecimal, words shorter than the server's ft_min_word_len padded with `u800`, and a dot inside
// a word spelled `u82e`, so the engine's tokenizer and minimum length see every word.
import type { HighlightTerm, SearchIndexState, SearchMatch, SearchMatches, SearchQuery } from '../search.ts';
import type { SqlExecutor } from './executor.ts';
import { valuesIn } from './dialect.ts';
import { numericIds } from './search-sqlite.ts';
import { filterSearchText, normalizeForSearch, searchWords } from './search-words.ts';

/** SearchMySQL::normalizeText: lower case, `u8` spellings, short words padded, inner dots spelled. */
export function mysqlNormalize(text: string, minWordLength: number): string {
  let out = text.toLowerCase().replace(/[^\x00-\x7f]/gu, (c) => 'u8' + Buffer.from(c, 'utf8').toString('hex'));
  if (minWordLength > 1) out = out.replace(new RegExp(`\\b(\\w{1,${minWordLength - 1}})\\b`, 'g'), '$1u800');
  return out.replace(/(\w)\.(\w|\*)/g, '$1u82e$2');
}

/**
 * A SearchSqlite index row as SearchMySQL would have written it: MySQL's search characters leave
 * out the hyphen (a hyphen and the spaces around it become one space); titles are normalised once,
 * texts twice (SearchUpdate normalises the text it hands to SearchMySQL::update, which does again).
 */
export function mysqlIndexRow(title: string, text: string, minWordLength: number): { title: string; text: string } {
  const noHyphens = (s: string) => s.replace(/[ -]*-[ -]*/g, ' ');
  const normalise = (s: string) => mysqlNormalize(s, minWordLength);
  return { title: normalise(noHyphens(title)), text: normalise(normalise(noHyphens(text))) };
}

/** SearchMySQL::parseQuery: every word required (`+`), phrases quoted, prefixes with `*`. */
export function mysqlMatch(term: string, minWordLength: number): { match: string; terms: HighlightTerm[] } {
  const filtered = filterSearchText(term, false);
  let match = '';
  const terms: HighlightTerm[] = [];
  for (const word of searchWords(filtered, false)) {
    if (match !== '') match += ' ';
    const quote = word.quoted ? '"' : '';
    const modifier = word.modifier === '' ? '+' : word.modifier;
    match += `${modifier}${quote}${mysqlNormalize(normalizeForSearch(word.text), minWordLength)}${quote}${word.wildcard ? '*' : ''} `;
    terms.push({ text: word.text, wordStart: true, wordEnd: !word.wildcard });
  }
  return { match, terms };
}

export class MysqlSearch {
  private minWordLength: number | undefined;

  constructor(private readonly db: SqlExecutor) {}

  /** SearchMySQL::minSearchLength: the server's ft_min_word_len (MyISAM's), 0 when it has none. */
  private async wordLength(): Promise<number> {
    if (this.minWordLength === undefined) {
      const row = await this.db.get<{ n: number | string | null }>('SELECT @@GLOBAL.ft_min_word_len AS n');
      this.minWordLength = Number(row?.n ?? 0) || 0;
    }
    return this.minWordLength;
  }

  async search(q: SearchQuery): Promise<SearchMatches | null> {
    // searchInternal: blank words are no search at all.
    if (q.term.trim() === '') return null;
    const { match, terms } = mysqlMatch(q.term, await this.wordLength());
    const column = q.field === 'text' ? 'si_text' : 'si_title';
    const where = ['page_id = si_page', `MATCH(${column}) AGAINST(? IN BOOLEAN MODE)`];
    const args: unknown[] = [match];
    if (q.namespaces !== null) {
      const list = valuesIn(this.db.dialect, 'page_namespace', q.namespaces.length === 0 ? [0] : q.namespaces, 'integers');
      where.push(list.sql);
      args.push(...list.values);
    }
    const from = `FROM {page}, {searchindex} WHERE ${where.join(' AND ')}`;
    const pages = await this.db.all<SearchMatch>(
      `SELECT page_id, page_namespace, page_title ${from} ORDER BY MATCH(${column}) AGAINST(? IN NATURAL LANGUAGE MODE) DESC LIMIT ? OFFSET ?`,
      ...args,
      match,
      q.limit,
      // MediaWiki writes a negative offset into its statement, which MySQL refuses: read as none, as SQLite reads it.
      Math.max(0, q.offset),
    );
    const count = await this.db.get<{ c: number }>(`SELECT COUNT(*) AS c ${from}`, ...args);
    return { pages: pages.map(numericIds), total: Number(count?.c ?? 0), terms };
  }

  async indexState(): Promise<SearchIndexState> {
    if (!(await this.db.hasTable('searchindex'))) return { state: 'missing' };
    const indexed = await this.db.get<{ n: number | null }>('SELECT max(si_page) AS n FROM {searchindex}');
    const pages = await this.db.get<{ n: number | null }>('SELECT max(page_id) AS n FROM {page}');
    const lastIndexed = Number(indexed?.n ?? 0);
    const lastPage = Number(pages?.n ?? 0);
    return lastIndexed < lastPage ? { state: 'stale', indexed: lastIndexed, pages: lastPage } : { state: 'ready', indexed: lastIndexed, pages: lastPage };
  }
}
