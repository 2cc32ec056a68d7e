// SQLite queries of the file family.
import type { FileStore } from '../files.ts';
import { placeholders, type SqliteDatabase } from './database.ts';
import { chunks } from './queries.ts';

export class SqliteFileStore implements FileStore {
  constructor(private readonly db: SqliteDatabase) {}

  async existing(names: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (const part of chunks(names)) {
      for (const r of this.db.all<{ img_name: string }>(`SELECT img_name FROM image WHERE img_name IN (${placeholders(part.length)})`, ...part)) out.add(r.img_name);
    }
    return out;
  }
}
