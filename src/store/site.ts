// The site family: interwiki, site_stats, change_tag_def, the job queue.

export interface InterwikiRow {
  iw_prefix: string;
  iw_url: string;
  iw_api: string;
  iw_wikiid: string;
  iw_local: number;
  iw_trans: number;
}

/** The `site_stats` row (SiteStats), NULL counters read as 0. */
export interface SiteStatsRow {
  ss_total_edits: number;
  ss_good_articles: number;
  ss_total_pages: number;
  ss_users: number;
  ss_active_users: number;
  ss_images: number;
}

export interface SiteStore {
  /** Every interwiki prefix, sorted by prefix. Read once at start-up. */
  interwikis(): Promise<InterwikiRow[]>;
  /** null when the wiki has no `site_stats` row. */
  stats(): Promise<SiteStatsRow | null>;
  /** The change tags defined by users (change_tag_def's ctd_user_defined), by name. Read once at start-up. */
  userDefinedTags(): Promise<string[]>;
  /** change_tag_def id of a tag name; null when the tag is not defined. */
  tagId(name: string): Promise<number | null>;
  /** Jobs waiting in the database job queue (`job` table), 0 when there is none. */
  queuedJobs(): Promise<number>;
}
