// Page rows: what the pageset and page-level modules read from the `page` and `redirect` tables.

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

export interface PageStore {
  byTitles(titles: readonly TitleKey[]): Promise<PageRow[]>;
  byIds(ids: readonly number[]): Promise<PageRow[]>;
  /** rev_id -> rev_page for live revisions (archived ones are not found). */
  pagesOfRevisions(revIds: readonly number[]): Promise<{ rev_id: number; rev_page: number }[]>;
  redirectTargets(pageIds: readonly number[]): Promise<RedirectRow[]>;
  /** Text of a page's current revision (main slot), or null when the page does not exist. */
  latestText(ns: number, dbKey: string): Promise<string | null>;
  /** Which of these file names (DB keys without namespace) have a current upload. */
  existingFiles(names: readonly string[]): Promise<Set<string>>;
}
