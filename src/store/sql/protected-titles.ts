// list=protectedtitles: every create protection, newest (or oldest) first by pt_timestamp, then
// namespace and title, with who protected the title and why (user and comment by key).
import type { ProtectedTitleListQuery, ProtectedTitleListRow } from '../pages.ts';
import type { SqlExecutor } from './executor.ts';
import { Conditions } from './queries.ts';

/** Earlier than any timestamp a wiki holds. */
const EARLIEST = '00010101000000';

export async function protectedTitleList(db: SqlExecutor, q: ProtectedTitleListQuery): Promise<ProtectedTitleListRow[]> {
  const d = db.dialect;
  const ts = d.timestampParameter();
  const [after, before] = q.newer ? ['>=', '<='] : ['<=', '>='];
  const beyond = q.newer ? '>' : '<';
  const c = new Conditions(d);
  if (q.start !== null) c.add(`pt_timestamp ${after} ${ts}`, q.start);
  if (q.end !== null) c.add(`pt_timestamp ${before} ${ts}`, q.end);
  c.inList('pt_namespace', q.namespaces).inList('pt_create_perm', q.levels);
  if (q.after) {
    const { timestamp, ns, title } = q.after;
    c.add(
      `pt_timestamp ${after} ${ts} AND (pt_timestamp ${beyond} ${ts} OR pt_namespace ${beyond} ? OR (pt_namespace = ? AND pt_title ${after} ?))`,
      timestamp, timestamp, ns, ns, title,
    );
  }
  // Without a time bound MariaDB may sort the whole table and PostgreSQL read the whole index:
  // a range that holds every timestamp makes both read the timestamp index in order.
  if (q.start === null && q.end === null && q.after === null) c.add(`pt_timestamp >= ${ts}`, EARLIEST);
  const dir = q.newer ? '' : ' DESC';
  return db.rows<ProtectedTitleListRow>(
    'pt_namespace, pt_title, pt_timestamp, pt_user, pt_expiry, pt_create_perm, user_name, comment_text AS pt_reason_text',
    'FROM {protected_titles} LEFT JOIN {user} ON user_id = pt_user LEFT JOIN {comment} ON comment_id = pt_reason_id ' +
      `${c.where} ORDER BY pt_timestamp${dir}, pt_namespace${dir}, pt_title${dir} LIMIT ?`,
    ...c.values,
    q.limit,
  );
}
