// Queries of the recent changes family, read through MediaWiki's indexes on recentchanges:
// rc_timestamp, rc_namespace_title_timestamp, rc_actor (rc_actor, rc_timestamp) and
// rc_name_type_patrolled_timestamp.
import { RC_TYPES, type ChangeRow, type RecentChangeRow, type RecentChangesQuery, type RecentChangesStore } from '../recent-changes.ts';
import type { SqlExecutor } from './executor.ts';
import { Conditions } from './queries.ts';

/** A ChangeRow's columns, from recentchanges joined to {actor} and {comment}. */
export const CHANGE_COLUMNS =
  'rc_id, rc_timestamp, rc_namespace, rc_title, rc_cur_id, rc_this_oldid, rc_last_oldid, rc_type, rc_minor, rc_bot, ' +
  'rc_patrolled, rc_old_len, rc_new_len, rc_deleted, rc_logid, rc_log_type, rc_log_action, rc_params, ' +
  'actor_user, actor_name, comment_text';

const RC_COLUMNS = `${CHANGE_COLUMNS}, page_is_redirect, rev_sha1, rev_deleted`;

const RC_JOINS =
  'JOIN {actor} ON actor_id = rc_actor JOIN {comment} ON comment_id = rc_comment_id ' +
  'LEFT JOIN {page} ON page_namespace = rc_namespace AND page_title = rc_title ' +
  'LEFT JOIN {revision} ON rev_id = rc_this_oldid';

/** Timestamps before and after any change (14 digits every database can read as a time). */
export const EARLIEST = '10000101000000';
export const LATEST = '99991231235959';

/**
 * Where a read in time order starts: the nearer of the asked start and the continuation's
 * timestamp, so that the index is read as a range from the continuation rather than from its end
 * (the continuation's own condition, an OR, bounds no range). The continuation's timestamp alone
 * is always safe, as its condition implies it; with both, only 14-digit times are compared here.
 */
export function rangeStart(newer: boolean, start: string | null, from: string | null): string {
  if (from === null) return start ?? (newer ? EARLIEST : LATEST);
  if (start === null) return from;
  if (!/^\d{14}$/.test(start) || !/^\d{14}$/.test(from)) return start;
  return newer ? (from > start ? from : start) : from < start ? from : start;
}

const NUMBER_COLUMNS = [
  'rc_id', 'rc_namespace', 'rc_cur_id', 'rc_this_oldid', 'rc_last_oldid', 'rc_type', 'rc_minor', 'rc_bot', 'rc_patrolled', 'rc_deleted', 'rc_logid',
] as const;

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : Buffer.from(value as Uint8Array).toString('utf8');
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** A ChangeRow's values as every database driver answers them: numbers, and the params as text. */
export function changeRowValues<Row extends ChangeRow>(r: Row): Row {
  const row = { ...r } as Row & Record<string, unknown>;
  for (const column of NUMBER_COLUMNS) row[column] = Number(r[column]);
  row.rc_old_len = numberOrNull(r.rc_old_len);
  row.rc_new_len = numberOrNull(r.rc_new_len);
  row.actor_user = numberOrNull(r.actor_user);
  row.rc_params = text(r.rc_params);
  return row;
}

/** The filters on a change's flags that recentchanges and the watchlist share. */
type ChangeFlagFilters = Pick<RecentChangesQuery, 'minor' | 'bot' | 'anon' | 'patrolledIs' | 'patrolledIsNot'>;

/** The conditions of the minor, bot, anonymous and patrol filters. */
export function addChangeFlagConditions(c: Conditions, q: ChangeFlagFilters): void {
  if (q.minor !== null) c.add(q.minor ? 'rc_minor != 0' : 'rc_minor = 0');
  if (q.bot !== null) c.add(q.bot ? 'rc_bot != 0' : 'rc_bot = 0');
  if (q.anon !== null) c.add(q.anon ? 'actor_user IS NULL' : 'actor_user IS NOT NULL');
  for (const value of q.patrolledIs) c.add('rc_patrolled = ?', value);
  for (const value of q.patrolledIsNot) c.add('rc_patrolled != ?', value);
}

export class SqlRecentChangesStore implements RecentChangesStore {
  constructor(private readonly db: SqlExecutor) {}

  async recentChanges(q: RecentChangesQuery): Promise<RecentChangeRow[]> {
    if (q.tagId === null) return [];
    const timestamp = this.db.dialect.timestampParameter();
    const c = new Conditions(this.db.dialect);
    const [fromOp, toOp] = q.newer ? ['>', '<'] : ['<', '>'];
    // A bound in the direction of travel even when none is asked: every planner then reads the
    // timestamp index as a range from its end, rather than choosing between it and the filters.
    c.add(`rc_timestamp ${fromOp}= ${timestamp}`, rangeStart(q.newer, q.start, q.from?.timestamp ?? null));
    if (q.end !== null) c.add(`rc_timestamp ${toOp}= ${timestamp}`, q.end);
    if (q.from !== null) {
      c.add(`(rc_timestamp ${fromOp} ${timestamp} OR (rc_timestamp = ${timestamp} AND rc_id ${fromOp}= ?))`, q.from.timestamp, q.from.timestamp, q.from.id);
    }
    if (q.types.length < Object.keys(RC_TYPES).length) c.inList('rc_type', [...q.types].sort((a, b) => a - b));
    if (q.title !== null) c.add('rc_namespace = ? AND rc_title = ?', q.title.ns, q.title.dbKey);
    c.inList('rc_namespace', q.namespaces === null ? null : [...q.namespaces].sort((a, b) => a - b));
    addChangeFlagConditions(c, q);
    if (q.redirect === true) c.add('page_is_redirect = 1');
    // Log entries and other rows without a page are kept.
    if (q.redirect === false) c.add('(page_is_redirect = 0 OR page_is_redirect IS NULL)');
    // As a condition on the change rather than on the joined page, so that no planner reads the
    // pages first.
    if (q.topOnly) c.add('EXISTS (SELECT 1 FROM {page} WHERE page_namespace = rc_namespace AND page_title = rc_title AND page_latest = rc_this_oldid)');
    // The actor's id first, so that the (rc_actor, rc_timestamp) index is read; an unknown name matches nothing.
    if (q.performer !== null) c.add('rc_actor = (SELECT actor_id FROM {actor} WHERE actor_name = ?)', q.performer);
    if (q.excludedPerformer !== null) c.add('actor_name != ?', q.excludedPerformer);
    if (q.performerHiddenMask) c.add('(rc_deleted & ?) != ?', q.performerHiddenMask, q.performerHiddenMask);
    if (q.logActionHiddenMask) c.add('(rc_type != 3 OR (rc_deleted & ?) != ?)', q.logActionHiddenMask, q.logActionHiddenMask);
    if (q.tagId !== undefined) c.add('EXISTS (SELECT 1 FROM {change_tag} WHERE ct_rc_id = rc_id AND ct_tag_id = ?)', q.tagId);
    const order = q.newer ? 'rc_timestamp, rc_id' : 'rc_timestamp DESC, rc_id DESC';
    const rows = await this.db.rows<RecentChangeRow>(RC_COLUMNS, `FROM {recentchanges} ${RC_JOINS} ${c.where} ORDER BY ${order} LIMIT ?`, ...c.values, q.limit);
    return rows.map((r) => ({
      ...changeRowValues(r),
      page_is_redirect: numberOrNull(r.page_is_redirect),
      rev_deleted: numberOrNull(r.rev_deleted),
    }));
  }
}
