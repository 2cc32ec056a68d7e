// SearchSqlite: the FTS3 `searchindex` table (rowid = page id), searched with SQLite's MATCH.
import type { HighlightTerm, SearchIndexState, SearchMatch, SearchMatches, SearchQuery } from '../search.ts';
import type { SqlExecutor } from './executor.ts';
import { valuesIn } from './dialect.ts';
import { filterSearchText, normalizeForSearch, searchWords } from './search-words.ts';

/**
 * SearchSqlite::parseQuery: the MATCH expression (each word with its modifier, phrases quoted,
 * prefixes with their `*`, each followed by a space) and the words to highlight.
 */
export function sqliteMatch(term: string): { match: string; terms: HighlightTerm[] } {
  // searchInternal lower-cases before filtering (Language::lc).
  const filtered = filterSearchText(term.toLowerCase(), true);
  let match = '';
  const terms: HighlightTerm[] = [];
  for (const word of searchWords(filtered, true)) {
    if (match !== '') match += ' ';
    const quote = word.quoted ? '"' : '';
    match += `${word.modifier}${quote}${normalizeForSearch(word.text)}${quote}${word.wildcard ? '*' : ''} `;
    terms.push({ text: word.text, wordStart: true, wordEnd: !word.wildcard });
  }
  return { match, terms };
}

/**
 * MediaWiki joins page and searchindex and lets SQLite 3.40 choose the order: with fewer than ten
 * namespaces in the IN list it walks page_name_title namespace by namespace (so title order) and
 * checks each page against the index; with ten or more, or none, it reads the index (page id
 * order) and looks each page up. Here the index is always read first, then sorted that way, so a
 * large wiki is not read page by page.
 */
const TITLE_ORDER_BELOW = 10;

export class SqliteSearch {
  constructor(private readonly db: SqlExecutor) {}

  async search(q: SearchQuery): Promise<SearchMatches | null> {
    if (!(await this.hasFullTextIndex())) return null;
    const { match, terms } = sqliteMatch(q.term);
    const column = q.field === 'text' ? 'si_text' : 'si_title';
    const where = [`si.${column} MATCH ?`];
    const args: unknown[] = [match];
    if (q.namespaces !== null) {
      const list = valuesIn(this.db.dialect, 'page_namespace', q.namespaces.length === 0 ? [0] : q.namespaces, 'integers');
      where.push(list.sql);
      args.push(...list.values);
    }
    const byTitle = q.namespaces !== null && Math.max(q.namespaces.length, 1) < TITLE_ORDER_BELOW;
    const from = `FROM {searchindex} si CROSS JOIN {page} ON page_id = si.rowid WHERE ${where.join(' AND ')}`;
    const order = byTitle ? 'page_namespace, page_title' : 'si.rowid';
    const pages = await this.db.all<SearchMatch>(
      `SELECT page_id, page_namespace, page_title ${from} ORDER BY ${order} LIMIT ? OFFSET ?`,
      ...args,
      q.limit,
      q.offset,
    );
    const count = await this.db.get<{ c: number }>(`SELECT COUNT(*) AS c ${from}`, ...args);
    return { pages: pages.map(numericIds), total: Number(count?.c ?? 0), terms };
  }

  /** SearchSqlite::fulltextSearchSupported: searchindex is an FTS table. */
  private async hasFullTextIndex(): Promise<boolean> {
    const row = await this.db.get<{ sql: string | null }>('SELECT sql FROM sqlite_master WHERE tbl_name = ?', this.db.dialect.table('searchindex'));
    return row !== undefined && row.sql !== null && /fts/i.test(row.sql);
  }

  async indexState(): Promise<SearchIndexState> {
    if (!(await this.hasFullTextIndex())) return { state: 'missing' };
    // The FTS table's own content table, read by its rowid (the page id): no full scan.
    const indexed = await this.db.get<{ n: number | null }>(`SELECT max(docid) AS n FROM {searchindex_content}`);
    const pages = await this.db.get<{ n: number | null }>('SELECT max(page_id) AS n FROM {page}');
    const lastIndexed = Number(indexed?.n ?? 0);
    const lastPage = Number(pages?.n ?? 0);
    return lastIndexed < lastPage ? { state: 'stale', indexed: lastIndexed, pages: lastPage } : { state: 'ready', indexed: lastIndexed, pages: lastPage };
  }
}

export function numericIds(row: SearchMatch): SearchMatch {
  return { page_id: Number(row.page_id), page_namespace: Number(row.page_namespace), page_title: String(row.page_title) };
}
