// The watchlist's listings: the recent changes of a user's watched pages (recentchanges joined to
// watchlist through rc_namespace_title_timestamp and the unique wl_user index), and the watched
// titles themselves in (wl_namespace, wl_title) order.
import type { TitleKey } from '../pages.ts';
import type {
  ExpiryFilter, WatchedItemRow, WatchedTitlesQuery, WatchlistChangeRow, WatchlistChangesQuery, WatchlistReads,
} from '../watchlist.ts';
import type { SqlExecutor } from './executor.ts';
import { Conditions } from './queries.ts';
import { CHANGE_COLUMNS, addChangeFlagConditions, changeRowValues, rangeStart } from './recent-changes.ts';

const RC_LOG = 3;

export class SqlWatchlistReads implements WatchlistReads {
  constructor(private readonly db: SqlExecutor) {}

  async changes(q: WatchlistChangesQuery): Promise<WatchlistChangeRow[]> {
    const timestamp = this.db.dialect.timestampParameter();
    const c = new Conditions(this.db.dialect);
    c.add('wl_user = ?', q.userId);
    this.expiry(c, q.expiry);
    // The page's latest change only; log rows always (their page may be gone or elsewhere).
    if (!q.allRevisions) c.add(`(rc_this_oldid = page_latest OR rc_type = ${RC_LOG})`);
    c.inList('wl_namespace', q.namespaces && q.namespaces.length ? [...q.namespaces].sort((a, b) => a - b) : null);
    if (q.types !== null) c.inList('rc_type', [...q.types].sort((a, b) => a - b));
    addChangeFlagConditions(c, q);
    if (q.unread === true) c.add('rc_timestamp >= wl_notificationtimestamp');
    if (q.unread === false) c.add('(wl_notificationtimestamp IS NULL OR rc_timestamp < wl_notificationtimestamp)');
    const [fromOp, toOp] = q.newer ? ['>', '<'] : ['<', '>'];
    // A bound in the direction of travel even when none is asked, as MediaWiki adds one on MySQL:
    // where the planner walks the timestamp index, it reads it as a range from its end.
    c.add(`rc_timestamp ${fromOp}= ${timestamp}`, rangeStart(q.newer, q.start, q.from?.timestamp ?? null));
    if (q.end !== null) c.add(`rc_timestamp ${toOp}= ${timestamp}`, q.end);
    if (q.performer !== null) c.add('actor_name = ?', q.performer);
    if (q.excludedPerformer !== null) c.add('actor_name != ?', q.excludedPerformer);
    if (q.performerHiddenMask) c.add('(rc_deleted & ?) != ?', q.performerHiddenMask, q.performerHiddenMask);
    if (q.logActionHiddenMask) c.add(`(rc_type != ${RC_LOG} OR (rc_deleted & ?) != ?)`, q.logActionHiddenMask, q.logActionHiddenMask);
    if (q.from !== null) {
      c.add(`(rc_timestamp ${fromOp} ${timestamp} OR (rc_timestamp = ${timestamp} AND rc_id ${fromOp}= ?))`, q.from.timestamp, q.from.timestamp, q.from.id);
    }
    const order = q.newer ? 'rc_timestamp, rc_id' : 'rc_timestamp DESC, rc_id DESC';
    const rows = await this.db.rows<WatchlistChangeRow>(
      `${CHANGE_COLUMNS}, wl_notificationtimestamp, ${q.expiry ? 'we_expiry' : 'NULL AS we_expiry'}`,
      'FROM {recentchanges} JOIN {watchlist} ON wl_namespace = rc_namespace AND wl_title = rc_title' +
        `${q.expiry ? ' LEFT JOIN {watchlist_expiry} ON we_item = wl_id' : ''}` +
        `${q.allRevisions ? '' : ' LEFT JOIN {page} ON page_id = rc_cur_id'}` +
        ' JOIN {actor} ON actor_id = rc_actor JOIN {comment} ON comment_id = rc_comment_id' +
        ` ${c.where} ORDER BY ${order} LIMIT ?`,
      ...c.values,
      q.limit,
    );
    return rows.map(changeRowValues);
  }

  async watchedTitles(q: WatchedTitlesQuery): Promise<WatchedItemRow[]> {
    const c = new Conditions(this.db.dialect);
    c.add('wl_user = ?', q.userId);
    c.inList('wl_namespace', q.namespaces && q.namespaces.length ? [...q.namespaces].sort((a, b) => a - b) : null);
    if (q.changed === true) c.add('wl_notificationtimestamp IS NOT NULL');
    if (q.changed === false) c.add('wl_notificationtimestamp IS NULL');
    const [after, before]: ('<' | '>')[] = q.descending ? ['<', '>'] : ['>', '<'];
    if (q.from) this.titleBound(c, q.from, after!);
    if (q.until) this.titleBound(c, q.until, before!);
    if (q.after) this.titleBound(c, q.after, after!);
    this.expiry(c, q.expiry);
    const direction = q.descending ? ' DESC' : '';
    const order = q.namespaces?.length === 1 ? `wl_title${direction}` : `wl_namespace${direction}, wl_title${direction}`;
    const rows = await this.db.all<WatchedItemRow>(
      `SELECT wl_namespace, wl_title, wl_notificationtimestamp, ${q.expiry ? 'we_expiry' : 'NULL AS we_expiry'} FROM {watchlist}` +
        `${q.expiry ? ' LEFT JOIN {watchlist_expiry} ON we_item = wl_id' : ''} ${c.where} ORDER BY ${order} LIMIT ?`,
      ...c.values,
      q.limit,
    );
    return rows.map((r) => ({ ...r, wl_namespace: Number(r.wl_namespace) }));
  }

  /** WatchedItemQueryService::getFromUntilTargetConds: the title's own row included. */
  private titleBound(c: Conditions, title: TitleKey, op: '<' | '>'): void {
    c.add(`(wl_namespace ${op} ? OR (wl_namespace = ? AND wl_title ${op}= ?))`, title.ns, title.ns, title.dbKey);
  }

  /** Watches whose expiry has passed do not count. */
  private expiry(c: Conditions, expiry: ExpiryFilter): void {
    if (expiry) c.add(`(we_expiry IS NULL OR we_expiry > ${this.db.dialect.timestampParameter()})`, expiry.now);
  }
}
