// SQLite queries for site-wide tables.
import type { InterwikiRow, SiteStore } from '../site.ts';
import type { SqliteDatabase } from './database.ts';

export class SqliteSiteStore implements SiteStore {
  constructor(private readonly db: SqliteDatabase) {}

  async interwikis(): Promise<InterwikiRow[]> {
    if (!this.db.hasTable('interwiki')) return [];
    return this.db.all<InterwikiRow>('SELECT iw_prefix, iw_url, iw_api, iw_wikiid, iw_local, iw_trans FROM interwiki ORDER BY iw_prefix');
  }

  async userDefinedTags(): Promise<string[]> {
    if (!this.db.hasTable('change_tag_def')) return [];
    return this.db.all<{ ctd_name: string }>('SELECT ctd_name FROM change_tag_def WHERE ctd_user_defined = 1 ORDER BY ctd_name').map((r) => r.ctd_name);
  }
}
