// Links from pages out of the wiki read from the target's end: the pages using an interwiki
// link, a language link (list=iwbacklinks, langbacklinks) or an external link (list=exturlusage).
import type { ExternalLinkIndexFilter } from './outbound-links.ts';
import type { LinkingPage } from './pages.ts';

/** The iwlinks (prefix, title) or langlinks (lang, title) targets. */
export type OutboundTargetTable = 'iwlinks' | 'langlinks';

/** A page linking to an interwiki or language target, with the target. */
export interface OutboundTargetUse extends LinkingPage {
  /** iwl_prefix or ll_lang. */
  target_prefix: string;
  target_title: string;
}

/** Pages linking out to interwiki or language targets, ordered by (prefix, title, from). */
export interface OutboundTargetUsesQuery {
  table: OutboundTargetTable;
  /** Only targets with this prefix (and, with it, this title). */
  prefix: string | null;
  title: string | null;
  /** Resume at (prefix, title, from), the last inclusive. */
  continueAt: { prefix: string; title: string; from: number } | null;
  descending: boolean;
  limit: number;
}

export interface ExternalLinkUse {
  el_id: number;
  el_to: string;
  el_index_60: string;
  page_id: number;
  page_namespace: number;
  page_title: string;
}

/** Pages with external links matching a filter, in MediaWiki's order: (el_index_60,) el_id. */
export interface ExternalLinkUsesQuery {
  filter: ExternalLinkIndexFilter;
  /** A range of el_index_60 holding every value `filter.index60Like` matches (for an index to read). */
  index60Range: { from: string; before: string | null } | null;
  /** Any protocol: leave out the https copy MediaWiki stores of each protocol-relative link. */
  withoutRelativeCopies: boolean;
  /** Namespaces of the linking pages; null for all. */
  namespaces: readonly number[] | null;
  /** Order by el_index_60 (not when it is fixed by `filter.index60Equals`). */
  byIndex: boolean;
  /** Resume at these values of the order columns, the last inclusive. */
  continueAt: { index60: string | null; id: number } | null;
  limit: number;
}
