// Store queries for list modules over pages and links (allpages, categorymembers, backlinks, embeddedin).
import type { LinkTable } from './pagelinks.ts';
import type { TitleKey } from './pages.ts';

/** Which pages a redirect filter keeps. */
export type RedirectFilter = 'all' | 'redirects' | 'nonredirects';

/** The page columns every listing returns. */
export interface ListedPage {
  page_id: number;
  page_namespace: number;
  page_title: string;
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

/** A category member as categorymembers reads it; `sortkey_hex` is `cl_sortkey` in lower-case hex. */
export interface CategoryMemberRow extends ListedPage {
  cl_from: number;
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
  type: string;
  /** Raw sort key bytes (inclusive bounds). */
  start: Uint8Array | null;
  end: Uint8Array | null;
  /** Resume after (`sortkey`, `from`): rows past the sort key, or at it from `from` on. */
  after: { sortkey: Uint8Array; from: number } | null;
}

export interface MembersByTimestampQuery extends CategoryMemberBase {
  start: string | null;
  end: string | null;
  after: { timestamp: string; from: number } | null;
}

export interface LinkingPage extends ListedPage {
  page_is_redirect: number;
}

/** Pages linking to the target, ordered by (from-namespace,) page id. */
export interface LinksToQuery {
  table: LinkTable;
  /** imagelinks: only `dbKey` counts. templatelinks: looked up in `linktarget`. */
  target: TitleKey;
  /** `*_from_namespace` values; null or empty: any. */
  fromNamespaces: readonly number[] | null;
  /** Several namespaces: order (and continue) by from-namespace first. */
  byFromNamespace: boolean;
  descending: boolean;
  /** Resume at this (from-namespace, page id), inclusive. */
  after: { fromNs: number; from: number } | null;
  redirects: RedirectFilter;
  limit: number;
}

/** A page linking to one of several redirects, with the redirect it links to. */
export interface LinkingViaRedirect extends LinkingPage {
  target_ns: number;
  target_title: string;
}

export interface LinksToRedirectsQuery {
  table: LinkTable;
  /** The redirects (imagelinks: namespace ignored). */
  targets: readonly TitleKey[];
  /** `page_namespace` of the linking pages; null or empty: any. */
  namespaces: readonly number[] | null;
  /** Which sort columns lead: only those that are not constant in the query. */
  byTargetNs: boolean;
  byTargetTitle: boolean;
  byFromNamespace: boolean;
  descending: boolean;
  /** Resume at (target ns, target title, from-namespace, page id), inclusive on the page id. */
  after: { ns: number; title: string; fromNs: number; from: number } | null;
  redirects: RedirectFilter;
  limit: number;
}

export interface ListingStore {
  allPages(q: AllPagesQuery): Promise<LinkingPage[]>;
  membersBySortkey(q: MembersBySortkeyQuery): Promise<CategoryMemberRow[]>;
  membersByTimestamp(q: MembersByTimestampQuery): Promise<CategoryMemberRow[]>;
  linksTo(q: LinksToQuery): Promise<LinkingPage[]>;
  linksToRedirects(q: LinksToRedirectsQuery): Promise<LinkingViaRedirect[]>;
}
