// Queries of the file family over image and oldimage: the versions of files with their uploaders
// and descriptions, as LocalFile and OldLocalFile load them.
import type { FileVersionRow, OldVersionsQuery } from '../files.ts';
import { inList } from './dialect.ts';
import type { SqlExecutor } from './executor.ts';
import { chunks } from './queries.ts';
import { prefixUpperBound } from './pages.ts';

export const CURRENT_COLUMNS =
  'img_name AS name, NULL AS archive_name, img_size AS size, img_width AS width, img_height AS height, ' +
  'img_metadata AS metadata, img_bits AS bits, img_media_type AS media_type, img_major_mime AS major_mime, ' +
  'img_minor_mime AS minor_mime, img_timestamp AS timestamp, img_sha1 AS sha1, 0 AS deleted, ' +
  'actor_user, actor_name, comment_text';

const OLD_COLUMNS =
  'oi_name AS name, oi_archive_name AS archive_name, oi_size AS size, oi_width AS width, oi_height AS height, ' +
  'oi_metadata AS metadata, oi_bits AS bits, oi_media_type AS media_type, oi_major_mime AS major_mime, ' +
  'oi_minor_mime AS minor_mime, oi_timestamp AS timestamp, oi_sha1 AS sha1, oi_deleted AS deleted, ' +
  'actor_user, actor_name, comment_text';

/** Blob columns may come back as bytes; the rows carry text. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return String(value);
}

/**
 * A file's metadata blob as text. MediaWiki on PostgreSQL writes img_metadata, oi_metadata and
 * fa_metadata through its encodeBlob (pg_escape_bytea) into text columns: `\x` and the bytes in
 * hexadecimal. No metadata MediaWiki writes elsewhere (serialized PHP, JSON, '', '0', '-1') starts so.
 */
export function metadataOf(value: unknown): string {
  const text = textOf(value);
  return /^\\x(?:[0-9a-fA-F]{2})*$/.test(text) ? Buffer.from(text.slice(2), 'hex').toString('utf8') : text;
}

export function versionRow(r: FileVersionRow): FileVersionRow {
  return {
    ...r,
    name: textOf(r.name),
    archive_name: r.archive_name === null ? null : textOf(r.archive_name),
    metadata: metadataOf(r.metadata),
    minor_mime: textOf(r.minor_mime),
    sha1: textOf(r.sha1),
    timestamp: textOf(r.timestamp),
    size: Number(r.size),
    width: Number(r.width),
    height: Number(r.height),
    bits: Number(r.bits),
    deleted: Number(r.deleted),
    actor_user: r.actor_user === null ? null : Number(r.actor_user),
    actor_name: textOf(r.actor_name),
    comment_text: textOf(r.comment_text),
  };
}

export async function currentVersions(db: SqlExecutor, names: readonly string[]): Promise<FileVersionRow[]> {
  const out: FileVersionRow[] = [];
  for (const part of chunks(names)) {
    const list = inList(db.dialect, 'img_name', part);
    const rows = await db.all<FileVersionRow>(
      `SELECT ${CURRENT_COLUMNS} FROM {image} JOIN {actor} ON actor_id = img_actor ` +
        `JOIN {comment} ON comment_id = img_description_id WHERE ${list.sql}`,
      ...list.values,
    );
    out.push(...rows.map(versionRow));
  }
  return out;
}

export async function oldVersions(db: SqlExecutor, q: OldVersionsQuery): Promise<FileVersionRow[]> {
  const d = db.dialect;
  const where = ['oi_name = ?'];
  const values: unknown[] = [q.name];
  if (q.start !== null) {
    where.push(`oi_timestamp <= ${d.timestampParameter()}`);
    values.push(q.start);
  }
  if (q.end !== null) {
    where.push(`oi_timestamp >= ${d.timestampParameter()}`);
    values.push(q.end);
  }
  // Ordered by the whole (oi_name, oi_timestamp) index, which the one name makes the same order.
  const rows = await db.all<FileVersionRow>(
    `SELECT ${OLD_COLUMNS} FROM {oldimage} JOIN {actor} ON actor_id = oi_actor ` +
      `JOIN {comment} ON comment_id = oi_description_id WHERE ${where.join(' AND ')} ` +
      `ORDER BY oi_name ${q.ascending ? 'ASC' : 'DESC'}, oi_timestamp ${q.ascending ? 'ASC' : 'DESC'} LIMIT ${Math.max(0, Math.trunc(q.limit))}`,
    ...values,
  );
  return rows.map(versionRow);
}

export async function namesWithPrefix(db: SqlExecutor, prefix: string, limit: number): Promise<string[]> {
  // A range rather than LIKE: SQLite's LIKE ignores ASCII case and reads no index of a BLOB column.
  const upper = prefixUpperBound(prefix);
  const rows = await db.all<{ img_name: unknown }>(
    `SELECT img_name FROM {image} WHERE img_name >= ?${upper === null ? '' : ' AND img_name < ?'} ORDER BY img_name LIMIT ${Math.max(0, Math.trunc(limit))}`,
    prefix,
    ...(upper === null ? [] : [upper]),
  );
  return rows.map((r) => textOf(r.img_name));
}
