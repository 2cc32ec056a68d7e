// SQLite implementation of RevisionStore.
import type { RevisionStore } from '../revisions.ts';
import type { SqliteDatabase } from './database.ts';

export class SqliteRevisionStore implements RevisionStore {
  constructor(private readonly db: SqliteDatabase) {}
}
