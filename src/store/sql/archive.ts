// Queries of deleted revisions (archive): by title through ar_name_title_timestamp (ar_namespace,
// ar_title, ar_timestamp), by user through ar_actor_timestamp, by revision id through
// ar_revid_uniq; their actors and comments (ar_comment_id) joined, their slots read by ar_rev_id.
import type { TitleKey } from '../pages.ts';
import type { ArchiveQuery, ArchiveRow, ArchiveStore, ArchiveTitleRange, ArchiveTitlesQuery } from '../archive.ts';
import type { SqlExecutor } from './executor.ts';
import { prefixUpperBound } from './pages.ts';
import { EARLIEST, LATEST, positionBound, type SlotReader } from './revisions-lists.ts';
import { Conditions, titleSet } from './queries.ts';

const ARCHIVE_COLUMNS =
  'ar_id, ar_namespace, ar_title, ar_rev_id, ar_page_id, ar_timestamp, ar_minor_edit, ar_deleted, ar_len, ar_parent_id, ar_sha1, ' +
  'actor_user, actor_name, comment_text';

function archiveFrom(indexHint: string): string {
  return `FROM {archive}${indexHint} JOIN {actor} ON actor_id = ar_actor JOIN {comment} ON comment_id = ar_comment_id`;
}

/** Below and above every namespace number. */
const NS_LOWEST = -2147483648;
const NS_HIGHEST = 2147483647;

const TAG_FILTER = 'EXISTS (SELECT 1 FROM {change_tag} WHERE ct_rev_id = ar_rev_id AND ct_tag_id = ?)';

/** Conditions every archive listing shares: titles' ranges, users, hidden users, tags. */
function commonConditions(where: Conditions, newer: boolean, q: { namespaces?: readonly number[]; ranges?: readonly ArchiveTitleRange[]; excludeUser?: string; hiddenMask?: number; tagId?: number | null }): void {
  if (q.namespaces?.length) where.inList('ar_namespace', q.namespaces);
  if (q.ranges?.length) {
    const groups: string[] = [];
    const values: unknown[] = [];
    for (const range of q.ranges) {
      const parts: string[] = [];
      if (q.ranges.length > 1) {
        parts.push(`ar_namespace IN (${range.namespaces.map(() => '?').join(', ')})`);
        values.push(...range.namespaces);
      }
      // `from` comes first in the listing's direction: a lower bound when newer, an upper one when older.
      if (range.from !== undefined) parts.push(`ar_title ${newer ? '>=' : '<='} ?`), values.push(range.from);
      if (range.to !== undefined) parts.push(`ar_title ${newer ? '<=' : '>='} ?`), values.push(range.to);
      if (range.prefix !== undefined) {
        parts.push('ar_title >= ?');
        values.push(range.prefix);
        const upper = prefixUpperBound(range.prefix);
        if (upper !== null) parts.push('ar_title < ?'), values.push(upper);
      }
      groups.push(parts.length ? `(${parts.join(' AND ')})` : '1 = 1');
    }
    where.add(groups.length > 1 ? `(${groups.join(' OR ')})` : groups[0]!, ...values);
  }
  if (q.excludeUser !== undefined) where.add('actor_name != ?', q.excludeUser);
  if (q.hiddenMask) where.add('(ar_deleted & ?) != ?', q.hiddenMask, q.hiddenMask);
  if (q.tagId !== undefined && q.tagId !== null) where.add(TAG_FILTER, q.tagId);
}

export class SqlArchiveStore implements ArchiveStore {
  constructor(
    private readonly db: SqlExecutor,
    private readonly family: SlotReader,
  ) {}

  async revisions(q: ArchiveQuery): Promise<ArchiveRow[]> {
    if (q.tagId === null) return [];
    if (q.titles && !q.titles.length) return [];
    if (q.revIds && !q.revIds.length) return [];
    const d = this.db.dialect;
    const ts = d.timestampParameter();
    const newer = q.dir === 'newer';
    const op = newer ? '>' : '<';
    const sort = newer ? '' : ' DESC';
    const where = new Conditions(d);
    if (q.titles) {
      // The namespaces and titles as lists too: conditions every planner reads the index with.
      where.inList('ar_namespace', [...new Set(q.titles.map((t) => t.ns))]);
      where.inList('ar_title', [...new Set(q.titles.map((t) => t.dbKey))]);
      where.add(`(${titleSet('ar', q.titles.length)})`, ...q.titles.flatMap((t) => [t.ns, t.dbKey]));
    }
    if (q.revIds) where.inList('ar_rev_id', q.revIds);
    // The actor's id, so that ar_actor_timestamp is read.
    if (q.user !== undefined) where.add('ar_actor = (SELECT actor_id FROM {actor} WHERE actor_name = ?)', q.user);
    commonConditions(where, newer, q);
    // In time order, a bound in the direction of travel even when none is asked: the nearer of
    // start and continuation, or the end of time.
    const fromTs = q.order.by === 'time' ? q.order.from?.ts : undefined;
    if (q.start !== undefined || q.order.by === 'time') {
      const nearer = q.start === undefined ? fromTs : fromTs === undefined ? q.start : newer ? (q.start > fromTs ? q.start : fromTs) : q.start < fromTs ? q.start : fromTs;
      where.add(`ar_timestamp ${op}= ${ts}`, nearer ?? (newer ? EARLIEST : LATEST));
    }
    if (q.end !== undefined) where.add(`ar_timestamp ${newer ? '<' : '>'}= ${ts}`, q.end);
    const order: string[] = [];
    const o = q.order;
    let index: string;
    if (o.by === 'title') {
      // A bound in the direction of travel when no namespace is asked: a range of the index.
      if (!q.namespaces?.length && !q.titles) where.add(`ar_namespace ${op}= ?`, newer ? NS_LOWEST : NS_HIGHEST);
      if (o.byNamespace) order.push(`ar_namespace${sort}`);
      if (o.byTitle) order.push(`ar_title${sort}`);
      order.push(`ar_timestamp${sort}`, `ar_id${sort}`);
      // Continuation positions as row values: every database reads them as bounds of the index.
      if (o.from) {
        const bound = positionBound(d, [['ar_namespace', o.from.ns], ['ar_title', o.from.title], ['ar_timestamp', o.from.ts], ['ar_id', o.from.id]], op);
        where.add(bound.sql, ...bound.values);
      }
      index = 'ar_name_title_timestamp';
    } else if (o.by === 'time') {
      order.push(`ar_timestamp${sort}`, `ar_id${sort}`);
      if (o.from) {
        const bound = positionBound(d, [['ar_timestamp', o.from.ts], ['ar_id', o.from.id ?? 0]], op);
        where.add(bound.sql, ...bound.values);
      }
      index = 'ar_actor_timestamp';
    } else {
      order.push(`ar_rev_id${sort}`, `ar_id${sort}`);
      if (o.from) {
        const bound = positionBound(d, [['ar_rev_id', o.from.revId], ['ar_id', o.from.id]], op);
        where.add(bound.sql, ...bound.values);
      }
      index = 'ar_revid_uniq';
    }
    const rows = await this.db.rows<ArchiveRow>(ARCHIVE_COLUMNS, `${archiveFrom(d.useIndex(index))} ${where.where} ORDER BY ${order.join(', ')} LIMIT ?`, ...where.values, q.limit);
    for (const r of rows) {
      r.ar_id = Number(r.ar_id);
      r.ar_namespace = Number(r.ar_namespace);
      r.ar_rev_id = Number(r.ar_rev_id);
    }
    if (q.slots && rows.length) {
      // Archived revisions keep their slots under their revision id.
      const ids = rows.map((r) => r.ar_rev_id);
      const slots = await (q.slots.texts ? this.family.slotsWithTexts(ids) : this.family.slotsOf(ids));
      for (const r of rows) r.slots = slots.get(r.ar_rev_id) ?? [];
    }
    return rows;
  }

  async titles(q: ArchiveTitlesQuery): Promise<TitleKey[]> {
    if (q.tagId === null) return [];
    const d = this.db.dialect;
    const newer = q.dir === 'newer';
    const op = newer ? '>' : '<';
    const sort = newer ? '' : ' DESC';
    const where = new Conditions(d);
    commonConditions(where, newer, q);
    if (q.from) {
      const bound = positionBound(d, [['ar_namespace', q.from.ns], ['ar_title', q.from.title]], op);
      where.add(bound.sql, ...bound.values);
    }
    else if (!q.namespaces?.length) where.add(`ar_namespace ${op}= ?`, newer ? NS_LOWEST : NS_HIGHEST);
    const order = [...(q.byNamespace ? [`ar_namespace${sort}`] : []), `ar_title${sort}`].join(', ');
    const joins = q.excludeUser !== undefined ? ' JOIN {actor} ON actor_id = ar_actor' : '';
    const rows = await this.db.all<{ ar_namespace: number; ar_title: string }>(
      `SELECT DISTINCT ar_namespace, ar_title FROM {archive}${d.useIndex('ar_name_title_timestamp')}${joins} ${where.where} ORDER BY ${order} LIMIT ?`,
      ...where.values,
      q.limit,
    );
    return rows.map((r) => ({ ns: Number(r.ar_namespace), dbKey: String(r.ar_title) }));
  }
}
