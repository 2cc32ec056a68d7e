// The category family: categorylinks, read from the member's end or the category's.
import type { ListedPage } from './pages.ts';

/** One row of categorylinks, with what prop=categories can show of it. */
export interface CategoryLinkRow {
  cl_from: number;
  /** DB key of the category (namespace 14). */
  cl_to: string;
  /** cl_sortkey as lower-case hexadecimal bytes. */
  sortkey_hex: string;
  cl_sortkey_prefix: string;
  /** 14-character MediaWiki form. */
  cl_timestamp: string;
  /** The category page carries the `hiddencat` page property. */
  hidden: boolean;
}

/** The categories of a set of pages, ordered by (cl_from, cl_to). */
export interface CategoriesOfQuery {
  fromIds: readonly number[];
  /** Only these categories, DB keys (null: all). */
  categories: readonly string[] | null;
  /** Resume at (cl_from, cl_to), inclusive. */
  continueAt: { from: number; to: string } | null;
  /** `only`: hidden categories alone; `exclude`: visible ones alone. */
  hidden: 'only' | 'exclude' | null;
  /** Whether rows must tell hidden categories (otherwise `hidden` is false in every row). */
  withHidden: boolean;
  descending: boolean;
  limit: number;
}

/** A category member as categorymembers reads it. */
export interface CategoryMemberRow extends ListedPage {
  cl_from: number;
  /** cl_sortkey as lower-case hexadecimal bytes. */
  sortkey_hex: string;
  cl_sortkey_prefix: string;
  cl_type: string;
  cl_timestamp: string;
}

interface CategoryMemberBase {
  /** `cl_to`: the category's DB key. */
  category: string;
  /** `page_namespace` of the members; null or empty: any. */
  namespaces: readonly number[] | null;
  descending: boolean;
  limit: number;
}

export interface MembersBySortkeyQuery extends CategoryMemberBase {
  /** The types wanted, in the order they are listed (each its own walk of the sort keys). */
  types: readonly string[];
  /** Raw sort key bytes (inclusive bounds). */
  start: Uint8Array | null;
  end: Uint8Array | null;
  /** Resume the first type after (`sortkey`, `from`): rows past the sort key, or at it from `from` on. */
  after: { sortkey: Uint8Array; from: number } | null;
}

export interface MembersByTimestampQuery extends CategoryMemberBase {
  start: string | null;
  end: string | null;
  after: { timestamp: string; from: number } | null;
}

/** A row of the category table, with whether its page is a hidden category (prop=categoryinfo). */
export interface CategoryInfoRow {
  cat_title: string;
  cat_pages: number;
  cat_subcats: number;
  cat_files: number;
  hidden: boolean;
}

export interface CategoryStore {
  /** The category table's rows of these categories (DB keys) from `from` on, in title order. */
  info(titles: readonly string[], from: string | null): Promise<CategoryInfoRow[]>;
  /** Category memberships of the pages (prop=categories). */
  of(query: CategoriesOfQuery): Promise<CategoryLinkRow[]>;
  /**
   * Members of one category, type after type, each type's in sort-key order and up to `limit`
   * rows of its own (list=categorymembers).
   */
  membersBySortkey(q: MembersBySortkeyQuery): Promise<CategoryMemberRow[]>;
  /** Members of one category in the order they were added. */
  membersByTimestamp(q: MembersByTimestampQuery): Promise<CategoryMemberRow[]>;
  /** Categories with their counts (list=allcategories). */
  all(q: AllCategoriesQuery): Promise<CategoryRow[]>;
}

/** The category table in title order (list=allcategories). */
export interface AllCategoriesQuery {
  descending: boolean;
  /** Title bounds in DB-key form, inclusive, in the listing's direction (`from` first). */
  from: string | null;
  to: string | null;
  /** Resume at this title, inclusive. */
  continueFrom: string | null;
  /** DB-key prefix of the titles (byte for byte). */
  prefix: string | null;
  /** Bounds of cat_pages, inclusive. */
  minPages: number | null;
  maxPages: number | null;
  /** Whether to tell hidden categories (the category page has the `hiddencat` property). */
  hidden: boolean;
  limit: number;
}

export interface CategoryRow {
  cat_title: string;
  cat_pages: number;
  cat_subcats: number;
  cat_files: number;
  /** `hiddencat` when asked and hidden, else null. */
  cat_hidden: string | null;
}
