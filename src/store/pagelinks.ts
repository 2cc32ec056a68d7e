// Store queries for the links a set of pages makes (prop=links, templates, images, categories).
import type { TitleKey } from './pages.ts';

/**
 * The link tables that name a target page: pagelinks, templatelinks (via linktarget), imagelinks.
 * The same three answer "what links here" (ListingStore.linksTo).
 */
export type LinkTable = 'pagelinks' | 'templatelinks' | 'imagelinks';

/** One link of a source page, as MediaWiki's ApiQueryLinks reads it (`pl_from|pl_namespace|pl_title`). */
export interface LinkRow {
  from: number;
  ns: number;
  /** DB key of the target. */
  title: string;
}

/** Where a continued listing resumes: this row and everything after it in the listing order. */
export interface LinkPosition {
  from: number;
  ns: number;
  title: string;
}

export interface LinkQuery {
  /** Source page ids (any order; the listing is ordered by source page id). */
  fromIds: readonly number[];
  /** Only targets in these namespaces (null: all). */
  namespaces: readonly number[] | null;
  /** Only these targets (null: all). */
  targets: readonly TitleKey[] | null;
  /** Resume at this position (inclusive). */
  continueAt: LinkPosition | null;
  descending: boolean;
  /** Rows to return at most. */
  limit: number;
}

/** One row of categorylinks, with what prop=categories can show of it. */
export interface CategoryLinkRow {
  from: number;
  /** DB key of the category (namespace 14). */
  to: string;
  /** cl_sortkey as lower-case hexadecimal bytes. */
  sortkeyHex: string;
  sortkeyPrefix: string;
  /** cl_timestamp, 14-character MediaWiki form. */
  timestamp: string;
  /** The category page carries the `hiddencat` page property. */
  hidden: boolean;
}

export interface CategoryLinkQuery {
  fromIds: readonly number[];
  /** Only these categories, DB keys (null: all). */
  categories: readonly string[] | null;
  /** Resume at (cl_from, cl_to), inclusive. */
  continueAt: { from: number; to: string } | null;
  /** `only`: hidden categories alone; `exclude`: visible ones alone. */
  hidden: 'only' | 'exclude' | null;
  descending: boolean;
  limit: number;
}

export interface PageLinkStore {
  /** Links of the pages, ordered by (from, ns, title), ascending or descending. */
  links(table: LinkTable, query: LinkQuery): Promise<LinkRow[]>;
  /** Category memberships of the pages, ordered by (cl_from, cl_to). */
  categories(query: CategoryLinkQuery): Promise<CategoryLinkRow[]>;
}
