// The watchlist family: watchlist, and watchlist_expiry where $wgWatchlistExpiry is on.
import type { TitleKey } from './pages.ts';
import type { ChangePosition, ChangeRow } from './recent-changes.ts';

/** One watched page of one user (WatchedItemStore::loadWatchedItemsBatch). */
export interface WatchedItemRow {
  wl_namespace: number;
  wl_title: string;
  /** 14 digits; null when the user has seen the page's latest change. */
  wl_notificationtimestamp: string | null;
  /** 14 digits; null for a watch without expiry (or a wiki without expiries). */
  we_expiry: string | null;
}

/** How many users watch a page. */
export interface WatcherCountRow {
  wl_namespace: number;
  wl_title: string;
  watchers: number;
}

/**
 * Watches that count: with $wgWatchlistExpiry, those whose expiry is not past `now` (14 digits);
 * null when the wiki keeps no expiries.
 */
export type ExpiryFilter = { now: string } | null;

/** A title, and for an existing page the oldest unseen change that still makes a watcher visiting (14 digits). */
export interface VisitingTitle extends TitleKey {
  since: string | null;
}

export interface WatchlistStore extends WatchlistReads {
  /** Watched pages of `userId` with unseen changes, counting at most `limit + 1`. */
  unseenCount(userId: number, limit: number): Promise<number>;
  /** The user's watches of these titles. */
  watchedItems(userId: number, titles: readonly TitleKey[], expiry: ExpiryFilter): Promise<WatchedItemRow[]>;
  /** Watchers of each title that has at least `minimum` (all with a watcher when null). */
  watcherCounts(titles: readonly TitleKey[], expiry: ExpiryFilter, minimum: number | null): Promise<WatcherCountRow[]>;
  /**
   * Watchers of each title who visited it recently (WatchedItemStore::countVisitingWatchersMultiple):
   * those with nothing unseen or whose first unseen change is not older than `since`; for a title
   * without `since` (a missing page), all its watchers.
   */
  visitingWatcherCounts(titles: readonly VisitingTitle[], expiry: ExpiryFilter, minimum: number | null): Promise<WatcherCountRow[]>;
}

/** WatchedItemQueryService::getWatchedItemsWithRecentChangeInfo's conditions. */
export interface WatchlistChangesQuery {
  /** The watchlist's owner. */
  userId: number;
  expiry: ExpiryFilter;
  /** Every change, not only those that made their page's latest revision (log rows always count). */
  allRevisions: boolean;
  /** null or empty: every namespace. */
  namespaces: readonly number[] | null;
  /** rc_type values; null: every type. */
  types: readonly number[] | null;
  minor: boolean | null;
  bot: boolean | null;
  anon: boolean | null;
  /** rc_patrolled conditions: `= value` and `!= value` lists. */
  patrolledIs: readonly number[];
  patrolledIsNot: readonly number[];
  /** true: changes at or after the watcher's notification timestamp; false: the others. */
  unread: boolean | null;
  newer: boolean;
  start: string | null;
  end: string | null;
  from: ChangePosition | null;
  performer: string | null;
  excludedPerformer: string | null;
  /** Leave out rows where `rc_deleted & mask == mask` (T19342). */
  performerHiddenMask: number;
  /** Leave out log rows where `rc_deleted & mask == mask`. */
  logActionHiddenMask: number;
  limit: number;
}

/** A recent change of a watched page, with the watch. */
export interface WatchlistChangeRow extends ChangeRow {
  /** 14 digits; null when the watcher has seen the page's latest change. */
  wl_notificationtimestamp: string | null;
  /** 14 digits; null for a watch without expiry. */
  we_expiry: string | null;
}

/** WatchedItemQueryService::getWatchedItemsForUser's options (list=watchlistraw). */
export interface WatchedTitlesQuery {
  userId: number;
  expiry: ExpiryFilter;
  namespaces: readonly number[] | null;
  /** true: pages with unseen changes only; false: the others. */
  changed: boolean | null;
  descending: boolean;
  /** Bounds in (namespace, title) order, inclusive; `after` is the continuation, inclusive too. */
  from: TitleKey | null;
  until: TitleKey | null;
  after: TitleKey | null;
  limit: number;
}

export interface WatchlistReads {
  /** Recent changes of the pages the user watches, in (rc_timestamp, rc_id) order. */
  changes(query: WatchlistChangesQuery): Promise<WatchlistChangeRow[]>;
  /** The user's watched titles in (namespace, title) order. */
  watchedTitles(query: WatchedTitlesQuery): Promise<WatchedItemRow[]>;
}
