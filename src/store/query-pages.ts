// The lists of MediaWiki's QueryPage special pages (Special:Ancientpages, Special:Wantedpages ...),
// as list=querypage reads them: computed from the wiki's tables, or as updateSpecialPages.php last
// stored them in querycache (what MediaWiki shows of an expensive page in miser mode).

/**
 * The query pages list=querypage offers: MediaWiki's QueryPage::getPages() less
 * $wgAPIUselessQueryPages, GadgetUsage (Gadgets) and AllInfoboxes (the infobox extension's, as
 * PortableInfobox defines it).
 */
export const QUERY_PAGES = [
  'Ancientpages', 'BrokenRedirects', 'Deadendpages', 'DoubleRedirects', 'ListDuplicatedFiles',
  'Listredirects', 'Lonelypages', 'Longpages', 'MediaStatistics', 'Mostcategories', 'Mostimages',
  'Mostinterwikis', 'Mostlinkedcategories', 'Mostlinkedtemplates', 'Mostlinked', 'Mostrevisions',
  'Fewestrevisions', 'Shortpages', 'Uncategorizedcategories', 'Uncategorizedpages',
  'Uncategorizedimages', 'Uncategorizedtemplates', 'Unusedcategories', 'Unusedimages',
  'Wantedcategories', 'Wantedfiles', 'Wantedpages', 'Wantedtemplates', 'Unwatchedpages',
  'Unusedtemplates', 'Withoutinterwiki', 'GadgetUsage', 'AllInfoboxes',
] as const;

export type QueryPageName = (typeof QUERY_PAGES)[number];

/**
 * One row as MediaWiki's query returns it: `namespace`, `title`, usually `value`, then the page's
 * own columns in select order (`rd_title`, `redirid` ... which the API shows as `databaseResult`).
 * Values are as the database gives them (numbers, strings, null).
 */
export interface QueryPageRow {
  namespace: number | string;
  title: string;
  value?: unknown;
  [column: string]: unknown;
}

export interface LiveQueryPageQuery {
  page: QueryPageName;
  /** $wgContentNamespaces. */
  contentNamespaces: readonly number[];
  /** Uncategorizedcategories: category titles (DB keys) not to list. */
  exceptions: readonly string[];
  offset: number;
  limit: number;
}

export interface CachedQueryPageQuery {
  page: QueryPageName;
  /** The ORDER BY MediaWiki reads the cache with (QueryPage::getCacheOrderFields, sortDescending). */
  order: 'value' | 'value-descending' | 'value-descending-then-title' | 'title';
  offset: number;
  limit: number;
}

export interface QueryPageStore {
  /** The page's rows computed now (QueryPage::reallyDoQuery), in its order. */
  live(q: LiveQueryPageQuery): Promise<QueryPageRow[]>;
  /** The rows stored for the page in querycache (QueryPage::fetchFromCache): namespace, title and value. */
  cached(q: CachedQueryPageQuery): Promise<QueryPageRow[]>;
  /** When the cache of the page was filled (querycache_info), 14 digits; null when never. */
  cachedTimestamp(page: QueryPageName): Promise<string | null>;
}
