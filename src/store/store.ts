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
  close(): Promise<void>;
}
