// Queries of the file family over filearchive (deleted file versions), the duplicates of files by
// content (image by img_sha1), and uploadstash.
import type { ArchivedFileRow, ArchivedFilesQuery, FileVersionRow, StashedFileRow } from '../files.ts';
import type { SqlExecutor } from './executor.ts';
import { prefixUpperBound } from './pages.ts';
import { chunks, Conditions } from './queries.ts';
import { CURRENT_COLUMNS, metadataOf, textOf, versionRow } from './files-versions.ts';

/** LocalRepo::findBySha1s: the current files with these base-36 SHA-1s, by name. */
export async function filesBySha1(db: SqlExecutor, hashes: readonly string[]): Promise<FileVersionRow[]> {
  const out: FileVersionRow[] = [];
  for (const part of chunks(hashes)) {
    const c = new Conditions(db.dialect).inList('img_sha1', part);
    const rows = await db.all<FileVersionRow>(
      `SELECT ${CURRENT_COLUMNS} FROM {image} JOIN {actor} ON actor_id = img_actor JOIN {comment} ON comment_id = img_description_id ` +
        `${c.where} ORDER BY img_name`,
      ...c.values,
    );
    out.push(...rows.map(versionRow));
  }
  return out.sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
}

const ARCHIVE_COLUMNS =
  'fa_id, fa_name, fa_archive_name, fa_size, fa_width, fa_height, fa_metadata, fa_bits, fa_media_type, fa_major_mime, ' +
  'fa_minor_mime, fa_timestamp, fa_deleted, fa_sha1, actor_user, actor_name, comment_text';

export async function archivedFiles(db: SqlExecutor, q: ArchivedFilesQuery): Promise<ArchivedFileRow[]> {
  const d = db.dialect;
  const ts = d.timestampParameter();
  const c = new Conditions(d);
  const desc = q.descending;
  const op = desc ? '<' : '>';
  if (q.continueAt) {
    const { name, timestamp, id } = q.continueAt;
    // The leading range lets the name index start at the continuation.
    c.add(
      `fa_name ${op}= ? AND (fa_name ${op} ? OR (fa_name = ? AND (fa_timestamp ${op} ${ts} OR (fa_timestamp = ${ts} AND fa_id ${op}= ?))))`,
      name, name, name, timestamp, timestamp, id,
    );
  }
  if (q.from !== null) c.add(`fa_name ${desc ? '<=' : '>='} ?`, q.from);
  if (q.to !== null) c.add(`fa_name ${desc ? '>=' : '<='} ?`, q.to);
  if (q.prefix !== null) {
    c.add('fa_name >= ?', q.prefix);
    const upper = prefixUpperBound(q.prefix);
    if (upper !== null) c.add('fa_name < ?', upper);
  }
  // Without a bound, a range holding every name makes MariaDB and PostgreSQL read the name index in order.
  if (q.continueAt === null && q.from === null && q.to === null && q.prefix === null && q.sha1 === null) c.add('fa_name >= ?', '');
  if (q.sha1 !== null) {
    c.add('fa_sha1 = ?', q.sha1);
    if (q.hiddenMask) c.add(`(fa_deleted & ${q.hiddenMask}) != ${q.hiddenMask}`);
  }
  const dir = desc ? ' DESC' : '';
  const from = `SELECT ${ARCHIVE_COLUMNS} FROM {filearchive} JOIN {actor} ON actor_id = fa_actor JOIN {comment} ON comment_id = fa_description_id ${c.where}`;
  // The versions of one content are few: read them by SHA-1 and put them in order here, rather than
  // let a planner walk the name index for them.
  const rows = q.sha1 !== null
    ? sortArchived(await db.all<ArchivedFileRow>(from, ...c.values), desc).slice(0, Math.max(0, Math.trunc(q.limit)))
    : await db.all<ArchivedFileRow>(`${from} ORDER BY fa_name${dir}, fa_timestamp${dir}, fa_id${dir} LIMIT ${Math.max(0, Math.trunc(q.limit))}`, ...c.values);
  return rows.map((r) => ({
    ...r,
    fa_id: Number(r.fa_id),
    fa_name: textOf(r.fa_name),
    fa_archive_name: r.fa_archive_name === null ? null : textOf(r.fa_archive_name),
    fa_metadata: metadataOf(r.fa_metadata),
    fa_minor_mime: textOf(r.fa_minor_mime),
    fa_timestamp: textOf(r.fa_timestamp),
    fa_sha1: textOf(r.fa_sha1),
    fa_deleted: Number(r.fa_deleted),
    actor_user: r.actor_user === null ? null : Number(r.actor_user),
    actor_name: textOf(r.actor_name),
    comment_text: textOf(r.comment_text),
  }));
}

function sortArchived(rows: ArchivedFileRow[], descending: boolean): ArchivedFileRow[] {
  const sorted = [...rows].sort((a, b) =>
    Buffer.compare(Buffer.from(textOf(a.fa_name)), Buffer.from(textOf(b.fa_name)))
    || (textOf(a.fa_timestamp) < textOf(b.fa_timestamp) ? -1 : textOf(a.fa_timestamp) > textOf(b.fa_timestamp) ? 1 : 0)
    || Number(a.fa_id) - Number(b.fa_id));
  return descending ? sorted.reverse() : sorted;
}

const STASH_COLUMNS =
  'us_id, us_key, us_status, us_size, us_image_width, us_image_height, us_image_bits, us_mime, us_media_type, us_timestamp, us_sha1, us_props';

export async function stashedFiles(db: SqlExecutor, userId: number, fromId: number | null, limit: number): Promise<StashedFileRow[]> {
  const c = new Conditions(db.dialect).add('us_user = ?', userId);
  if (fromId !== null) c.add('us_id >= ?', fromId);
  const rows = await db.all<StashedFileRow>(
    `SELECT ${STASH_COLUMNS} FROM {uploadstash} ${c.where} ORDER BY us_id LIMIT ${Math.max(0, Math.trunc(limit))}`,
    ...c.values,
  );
  return rows.map(stashRow);
}

export async function stashedFile(db: SqlExecutor, key: string): Promise<StashedFileRow | null> {
  const row = await db.get<StashedFileRow>(`SELECT ${STASH_COLUMNS} FROM {uploadstash} WHERE us_key = ?`, key);
  return row ? stashRow(row) : null;
}

function stashRow(r: StashedFileRow): StashedFileRow {
  return {
    ...r,
    us_id: Number(r.us_id),
    us_key: textOf(r.us_key),
    us_status: textOf(r.us_status),
    us_timestamp: textOf(r.us_timestamp),
    us_sha1: textOf(r.us_sha1),
    us_props: r.us_props === null ? null : textOf(r.us_props),
  };
}
