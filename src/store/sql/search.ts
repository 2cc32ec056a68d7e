// The search family over one executor: the engine of the executor's database.
import type { SearchIndexState, SearchMatches, SearchQuery, SearchStore } from '../search.ts';
import type { SqlExecutor } from './executor.ts';
import { SqliteSearch } from './search-sqlite.ts';

interface SearchEngine {
  search(q: SearchQuery): Promise<SearchMatches | null>;
  indexState(): Promise<SearchIndexState>;
}

export class SqlSearchStore implements SearchStore {
  private readonly engine: SearchEngine;

  constructor(db: SqlExecutor) {
    this.engine = new SqliteSearch(db);
  }

  search(q: SearchQuery): Promise<SearchMatches | null> {
    return this.engine.search(q);
  }

  indexState(): Promise<SearchIndexState> {
    return this.engine.indexState();
  }
}
