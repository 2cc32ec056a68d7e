// SQLite queries of the watchlist family.
import type { WatchlistStore } from '../watchlist.ts';
import type { SqliteDatabase } from './database.ts';

export class SqliteWatchlistStore implements WatchlistStore {
  constructor(private readonly db: SqliteDatabase) {}

  async unseenCount(userId: number, limit: number): Promise<number> {
    return this.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM (SELECT 1 FROM watchlist WHERE wl_user = ? AND wl_notificationtimestamp IS NOT NULL LIMIT ?)',
      userId,
      limit + 1,
    )!.n;
  }
}
