// Queries of the watchlist family.
import type { TitleKey } from '../pages.ts';
import type {
  ExpiryFilter, VisitingTitle, WatchedItemRow, WatchedTitlesQuery, WatcherCountRow, WatchlistChangeRow, WatchlistChangesQuery, WatchlistStore,
} from '../watchlist.ts';
import type { SqlExecutor } from './executor.ts';
import { CHUNK, chunks, titleSet } from './queries.ts';
import { SqlWatchlistReads } from './watchlist-reads.ts';

export class SqlWatchlistStore implements WatchlistStore {
  private readonly reads: SqlWatchlistReads;

  constructor(private readonly db: SqlExecutor) {
    this.reads = new SqlWatchlistReads(db);
  }

  changes(query: WatchlistChangesQuery): Promise<WatchlistChangeRow[]> {
    return this.reads.changes(query);
  }

  watchedTitles(query: WatchedTitlesQuery): Promise<WatchedItemRow[]> {
    return this.reads.watchedTitles(query);
  }

  async unseenCount(userId: number, limit: number): Promise<number> {
    // The derived table's name is required by MySQL and PostgreSQL.
    const row = await this.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM (SELECT 1 FROM {watchlist} WHERE wl_user = ? AND wl_notificationtimestamp IS NOT NULL LIMIT ?) AS unseen',
      userId,
      limit + 1,
    );
    return Number(row!.n);
  }

  async watchedItems(userId: number, titles: readonly TitleKey[], expiry: ExpiryFilter): Promise<WatchedItemRow[]> {
    const out: WatchedItemRow[] = [];
    // Read through the unique index on (wl_user, wl_namespace, wl_title).
    for (const part of chunks(titles, CHUNK / 2 - 1)) {
      const rows = await this.db.all<WatchedItemRow>(
        `SELECT wl_namespace, wl_title, wl_notificationtimestamp, ${expiry ? 'we_expiry' : 'NULL AS we_expiry'} FROM {watchlist}` +
          `${this.expiryJoin(expiry)} WHERE wl_user = ? AND (${titleSet('wl', part.length)})${this.expiryCondition(expiry)}`,
        userId,
        ...part.flatMap((t) => [t.ns, t.dbKey]),
        ...this.expiryValues(expiry),
      );
      out.push(...rows.map((r) => ({ ...r, wl_namespace: Number(r.wl_namespace) })));
    }
    return out;
  }

  async watcherCounts(titles: readonly TitleKey[], expiry: ExpiryFilter, minimum: number | null): Promise<WatcherCountRow[]> {
    const out: WatcherCountRow[] = [];
    // Read through the index on (wl_namespace, wl_title).
    for (const part of chunks(titles, CHUNK / 2 - 1)) {
      out.push(...(await this.counts(`(${titleSet('wl', part.length)})`, part.flatMap((t) => [t.ns, t.dbKey]), expiry, minimum)));
    }
    return out;
  }

  async visitingWatcherCounts(titles: readonly VisitingTitle[], expiry: ExpiryFilter, minimum: number | null): Promise<WatcherCountRow[]> {
    const out: WatcherCountRow[] = [];
    const timestamp = this.db.dialect.timestampParameter();
    for (const part of chunks(titles, CHUNK / 3 - 1)) {
      const conditions = part.map((t) =>
        t.since === null
          ? '(wl_namespace = ? AND wl_title = ?)'
          : `(wl_namespace = ? AND wl_title = ? AND (wl_notificationtimestamp >= ${timestamp} OR wl_notificationtimestamp IS NULL))`,
      );
      const values = part.flatMap((t) => (t.since === null ? [t.ns, t.dbKey] : [t.ns, t.dbKey, t.since]));
      out.push(...(await this.counts(`(${conditions.join(' OR ')})`, values, expiry, minimum)));
    }
    return out;
  }

  private async counts(where: string, values: unknown[], expiry: ExpiryFilter, minimum: number | null): Promise<WatcherCountRow[]> {
    const rows = await this.db.all<WatcherCountRow>(
      `SELECT wl_namespace, wl_title, COUNT(*) AS watchers FROM {watchlist}${this.expiryJoin(expiry)} WHERE ${where}${this.expiryCondition(expiry)} ` +
        `GROUP BY wl_namespace, wl_title${minimum === null ? '' : ' HAVING COUNT(*) >= ?'}`,
      ...values,
      ...this.expiryValues(expiry),
      ...(minimum === null ? [] : [minimum]),
    );
    return rows.map((r) => ({ wl_namespace: Number(r.wl_namespace), wl_title: r.wl_title, watchers: Number(r.watchers) }));
  }

  private expiryJoin(expiry: ExpiryFilter): string {
    return expiry ? ' LEFT JOIN {watchlist_expiry} ON we_item = wl_id' : '';
  }

  /** WatchedItemStore::modifyQueryBuilderForExpiry: watches whose expiry has passed do not count. */
  private expiryCondition(expiry: ExpiryFilter): string {
    return expiry ? ` AND (we_expiry IS NULL OR we_expiry > ${this.db.dialect.timestampParameter()})` : '';
  }

  private expiryValues(expiry: ExpiryFilter): string[] {
    return expiry ? [expiry.now] : [];
  }
}
