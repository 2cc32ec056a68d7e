// What the fixture wiki hides from anonymous callers, read from its database: the strings that must never leak.
import Database from 'better-sqlite3';

type Db = Database.Database;

/** Revision deletion bits (RevisionRecord::DELETED_*); log and recent-change rows use the same. */
export const DELETED_TEXT = 1;
export const DELETED_COMMENT = 2;
export const DELETED_USER = 4;
export const DELETED_RESTRICTED = 8;

export interface HiddenRevision {
  revId: number;
  pageId: number;
  /** Title as the API shows it ("Mars"). */
  title: string;
  deleted: number;
  user: string;
  userId: number;
  comment: string;
  text: string;
  /** sha1 as the API shows it (hex). */
  sha1: string;
}

export interface DeletedPage {
  ns: number;
  /** Title as the API shows it, with namespace prefix ("Category:Old planets"). */
  title: string;
  revIds: number[];
}

export interface FixtureSecrets {
  hiddenRevisions: HiddenRevision[];
  /** Pages that exist only in the archive (deleted, never restored). */
  deletedPages: DeletedPage[];
  /** Users whose name is hidden by a block with hideuser (ipb_deleted). */
  hiddenUsers: string[];
  /**
   * Strings that occur only in hidden or deleted data (texts, comments, sha1s, suppressed log
   * entries) and nowhere visible: any anonymous answer that contains one leaks it.
   */
  strings: string[];
}

const NAMESPACE_PREFIX: Record<number, string> = {
  0: '', 1: 'Talk:', 2: 'User:', 3: 'User talk:', 4: 'Fixture Wiki:', 5: 'Fixture Wiki talk:', 6: 'File:', 7: 'File talk:',
  8: 'MediaWiki:', 9: 'MediaWiki talk:', 10: 'Template:', 11: 'Template talk:', 12: 'Help:', 13: 'Help talk:', 14: 'Category:', 15: 'Category talk:',
};

function displayTitle(ns: number, dbKey: string): string {
  return NAMESPACE_PREFIX[ns] + dbKey.replace(/_/g, ' ');
}

/** MediaWiki stores sha1 in base 36; the API shows it in hex. */
export function base36ToHex(base36: string): string {
  let n = 0n;
  for (const c of base36) n = n * 36n + BigInt(parseInt(c, 36));
  return n.toString(16).padStart(40, '0');
}

function texts(db: Db, revColumn: 'rev_id' | 'ar_rev_id', table: 'revision' | 'archive', where: string): Map<number, string> {
  const rows = db
    .prepare(
      `SELECT r.${revColumn} AS id, t.old_text AS text FROM ${table} r
       JOIN slots s ON s.slot_revision_id = r.${revColumn}
       JOIN content c ON c.content_id = s.slot_content_id
       JOIN text t ON 'tt:' || t.old_id = c.content_address
       WHERE ${where}`,
    )
    .all() as { id: number; text: Buffer | string }[];
  return new Map(rows.map((r) => [r.id, String(r.text)]));
}

function readHiddenRevisions(db: Db): HiddenRevision[] {
  const rows = db
    .prepare(
      `SELECT r.rev_id, r.rev_page, p.page_namespace, p.page_title, r.rev_deleted, a.actor_name, a.actor_user, c.comment_text, r.rev_sha1
       FROM revision r JOIN page p ON p.page_id = r.rev_page JOIN actor a ON a.actor_id = r.rev_actor
       JOIN revision_comment_temp t ON t.revcomment_rev = r.rev_id JOIN comment c ON c.comment_id = t.revcomment_comment_id
       WHERE r.rev_deleted <> 0 ORDER BY r.rev_id`,
    )
    .all() as Record<string, string | number | null>[];
  const textOf = texts(db, 'rev_id', 'revision', 'r.rev_deleted <> 0');
  return rows.map((r) => ({
    revId: Number(r.rev_id),
    pageId: Number(r.rev_page),
    title: displayTitle(Number(r.page_namespace), String(r.page_title)),
    deleted: Number(r.rev_deleted),
    user: String(r.actor_name),
    userId: Number(r.actor_user ?? 0),
    comment: String(r.comment_text),
    text: textOf.get(Number(r.rev_id)) ?? '',
    sha1: base36ToHex(String(r.rev_sha1)),
  }));
}

function readDeletedPages(db: Db): DeletedPage[] {
  const rows = db
    .prepare(
      `SELECT ar_namespace AS ns, ar_title AS title, group_concat(ar_rev_id) AS revs FROM archive
       WHERE NOT EXISTS (SELECT 1 FROM page WHERE page_namespace = ar_namespace AND page_title = ar_title)
       GROUP BY ar_namespace, ar_title ORDER BY ar_namespace, ar_title`,
    )
    .all() as { ns: number; title: string; revs: string }[];
  return rows.map((r) => ({ ns: r.ns, title: displayTitle(r.ns, String(r.title)), revIds: r.revs.split(',').map(Number) }));
}

/** Everything an anonymous caller may legitimately see somewhere: secrets must not be part of it. */
function visibleCorpus(db: Db, hiddenUsers: string[]): string {
  const column = (sql: string) => (db.prepare(sql).pluck().all() as (string | Buffer | null)[]).map((v) => String(v ?? ''));
  const visibleTexts = [...texts(db, 'rev_id', 'revision', `(r.rev_deleted & ${DELETED_TEXT}) = 0`).values()];
  const hidden = hiddenUsers.map((u) => `'${u.replace(/'/g, "''")}'`).join(',') || "''";
  return [
    ...visibleTexts,
    ...column(`SELECT c.comment_text FROM revision r JOIN revision_comment_temp t ON t.revcomment_rev = r.rev_id JOIN comment c ON c.comment_id = t.revcomment_comment_id WHERE (r.rev_deleted & ${DELETED_COMMENT}) = 0`),
    ...column(`SELECT c.comment_text FROM logging l JOIN comment c ON c.comment_id = l.log_comment_id WHERE (l.log_deleted & ${DELETED_COMMENT}) = 0 AND l.log_type <> 'suppress'`),
    ...column(`SELECT c.comment_text FROM recentchanges r JOIN comment c ON c.comment_id = r.rc_comment_id WHERE (r.rc_deleted & ${DELETED_COMMENT}) = 0 AND r.rc_log_type IS NOT 'suppress'`),
    ...column(`SELECT c.comment_text FROM image i JOIN comment c ON c.comment_id = i.img_description_id`),
    ...column(`SELECT log_title FROM logging WHERE log_type <> 'suppress' AND (log_deleted & 1) = 0`).map((t) => t.replace(/_/g, ' ')),
    ...column(`SELECT page_title FROM page`).map((t) => t.replace(/_/g, ' ')),
    ...column(`SELECT actor_name FROM actor WHERE actor_name NOT IN (${hidden})`),
    ...column(`SELECT rev_sha1 FROM revision WHERE (rev_deleted & ${DELETED_TEXT}) = 0`).map(base36ToHex),
    ...column(`SELECT fa_sha1 FROM filearchive UNION SELECT img_sha1 FROM image UNION SELECT oi_sha1 FROM oldimage`).map(base36ToHex),
  ].join('\n');
}

function lines(text: string): string[] {
  return text.split('\n').map((l) => l.trim()).filter((l) => l.length >= 8);
}

export function readFixtureSecrets(dbPath: string): FixtureSecrets {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const hiddenRevisions = readHiddenRevisions(db);
    const deletedPages = readDeletedPages(db);
    const hiddenUsers = (db.prepare('SELECT ipb_address FROM ipblocks WHERE ipb_deleted <> 0').pluck().all() as (string | Buffer)[]).map(String);
    const corpus = visibleCorpus(db, hiddenUsers);
    const deletedRevIds = deletedPages.flatMap((p) => p.revIds);
    const archiveTexts = [...texts(db, 'ar_rev_id', 'archive', `r.ar_rev_id IN (${deletedRevIds.join(',') || 0})`).values()];
    const archiveSha1s = (db.prepare(`SELECT ar_sha1 FROM archive WHERE ar_rev_id IN (${deletedRevIds.join(',') || 0})`).pluck().all() as string[]).map((s) => base36ToHex(String(s)));
    const suppressed = db.prepare(`SELECT c.comment_text FROM logging l JOIN comment c ON c.comment_id = l.log_comment_id WHERE l.log_type = 'suppress' OR (l.log_deleted & ${DELETED_COMMENT}) <> 0`).pluck().all() as string[];
    const candidates = [
      ...hiddenRevisions.filter((r) => r.deleted & DELETED_TEXT).flatMap((r) => [...lines(r.text), r.sha1]),
      ...hiddenRevisions.filter((r) => r.deleted & DELETED_COMMENT).map((r) => r.comment),
      ...archiveTexts.flatMap(lines),
      ...archiveSha1s,
      ...suppressed.map(String),
      ...hiddenUsers,
    ];
    const strings = [...new Set(candidates)].filter((s) => s.length >= 6 && !corpus.includes(s));
    return { hiddenRevisions, deletedPages, hiddenUsers, strings };
  } finally {
    db.close();
  }
}
