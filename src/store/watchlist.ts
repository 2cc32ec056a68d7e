// The watchlist family: watchlist, and watchlist_expiry where $wgWatchlistExpiry is on.
import type { TitleKey } from './pages.ts';

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

export interface WatchlistStore {
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
