// The search family: MediaWiki's database search over the full-text index each backend keeps
// (SearchSqlite over the FTS3 `searchindex` table, SearchMySQL over `searchindex` with FULLTEXT
// indexes, SearchPostgres over the `titlevector` and `textvector` columns). Each engine reads the
// search words its own way and ranks its own way: the queries differ per backend by nature.

/** A search as ApiQuerySearch hands it to the engine, the namespace prefix already taken off. */
export interface SearchQuery {
  /** The words as the caller typed them (after a `Namespace:` or `all:` prefix). */
  term: string;
  /** `text`: si_text / textvector; `title`: si_title / titlevector. */
  field: 'text' | 'title';
  /** null: every namespace (the `all:` prefix). */
  namespaces: readonly number[] | null;
  limit: number;
  offset: number;
}

/** A word or phrase the engine matched, for the snippet's highlighting (SearchDatabase::regexTerm). */
export interface HighlightTerm {
  /** The text to find, as the engine holds it. */
  text: string;
  /** A word boundary is wanted before the text. */
  wordStart: boolean;
  /** A word boundary is wanted after it (not after a `*` prefix). */
  wordEnd: boolean;
}

export interface SearchMatch {
  page_id: number;
  page_namespace: number;
  page_title: string;
}

export interface SearchMatches {
  /** The pages in the engine's order, at most `limit` of them. */
  pages: SearchMatch[];
  /** Total hits as the engine counts them; null when it does not. */
  total: number | null;
  terms: HighlightTerm[];
}

export interface SearchStore {
  /**
   * The engine's matches; null when the wiki has no full-text index to search (MediaWiki then says
   * the search is disabled).
   */
  search(query: SearchQuery): Promise<SearchMatches | null>;
  /** Whether the full-text index is there; `stale` when it holds fewer pages than the wiki has. */
  indexState(): Promise<SearchIndexState>;
}

export type SearchIndexState =
  | { state: 'ready'; indexed: number; pages: number }
  | { state: 'missing' }
  | { state: 'stale'; indexed: number; pages: number };
