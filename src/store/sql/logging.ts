// Queries of the logging family, read through MediaWiki's indexes on logging: log_times
// (log_timestamp), log_type_time, log_type_action, log_page_time (namespace, title, timestamp) and
// log_actor_time, each ending in the timestamp the listing is ordered by.
import type { LogEventRow, LogEventsQuery, LoggingStore } from '../logging.ts';
import type { SqlExecutor } from './executor.ts';
import { prefixUpperBound } from './pages.ts';
import { Conditions } from './queries.ts';
import { rangeStart } from './recent-changes.ts';

const LOG_COLUMNS =
  'log_id, log_type, log_action, log_timestamp, log_deleted, log_namespace, log_title, log_page, log_params, ' +
  'page_id, actor_user, actor_name, comment_text';

const LOG_JOINS =
  'JOIN {actor} ON actor_id = log_actor JOIN {comment} ON comment_id = log_comment_id ' +
  'LEFT JOIN {page} ON page_namespace = log_namespace AND page_title = log_title';

export class SqlLoggingStore implements LoggingStore {
  constructor(private readonly db: SqlExecutor) {}

  async logEvents(q: LogEventsQuery): Promise<LogEventRow[]> {
    if (q.tagId === null) return [];
    const timestamp = this.db.dialect.timestampParameter();
    const c = new Conditions(this.db.dialect);
    if (q.type !== null) c.add('log_type = ?', q.type);
    if (q.action !== null) c.add('log_action = ?', q.action);
    if (q.hiddenTypes.length === 1) c.add('log_type != ?', q.hiddenTypes[0]);
    else if (q.hiddenTypes.length > 1) c.add(`log_type NOT IN (${q.hiddenTypes.map(() => '?').join(', ')})`, ...q.hiddenTypes);
    const [fromOp, toOp] = q.newer ? ['>', '<'] : ['<', '>'];
    // A bound in the direction of travel even when none is asked: every planner then reads the
    // timestamp index as a range from its end, rather than choosing between it and the filters.
    c.add(`log_timestamp ${fromOp}= ${timestamp}`, rangeStart(q.newer, q.start, q.from?.timestamp ?? null));
    if (q.end !== null) c.add(`log_timestamp ${toOp}= ${timestamp}`, q.end);
    if (q.from !== null) {
      c.add(`(log_timestamp ${fromOp} ${timestamp} OR (log_timestamp = ${timestamp} AND log_id ${fromOp}= ?))`, q.from.timestamp, q.from.timestamp, q.from.id);
    }
    // The actor's id first, so that the (log_actor, log_timestamp) index is read; an unknown name matches nothing.
    if (q.performer !== null) c.add('log_actor = (SELECT actor_id FROM {actor} WHERE actor_name = ?)', q.performer);
    if (q.namespace !== null) c.add('log_namespace = ?', q.namespace);
    if (q.title !== null) c.add('log_title = ?', q.title);
    if (q.titlePrefix !== null && q.titlePrefix !== '') {
      // A range rather than MediaWiki's LIKE: the same titles, byte for byte, read from the index.
      c.add('log_title >= ?', q.titlePrefix);
      const upper = prefixUpperBound(q.titlePrefix);
      if (upper !== null) c.add('log_title < ?', upper);
    }
    if (q.tagId !== undefined) c.add('EXISTS (SELECT 1 FROM {change_tag} WHERE ct_log_id = log_id AND ct_tag_id = ?)', q.tagId);
    if (q.titleHiddenMask) c.add('(log_deleted & ?) != ?', q.titleHiddenMask, q.titleHiddenMask);
    if (q.performerHiddenMask) c.add('(log_deleted & ?) != ?', q.performerHiddenMask, q.performerHiddenMask);
    const order = q.newer ? 'log_timestamp, log_id' : 'log_timestamp DESC, log_id DESC';
    const rows = await this.db.rows<LogEventRow>(LOG_COLUMNS, `FROM {logging} ${LOG_JOINS} ${c.where} ORDER BY ${order} LIMIT ?`, ...c.values, q.limit);
    return rows.map((r) => ({
      ...r,
      log_id: Number(r.log_id),
      log_deleted: Number(r.log_deleted),
      log_namespace: Number(r.log_namespace),
      log_page: r.log_page === null ? null : Number(r.log_page),
      page_id: r.page_id === null ? null : Number(r.page_id),
      actor_user: r.actor_user === null ? null : Number(r.actor_user),
      log_params: typeof r.log_params === 'string' ? r.log_params : Buffer.from(r.log_params as unknown as Uint8Array).toString('utf8'),
    }));
  }
}
