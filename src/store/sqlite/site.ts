// SQLite queries for site-wide tables.
import type { InterwikiRow, SiteStore } from '../site.ts';
import type { SqliteDatabase } from './database.ts';

export class SqliteSiteStore implements SiteStore {
  constructor(private readonly db: SqliteDatabase) {}

  async interwikis(): Promise<InterwikiRow[]> {
    if (!this.db.hasTable('interwiki')) return [];
    return this.db.all<InterwikiRow>('SELECT iw_prefix, iw_url, iw_api, iw_wikiid, iw_local, iw_trans FROM interwiki ORDER BY iw_prefix');
  }
}
