// Fills the links tables from every page's current text, as refreshLinks.php would after an import.

import type Database from 'better-sqlite3';
import { makeIndexes } from '../../wiki/external-links.ts';
import { uppercaseSortKey } from '../../wiki/collation.ts';
import { searchText, searchTitle } from './search-text.ts';
import { SEARCHINDEX_DDL } from '../../store/sqlite/schema.ts';
import { RowBatch } from '../write/row-batch.ts';
import { NamespaceTable, TitleCodec } from '../title.ts';
import { InterwikiTable } from '../interwiki.ts';
import { trackingCategoryResolver } from './tracking.ts';
import type { DumpNamespace } from '../read/dump-types.ts';
import { TemplateCache } from '../wikitext/expander.ts';
import type { SiteFacts, WikiLookup } from '../wikitext/expansion.ts';
import { databaseSiteData, provideSiteData } from '../scribunto/site-data.ts';
import {
  analyzeModulePage,
  analyzeScriptPage,
  analyzeWikitext,
  moduleDocMessages,
  redirectTarget,
  scriptRedirectTarget,
  type ModuleDocMessages,
  type PageAnalysis,
  type ParseEnvironment,
} from '../wikitext/page.ts';
import { ucfirst, type ParsedTitle } from '../../wiki/titles.ts';
import { NS } from '../../wiki/namespaces.ts';

type Db = Database.Database;
type Statement = Database.Statement;

export interface LinkBuilderOptions {
  codec: TitleCodec;
  site: SiteFacts;
  isLanguagePrefix(prefix: string): boolean;
  trackingCategory(key: string): string | null;
  /** Called after each batch with the number of pages done. */
  progress?(pagesDone: number): void;
}

/** The wiki's facts a links job carries, as plain data that can cross to a worker thread. */
export interface LinksJobSite {
  namespaces: DumpNamespace[];
  capitalLinks: boolean;
  localInterwikis: string[];
  /** The main page's title, the target of an empty link to this wiki. */
  mainPage: string;
  site: {
    siteName: string;
    server: string;
    scriptPath: string;
    articlePath: string;
    lang: string;
    subpageNamespaces: number[];
    contentNamespaces: number[];
    extensions: string[];
    citeStoreReferencesData?: boolean;
  };
}

/** A link builder's options for the wiki in `source`, from a job's plain data. */
export function linkBuilderOptions(source: Db, job: LinksJobSite, progress?: (pagesDone: number) => void): LinkBuilderOptions {
  const interwiki = InterwikiTable.fromDatabase(source, job.localInterwikis);
  const namespaces = new NamespaceTable(job.namespaces, job.capitalLinks, { lang: job.site.lang, extensions: job.site.extensions });
  const codec = new TitleCodec(namespaces, interwiki, job.mainPage);
  return {
    codec,
    site: {
      ...job.site,
      subpageNamespaces: new Set(job.site.subpageNamespaces),
      contentNamespaces: new Set(job.site.contentNamespaces),
      extensions: new Set(job.site.extensions),
    },
    isLanguagePrefix: (prefix) => interwiki.isLanguage(prefix),
    trackingCategory: trackingCategoryResolver(source, codec, job.site.lang),
    progress,
  };
}

/** Pages by id, `after < page_id <= upTo`. */
export interface PageRange {
  after: number;
  upTo: number;
}

interface PageRow {
  page_id: number;
  page_namespace: number;
  page_title: string;
  page_latest: number;
  page_touched: string;
  model: string;
  old_text: string;
}

const BATCH = 500;
const LOOKUP_CACHE = 20_000;

/** Reads pages back from the database, for templates and #ifexist. */
export class DatabaseWiki implements WikiLookup {
  private readonly pageStatement: Statement;
  private readonly existsStatement: Statement;
  private readonly fileStatement: Statement;
  private readonly pages = new Map<string, { text: string; redirect: ParsedTitle | null } | null>();
  private readonly existing = new Map<string, boolean>();
  private readonly files = new Map<string, string | null>();

  constructor(
    db: Db,
    private readonly codec: TitleCodec,
  ) {
    this.pageStatement = db.prepare(
      `SELECT old_text, page_is_redirect FROM page
       JOIN slots ON slot_revision_id = page_latest AND slot_role_id = 1
       JOIN content ON content_id = slot_content_id
       JOIN text ON old_id = CAST(substr(content_address, 4) AS INTEGER)
       WHERE page_namespace = ? AND page_title = ?`,
    );
    this.existsStatement = db.prepare('SELECT 1 FROM page WHERE page_namespace = ? AND page_title = ?').pluck();
    this.fileStatement = db.prepare('SELECT 1 FROM image WHERE img_name = ?').pluck();
  }

  page(ns: number, dbKey: string): { text: string; redirect: ParsedTitle | null } | null {
    const key = `${ns}:${dbKey}`;
    const cached = this.pages.get(key);
    if (cached !== undefined) return cached;
    const row = this.pageStatement.get(ns, dbKey) as { old_text: string; page_is_redirect: number } | undefined;
    const found = row ? { text: row.old_text, redirect: row.page_is_redirect ? (redirectTarget(row.old_text, this.codec)?.target ?? null) : null } : null;
    if (this.pages.size >= LOOKUP_CACHE) this.pages.clear();
    this.pages.set(key, found);
    return found;
  }

  exists(ns: number, dbKey: string): boolean {
    const key = `${ns}:${dbKey}`;
    let found = this.existing.get(key);
    if (found === undefined) {
      found = this.existsStatement.get(ns, dbKey) !== undefined;
      if (this.existing.size >= LOOKUP_CACHE) this.existing.clear();
      this.existing.set(key, found);
    }
    return found;
  }

  /** The file a name leads to: itself when uploaded, the target of a file redirect, or null. */
  resolveFile(name: string): string | null {
    const cached = this.files.get(name);
    if (cached !== undefined) return cached;
    let found: string | null = null;
    if (this.fileStatement.get(name) !== undefined) {
      found = name;
    } else if (this.exists(NS.FILE, name)) {
      const target = this.page(NS.FILE, name)?.redirect;
      if (target && target.ns === NS.FILE && target.interwiki === '' && this.fileStatement.get(target.dbKey) !== undefined) found = target.dbKey;
    }
    if (this.files.size >= LOOKUP_CACHE) this.files.clear();
    this.files.set(name, found);
    return found;
  }
}

/** Link rows of a run of pages, table by table, as flat arrays of column values: what crosses threads. */
export interface LinkRows {
  /** pl_from, pl_namespace, pl_title, pl_from_namespace */
  pagelinks: unknown[];
  /** tl_from, lt_namespace, lt_title, tl_from_namespace: by title, as linktarget ids are the wiki's to give out. */
  templatelinks: unknown[];
  /** cl_from, cl_to, cl_sortkey, cl_sortkey_prefix, cl_timestamp, cl_type */
  categorylinks: unknown[];
  /** il_from, il_to, il_from_namespace */
  imagelinks: unknown[];
  /** el_from, el_to, el_index, el_index_60 */
  externallinks: unknown[];
  /** ll_from, ll_lang, ll_title */
  langlinks: unknown[];
  /** iwl_from, iwl_prefix, iwl_title */
  iwlinks: unknown[];
  /** pp_page, pp_propname, pp_value */
  page_props: unknown[];
  /** rd_from, rd_namespace, rd_title, rd_interwiki, rd_fragment */
  redirect: unknown[];
  /** rowid, si_title, si_text (when the search index is wanted) */
  searchindex: unknown[];
  pages: number;
  linkRows: number;
}

export function emptyLinkRows(): LinkRows {
  return {
    pagelinks: [],
    templatelinks: [],
    categorylinks: [],
    imagelinks: [],
    externallinks: [],
    langlinks: [],
    iwlinks: [],
    page_props: [],
    redirect: [],
    searchindex: [],
    pages: 0,
    linkRows: 0,
  };
}

/**
 * Reads pages from the wiki and computes their link rows (and search index rows): the part of
 * refreshLinks that needs no writing, so that worker threads can share it.
 */
export class LinkAnalyzer {
  private readonly pageBatch: Statement;
  private readonly env: ParseEnvironment;
  private readonly moduleDocs: ModuleDocMessages | null;

  constructor(
    source: Db,
    options: LinkBuilderOptions,
    private readonly searchIndex = false,
  ) {
    const wiki = new DatabaseWiki(source, options.codec);
    // Lua's mw.title and mw.site ask for ids, files, counts and the interwiki table, which WikiLookup does not give.
    if (options.site.extensions?.has('Scribunto')) provideSiteData(wiki, databaseSiteData(source, (ns, dbKey) => options.codec.defaultContentModel(ns, dbKey)));
    this.env = {
      codec: options.codec,
      wiki,
      site: options.site,
      templateCache: new TemplateCache(options.site.extensions),
      isLanguagePrefix: options.isLanguagePrefix,
      resolveFile: (name) => wiki.resolveFile(name),
      trackingCategory: options.trackingCategory,
    };
    // ScribuntoContentHandler: without the extension, module pages are not parsed at all.
    this.moduleDocs = options.site.extensions?.has('Scribunto') ? wikiModuleDocMessages(wiki, options.site.lang) : null;
    this.pageBatch = source.prepare(PAGE_BATCH_SQL);
  }

  /** The rows of every page in the range. */
  analyze(range: PageRange, rows: LinkRows = emptyLinkRows()): LinkRows {
    let after = range.after;
    for (;;) {
      const last = this.analyzeBatch(after, range.upTo, rows);
      if (last === null) return rows;
      after = last;
    }
  }

  /** The rows of the next pages (at most BATCH) after `after`; returns the last page id, or null when there are none. */
  analyzeBatch(after: number, upTo: number, rows: LinkRows): number | null {
    const pages = this.pageBatch.all(after, upTo, BATCH) as PageRow[];
    if (pages.length === 0) return null;
    for (const page of pages) this.addPage(page, rows);
    return pages[pages.length - 1]!.page_id;
  }

  private addPage(row: PageRow, rows: LinkRows): void {
    rows.pages++;
    const wikitext = row.model === 'wikitext';
    // SearchUpdate indexes every model's text (TextContent::getTextForSearchIndex): scripts, styles, JSON, modules.
    if (this.searchIndex) rows.searchindex.push(row.page_id, searchTitle(row.page_title, row.page_namespace), searchText(row.old_text));
    const page = { ns: row.page_namespace, dbKey: row.page_title, pageId: row.page_id, revisionId: row.page_latest, timestamp: row.page_touched };
    let analysis: PageAnalysis;
    try {
      if (wikitext) analysis = analyzeWikitext(row.old_text, page, this.env);
      else if (TEXT_MODELS_TO_PARSE.has(row.model)) {
        analysis = analyzeScriptPage(row.old_text, page, this.env);
        analysis.redirect = scriptRedirectTarget(row.old_text, row.model, this.env.site, this.env.codec);
      }
      else if (row.model === 'Scribunto' && this.moduleDocs !== null) analysis = analyzeModulePage(page, this.env, this.moduleDocs);
      else return;
    } catch (error) {
      // A page that defeats the parser (pathological nesting) keeps its rows empty rather than failing the import.
      if (error instanceof RangeError) return;
      throw error;
    }
    addPageRows(row, analysis, rows);
  }
}

/**
 * $wgTextModelsToParse besides wikitext: MediaWiki parses JavaScript and CSS pages as wikitext
 * for their links (people put categories in comments). Other models (json, text) record none.
 */
const TEXT_MODELS_TO_PARSE: ReadonlySet<string> = new Set(['javascript', 'css']);

/** Scribunto's doc page messages as the wiki has them: its own MediaWiki: pages win over the installed translations. */
function wikiModuleDocMessages(wiki: WikiLookup, lang: string): ModuleDocMessages {
  const installed = moduleDocMessages(lang);
  const fromWiki = (key: string): string | undefined => wiki.page(NS.MEDIAWIKI, ucfirst(key))?.text;
  return {
    docPageName: fromWiki('scribunto-doc-page-name') ?? installed.docPageName,
    show: fromWiki('scribunto-doc-page-show') ?? installed.show,
    doesNotExist: fromWiki('scribunto-doc-page-does-not-exist') ?? installed.doesNotExist,
  };
}

function addPageRows(row: PageRow, a: PageAnalysis, rows: LinkRows): void {
  const id = row.page_id;
  const ns = row.page_namespace;
  const links = a.links;
  for (const link of links.pageLinks.values()) rows.pagelinks.push(id, link.ns, link.dbKey, ns);
  for (const t of a.templates.values()) rows.templatelinks.push(id, t.ns, t.dbKey, ns);
  const title = row.page_title.replace(/_/g, ' ');
  const type = ns === NS.CATEGORY ? 'subcat' : ns === NS.FILE ? 'file' : 'page';
  for (const [category, prefix] of links.categories) {
    const cut = truncateBytes(prefix, 255);
    const sortKey = uppercaseSortKey(cut === '' ? title : `${cut.replace(/[\n\t]/g, ' ')}\n${title}`);
    rows.categorylinks.push(id, category, sortKey, cut, row.page_touched, type);
  }
  for (const image of links.images) rows.imagelinks.push(id, image, ns);
  for (const url of links.externalLinks) {
    for (const index of makeIndexes(url)) rows.externallinks.push(id, url, index, index.slice(0, 60));
  }
  for (const [lang, text] of links.langLinks) rows.langlinks.push(id, lang, text);
  for (const [prefix, dbKey] of links.interwikiLinks.values()) rows.iwlinks.push(id, prefix, dbKey);
  for (const [name, value] of a.props) rows.page_props.push(id, name, value);
  if (a.redirect) {
    const r = a.redirect;
    rows.redirect.push(id, r.interwiki ? 0 : r.ns, r.dbKey, r.interwiki, r.fragment);
  }
  rows.linkRows +=
    links.pageLinks.size + a.templates.size + links.categories.size + links.images.size + links.externalLinks.size +
    links.langLinks.size + links.interwikiLinks.size + a.props.size;
}

/** Column counts of the link tables as LinkRows carries them. */
const ROW_WIDTHS = {
  pagelinks: 4,
  templatelinks: 4,
  categorylinks: 6,
  imagelinks: 3,
  externallinks: 4,
  langlinks: 3,
  iwlinks: 3,
  page_props: 3,
  redirect: 5,
  searchindex: 3,
} as const;

/** The tables a side database needs to receive link rows (templatelinks wait in tl_pending). */
export const SIDE_LINK_TABLES = ['pagelinks', 'categorylinks', 'imagelinks', 'externallinks', 'langlinks', 'iwlinks', 'page_props', 'redirect'];
export const PENDING_TEMPLATES_DDL =
  'CREATE TABLE IF NOT EXISTS tl_pending (tl_from INTEGER NOT NULL, lt_namespace INTEGER NOT NULL, lt_title BLOB NOT NULL, tl_from_namespace INTEGER NOT NULL)';

/**
 * Writes link rows (and search rows, into `search`) into the wiki, giving out linktarget ids, or
 * into a side database, where templatelinks rows wait in `tl_pending` with their titles, as
 * linktarget ids are only the wiki's to give out. Rows of each table keep their order, so ids
 * given out in order (el_id, lt_id) follow page order. The caller holds the transactions.
 */
export class LinkRowWriter {
  private readonly batches: Record<keyof typeof ROW_WIDTHS, RowBatch>;
  private readonly linkTargetId: Statement | null;
  private readonly insertLinkTarget: Statement | null;
  private readonly linkTargets = new Map<string, number>();

  constructor(db: Db, search: Db | null = null, side = false) {
    const batch = (target: Db, head: string, columns: number, group?: string): RowBatch => new RowBatch(target, head, columns, 100, group);
    this.batches = {
      pagelinks: batch(db, 'INSERT OR IGNORE INTO pagelinks (pl_from, pl_namespace, pl_title, pl_from_namespace) VALUES', 4),
      templatelinks: side
        ? batch(db, 'INSERT INTO tl_pending (tl_from, lt_namespace, lt_title, tl_from_namespace) VALUES', 4)
        : batch(db, 'INSERT OR IGNORE INTO templatelinks (tl_from, tl_target_id, tl_from_namespace) VALUES', 3),
      categorylinks: batch(
        db,
        'INSERT OR REPLACE INTO categorylinks (cl_from, cl_to, cl_sortkey, cl_sortkey_prefix, cl_timestamp, cl_collation, cl_type) VALUES',
        6,
        "(?, ?, ?, ?, ?, 'uppercase', ?)",
      ),
      imagelinks: batch(db, 'INSERT OR IGNORE INTO imagelinks (il_from, il_to, il_from_namespace) VALUES', 3),
      externallinks: batch(db, 'INSERT INTO externallinks (el_from, el_to, el_index, el_index_60) VALUES', 4),
      langlinks: batch(db, 'INSERT OR IGNORE INTO langlinks (ll_from, ll_lang, ll_title) VALUES', 3),
      iwlinks: batch(db, 'INSERT OR IGNORE INTO iwlinks (iwl_from, iwl_prefix, iwl_title) VALUES', 3),
      page_props: batch(db, 'INSERT OR REPLACE INTO page_props (pp_page, pp_propname, pp_value, pp_sortkey) VALUES', 3, '(?, ?, ?, NULL)'),
      redirect: batch(db, 'INSERT OR REPLACE INTO redirect (rd_from, rd_namespace, rd_title, rd_interwiki, rd_fragment) VALUES', 5),
      // One row per statement: FTS3 writes its pending terms as a segment at every statement that
      // could need rolling back alone, which a multi-row INSERT is.
      searchindex: new RowBatch(search ?? db, 'INSERT INTO searchindex (rowid, si_title, si_text) VALUES', 3, 1),
    };
    this.linkTargetId = side ? null : db.prepare('SELECT lt_id FROM linktarget WHERE lt_namespace = ? AND lt_title = ?').pluck();
    this.insertLinkTarget = side ? null : db.prepare('INSERT INTO linktarget (lt_namespace, lt_title) VALUES (?, ?)');
  }

  write(rows: LinkRows): void {
    for (const table of Object.keys(ROW_WIDTHS) as Array<keyof typeof ROW_WIDTHS>) {
      const values = rows[table];
      const width = ROW_WIDTHS[table];
      const batch = this.batches[table];
      if (table === 'templatelinks' && this.linkTargetId !== null) {
        for (let i = 0; i < values.length; i += 4) {
          batch.add(values[i], this.linkTarget(values[i + 1] as number, values[i + 2] as string), values[i + 3]);
        }
        continue;
      }
      for (let i = 0; i < values.length; i += width) batch.addRow(values, i);
    }
  }

  /** Writes the rows still waiting: before each commit. */
  flush(): void {
    for (const batch of Object.values(this.batches)) batch.flush();
  }

  discard(): void {
    for (const batch of Object.values(this.batches)) batch.discard();
  }

  private linkTarget(ns: number, dbKey: string): number {
    const key = `${ns}:${dbKey}`;
    let id = this.linkTargets.get(key);
    if (id !== undefined) return id;
    const found = this.linkTargetId!.get(ns, dbKey) as number | undefined;
    id = found ?? Number(this.insertLinkTarget!.run(ns, dbKey).lastInsertRowid);
    if (this.linkTargets.size >= LOOKUP_CACHE * 5) this.linkTargets.clear();
    this.linkTargets.set(key, id);
    return id;
  }
}

/** Every page. */
const ALL_PAGES: PageRange = { after: 0, upTo: Number.MAX_SAFE_INTEGER };

/**
 * Reads pages from `source` and writes their link rows to `target`: the wiki itself, or (in a
 * worker thread) side databases of the same tables that the importer merges afterwards.
 */
export class LinkBuilder {
  private readonly analyzer: LinkAnalyzer;
  pagesDone = 0;
  linkRows = 0;

  constructor(
    private readonly source: Db,
    /** Where `run` writes unless told otherwise. */
    private readonly target: Db | null,
    private readonly options: LinkBuilderOptions,
    /** Fill the target's searchindex too, from the same reading of each page. */
    searchIndex = false,
  ) {
    this.analyzer = new LinkAnalyzer(source, options, searchIndex);
  }

  /**
   * The pages of a range (all by default), in page id order, batch by batch. Each batch is a
   * transaction of its own, unless the caller holds one on the target: a side database takes a
   * whole range in one, as FTS3 writes a segment at every commit.
   */
  run(range: PageRange = ALL_PAGES, target: Db | null = this.target): void {
    if (target === null) throw new Error('LinkBuilder.run: no database to write to');
    const writer = new LinkRowWriter(target, target, target !== this.source);
    const ownTransactions = !target.inTransaction;
    let after = range.after;
    for (;;) {
      const rows = emptyLinkRows();
      const last = this.analyzer.analyzeBatch(after, range.upTo, rows);
      if (last === null) break;
      if (ownTransactions) target.exec('BEGIN');
      try {
        writer.write(rows);
        writer.flush();
        if (ownTransactions) target.exec('COMMIT');
      } catch (error) {
        writer.discard();
        if (ownTransactions) target.exec('ROLLBACK');
        throw error;
      }
      after = last;
      this.pagesDone += rows.pages;
      this.linkRows += rows.linkRows;
      this.options.progress?.(this.pagesDone);
    }
  }
}

/**
 * FTS3 block ids of side database k's search index start after searchBlockBase(k), a placeholder
 * row written first (FTS3 gives out max(blockid) + 1): the sides' segments then have ids of their
 * own, and interior nodes, which hold their children's absolute block ids, are copied into the
 * wiki as they are.
 */
export function searchBlockBase(side: number): number {
  return (side + 1) * 2 ** 32;
}

/** An empty searchindex in a side database, its block ids after `blockBase`. */
export function createSideSearchIndex(side: Db, blockBase: number): void {
  side.exec(SEARCHINDEX_DDL);
  // Shadow tables are read-only in SQLite's defensive mode, better-sqlite3's default.
  side.unsafeMode(true);
  try {
    side.prepare('INSERT INTO searchindex_segments (blockid, block) VALUES (?, ?)').run(blockBase, Buffer.alloc(0));
  } finally {
    side.unsafeMode(false);
  }
}

/**
 * The side's search index as one segment. FTS3 writes a segment for every megabyte of pending
 * terms, and queries read every segment: the wiki, which takes the segments of every range,
 * would otherwise have several times the segments of an index built in one go.
 */
export function compactSideSearchIndex(side: Db): void {
  if ((side.prepare('SELECT count(*) FROM searchindex_segdir').pluck().get() as number) > 1) {
    side.exec("INSERT INTO searchindex (searchindex) VALUES ('optimize')");
  }
}

const PAGE_BATCH_SQL = `SELECT page_id, page_namespace, page_title, page_latest, page_touched, model_name AS model, old_text FROM page
  JOIN slots ON slot_revision_id = page_latest AND slot_role_id = 1
  JOIN content ON content_id = slot_content_id
  JOIN content_models ON model_id = content_model
  JOIN text ON old_id = CAST(substr(content_address, 4) AS INTEGER)
  WHERE page_id > ? AND page_id <= ? ORDER BY page_id LIMIT ?`;

/** mb_strcut: at most `max` bytes, never splitting a character. */
function truncateBytes(s: string, max: number): string {
  if (s.length * 3 <= max || Buffer.byteLength(s) <= max) return s;
  const bytes = Buffer.from(s);
  // A continuation byte just past the cut: the character across it is left out whole.
  let end = max;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.toString('utf8', 0, end);
}

/** The `searchindex` rows (SearchSqlite's FTS3 table) for a range of pages, written to `target`. */
export function buildSearchIndex(source: Db, target: Db, range: PageRange, progress?: (pagesDone: number) => void): number {
  target.exec(SEARCHINDEX_DDL);
  // Big transactions: FTS3 merges its segments at each commit.
  const batch = source.prepare(PAGE_BATCH_SQL);
  const insert = target.prepare('INSERT INTO searchindex (rowid, si_title, si_text) VALUES (?, ?, ?)');
  let after = range.after;
  let done = 0;
  for (;;) {
    const rows = batch.all(after, range.upTo, BATCH * 20) as PageRow[];
    if (rows.length === 0) break;
    target.transaction(() => {
      for (const row of rows) {
        // SearchUpdate indexes every model's text (TextContent::getTextForSearchIndex): scripts, styles, JSON, modules.
        insert.run(row.page_id, searchTitle(row.page_title, row.page_namespace), searchText(row.old_text));
      }
    })();
    after = rows[rows.length - 1]!.page_id;
    done += rows.length;
    progress?.(done);
  }
  return done;
}
