// The watchlist family.

export interface WatchlistStore {
  /** Watched pages of `userId` with unseen changes, counting at most `limit + 1`. */
  unseenCount(userId: number, limit: number): Promise<number>;
}
