// The link family: pagelinks, templatelinks (through linktarget), imagelinks, read from either end,
// and the cascading protections that reach a title through templatelinks or imagelinks.
import type { LinkingPage, ProtectedTitleRow, RedirectFilter, RestrictionRow, TitleKey } from './pages.ts';
import type { ExternalLinkUse, ExternalLinkUsesQuery, OutboundTargetUse, OutboundTargetUsesQuery } from './outbound-backlinks.ts';
import type { ExternalLinkRow, ExternalLinksQuery, InterwikiLinkRow, InterwikiLinksQuery, LangLinkRow, LangLinksQuery } from './outbound-links.ts';

/** The link tables that name a target page: pagelinks, templatelinks (via linktarget), imagelinks. */
export type LinkTable = 'pagelinks' | 'templatelinks' | 'imagelinks';

/**
 * One link of a source page. Every table's row carries pagelinks' names, as MediaWiki's
 * ApiQueryLinks aliases templatelinks' (and imagelinks' namespace is always 6).
 */
export interface LinkRow {
  pl_from: number;
  pl_namespace: number;
  /** DB key of the target. */
  pl_title: string;
}

/** Where a continued listing resumes: this row and everything after it in the listing order. */
export interface LinkPosition {
  from: number;
  ns: number;
  title: string;
}

/** The links a set of pages makes, ordered by (from, ns, title). */
export interface LinksFromQuery {
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

/** The tables prop=linkshere, transcludedin, fileusage and redirects read from the target's end. */
export type BacklinkTable = LinkTable | 'redirect';

/** The pages pointing at several titles, in MediaWiki's order (target ns, title, from-namespace, page id). */
export interface BacklinksOfTitlesQuery {
  table: BacklinkTable;
  /** The targets (imagelinks: namespace ignored). */
  targets: readonly TitleKey[];
  /** `*_from_namespace` values (redirect: the page's namespace); null: any. */
  fromNamespaces: readonly number[] | null;
  /** Which sort columns lead: only those that are not constant in the query. */
  byTargetNs: boolean;
  byTargetTitle: boolean;
  byFromNamespace: boolean;
  /** Resume at (target ns, target title, from-namespace, page id), inclusive. */
  after: { ns: number; title: string; fromNs: number; from: number } | null;
  redirects: RedirectFilter;
  /** redirect: only those with a fragment, or without. */
  fragments: 'all' | 'with' | 'without';
  limit: number;
}

/** A page pointing at one of the targets. */
export interface Backlink extends LinkingPage {
  target_ns: number;
  target_title: string;
  from_ns: number;
  fragment: string | null;
}

/** A cascading protection reaching a title through a transclusion (or an image link). */
export interface CascadeRow {
  /** The protected title (template target or, for files, the file name in namespace 6). */
  target_namespace: number;
  target_title: string;
  pr_type: string;
  pr_level: string;
  pr_expiry: string | null;
  /** The cascading page the protection comes from. */
  page_namespace: number;
  page_title: string;
}

/** The pages and titles whose protections prop=info shows. */
export interface ProtectionsQuery {
  /** Existing pages: their own restrictions. */
  pageIds: readonly number[];
  /** Titles that do not exist: their create protections. */
  missing: readonly TitleKey[];
  /** Titles protected by cascade through transclusion (every title but files'). */
  transcluded: readonly TitleKey[];
  /** File names (without namespace) protected by cascade through image links. */
  files: readonly string[];
}

/** What protects a set of pages, each part in the order its own method gives. */
export interface Protections {
  restrictions: RestrictionRow[];
  protectedTitles: ProtectedTitleRow[];
  /** Through templates first, then through files. */
  cascades: CascadeRow[];
}

export interface LinkStore {
  /** Links the pages make (prop=links, templates, images). */
  from(table: LinkTable, query: LinksFromQuery): Promise<LinkRow[]>;
  /** Pages linking to a title (list=backlinks, embeddedin, imageusage). */
  to(query: LinksToQuery): Promise<LinkingPage[]>;
  /** Pages linking to any of these redirects. */
  toRedirects(query: LinksToRedirectsQuery): Promise<LinkingViaRedirect[]>;
  /** Pages pointing at any of several titles (prop=linkshere, transcludedin, fileusage, redirects). */
  backlinksOfTitles(query: BacklinksOfTitlesQuery): Promise<Backlink[]>;
  /** Cascading protections of pages transcluding these titles (not files). */
  cascadeByTemplates(titles: readonly TitleKey[]): Promise<CascadeRow[]>;
  /** Cascading protections of pages using these files (file names without namespace). */
  cascadeByImages(names: readonly string[]): Promise<CascadeRow[]>;
  /**
   * pages.restrictions, pages.protectedTitles, cascadeByTemplates and cascadeByImages at once: on
   * a database server one statement rather than four round trips.
   */
  protections(query: ProtectionsQuery): Promise<Protections>;
  /** Language links of the pages (prop=langlinks). */
  langLinks(query: LangLinksQuery): Promise<LangLinkRow[]>;
  /** Interwiki links of the pages (prop=iwlinks). */
  interwikiLinks(query: InterwikiLinksQuery): Promise<InterwikiLinkRow[]>;
  /** External links of the pages (prop=extlinks). */
  externalLinks(query: ExternalLinksQuery): Promise<ExternalLinkRow[]>;
  /** Pages using interwiki or language targets (list=iwbacklinks, langbacklinks). */
  outboundTargetUses(query: OutboundTargetUsesQuery): Promise<OutboundTargetUse[]>;
  /** Pages using external links (list=exturlusage). */
  externalLinkUses(query: ExternalLinkUsesQuery): Promise<ExternalLinkUse[]>;
  /** Links from every page to one namespace, by target title (list=alllinks and its kin). */
  all(query: AllLinksQuery): Promise<AllLinksRow[]>;
}

/** The tables list=alllinks, alltransclusions, allfileusages and allredirects read (MediaWiki's ApiQueryAllLinks). */
export type AllLinksTable = LinkTable | 'redirect';

/** Link targets of one namespace in title order, each with its source page unless `unique`. */
export interface AllLinksQuery {
  table: AllLinksTable;
  /** The targets' namespace (not a condition for imagelinks, whose targets are files). */
  namespace: number;
  /** One row per target title (no source page). */
  unique: boolean;
  descending: boolean;
  /** Title bounds in DB-key form, inclusive, in ascending terms whatever the direction. */
  from: string | null;
  to: string | null;
  /** DB-key prefix of the titles (byte for byte). */
  prefix: string | null;
  /** Resume at this title and (unless unique) source page id, inclusive. */
  continueAt: { title: string; from: number } | null;
  /** allredirects: rd_fragment and rd_interwiki too. */
  redirectDetails: boolean;
  limit: number;
}

/** One link of list=alllinks and its kin, named as MediaWiki's query aliases them. */
export interface AllLinksRow {
  pl_title: string;
  /** The source page; 0 when unique. */
  pl_from: number;
  rd_fragment?: string | null;
  rd_interwiki?: string | null;
}
