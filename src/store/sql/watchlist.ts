// Queries of the watchlist family.
import type { WatchlistStore } from '../watchlist.ts';
import type { SqlExecutor } from './executor.ts';

export class SqlWatchlistStore implements WatchlistStore {
  constructor(private readonly db: SqlExecutor) {}

  async unseenCount(userId: number, limit: number): Promise<number> {
    // The derived table's name is required by MySQL and PostgreSQL.
    const row = await this.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM (SELECT 1 FROM {watchlist} WHERE wl_user = ? AND wl_notificationtimestamp IS NOT NULL LIMIT ?) AS unseen',
      userId,
      limit + 1,
    );
    return Number(row!.n);
  }
}
