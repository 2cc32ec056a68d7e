// The recent changes family: recentchanges, with the actors and comments of its rows, the page at
// each title and the revision each change made.

/** RC_EDIT, RC_NEW, RC_LOG, RC_EXTERNAL, RC_CATEGORIZE (rc_type). */
export const RC_TYPES = Object.freeze({ edit: 0, new: 1, log: 3, external: 5, categorize: 6 } as const);
export type RecentChangeType = keyof typeof RC_TYPES;

/** RecentChange::PRC_* (rc_patrolled). */
export const PRC_UNPATROLLED = 0;
export const PRC_PATROLLED = 1;
export const PRC_AUTOPATROLLED = 2;

/** A change with its actor and comment: what list=recentchanges and list=watchlist both read. */
export interface ChangeRow {
  rc_id: number;
  /** 14 digits. */
  rc_timestamp: string;
  rc_namespace: number;
  rc_title: string;
  rc_cur_id: number;
  rc_this_oldid: number;
  rc_last_oldid: number;
  rc_type: number;
  rc_minor: number;
  rc_bot: number;
  rc_patrolled: number;
  rc_old_len: number | null;
  rc_new_len: number | null;
  /** RevisionRecord::DELETED_* bits (LogPage's for log rows). */
  rc_deleted: number;
  rc_logid: number;
  rc_log_type: string | null;
  rc_log_action: string | null;
  rc_params: string | null;
  actor_user: number | null;
  actor_name: string;
  comment_text: string;
}

export interface RecentChangeRow extends ChangeRow {
  /** The page now at the title; null when there is none. */
  page_is_redirect: number | null;
  /** The revision the change made (null when it is gone). */
  rev_sha1: string | null;
  rev_deleted: number | null;
}

/** A position in (rc_timestamp, rc_id) order. */
export interface ChangePosition {
  timestamp: string;
  id: number;
}

/** ApiQueryRecentChanges' conditions. */
export interface RecentChangesQuery {
  newer: boolean;
  start: string | null;
  end: string | null;
  from: ChangePosition | null;
  /** rc_type values; none given: every type (MediaWiki adds no condition for an empty list). */
  types: readonly number[];
  /** null or empty: every namespace. */
  namespaces: readonly number[] | null;
  /** With `namespaces` too, both must hold. */
  title: { ns: number; dbKey: string } | null;
  minor: boolean | null;
  bot: boolean | null;
  anon: boolean | null;
  /** true: redirects only; false: everything but redirects (log rows without a page too). */
  redirect: boolean | null;
  /** rc_patrolled conditions: `= value` and `!= value` lists. */
  patrolledIs: readonly number[];
  patrolledIsNot: readonly number[];
  /** Only the changes that made their page's latest revision. */
  topOnly: boolean;
  performer: string | null;
  excludedPerformer: string | null;
  /** Leave out rows where `rc_deleted & mask == mask` (T19342). */
  performerHiddenMask: number;
  /** Leave out log rows where `rc_deleted & mask == mask`. */
  logActionHiddenMask: number;
  tagId?: number | null;
  limit: number;
}

export interface RecentChangesStore {
  recentChanges(query: RecentChangesQuery): Promise<RecentChangeRow[]>;
}
