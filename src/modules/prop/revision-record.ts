// A revision as the revision modules see it (live or archived), and who may see which of its
// fields (RevisionRecord's deletion bits).
import type { RevisionRow } from '../../store/revisions.ts';

/** RevisionRecord::DELETED_* */
export const DELETED_TEXT = 1;
export const DELETED_COMMENT = 2;
export const DELETED_USER = 4;
export const DELETED_RESTRICTED = 8;

/** RevisionRecord::userCanBitfield: may a caller with these rights see `field` of a revision? */
export function canSeeField(deleted: number, field: number, rights: ReadonlySet<string>): boolean {
  if (!(deleted & field)) return true;
  const needed = deleted & DELETED_RESTRICTED ? ['suppressrevision', 'viewsuppressed'] : field & DELETED_TEXT ? ['deletedtext'] : ['deletedhistory'];
  return needed.some((r) => rights.has(r));
}

/** The mask of rev_deleted that hides a revision from user-filtered lists (T19342). */
export function hiddenUserMask(rights: ReadonlySet<string>): number {
  if (!rights.has('deletedhistory')) return DELETED_USER;
  if (!rights.has('suppressrevision') && !rights.has('viewsuppressed')) return DELETED_USER | DELETED_RESTRICTED;
  return 0;
}

/** A live or archived revision, with the page it belongs to. */
export interface RevisionLike {
  id: number;
  ns: number;
  dbKey: string;
  parentId: number | null;
  minor: boolean;
  deleted: number;
  len: number | null;
  sha1: string;
  timestamp: string;
  actorUser: number | null;
  actorName: string;
  comment: string;
}

export function revisionFromRow(row: RevisionRow, page: { ns: number; dbKey: string }): RevisionLike {
  return {
    id: row.rev_id,
    ns: page.ns,
    dbKey: page.dbKey,
    parentId: row.rev_parent_id,
    minor: row.rev_minor_edit !== 0,
    deleted: row.rev_deleted,
    len: row.rev_len,
    sha1: row.rev_sha1,
    timestamp: row.rev_timestamp,
    actorUser: row.actor_user,
    actorName: row.actor_name,
    comment: row.comment_text ?? '',
  };
}

/** A content model's default serialization format (ContentHandler::getDefaultFormat). */
export function defaultFormatOf(model: string): string {
  switch (model) {
    case 'wikitext':
      return 'text/x-wiki';
    case 'javascript':
      return 'text/javascript';
    case 'css':
      return 'text/css';
    case 'json':
      return 'application/json';
    default:
      return 'text/plain';
  }
}

/** Base-36 SHA-1 as MediaWiki stores it -> the 40-digit hex the API shows. */
export function sha1Base36ToHex(base36: string): string {
  if (!base36) return '';
  let n = 0n;
  for (const ch of base36.toLowerCase()) {
    const d = parseInt(ch, 36);
    if (Number.isNaN(d)) return '';
    n = n * 36n + BigInt(d);
  }
  return n.toString(16).padStart(40, '0');
}
