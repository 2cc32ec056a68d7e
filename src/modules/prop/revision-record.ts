// A revision as the revision modules see it (live or archived).
import type { ArchiveRow } from '../../store/archive.ts';
import type { RevisionRow } from '../../store/revisions.ts';

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

/** RevisionStore::newRevisionFromArchiveRow: a deleted revision under its archived title. */
export function revisionFromArchiveRow(row: ArchiveRow): RevisionLike {
  return {
    id: row.ar_rev_id,
    ns: row.ar_namespace,
    dbKey: row.ar_title,
    parentId: row.ar_parent_id,
    minor: Number(row.ar_minor_edit) !== 0,
    deleted: Number(row.ar_deleted),
    len: row.ar_len === null ? null : Number(row.ar_len),
    sha1: row.ar_sha1,
    timestamp: row.ar_timestamp,
    actorUser: row.actor_user === null ? null : Number(row.actor_user),
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
