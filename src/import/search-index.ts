// `wikiquery build-search-index`: SearchSqlite's `searchindex` of a SQLite wiki made again from the
// current text of every page, as MediaWiki's rebuildtextindex.php does, for a wiki whose index is
// missing (imported with --no-search-index, or made without one) or behind its pages.
import Database from 'better-sqlite3';
import { buildSearchIndex } from './links/link-builder.ts';

export interface SearchIndexBuilt {
  pages: number;
  elapsedMs: number;
}

export function rebuildSearchIndex(path: string, progress?: (pagesDone: number) => void): SearchIndexBuilt {
  const started = performance.now();
  const db = new Database(path);
  try {
    // One transaction: readers see the old index or the whole new one, never a half-built one.
    const pages = db.transaction(() => {
      db.exec('DROP TABLE IF EXISTS searchindex');
      const built = buildSearchIndex(db, db, { after: 0, upTo: Number.MAX_SAFE_INTEGER }, progress);
      optimizeSearchIndex(db);
      return built;
    })();
    return { pages, elapsedMs: performance.now() - started };
  } finally {
    db.close();
  }
}

/**
 * FTS3's `optimize`: the index's segments merged into one. Each search word is looked up in every
 * segment; an index written in many pieces (hundreds on a large import) costs a few milliseconds
 * a word more than one merged (docs/large-wiki.md). Rows and answers stay the same.
 */
export function optimizeSearchIndex(db: Database.Database): void {
  const segments = db.prepare('SELECT count(*) FROM searchindex_segdir').pluck().get() as number;
  if (segments > 1) db.exec("INSERT INTO searchindex (searchindex) VALUES ('optimize')");
}

export type SearchIndexState = 'ready' | 'missing' | 'stale';

/**
 * Whether a SQLite wiki's search index is there (an FTS table, as SearchSqlite requires) and covers
 * its pages (the highest page id indexed is the wiki's highest): read from the FTS table's content
 * table by rowid, so it costs nothing on a large wiki.
 */
export function sqliteSearchIndexState(path: string): { state: SearchIndexState; indexed: number; pages: number } {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const pages = Number((db.prepare('SELECT max(page_id) AS n FROM page').get() as { n: number | null }).n ?? 0);
    const table = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'searchindex'").get() as { sql: string | null } | undefined;
    if (!table?.sql || !/fts/i.test(table.sql)) return { state: 'missing', indexed: 0, pages };
    const indexed = Number((db.prepare('SELECT max(docid) AS n FROM searchindex_content').get() as { n: number | null }).n ?? 0);
    return { state: indexed < pages ? 'stale' : 'ready', indexed, pages };
  } finally {
    db.close();
  }
}
