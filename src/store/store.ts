// The Store: everything the API reads from a wiki database, one interface per family of MediaWiki
// tables (not per caller), so that a module's new query lands where its data lives and every
// backend writes each query once. Backends implement it in sibling folders (sqlite/ now).
//
// Rows carry MediaWiki's column names (page_id, rev_timestamp, cl_sortkey_prefix ...): every backend
// returns them as its SQL selects them, without a per-row renaming, and they read as MediaWiki's own
// queries do. A value that is no single table's column (a hex sort key, a target that comes from
// linktarget or imagelinks) gets a snake_case name in the same style, as MediaWiki's query aliases do.
// Query objects (what a caller asks) are TypeScript-style camelCase.
import type { PageStore } from './pages.ts';
import type { FileStore } from './files.ts';
import type { LinkStore } from './links.ts';
import type { CategoryStore } from './categories.ts';
import type { RevisionStore } from './revisions.ts';
import type { UserStore } from './users.ts';
import type { AccountStore } from './accounts.ts';
import type { WatchlistStore } from './watchlist.ts';
import type { SiteStore } from './site.ts';
import type { LoggingStore } from './logging.ts';
import type { RecentChangesStore } from './recent-changes.ts';
import type { ChangeTagStore } from './change-tags.ts';
import type { QueryPageStore } from './query-pages.ts';
import type { ReplicationStatus } from './replication.ts';
import type { SearchStore } from './search.ts';

export interface Store {
  /** `sqlite`, `mysql`, `postgres`: reported as siteinfo `dbtype`. */
  readonly backend: string;
  /** Server version string (siteinfo `dbversion`). */
  readonly version: string;
  /** page, redirect, page_props, page_restrictions, protected_titles. */
  readonly pages: PageStore;
  /** image. */
  readonly files: FileStore;
  /** pagelinks, templatelinks + linktarget, imagelinks; cascading protection through them. */
  readonly links: LinkStore;
  /** categorylinks. */
  readonly categories: CategoryStore;
  /** revision, archive's revision ids, slots, content, text, comments and actors of revisions, change_tag. */
  readonly revisions: RevisionStore;
  /** user, actor, user_groups, ipblocks, user_newtalk. */
  readonly users: UserStore;
  /** user's passwords and tokens, bot_passwords: what logging in reads. */
  readonly accounts: AccountStore;
  /** watchlist. */
  readonly watchlist: WatchlistStore;
  /** interwiki, site_stats, change_tag_def, job. */
  readonly site: SiteStore;
  /** logging. */
  readonly logging: LoggingStore;
  /** recentchanges. */
  readonly recentChanges: RecentChangesStore;
  /** change_tag and change_tag_def. */
  readonly changeTags: ChangeTagStore;
  /** The query pages' lists (Special:Wantedpages ...): computed, or from querycache and querycache_info. */
  readonly queryPages: QueryPageStore;
  /** The full-text index: searchindex (SQLite, MySQL), page.titlevector and text.textvector (PostgreSQL). */
  readonly search: SearchStore;
  /**
   * A 14-digit timestamp of `column` (rev_timestamp, cl_timestamp ...) as this database returns
   * it: MediaWiki puts that raw value into continuation parameters.
   */
  storedTimestamp(timestamp: string, column: string): string;
  /** What the server needs to run the database: time limits, health, replacement. */
  readonly control?: StoreControl;
  /** The database servers and their lag (a server database; SQLite has one file and no lag). */
  readonly replication?: ReplicationStatus;
  /**
   * Runs `work` as one request (a server database): its reads on one server (they are spread over
   * replicas otherwise), its queries failing with StoreInterruptedError once `timeLimitMs` have
   * passed. SQLite stores are given their deadline by `control` instead.
   */
  runRequest?<T>(work: () => Promise<T>, timeLimitMs?: number): Promise<T>;
  close(): Promise<void>;
}

export interface StoreControl {
  /** The database file. */
  readonly path: string;
  /** Whether a deadline stops a running query (false: only queries started after it are refused). */
  readonly interruptible: boolean;
  readonly interruptUnavailableReason?: string;
  /**
   * Queries running `ms` milliseconds from now, or starting after that, fail with
   * StoreInterruptedError; null (or 0) clears the deadline.
   */
  setDeadline(ms: number | null): void;
  /** Time spent executing queries since the store was opened. */
  databaseMilliseconds(): number;
  /** The path now names another file, or none (the store still reads the file it opened). */
  identityChanged(): boolean;
  /** Whether the database can be read: its schema, and a row of `page`. */
  probe(): { ok: true } | { ok: false; error: string };
}
