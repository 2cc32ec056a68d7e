// Deleted revisions (the archive table) as the revision family reads them (revisions.archive):
// for prop=deletedrevisions, list=alldeletedrevisions and list=deletedrevs.
import type { TitleKey } from './pages.ts';
import type { RevisionBound, SlotsWanted, SlotWithText } from './revisions.ts';

// The family gains the archive here, so that revisions.ts, whose types these use, need not
// import this file back (no import cycle).
declare module './revisions.ts' {
  interface RevisionStore {
    /** Deleted revisions (archive): prop=deletedrevisions, list=alldeletedrevisions, list=deletedrevs. */
    readonly archive: ArchiveStore;
  }
}

/** An archived revision with its actor and comment (RevisionStore::getArchiveQueryInfo). */
export interface ArchiveRow {
  ar_id: number;
  ar_namespace: number;
  ar_title: string;
  ar_rev_id: number;
  ar_page_id: number | null;
  ar_timestamp: string;
  ar_minor_edit: number;
  ar_deleted: number;
  ar_len: number | null;
  ar_parent_id: number | null;
  /** Base-36 SHA-1. */
  ar_sha1: string;
  actor_user: number | null;
  actor_name: string;
  comment_text: string | null;
  slots?: SlotWithText[];
}

/** A position in (namespace, title, timestamp, ar_id) order, included. */
export interface ArchiveTitlePosition {
  ns: number;
  title: string;
  ts: string;
  id: number;
}

/** `from`, `to` and `prefix` bounds on ar_title for some namespaces (the keys differ by namespace). */
export interface ArchiveTitleRange {
  namespaces: readonly number[];
  from?: string;
  to?: string;
  prefix?: string;
}

export interface ArchiveQuery {
  dir: 'newer' | 'older';
  /** Only revisions of these titles. */
  titles?: readonly TitleKey[];
  /** Only revisions with these ids. */
  revIds?: readonly number[];
  namespaces?: readonly number[];
  /** Title bounds, one group per set of namespaces sharing them (ORed). */
  ranges?: readonly ArchiveTitleRange[];
  /** Only revisions by this actor name (ar_actor_timestamp), or not by `excludeUser`. */
  user?: string;
  excludeUser?: string;
  start?: string;
  end?: string;
  /** Leave out revisions where `ar_deleted & mask == mask`. */
  hiddenMask?: number;
  /** Only revisions carrying this change tag id (`null`: an unknown tag, nothing matches). */
  tagId?: number | null;
  /**
   * `title`: by namespace (when `byNamespace`), title (when `byTitle`), time and ar_id, continuing
   * at `from` as a title position; `time`: by time and ar_id; `revid`: by ar_rev_id and ar_id.
   */
  order: { by: 'title'; byNamespace: boolean; byTitle: boolean; from?: ArchiveTitlePosition } | { by: 'time'; from?: RevisionBound } | { by: 'revid'; from?: { revId: number; id: number } };
  limit: number;
  slots?: SlotsWanted;
}

/** Distinct titles with deleted revisions in (namespace, title) order (generatetitles with newer). */
export interface ArchiveTitlesQuery {
  dir: 'newer' | 'older';
  namespaces?: readonly number[];
  ranges?: readonly ArchiveTitleRange[];
  excludeUser?: string;
  hiddenMask?: number;
  tagId?: number | null;
  byNamespace: boolean;
  from?: { ns: number; title: string };
  limit: number;
}

export interface ArchiveStore {
  revisions(query: ArchiveQuery): Promise<ArchiveRow[]>;
  titles(query: ArchiveTitlesQuery): Promise<TitleKey[]>;
}
