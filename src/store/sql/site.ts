// Queries of the site family: tables of site-wide facts, most read once at start-up.
import type { InterwikiRow, SiteStatsRow, SiteStore } from '../site.ts';
import type { SqlExecutor } from './executor.ts';

export class SqlSiteStore implements SiteStore {
  /**
   * Optional tables found present: statistics and queued jobs are read per request (and by the
   * server's health probe), where asking again would double the round trips to a server.
   */
  private readonly presentTables = new Set<string>();

  constructor(private readonly db: SqlExecutor) {}

  private async hasTable(name: string): Promise<boolean> {
    if (this.presentTables.has(name)) return true;
    const present = await this.db.hasTable(name);
    if (present) this.presentTables.add(name);
    return present;
  }

  async interwikis(): Promise<InterwikiRow[]> {
    if (!(await this.hasTable('interwiki'))) return [];
    return this.db.all<InterwikiRow>('SELECT iw_prefix, iw_url, iw_api, iw_wikiid, iw_local, iw_trans FROM {interwiki} ORDER BY iw_prefix');
  }

  async stats(): Promise<SiteStatsRow | null> {
    if (!(await this.hasTable('site_stats'))) return null;
    const row = await this.db.get<Record<keyof SiteStatsRow, number | null>>(
      'SELECT ss_total_edits, ss_good_articles, ss_total_pages, ss_users, ss_active_users, ss_images FROM {site_stats} WHERE ss_row_id = 1',
    );
    if (!row) return null;
    return {
      ss_total_edits: row.ss_total_edits ?? 0,
      ss_good_articles: row.ss_good_articles ?? 0,
      ss_total_pages: row.ss_total_pages ?? 0,
      ss_users: row.ss_users ?? 0,
      ss_active_users: row.ss_active_users ?? 0,
      ss_images: row.ss_images ?? 0,
    };
  }

  async userDefinedTags(): Promise<string[]> {
    if (!(await this.hasTable('change_tag_def'))) return [];
    const rows = await this.db.all<{ ctd_name: string }>('SELECT ctd_name FROM {change_tag_def} WHERE ctd_user_defined = 1 ORDER BY ctd_name');
    return rows.map((r) => r.ctd_name);
  }

  async tagId(name: string): Promise<number | null> {
    return (await this.db.get<{ ctd_id: number }>('SELECT ctd_id FROM {change_tag_def} WHERE ctd_name = ?', name))?.ctd_id ?? null;
  }

  async queuedJobs(): Promise<number> {
    if (!(await this.hasTable('job'))) return 0;
    // JobQueueDB counts unclaimed jobs; claimed ones carry a token.
    const row = await this.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM {job} WHERE job_token = ''");
    return Number(row!.n);
  }
}
