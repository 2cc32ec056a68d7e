// The revision family: revision (and archive's revision ids), slots, content, text, the comments and
// actors of revisions, change_tag.
import type { TitleKey } from './pages.ts';

/** A revision with its actor and comment (MediaWiki's revision query with `user` and comment joins). */
export interface RevisionRow {
  rev_id: number;
  rev_page: number;
  /** 14-character MediaWiki timestamp. */
  rev_timestamp: string;
  rev_minor_edit: number;
  /** RevisionRecord::DELETED_* bits. */
  rev_deleted: number;
  rev_len: number | null;
  rev_parent_id: number | null;
  /** Base-36 SHA-1, '' when unknown. */
  rev_sha1: string;
  /** NULL for IPs and imported users. */
  actor_user: number | null;
  actor_name: string;
  comment_text: string | null;
  comment_data: string | null;
  /** Its slots in role order, when the query asked for them (`slots`). */
  slots?: SlotWithText[];
}

/**
 * Read the revisions' slots in the same statement (slotsOf), with their texts too (slotsWithTexts)
 * when `texts` is set.
 */
export interface SlotsWanted {
  texts: boolean;
}

/** A slot of a revision with its content row (live or archived revisions alike). */
export interface SlotRow {
  slot_revision_id: number;
  role_name: string;
  content_size: number;
  /** Base-36 SHA-1. */
  content_sha1: string;
  model_name: string;
  /** `tt:<old_id>` for the text table; other schemes are not readable here. */
  content_address: string;
  slot_origin: number;
}

/** A slot with its text; `text` is absent where texts() would not give it. */
export interface SlotWithText extends SlotRow {
  text?: string;
}

/** A timestamp bound, optionally tied to a revision id (rvstartid/rvendid and continuation). */
export interface RevisionBound {
  ts: string;
  id?: number;
}

/** One page's history in one direction, as prop=revisions enumerates it. */
export interface PageHistoryQuery {
  pageId: number;
  /** `newer`: oldest first; `older`: newest first. */
  dir: 'newer' | 'older';
  start?: RevisionBound;
  end?: RevisionBound;
  /** Continue at this revision (included). */
  from?: RevisionBound;
  /** Only revisions by (or, with `exclude`, not by) this actor name. */
  actor?: { name: string; exclude: boolean };
  /** Leave out revisions where `rev_deleted & mask == mask` (hidden users for callers who cannot see them). */
  hiddenMask?: number;
  /** Only revisions carrying this change tag id (`null`: the tag does not exist, nothing matches). */
  tagId?: number | null;
  limit: number;
  slots?: SlotsWanted;
}

/** The latest revision of each page, ordered by page then revision id. */
export interface LatestRevisionsQuery {
  pageIds: readonly number[];
  /** Continue at this page and revision (included). */
  from?: { pageId: number; revId: number };
  tagId?: number | null;
  limit: number;
  slots?: SlotsWanted;
}

/** Revisions by id, ordered by id. */
export interface RevisionsByIdQuery {
  revIds: readonly number[];
  /** Continue at this revision id (included). */
  fromId?: number;
  tagId?: number | null;
  limit: number;
  slots?: SlotsWanted;
}

export interface RevisionStore {
  pageHistory(query: PageHistoryQuery): Promise<RevisionRow[]>;
  latestOfPages(query: LatestRevisionsQuery): Promise<RevisionRow[]>;
  byIds(query: RevisionsByIdQuery): Promise<RevisionRow[]>;
  /** rev_id -> rev_page for live revisions (archived ones are not found). */
  pagesOf(revIds: readonly number[]): Promise<{ rev_id: number; rev_page: number }[]>;
  /** The titles of archived revisions (ar_rev_id), for callers who may know of deleted history. */
  archivedTitles(revIds: readonly number[]): Promise<{ ar_rev_id: number; ar_namespace: number; ar_title: string }[]>;
  /** Timestamps of revision ids, live or archived (rvstartid/rvendid). */
  timestampsOf(revIds: readonly number[]): Promise<Map<number, string>>;
  /** Tag names per revision, in tag-id order. */
  tagsOf(revIds: readonly number[]): Promise<Map<number, string[]>>;
  /** Slots per revision id (works for archived revisions through ar_rev_id too). */
  slotsOf(revIds: readonly number[]): Promise<Map<number, SlotRow[]>>;
  /** slotsOf with each slot's text as texts() reads it, in one statement. */
  slotsWithTexts(revIds: readonly number[]): Promise<Map<number, SlotWithText[]>>;
  /**
   * Content address of the main slot of a page's current revision (page -> page_latest -> slots ->
   * content); null when the page does not exist. texts() reads it: see currentText (page-text.ts).
   */
  currentMainAddress(title: TitleKey): Promise<string | null>;
  /** Text of content addresses (`tt:N`); addresses that cannot be read are absent. */
  texts(addresses: readonly string[]): Promise<Map<string, string>>;
}
