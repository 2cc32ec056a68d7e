// SQLite implementation of PageLinkStore.
import type { PageLinkStore } from '../pagelinks.ts';
import type { SqliteDatabase } from './database.ts';

export class SqlitePageLinkStore implements PageLinkStore {
  constructor(private readonly db: SqliteDatabase) {}
}
