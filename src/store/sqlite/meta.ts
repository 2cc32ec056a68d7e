// SQLite implementation of MetaStore.
import type { BlockRow, IpBlockQuery, MetaStore, SiteStatsRow } from '../meta.ts';
import type { SqliteDatabase } from './database.ts';

const BLOCK_FIELDS =
  'ipb_id, ipb_address, ipb_user, ipb_timestamp, ipb_auto, ipb_anon_only, ipb_create_account, ipb_expiry, ' +
  'ipb_range_start, ipb_range_end, ipb_block_email, ipb_allow_usertalk, ipb_parent_block_id, ipb_sitewide, ' +
  'ipb_deleted, comment_text AS reason, actor_name AS blocker_name, actor_user AS blocker_id';

export class SqliteMetaStore implements MetaStore {
  constructor(private readonly db: SqliteDatabase) {}

  async siteStats(): Promise<SiteStatsRow | null> {
    if (!this.db.hasTable('site_stats')) return null;
    const row = this.db.get<Record<keyof SiteStatsRow, number | null>>(
      'SELECT ss_total_edits AS edits, ss_good_articles AS articles, ss_total_pages AS pages, ss_users AS users, ' +
        'ss_active_users AS activeUsers, ss_images AS images FROM site_stats WHERE ss_row_id = 1',
    );
    if (!row) return null;
    return {
      edits: row.edits ?? 0,
      articles: row.articles ?? 0,
      pages: row.pages ?? 0,
      users: row.users ?? 0,
      activeUsers: row.activeUsers ?? 0,
      images: row.images ?? 0,
    };
  }

  async groupSize(group: string, now: string): Promise<number> {
    return this.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM user_groups WHERE ug_group = ? AND (ug_expiry IS NULL OR ug_expiry >= ?)',
      group,
      now,
    )!.n;
  }

  async queuedJobs(): Promise<number> {
    if (!this.db.hasTable('job')) return 0;
    // JobQueueDB counts unclaimed jobs; claimed ones carry a token.
    return this.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM job WHERE job_token = ''")!.n;
  }

  async ipHasNewMessages(ip: string): Promise<boolean> {
    return this.db.get('SELECT 1 FROM user_newtalk WHERE user_ip = ? LIMIT 1', ip) !== undefined;
  }

  async unreadNotifications(userId: number, limit: number): Promise<number> {
    return this.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM (SELECT 1 FROM watchlist WHERE wl_user = ? AND wl_notificationtimestamp IS NOT NULL LIMIT ?)',
      userId,
      limit + 1,
    )!.n;
  }

  async ipBlocks(q: IpBlockQuery): Promise<BlockRow[]> {
    // Two index-backed halves: the address itself (ipb_address_unique) and ranges (ipb_range). Every
    // range holding the address starts with its prefix, so starts from the prefix to the address are enough.
    const joins = 'FROM ipblocks JOIN comment ON comment_id = ipb_reason_id LEFT JOIN actor ON actor_id = ipb_by_actor';
    return this.db.all<BlockRow>(
      `SELECT ${BLOCK_FIELDS} ${joins} WHERE ipb_address = ? ` +
        `UNION SELECT ${BLOCK_FIELDS} ${joins} WHERE ipb_range_start >= ? AND ipb_range_start <= ? AND ipb_range_end >= ? ` +
        'ORDER BY ipb_id',
      q.address,
      q.hexPrefix,
      q.hex,
      q.hex,
    );
  }

  async userIdByName(name: string): Promise<number> {
    return this.db.get<{ user_id: number }>('SELECT user_id FROM user WHERE user_name = ?', name)?.user_id ?? 0;
  }

  async latestContentAddress(ns: number, dbKey: string): Promise<string | null> {
    const row = this.db.get<{ content_address: string }>(
      'SELECT content_address FROM page JOIN slots ON slot_revision_id = page_latest ' +
        "JOIN slot_roles ON role_id = slot_role_id AND role_name = 'main' JOIN content ON content_id = slot_content_id " +
        'WHERE page_namespace = ? AND page_title = ?',
      ns,
      dbKey,
    );
    return row ? String(row.content_address) : null;
  }
}
