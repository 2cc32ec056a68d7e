// Store queries for the meta modules: site statistics, group sizes, the caller's notices and blocks.

/** The `site_stats` row (SiteStats). */
export interface SiteStatsRow {
  edits: number;
  articles: number;
  pages: number;
  users: number;
  activeUsers: number;
  images: number;
}

/** An `ipblocks` row with its reason and the blocker's actor. */
export interface BlockRow {
  ipb_id: number;
  ipb_address: string;
  ipb_user: number;
  ipb_timestamp: string;
  ipb_auto: number;
  ipb_anon_only: number;
  ipb_create_account: number;
  ipb_expiry: string;
  ipb_range_start: string;
  ipb_range_end: string;
  ipb_block_email: number;
  ipb_allow_usertalk: number;
  ipb_parent_block_id: number | null;
  ipb_sitewide: number;
  ipb_deleted: number;
  reason: string;
  blocker_name: string | null;
  blocker_id: number | null;
}

/** Blocks that may apply to an IP address: on the address itself or on a range holding it. */
export interface IpBlockQuery {
  address: string;
  /** IPUtils::toHex of the address. */
  hex: string;
  /** The first hex digits every range block of the address shares ($wgBlockCIDRLimit). */
  hexPrefix: string;
}

export interface MetaStore {
  /** null when the wiki has no `site_stats` row. */
  siteStats(): Promise<SiteStatsRow | null>;
  /** SiteStats::numberingroup: members of `group` whose membership has not expired at `now`. */
  groupSize(group: string, now: string): Promise<number>;
  /** Jobs waiting in the database job queue (`job` table), 0 when there is none. */
  queuedJobs(): Promise<number>;
  /** `user_newtalk` holds a notice for this IP address (anonymous callers). */
  ipHasNewMessages(ip: string): Promise<boolean>;
  /** Watched pages of `userId` with unseen changes, counting at most `limit + 1`. */
  unreadNotifications(userId: number, limit: number): Promise<number>;
  ipBlocks(query: IpBlockQuery): Promise<BlockRow[]>;
  /** `user_id` of a user name, 0 when there is no such account. */
  userIdByName(name: string): Promise<number>;
  /** Content address (`tt:<id>`) of the main slot of a page's latest revision; null without one. */
  latestContentAddress(ns: number, dbKey: string): Promise<string | null>;
}
