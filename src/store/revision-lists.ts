// Listings of live revisions across pages: a user's contributions (list=usercontribs) and all
// revisions of the wiki (list=allrevisions). Part of the revision family (revisions.lists).
import type { RevisionBound, RevisionRow, SlotsWanted } from './revisions.ts';

// The family gains the listings here, so that revisions.ts, whose types these use, need not
// import this file back (no import cycle).
declare module './revisions.ts' {
  interface RevisionStore {
    /** Revisions across pages: a user's contributions, all revisions (list=usercontribs, allrevisions). */
    readonly lists: RevisionListStore;
  }
}

/** An actor as list=usercontribs enumerates them. */
export interface ActorRow {
  actor_id: number;
  actor_user: number | null;
  actor_name: string;
}

/** Which actors to list, in the order the contributions come out. */
export type ActorsQuery =
  | { by: 'names'; names: readonly string[] }
  | { by: 'userIds'; userIds: readonly number[] }
  /** Names starting with `prefix`, from (or after) `from.name` on, at most `limit`. */
  | { by: 'prefix'; prefix: string; from?: { name: string; inclusive: boolean }; limit: number };

/** recentchanges.rc_patrolled values a contribution may be asked to have or not. */
export interface PatrolFilter {
  equals?: number;
  notEquals?: number[];
}

/** One actor's contributions, newest (`older`) or oldest (`newer`) first. */
export interface ContributionsQuery {
  actorId: number;
  dir: 'newer' | 'older';
  start?: string;
  end?: string;
  /** Continue at this revision (included). */
  from?: RevisionBound;
  namespaces?: readonly number[];
  minor?: boolean;
  /** Only the page's latest revision (true) or only older ones (false). */
  top?: boolean;
  /** Only page creations (true: rev_parent_id = 0) or only the others. */
  created?: boolean;
  /**
   * Join recentchanges on rc_this_oldid (every change row of the revision, as MediaWiki's join
   * gives them): `left` to read rc_patrolled, `inner` when filtering on it.
   */
  patrol?: { join: 'left' | 'inner'; filter: PatrolFilter };
  /** Leave out revisions where `rev_deleted & mask == mask`. */
  hiddenMask?: number;
  /** Only revisions carrying this change tag id (`null`: an unknown tag, nothing matches). */
  tagId?: number | null;
  limit: number;
}

export interface ContributionRow extends RevisionRow {
  page_namespace: number;
  page_title: string;
  page_latest: number;
  /** With a patrol join: the change row's rc_patrolled, null without one. */
  rc_patrolled?: number | null;
}

/** All revisions in time order (list=allrevisions). */
export interface AllRevisionsQuery {
  dir: 'newer' | 'older';
  start?: string;
  end?: string;
  from?: RevisionBound;
  namespaces?: readonly number[];
  /** Only revisions by (or, with `exclude`, not by) this actor name. */
  actor?: { name: string; exclude: boolean };
  hiddenMask?: number;
  limit: number;
  slots?: SlotsWanted;
}

export interface AllRevisionRow extends RevisionRow {
  page_namespace: number;
  page_title: string;
}

export interface RevisionListStore {
  actors(query: ActorsQuery, descending: boolean): Promise<ActorRow[]>;
  contributions(query: ContributionsQuery): Promise<ContributionRow[]>;
  /** rev_len of live revisions (RevisionStore::getRevisionSizes: NULL as 0); others absent. */
  sizes(revIds: readonly number[]): Promise<Map<number, number>>;
  allRevisions(query: AllRevisionsQuery): Promise<AllRevisionRow[]>;
}
