// What a caller may see of deleted, suppressed and hidden data, as MediaWiki 1.39 decides it from
// the caller's rights: the fields of revisions (live and archived) and of deleted files
// (RevisionRecord::userCanBitfield, which ArchivedFile::userCan uses too), of log entries
// (LogEventsList::userCanBitfield), archived revisions and deleted pages (deletedhistory,
// deletedtext), and users whose name a block hides (ipb_deleted, hideuser). Every module that
// shows such data asks here, so that the rules live in one place.

/** RevisionRecord::DELETED_* (rev_deleted, ar_deleted), and File::DELETED_* of fa_deleted and oi_deleted. */
export const DELETED_TEXT = 1;
export const DELETED_COMMENT = 2;
export const DELETED_USER = 4;
export const DELETED_RESTRICTED = 8;
/** File::DELETED_FILE: the file's content, the bit DELETED_TEXT is for revisions. */
export const DELETED_FILE = DELETED_TEXT;

/** LogPage::DELETED_* (log_deleted). */
export const LOG_DELETED_ACTION = 1;
export const LOG_DELETED_COMMENT = 2;
export const LOG_DELETED_USER = 4;
export const LOG_DELETED_RESTRICTED = 8;

type Rights = ReadonlySet<string>;

/** The rights that see suppressed (DELETED_RESTRICTED) data. */
const SUPPRESSED_RIGHTS = ['suppressrevision', 'viewsuppressed'] as const;

function hasAny(rights: Rights, names: readonly string[]): boolean {
  return names.some((name) => rights.has(name));
}

/**
 * The rights one of which lets a caller see `field` of something deleted with `bitfield`: the
 * suppression rights when the deletion is suppressed, else deletedtext for the text (a file's
 * content) and deletedhistory for the other fields. Null when the field is not deleted.
 */
export function rightsToSee(bitfield: number, field: number): readonly string[] | null {
  if (!(bitfield & field)) return null;
  if (bitfield & DELETED_RESTRICTED) return SUPPRESSED_RIGHTS;
  return field & DELETED_TEXT ? ['deletedtext'] : ['deletedhistory'];
}

/**
 * RevisionRecord::userCanBitfield: may the caller see `field` (DELETED_TEXT, DELETED_COMMENT,
 * DELETED_USER) of a revision, archived revision or deleted file version deleted with `bitfield`?
 * `allowedOnPage`, when given, is the page's own permission check of a right (MediaWiki asks
 * PermissionManager with the page: namespace protection and blocks may refuse what the right grants).
 */
export function userCanBitfield(bitfield: number, field: number, rights: Rights, allowedOnPage?: (right: string) => boolean): boolean {
  const needed = rightsToSee(bitfield, field);
  if (needed === null) return true;
  return needed.some((right) => rights.has(right) && (allowedOnPage === undefined || allowedOnPage(right)));
}

/**
 * The rev_deleted bits that keep a revision out of a list filtered by user (ApiQueryRevisions'
 * rvuser/rvexcludeuser, ApiQueryContributors, usercontribs; T19342): a revision whose user the
 * caller may not see is left out, rather than matched by a name the caller cannot see. A
 * revision is left out when `rev_deleted & mask == mask`; 0 leaves none out.
 */
export function hiddenUserMask(rights: Rights): number {
  if (!rights.has('deletedhistory')) return DELETED_USER;
  if (!hasAny(rights, SUPPRESSED_RIGHTS)) return DELETED_USER | DELETED_RESTRICTED;
  return 0;
}

/** LogEventsList::userCanBitfield: may the caller see `field` (LOG_DELETED_*) of a log entry deleted with `bitfield`? */
export function logUserCanBitfield(bitfield: number, field: number, rights: Rights): boolean {
  if (!(bitfield & field)) return true;
  if (bitfield & LOG_DELETED_RESTRICTED) return hasAny(rights, SUPPRESSED_RIGHTS);
  return rights.has('deletedhistory');
}

/**
 * The log_deleted bits that keep an entry out of a log list filtered by performer (ApiQueryLogEvents
 * with leuser; T19342), as hiddenUserMask does for revisions.
 */
export function hiddenLogUserMask(rights: Rights): number {
  if (!rights.has('deletedhistory')) return LOG_DELETED_USER;
  if (!hasAny(rights, SUPPRESSED_RIGHTS)) return LOG_DELETED_USER | LOG_DELETED_RESTRICTED;
  return 0;
}

/**
 * Whether the caller may know about archived revisions and deleted pages at all: ApiPageSet finds
 * `revids` in the archive, and deletedrevisions, alldeletedrevisions and deletedrevs list them, only
 * for callers with deletedhistory.
 */
export function canSeeDeletedHistory(rights: Rights): boolean {
  return rights.has('deletedhistory');
}

/**
 * Whether the caller may see a user whose name a block hides (ipb_deleted, a block with
 * `hidename`): list=users, allusers, blocks and the users of revisions and logs leave such users
 * out, or show them as hidden, for callers without hideuser.
 */
export function canSeeHiddenUser(hidden: boolean, rights: Rights): boolean {
  return !hidden || rights.has('hideuser');
}
