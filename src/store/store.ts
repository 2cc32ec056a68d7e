// The Store: everything the API reads from a wiki database, one narrow interface per domain.
// Backends implement it in sibling folders (sqlite/ now; mariadb/, postgres/ later).
import type { PageStore } from './pages.ts';
import type { SiteStore } from './site.ts';
import type { MetaStore } from './meta.ts';
import type { ListingStore } from './listings.ts';
import type { RevisionStore } from './revisions.ts';
import type { PageLinkStore } from './pagelinks.ts';

export interface Store {
  /** `sqlite`, `mysql`, `postgres`: reported as siteinfo `dbtype`. */
  readonly backend: string;
  /** Server version string (siteinfo `dbversion`). */
  readonly version: string;
  readonly pages: PageStore;
  readonly site: SiteStore;
  readonly meta: MetaStore;
  readonly listings: ListingStore;
  readonly revisions: RevisionStore;
  readonly pageLinks: PageLinkStore;
  /** What the server needs to run the database: time limits, health, replacement. */
  readonly control?: StoreControl;
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
