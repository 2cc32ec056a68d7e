// Links from pages out of the wiki: langlinks, iwlinks and externallinks, read from the
// linking pages' end (prop=langlinks, iwlinks, extlinks).

export interface LangLinkRow {
  ll_from: number;
  ll_lang: string;
  ll_title: string;
}

/** The language links of a set of pages, ordered by (ll_from, ll_lang). */
export interface LangLinksQuery {
  fromIds: readonly number[];
  /** Only links to this language (and, with it, this title). */
  lang: string | null;
  title: string | null;
  /** Resume at (ll_from, ll_lang), inclusive. */
  continueAt: { from: number; lang: string } | null;
  descending: boolean;
  limit: number;
}

export interface InterwikiLinkRow {
  iwl_from: number;
  iwl_prefix: string;
  iwl_title: string;
}

/** The interwiki links of a set of pages, ordered by (iwl_from, iwl_prefix, iwl_title). */
export interface InterwikiLinksQuery {
  fromIds: readonly number[];
  /** Only links with this prefix (and, with it, this title). */
  prefix: string | null;
  title: string | null;
  /** Resume at (iwl_from, iwl_prefix, iwl_title), inclusive. */
  continueAt: { from: number; prefix: string; title: string } | null;
  descending: boolean;
  limit: number;
}

export interface ExternalLinkRow {
  el_id: number;
  el_from: number;
  el_to: string;
  el_index_60: string;
}

/** LIKE patterns (escaped with `!`) or a value that el_index_60 and el_index must match. */
export interface ExternalLinkIndexFilter {
  /** el_index_60 equal to this (a constant prefix of 60 bytes or more), else matching `index60Like`. */
  index60Equals: string | null;
  index60Like: string | null;
  indexLike: string | null;
}

/** The external links of a set of pages, in MediaWiki's order: (el_from,) el_index_60, el_id. */
export interface ExternalLinksQuery {
  fromIds: readonly number[];
  /** Order (and continue) by el_from first: more than one page. */
  byFrom: boolean;
  filter: ExternalLinkIndexFilter;
  /** Any protocol: leave out the https copy MediaWiki stores of each protocol-relative link. */
  withoutRelativeCopies: boolean;
  /** Order by el_index_60 (not when it is fixed by `index60Equals`). */
  byIndex: boolean;
  /** Resume at these values of the order columns, the last inclusive. */
  continueAt: { from: number | null; index60: string | null; id: number } | null;
  limit: number;
}
