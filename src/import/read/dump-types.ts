// The records of a MediaWiki XML export (schema 0.10 / 0.11) as the dump reader hands them over.

export interface DumpNamespace {
  id: number;
  /** Local name with spaces; empty for the main namespace. */
  name: string;
  case: 'first-letter' | 'case-sensitive';
}

export interface DumpSiteInfo {
  siteName?: string;
  dbName?: string;
  /** URL of the main page, e.g. `https://ltg.wikipedia.org/wiki/Suoku_puslopa`. */
  base?: string;
  generator?: string;
  case?: 'first-letter' | 'case-sensitive';
  namespaces: DumpNamespace[];
  /** `xml:lang` of the root element. */
  lang?: string;
  /** Export schema version of the root element, e.g. `0.11`. */
  schemaVersion?: string;
}

export interface DumpContributor {
  username?: string;
  id?: number;
  ip?: string;
  /** `<contributor deleted="deleted"/>`: the user was hidden (rev_deleted bit 4). */
  deleted: boolean;
}

/** One slot's content. The main slot is the revision's own `<text>`; 0.11 adds `<content>` slots. */
export interface DumpContent {
  role: string;
  origin?: number;
  model?: string;
  format?: string;
  /** UTF-8 bytes; undefined when the text is deleted or not included (stub dumps). */
  text?: Buffer;
  /** `<text bytes="">`, the only size known when the text itself is absent. */
  bytes?: number;
  /** `<text sha1="">` (0.11). */
  sha1?: string;
  /** Base-36 SHA-1 of `text` itself, when the read worker had time to compute it (the writer hashes the others). */
  textSha1?: string;
  deleted: boolean;
}

export interface DumpRevision {
  id: number;
  parentId?: number;
  /** As in the dump: `2013-03-22T09:37:03Z`. */
  timestamp: string;
  contributor: DumpContributor;
  minor: boolean;
  comment?: string;
  commentDeleted: boolean;
  /** Base-36 SHA-1 of the main slot text (`<sha1>`). */
  sha1?: string;
  main: DumpContent;
  /** Further slots (`<content>` elements of schema 0.11), rare. */
  slots: DumpContent[];
  /** Line of `<revision>` in the dump, for messages. */
  line: number;
}

export interface DumpPageHeader {
  title: string;
  ns?: number;
  id?: number;
  /** Target title of `<redirect title="...">`, when the page is a redirect. */
  redirect?: string;
  /** `<restrictions>`: `edit=sysop:move=sysop` or a bare level. */
  restrictions?: string;
  line: number;
}

export interface DumpUpload {
  timestamp: string;
  contributor: DumpContributor;
  comment?: string;
  commentDeleted: boolean;
  filename: string;
  archiveName?: string;
  src?: string;
  size: number;
  sha1base36?: string;
  rel?: string;
  line: number;
}

export interface DumpLogItem {
  id: number;
  timestamp: string;
  contributor: DumpContributor;
  comment?: string;
  commentDeleted: boolean;
  type: string;
  action: string;
  /** Prefixed title text of `<logtitle>`. */
  logTitle?: string;
  params?: string;
  /** `<text deleted="deleted"/>`: the action (title and params) was hidden. */
  actionDeleted: boolean;
  line: number;
}

export interface DumpProblem {
  message: string;
  line?: number;
  column?: number;
  /** The page or log item concerned, for the report. */
  subject?: string;
}

/** What a dump reader calls as it goes; each call completes before the reader continues. */
export interface DumpHandler {
  siteInfo(info: DumpSiteInfo): void;
  pageStart(page: DumpPageHeader): void;
  revision(revision: DumpRevision): void;
  upload(upload: DumpUpload): void;
  /** `skipped`: the page was broken and the reader gave up on its remainder. */
  pageEnd(skipped: boolean): void;
  logItem(item: DumpLogItem): void;
  problem(problem: DumpProblem): void;
}
