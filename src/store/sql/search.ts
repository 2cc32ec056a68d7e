// The search family over one executor: the engine MediaWiki uses on the executor's database
// (SearchSqlite, SearchMySQL, SearchPostgres), the one part of the store written per backend.
import type { SearchIndexState, SearchMatches, SearchQuery, SearchStore } from '../search.ts';
import type { SqlExecutor } from './executor.ts';
import { SqliteSearch } from './search-sqlite.ts';
import { MysqlSearch } from './search-mysql.ts';
import { PostgresSearch } from './search-postgres.ts';

interface SearchEngine {
  search(q: SearchQuery): Promise<SearchMatches | null>;
  indexState(): Promise<SearchIndexState>;
}

export class SqlSearchStore implements SearchStore {
  private readonly engine: SearchEngine;

  constructor(db: SqlExecutor) {
    const name = db.dialect.name;
    this.engine = name === 'mysql' ? new MysqlSearch(db) : name === 'postgres' ? new PostgresSearch(db) : new SqliteSearch(db);
  }

  search(q: SearchQuery): Promise<SearchMatches | null> {
    return this.engine.search(q);
  }

  indexState(): Promise<SearchIndexState> {
    return this.engine.indexState();
  }
}
