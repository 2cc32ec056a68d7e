// list=allimages over image: current files by name or by upload time, with their filters.
import type { AllFilesQuery, FileVersionRow } from '../files.ts';
import type { SqlExecutor } from './executor.ts';
import { prefixUpperBound } from './pages.ts';
import { Conditions } from './queries.ts';
import { CURRENT_COLUMNS, versionRow } from './files-versions.ts';

/** Earlier than any MediaWiki timestamp. */
const EARLIEST = '00010101000000';

export async function allFiles(db: SqlExecutor, q: AllFilesQuery): Promise<FileVersionRow[]> {
  const d = db.dialect;
  const c = new Conditions(d);
  const ts = d.timestampParameter();
  const desc = q.descending;
  if (q.sort === 'name') {
    if (q.continueName !== null) c.add(`img_name ${desc ? '<=' : '>='} ?`, q.continueName);
    if (q.from !== null) c.add(`img_name ${desc ? '<=' : '>='} ?`, q.from);
    if (q.to !== null) c.add(`img_name ${desc ? '>=' : '<='} ?`, q.to);
    if (q.prefix !== null) {
      // A range rather than LIKE: MediaWiki's LIKE is case-sensitive, SQLite's is not.
      c.add('img_name >= ?', q.prefix);
      const upper = prefixUpperBound(q.prefix);
      if (upper !== null) c.add('img_name < ?', upper);
    }
    // Without a bound MariaDB may sort the whole table and PostgreSQL read the whole index: a
    // range that holds every name makes both read the name index in order, up to the limit.
    if (q.continueName === null && q.from === null && q.to === null && q.prefix === null) c.add('img_name >= ?', '');
  } else {
    if (q.start !== null) c.add(`img_timestamp ${desc ? '<=' : '>='} ${ts}`, q.start);
    if (q.end !== null) c.add(`img_timestamp ${desc ? '>=' : '<='} ${ts}`, q.end);
    if (q.continueAt !== null) {
      const op = desc ? '<' : '>';
      // The leading range lets the timestamp index start at the continuation.
      c.add(
        `img_timestamp ${op}= ${ts} AND (img_timestamp ${op} ${ts} OR (img_timestamp = ${ts} AND img_name ${op}= ?))`,
        q.continueAt.timestamp, q.continueAt.timestamp, q.continueAt.timestamp, q.continueAt.name,
      );
    }
    // The same as a range holding every timestamp, read in the timestamp index's order.
    if (q.start === null && q.end === null && q.continueAt === null) c.add(`img_timestamp >= ${ts}`, EARLIEST);
    // By the uploader's actor id, so that the (img_actor, img_timestamp) index serves.
    if (q.actorName !== null) c.add('img_actor = (SELECT actor_id FROM {actor} WHERE actor_name = ?)', q.actorName);
    if (q.bots !== null) {
      const groups = q.botGroups.length ? q.botGroups : [''];
      const exists =
        `EXISTS (SELECT 1 FROM {user_groups} WHERE ug_user = actor_user AND ug_group IN (${groups.map(() => '?').join(', ')}) ` +
        `AND (ug_expiry IS NULL OR ug_expiry >= ${ts}))`;
      c.add(q.bots === 'bots' ? exists : `NOT ${exists}`, ...groups, q.now);
    }
  }
  if (q.minSize !== null) c.add('img_size >= ?', q.minSize);
  if (q.maxSize !== null) c.add('img_size <= ?', q.maxSize);
  if (q.sha1 !== null) c.add('img_sha1 = ?', q.sha1);
  if (q.mimes !== null) {
    c.add(`(${q.mimes.map(() => '(img_major_mime = ? AND img_minor_mime = ?)').join(' OR ')})`, ...q.mimes.flat());
  }
  const order = q.sort === 'name' ? `img_name${desc ? ' DESC' : ''}` : `img_timestamp${desc ? ' DESC' : ''}, img_name${desc ? ' DESC' : ''}`;
  const rows = await db.all<FileVersionRow>(
    `SELECT ${CURRENT_COLUMNS} FROM {image} JOIN {actor} ON actor_id = img_actor JOIN {comment} ON comment_id = img_description_id ` +
      `${c.where} ORDER BY ${order} LIMIT ${Math.max(0, Math.trunc(q.limit))}`,
    ...c.values,
  );
  return rows.map(versionRow);
}
