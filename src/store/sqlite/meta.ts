// SQLite implementation of MetaStore.
import type { MetaStore } from '../meta.ts';
import type { SqliteDatabase } from './database.ts';

export class SqliteMetaStore implements MetaStore {
  constructor(private readonly db: SqliteDatabase) {}
}
