// Queries of the revision listings across pages: a user's contributions, read through
// rev_actor_timestamp (rev_actor, rev_timestamp, rev_id) one actor at a time, and all revisions,
// through rev_timestamp (or rev_actor_timestamp for one user).
import type { RevisionBound, RevisionStore } from '../revisions.ts';
import type {
  ActorRow, ActorsQuery, AllRevisionRow, AllRevisionsQuery, ContributionRow, ContributionsQuery, RevisionListStore,
} from '../revision-lists.ts';
import type { Dialect } from './dialect.ts';
import type { SqlExecutor } from './executor.ts';
import { prefixUpperBound } from './pages.ts';
import { chunks, Conditions } from './queries.ts';

const CONTRIBUTION_COLUMNS =
  'rev_id, rev_page, rev_timestamp, rev_minor_edit, rev_deleted, rev_len, rev_parent_id, rev_sha1, ' +
  'actor_user, actor_name, comment_text, comment_data, page_namespace, page_title, page_latest';

const ALL_REVISION_COLUMNS =
  'rev_id, rev_page, rev_timestamp, rev_minor_edit, rev_deleted, rev_len, rev_parent_id, rev_sha1, ' +
  'actor_user, actor_name, comment_text, comment_data, page_namespace, page_title';

const REVISION_JOINS =
  'JOIN {actor} ON actor_id = rev_actor ' +
  'LEFT JOIN {revision_comment_temp} ON revcomment_rev = rev_id ' +
  'LEFT JOIN {comment} ON comment_id = revcomment_comment_id';

/** What the listings read of the family: the slots of revisions (live or archived, by revision id). */
export type SlotReader = Pick<RevisionStore, 'slotsOf' | 'slotsWithTexts'>;

/** Timestamps before and after any revision (14 digits every database can read as a time). */
export const EARLIEST = '10000101000000';
export const LATEST = '99991231235959';

const TAG_FILTER = 'EXISTS (SELECT 1 FROM {change_tag} WHERE ct_rev_id = rev_id AND ct_tag_id = ?)';

/**
 * A position in an index's order, `(a, b, ...) op= (?, ?, ...)` with `op` `<` or `>`: a row value,
 * which SQLite and PostgreSQL read as a range of the index; MariaDB reads no row value as a range,
 * so there it is spelled out as MediaWiki writes it (a > ? OR (a = ? AND (b > ? OR ...))).
 */
export function positionBound(d: Dialect, columns: readonly [string, string | number][], op: '<' | '>'): { sql: string; values: unknown[] } {
  const values = columns.map(([, value]) => value);
  const expr = (i: number): string => {
    const [column] = columns[i]!;
    const placeholder = column.endsWith('_timestamp') ? d.timestampParameter() : '?';
    if (i === columns.length - 1) return `${column} ${op}= ${placeholder}`;
    return `(${column} ${op} ${placeholder} OR (${column} = ${placeholder} AND ${expr(i + 1)}))`;
  };
  if (d.name === 'mysql') {
    const spelled: unknown[] = [];
    columns.forEach(([, value], i) => spelled.push(...(i === columns.length - 1 ? [value] : [value, value])));
    return { sql: expr(0), values: spelled };
  }
  const placeholders = columns.map(([column]) => (column.endsWith('_timestamp') ? d.timestampParameter() : '?'));
  return { sql: `(${columns.map(([c]) => c).join(', ')}) ${op}= (${placeholders.join(', ')})`, values };
}

/** The bound nearer the end of travel: the later of two lower bounds, the earlier of two upper ones. */
function tighter(a: string | undefined, b: string | undefined, newer: boolean): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return newer ? (a > b ? a : b) : a < b ? a : b;
}

/** Time bounds in the direction of travel: start and continuation are lower bounds when `newer`. */
function timeBounds(d: Dialect, where: Conditions, newer: boolean, start: string | undefined, end: string | undefined, from: RevisionBound | undefined): void {
  const ts = d.timestampParameter();
  const fromOp = newer ? '>' : '<';
  const toOp = newer ? '<' : '>';
  // A bound in the direction of travel even when none is asked (every planner then reads the index
  // as a range from its end), the nearer of start and continuation when both are.
  where.add(`rev_timestamp ${fromOp}= ${ts}`, tighter(start, from?.ts, newer) ?? (newer ? EARLIEST : LATEST));
  if (end !== undefined) where.add(`rev_timestamp ${toOp}= ${ts}`, end);
  if (from) {
    const bound = positionBound(d, [['rev_timestamp', from.ts], ['rev_id', from.id ?? 0]], fromOp);
    where.add(bound.sql, ...bound.values);
  }
}

export class SqlRevisionLists implements RevisionListStore {
  constructor(
    private readonly db: SqlExecutor,
    private readonly family: SlotReader,
  ) {}

  async actors(q: ActorsQuery, descending: boolean): Promise<ActorRow[]> {
    const order = descending ? 'DESC' : '';
    const where = new Conditions(this.db.dialect);
    let orderBy: string;
    let limit = '';
    const args: unknown[] = [];
    if (q.by === 'names') {
      if (!q.names.length) return [];
      where.inList('actor_name', q.names);
      orderBy = `actor_id ${order}`;
    } else if (q.by === 'userIds') {
      if (!q.userIds.length) return [];
      where.inList('actor_user', q.userIds);
      orderBy = `actor_id ${order}`;
    } else {
      // actor_name's unique index, as a range.
      where.add('actor_name >= ?', q.prefix);
      const upper = prefixUpperBound(q.prefix);
      if (upper !== null) where.add('actor_name < ?', upper);
      if (q.from) where.add(`actor_name ${descending ? '<' : '>'}${q.from.inclusive ? '=' : ''} ?`, q.from.name);
      orderBy = `actor_name ${order}`;
      limit = ' LIMIT ?';
      args.push(q.limit);
    }
    const rows = await this.db.all<ActorRow>(`SELECT actor_id, actor_user, actor_name FROM {actor} ${where.where} ORDER BY ${orderBy}${limit}`, ...where.values, ...args);
    return rows.map((r) => ({ actor_id: Number(r.actor_id), actor_user: r.actor_user === null ? null : Number(r.actor_user), actor_name: String(r.actor_name) }));
  }

  async contributions(q: ContributionsQuery): Promise<ContributionRow[]> {
    if (q.tagId === null) return [];
    const d = this.db.dialect;
    const newer = q.dir === 'newer';
    const where = new Conditions(d).add('rev_actor = ?', q.actorId);
    timeBounds(d, where, newer, q.start, q.end, q.from);
    // No valid namespace asked (only unknown ones): no filter, as MediaWiki's addWhereFld.
    if (q.namespaces?.length) where.inList('page_namespace', q.namespaces);
    if (q.minor !== undefined) where.add(q.minor ? 'rev_minor_edit != 0' : 'rev_minor_edit = 0');
    if (q.top !== undefined) where.add(q.top ? 'rev_id = page_latest' : 'rev_id != page_latest');
    if (q.created !== undefined) where.add(q.created ? 'rev_parent_id = 0' : 'rev_parent_id != 0');
    if (q.hiddenMask) where.add('(rev_deleted & ?) != ?', q.hiddenMask, q.hiddenMask);
    if (q.tagId !== undefined) where.add(TAG_FILTER, q.tagId);
    let patrolJoin = '';
    let patrolColumns = '';
    if (q.patrol) {
      // Every change row of the revision, as MediaWiki's join gives them (categorization rows too).
      patrolJoin = ` ${q.patrol.join === 'inner' ? 'JOIN' : 'LEFT JOIN'} {recentchanges} ON rc_this_oldid = rev_id`;
      patrolColumns = ', rc_id, rc_patrolled';
      if (q.patrol.filter.equals !== undefined) where.add('rc_patrolled = ?', q.patrol.filter.equals);
      for (const value of q.patrol.filter.notEquals ?? []) where.add('rc_patrolled != ?', value);
    }
    const order = newer ? 'rev_timestamp, rev_id' : 'rev_timestamp DESC, rev_id DESC';
    const rows = await this.db.rows<ContributionRow & { rc_id?: number | null }>(
      CONTRIBUTION_COLUMNS + patrolColumns,
      `FROM {revision}${d.useIndex('rev_actor_timestamp')} JOIN {page} ON page_id = rev_page ${REVISION_JOINS}${patrolJoin} ${where.where} ORDER BY ${order} LIMIT ?`,
      ...where.values,
      q.limit,
    );
    if (q.patrol) {
      // The change rows of one revision in rc_id order, as the join reads them through rc_this_oldid.
      rows.sort((a, b) => (a.rev_id === b.rev_id ? Number(a.rc_id ?? 0) - Number(b.rc_id ?? 0) : 0));
    }
    return rows;
  }

  async sizes(revIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const part of chunks([...new Set(revIds)])) {
      const where = new Conditions(this.db.dialect).inList('rev_id', part);
      const rows = await this.db.all<{ rev_id: number; rev_len: number | null }>(`SELECT rev_id, rev_len FROM {revision} ${where.where}`, ...where.values);
      for (const r of rows) out.set(Number(r.rev_id), Number(r.rev_len ?? 0));
    }
    return out;
  }

  async allRevisions(q: AllRevisionsQuery): Promise<AllRevisionRow[]> {
    const d = this.db.dialect;
    const newer = q.dir === 'newer';
    const where = new Conditions(d);
    timeBounds(d, where, newer, q.start, q.end, q.from);
    if (q.actor) {
      if (q.actor.exclude) where.add('actor_name != ?', q.actor.name);
      // rev_actor_timestamp for the one actor; an unknown name matches nothing.
      else where.add('rev_actor = (SELECT actor_id FROM {actor} WHERE actor_name = ?)', q.actor.name);
    }
    if (q.hiddenMask) where.add('(rev_deleted & ?) != ?', q.hiddenMask, q.hiddenMask);
    // As an expression, so that no database starts from the pages of the namespaces and sorts all
    // their revisions: revisions are read in time order and their pages looked up by id.
    if (q.namespaces?.length) where.inList('page_namespace + 0', q.namespaces);
    const order = newer ? 'rev_timestamp, rev_id' : 'rev_timestamp DESC, rev_id DESC';
    const rows = await this.db.rows<AllRevisionRow>(
      ALL_REVISION_COLUMNS,
      `FROM {revision}${d.useIndex(q.actor && !q.actor.exclude ? 'rev_actor_timestamp' : 'rev_timestamp')} JOIN {page} ON page_id = rev_page ${REVISION_JOINS} ${where.where} ORDER BY ${order} LIMIT ?`,
      ...where.values,
      q.limit,
    );
    if (q.slots && rows.length) {
      const ids = rows.map((r) => r.rev_id);
      const slots = await (q.slots.texts ? this.family.slotsWithTexts(ids) : this.family.slotsOf(ids));
      for (const r of rows) r.slots = slots.get(r.rev_id) ?? [];
    }
    return rows;
  }
}
