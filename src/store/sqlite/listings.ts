// SQLite implementation of ListingStore.
import type { ListingStore } from '../listings.ts';
import type { SqliteDatabase } from './database.ts';

export class SqliteListingStore implements ListingStore {
  constructor(private readonly db: SqliteDatabase) {}
}
