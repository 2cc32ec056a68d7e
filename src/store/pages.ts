// The page family: page, redirect, page_props, page_restrictions, protected_titles.
import type { PagePropRow, PagesWithPropQuery, PageWithPropRow } from './page-props.ts';

export interface PageRow {
  page_id: number;
  page_namespace: number;
  page_title: string;
  page_is_redirect: number;
  page_is_new: number;
  page_latest: number;
  page_len: number;
  page_touched: string;
  page_content_model: string | null;
  page_lang: string | null;
}

export interface RedirectRow {
  rd_from: number;
  rd_namespace: number;
  rd_title: string;
  rd_interwiki: string | null;
  rd_fragment: string | null;
}

export interface TitleKey {
  ns: number;
  dbKey: string;
}

/** Which pages a redirect filter keeps. */
export type RedirectFilter = 'all' | 'redirects' | 'nonredirects';

/** The page columns every listing returns. */
export interface ListedPage {
  page_id: number;
  page_namespace: number;
  page_title: string;
}

export interface LinkingPage extends ListedPage {
  page_is_redirect: number;
}

/** Pages with a current protection (expiry after `now`, or none) matching every given condition. */
export interface ProtectionFilter {
  /** `pr_type` values (edit, move, upload); empty: any type. */
  types: readonly string[];
  /** `pr_level` values; empty: any level. */
  levels: readonly string[];
  /** `pr_cascade` wanted, or null for either. */
  cascade: 0 | 1 | null;
  expiry: 'all' | 'indefinite' | 'definite';
  /** 14-digit timestamp the expiries are compared with. */
  now: string;
}

export interface AllPagesQuery {
  namespace: number;
  descending: boolean;
  /** Title bounds in DB-key form (inclusive); `continueFrom` is the continuation title. */
  from: string | null;
  to: string | null;
  continueFrom: string | null;
  /** DB-key prefix the titles start with (compared byte for byte). */
  prefix: string | null;
  redirects: RedirectFilter;
  minSize: number | null;
  maxSize: number | null;
  protection: ProtectionFilter | null;
  langlinks: 'all' | 'withlanglinks' | 'withoutlanglinks';
  /** Rows to read (the module's limit plus one). */
  limit: number;
}

export interface RestrictionRow {
  pr_page: number;
  pr_type: string;
  pr_level: string;
  pr_expiry: string | null;
  pr_cascade: number;
}

export interface ProtectedTitleRow {
  pt_namespace: number;
  pt_title: string;
  pt_create_perm: string;
  pt_expiry: string;
  /** Who protected it (for the `protectedtitle` permission error). */
  user_name: string | null;
  /** The protection's reason, from `comment` (MediaWiki's CommentStore calls it so). */
  pt_reason_text: string | null;
}

export interface PageStore {
  byTitles(titles: readonly TitleKey[]): Promise<PageRow[]>;
  byIds(ids: readonly number[]): Promise<PageRow[]>;
  redirectTargets(pageIds: readonly number[]): Promise<RedirectRow[]>;
  /** One namespace's pages in title order (list=allpages). */
  allPages(q: AllPagesQuery): Promise<LinkingPage[]>;
  /** page_props values of one property for these pages. */
  props(pageIds: readonly number[], name: string): Promise<Map<number, string>>;
  /** Every property of these pages (only the named ones, unless null), by page and name. */
  propsOf(pageIds: readonly number[], names: readonly string[] | null): Promise<PagePropRow[]>;
  /** The stored bytes of the properties named `prefix…` of these pages, by page then name (Cite's `references-N`). */
  propBytesWithPrefix(pageIds: readonly number[], prefix: string): Promise<Map<number, Map<string, Uint8Array>>>;
  /** Distinct property names in use, from `from` on (list=pagepropnames). */
  propNames(from: string | null, limit: number): Promise<string[]>;
  /** The pages carrying a property (list=pageswithprop). */
  withProp(query: PagesWithPropQuery): Promise<PageWithPropRow[]>;
  /** page_restrictions rows of these pages, by page and type. */
  restrictions(pageIds: readonly number[]): Promise<RestrictionRow[]>;
  /** Create protections of titles that do not exist. */
  protectedTitles(titles: readonly TitleKey[]): Promise<ProtectedTitleRow[]>;
  /** Every create protection, by time then title (list=protectedtitles). */
  protectedTitleList(q: ProtectedTitleListQuery): Promise<ProtectedTitleListRow[]>;
  /** Pages in page_random order (list=random). */
  randomPages(q: RandomPagesQuery): Promise<RandomPageRow[]>;
  /** Pages whose titles start with a prefix, by title then namespace (list=prefixsearch). */
  prefixSearch(q: PrefixSearchQuery): Promise<ListedPage[]>;
}

/** Title prefixes, each in some namespaces (a namespace may capitalise and another not). */
export interface PrefixSearchQuery {
  /** DB-key prefixes; '' matches every title of the namespaces. */
  groups: readonly { namespaces: readonly number[]; prefix: string }[];
  limit: number;
  offset: number;
}

/** Pages in (page_random, page_id) order within [start, end) (list=random). */
export interface RandomPagesQuery {
  /** `page_namespace` values; null or empty: any. */
  namespaces: readonly number[] | null;
  redirects: RedirectFilter;
  /** Inclusive lower bound of page_random; with `startId` > 0, (start, startId) inclusive. */
  start: number | null;
  startId: number;
  /** Exclusive upper bound of page_random. */
  end: number | null;
  limit: number;
}

export interface RandomPageRow extends LinkingPage {
  page_random: number;
}

/** Create protections in the order they were made (list=protectedtitles). */
export interface ProtectedTitleListQuery {
  /** `pt_namespace` values; null or empty: any. */
  namespaces: readonly number[] | null;
  /** `pt_create_perm` values; null or empty: any. */
  levels: readonly string[] | null;
  /** Oldest first (MediaWiki's `newer`); else newest first. */
  newer: boolean;
  /** 14-digit bounds, inclusive: `start` is where the listing begins. */
  start: string | null;
  end: string | null;
  /** Resume at (timestamp, namespace, title), inclusive. */
  after: { timestamp: string; ns: number; title: string } | null;
  limit: number;
}

export interface ProtectedTitleListRow extends ProtectedTitleRow {
  pt_timestamp: string;
  pt_user: number;
}
