// Fills the links tables from every page's current text, as refreshLinks.php would after an import.

import type Database from 'better-sqlite3';
import { makeIndexes } from './external-links.ts';
import { uppercaseSortKey } from './collation.ts';
import { searchText, searchTitle } from './search-text.ts';
import { SEARCHINDEX_DDL } from '../store/sqlite/schema.ts';
import { RowBatch } from './row-batch.ts';
import { NS_CATEGORY, NS_FILE, type ParsedTitle, type TitleCodec } from './title.ts';
import { TemplateCache, type SiteFacts, type WikiLookup } from './wikitext/expander.ts';
import { analyzeWikitext, redirectTarget, type PageAnalysis, type ParseEnvironment } from './wikitext/page.ts';

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
    } else if (this.exists(NS_FILE, name)) {
      const target = this.page(NS_FILE, name)?.redirect;
      if (target && target.ns === NS_FILE && target.interwiki === '' && this.fileStatement.get(target.dbKey) !== undefined) found = target.dbKey;
    }
    if (this.files.size >= LOOKUP_CACHE) this.files.clear();
    this.files.set(name, found);
    return found;
  }
}

/**
 * Reads pages from `source` and writes their link rows to `target`: the wiki itself, or (in a
 * worker thread) a side database of the same tables that the importer merges afterwards. In a
 * side database templatelinks rows wait in `tl_pending` with their titles, as linktarget ids
 * are only given out by the wiki itself.
 */
export class LinkBuilder {
  private readonly reads: Record<string, Statement>;
  private readonly writes: Record<string, Statement>;
  private readonly linkTargets = new Map<string, number>();
  private readonly env: ParseEnvironment;
  private readonly pendingTemplates: boolean;
  /** Link rows are written 100 at a time with multi-row INSERTs. */
  private readonly batches: Record<string, RowBatch>;
  pagesDone = 0;
  linkRows = 0;

  constructor(
    private readonly source: Db,
    private readonly target: Db,
    private readonly options: LinkBuilderOptions,
  ) {
    const wiki = new DatabaseWiki(source, options.codec);
    this.env = {
      codec: options.codec,
      wiki,
      site: options.site,
      templateCache: new TemplateCache(options.site.extensions),
      isLanguagePrefix: options.isLanguagePrefix,
      resolveFile: (name) => wiki.resolveFile(name),
      trackingCategory: options.trackingCategory,
    };
    this.reads = prepareReads(source);
    this.pendingTemplates = source !== target;
    this.writes = prepareWrites(target, this.pendingTemplates);
    const batch = (head: string, columns: number, group?: string): RowBatch => new RowBatch(target, head, columns, 100, group);
    this.batches = {
      pagelinks: batch('INSERT OR IGNORE INTO pagelinks (pl_from, pl_namespace, pl_title, pl_from_namespace) VALUES', 4),
      pending: batch(this.pendingTemplates ? 'INSERT INTO tl_pending (tl_from, lt_namespace, lt_title, tl_from_namespace) VALUES' : '', 4),
      categorylinks: batch(
        'INSERT OR REPLACE INTO categorylinks (cl_from, cl_to, cl_sortkey, cl_sortkey_prefix, cl_timestamp, cl_collation, cl_type) VALUES',
        6,
        "(?, ?, ?, ?, ?, 'uppercase', ?)",
      ),
      imagelinks: batch('INSERT OR IGNORE INTO imagelinks (il_from, il_to, il_from_namespace) VALUES', 3),
      externallinks: batch('INSERT INTO externallinks (el_from, el_to, el_index, el_index_60) VALUES', 4),
      langlinks: batch('INSERT OR IGNORE INTO langlinks (ll_from, ll_lang, ll_title) VALUES', 3),
      iwlinks: batch('INSERT OR IGNORE INTO iwlinks (iwl_from, iwl_prefix, iwl_title) VALUES', 3),
    };
  }

  /** The pages of a range (all by default), in page id order, batch by batch. */
  run(range: PageRange = { after: 0, upTo: Number.MAX_SAFE_INTEGER }): void {
    let after = range.after;
    for (;;) {
      const rows = this.reads.pageBatch!.all(after, range.upTo, BATCH) as PageRow[];
      if (rows.length === 0) break;
      this.target.exec('BEGIN');
      try {
        for (const row of rows) this.buildPage(row);
        for (const batch of Object.values(this.batches)) batch.flush();
        this.target.exec('COMMIT');
      } catch (error) {
        for (const batch of Object.values(this.batches)) batch.discard();
        this.target.exec('ROLLBACK');
        throw error;
      }
      after = rows[rows.length - 1]!.page_id;
      this.pagesDone += rows.length;
      this.options.progress?.(this.pagesDone);
    }
  }

  private buildPage(row: PageRow): void {
    const id = row.page_id;
    const ns = row.page_namespace;
    if (row.model !== 'wikitext') return;
    let analysis: PageAnalysis;
    try {
      analysis = analyzeWikitext(row.old_text, { ns, dbKey: row.page_title, pageId: id, revisionId: row.page_latest, timestamp: row.page_touched }, this.env);
    } catch (error) {
      // A page that defeats the parser (pathological nesting) keeps its rows empty rather than failing the import.
      if (error instanceof RangeError) return;
      throw error;
    }
    this.writePage(row, analysis);
  }

  private writePage(row: PageRow, a: PageAnalysis): void {
    const s = this.writes;
    const id = row.page_id;
    const ns = row.page_namespace;
    const links = a.links;
    const b = this.batches;
    for (const link of links.pageLinks.values()) b.pagelinks.add(id, link.ns, link.dbKey, ns);
    for (const t of a.templates.values()) {
      if (this.pendingTemplates) b.pending.add(id, t.ns, t.dbKey, ns);
      else s.insertTemplateLink!.run(id, this.linkTarget(t.ns, t.dbKey), ns);
    }
    const title = row.page_title.replace(/_/g, ' ');
    const type = ns === NS_CATEGORY ? 'subcat' : ns === NS_FILE ? 'file' : 'page';
    for (const [category, prefix] of links.categories) {
      const cut = truncateBytes(prefix, 255);
      const sortKey = uppercaseSortKey(cut === '' ? title : `${cut.replace(/[\n\t]/g, ' ')}\n${title}`);
      b.categorylinks.add(id, category, sortKey, cut, row.page_touched, type);
    }
    for (const image of links.images) b.imagelinks.add(id, image, ns);
    for (const url of links.externalLinks) {
      for (const index of makeIndexes(url)) b.externallinks.add(id, url, index, index.slice(0, 60));
    }
    for (const [lang, text] of links.langLinks) b.langlinks.add(id, lang, text);
    for (const [prefix, dbKey] of links.interwikiLinks.values()) b.iwlinks.add(id, prefix, dbKey);
    for (const [name, value] of a.props) s.insertProp!.run(id, name, value);
    if (a.redirect) {
      const r = a.redirect;
      s.insertRedirect!.run(id, r.interwiki ? 0 : r.ns, r.dbKey, r.interwiki, r.fragment);
    }
    this.linkRows +=
      links.pageLinks.size + a.templates.size + links.categories.size + links.images.size + links.externalLinks.size +
      links.langLinks.size + links.interwikiLinks.size + a.props.size;
  }

  private linkTarget(ns: number, dbKey: string): number {
    const key = `${ns}:${dbKey}`;
    let id = this.linkTargets.get(key);
    if (id !== undefined) return id;
    const row = this.writes.linkTargetId!.get(ns, dbKey) as { lt_id: number } | undefined;
    id = row ? row.lt_id : Number(this.writes.insertLinkTarget!.run(ns, dbKey).lastInsertRowid);
    if (this.linkTargets.size >= LOOKUP_CACHE * 5) this.linkTargets.clear();
    this.linkTargets.set(key, id);
    return id;
  }
}

const PAGE_BATCH_SQL = `SELECT page_id, page_namespace, page_title, page_latest, page_touched, model_name AS model, old_text FROM page
  JOIN slots ON slot_revision_id = page_latest AND slot_role_id = 1
  JOIN content ON content_id = slot_content_id
  JOIN content_models ON model_id = content_model
  JOIN text ON old_id = CAST(substr(content_address, 4) AS INTEGER)
  WHERE page_id > ? AND page_id <= ? ORDER BY page_id LIMIT ?`;

function prepareReads(db: Db): Record<string, Statement> {
  return { pageBatch: db.prepare(PAGE_BATCH_SQL) };
}

/** The tables a side database needs to receive link rows. */
export const SIDE_LINK_TABLES = ['pagelinks', 'categorylinks', 'imagelinks', 'externallinks', 'langlinks', 'iwlinks', 'page_props', 'redirect'];
export const PENDING_TEMPLATES_DDL =
  'CREATE TABLE IF NOT EXISTS tl_pending (tl_from INTEGER NOT NULL, lt_namespace INTEGER NOT NULL, lt_title BLOB NOT NULL, tl_from_namespace INTEGER NOT NULL)';

function prepareWrites(db: Db, pendingTemplates: boolean): Record<string, Statement> {
  const s = (sql: string): Statement => db.prepare(sql);
  const templates: Record<string, Statement> = pendingTemplates
    ? { insertPendingTemplateLink: s('INSERT INTO tl_pending (tl_from, lt_namespace, lt_title, tl_from_namespace) VALUES (?, ?, ?, ?)') }
    : {
        insertTemplateLink: s('INSERT OR IGNORE INTO templatelinks (tl_from, tl_target_id, tl_from_namespace) VALUES (?, ?, ?)'),
        linkTargetId: s('SELECT lt_id FROM linktarget WHERE lt_namespace = ? AND lt_title = ?'),
        insertLinkTarget: s('INSERT INTO linktarget (lt_namespace, lt_title) VALUES (?, ?)'),
      };
  return {
    ...templates,
    insertPageLink: s('INSERT OR IGNORE INTO pagelinks (pl_from, pl_namespace, pl_title, pl_from_namespace) VALUES (?, ?, ?, ?)'),
    insertCategoryLink: s(
      `INSERT OR REPLACE INTO categorylinks (cl_from, cl_to, cl_sortkey, cl_sortkey_prefix, cl_timestamp, cl_collation, cl_type)
       VALUES (?, ?, ?, ?, ?, 'uppercase', ?)`,
    ),
    insertImageLink: s('INSERT OR IGNORE INTO imagelinks (il_from, il_to, il_from_namespace) VALUES (?, ?, ?)'),
    insertExternalLink: s('INSERT INTO externallinks (el_from, el_to, el_index, el_index_60) VALUES (?, ?, ?, ?)'),
    insertLangLink: s('INSERT OR IGNORE INTO langlinks (ll_from, ll_lang, ll_title) VALUES (?, ?, ?)'),
    insertInterwikiLink: s('INSERT OR IGNORE INTO iwlinks (iwl_from, iwl_prefix, iwl_title) VALUES (?, ?, ?)'),
    insertProp: s('INSERT OR REPLACE INTO page_props (pp_page, pp_propname, pp_value, pp_sortkey) VALUES (?, ?, ?, NULL)'),
    insertRedirect: s(
      'INSERT OR REPLACE INTO redirect (rd_from, rd_namespace, rd_title, rd_interwiki, rd_fragment) VALUES (?, ?, ?, ?, ?)',
    ),
  };
}

/** mb_strcut: at most `max` bytes, never splitting a character. */
function truncateBytes(s: string, max: number): string {
  if (s.length * 3 <= max || Buffer.byteLength(s) <= max) return s;
  const buf = Buffer.from(s).subarray(0, max);
  let end = buf.length;
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  const lead = buf[end] ?? 0;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (end + need > buf.length) return buf.subarray(0, end).toString();
  return buf.toString();
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
        insert.run(row.page_id, searchTitle(row.page_title, row.page_namespace), row.model === 'wikitext' ? searchText(row.old_text) : '');
      }
    })();
    after = rows[rows.length - 1]!.page_id;
    done += rows.length;
    progress?.(done);
  }
  return done;
}
