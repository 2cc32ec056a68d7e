// What mw.title and mw.site read from the wiki beyond WikiLookup: page ids and models, files, category and site counts, the interwiki table; from the database being written, or from WikiLookup alone.

import type Database from 'better-sqlite3';
import type { WikiLookup } from '../wikitext/expansion.ts';
import type { ScribuntoContext } from './types.ts';

export interface PageFacts {
  id: number;
  isRedirect: boolean;
  contentModel: string;
}

export interface FileFacts {
  width: number;
  height: number;
  size: number;
  mimeType: string;
  /** Seconds of audio or video; 0 for still images. */
  length: number;
}

export interface CategoryCounts {
  all: number;
  subcats: number;
  files: number;
  pages: number;
}

export interface SiteStatistics {
  pages: number;
  articles: number;
  files: number;
  edits: number;
  users: number;
  activeUsers: number;
  admins: number;
}

export interface InterwikiRow {
  prefix: string;
  url: string;
  local: boolean;
  trans: boolean;
}

/**
 * What mw.title and mw.site need from the wiki that WikiLookup does not give: page ids, content
 * models, files, counts and the interwiki table. `databaseSiteData` reads them from the wiki's database.
 */
export interface SiteData {
  /** The page's row facts, or null when it does not exist. */
  pageFacts(ns: number, dbKey: string): PageFacts | null;
  pageById(id: number): { ns: number; dbKey: string } | null;
  /** The uploaded file of exactly this name (no redirects), or null. */
  file(name: string): FileFacts | null;
  stats(): SiteStatistics;
  categoryCounts(dbKey: string): CategoryCounts;
  pagesInNamespace(ns: number): number;
  usersInGroup(group: string): number;
  interwiki(): readonly InterwikiRow[];
}

const siteDataByWiki = new WeakMap<object, SiteData>();

/** Makes `data` the source of ids, files and counts for pages whose expander reads `wiki` (one call, where the WikiLookup is made). */
export function provideSiteData(wiki: WikiLookup, data: SiteData): void {
  siteDataByWiki.set(wiki, data);
}

/** The SiteData given for the page's wiki, or one that knows only what WikiLookup knows. */
export function siteDataOf(ctx: ScribuntoContext): SiteData {
  return siteDataByWiki.get(ctx.wiki) ?? lookupOnlySiteData(ctx);
}

/** Without a database: existence and redirects from WikiLookup, ids only for the page itself, no counts. */
function lookupOnlySiteData(ctx: ScribuntoContext): SiteData {
  const zeroStats: SiteStatistics = { pages: 0, articles: 0, files: 0, edits: 0, users: 0, activeUsers: 0, admins: 0 };
  return {
    pageFacts(ns, dbKey) {
      if (!ctx.wiki.exists(ns, dbKey)) return null;
      const current = ns === ctx.page.ns && dbKey === ctx.page.dbKey;
      return { id: current ? ctx.page.pageId ?? 0 : 0, isRedirect: (ctx.wiki.page(ns, dbKey)?.redirect ?? null) !== null, contentModel: ctx.codec.defaultContentModel(ns, dbKey) };
    },
    pageById: (id) => (id === ctx.page.pageId ? { ns: ctx.page.ns, dbKey: ctx.page.dbKey } : null),
    file: (name) => (ctx.wiki.resolveFile?.(name) === name ? { width: 0, height: 0, size: 0, mimeType: 'unknown/unknown', length: 0 } : null),
    stats: () => zeroStats,
    categoryCounts: () => ({ all: 0, subcats: 0, files: 0, pages: 0 }),
    pagesInNamespace: () => 0,
    usersInGroup: () => 0,
    interwiki: () => [],
  };
}

/** SiteData over a MediaWiki database (the one the link builder reads pages from). */
export function databaseSiteData(db: Database.Database, defaultContentModel: (ns: number, dbKey: string) => string): SiteData {
  const pageRow = db.prepare(
    `SELECT page_id AS id, page_is_redirect AS redirect, COALESCE(page_content_model, model_name) AS model FROM page
     LEFT JOIN slots ON slot_revision_id = page_latest AND slot_role_id = 1
     LEFT JOIN content ON content_id = slot_content_id
     LEFT JOIN content_models ON model_id = content_model
     WHERE page_namespace = ? AND page_title = ?`,
  );
  const byId = db.prepare('SELECT page_namespace AS ns, page_title AS dbKey FROM page WHERE page_id = ?');
  const fileRow = db.prepare('SELECT img_width AS width, img_height AS height, img_size AS size, img_major_mime AS major, img_minor_mime AS minor FROM image WHERE img_name = ?');
  const categoryRow = db.prepare('SELECT cat_pages AS pages, cat_subcats AS subcats, cat_files AS files FROM category WHERE cat_title = ?');
  const inNamespace = db.prepare('SELECT COUNT(*) FROM page WHERE page_namespace = ?').pluck();
  const inGroup = db.prepare('SELECT COUNT(*) FROM user_groups WHERE ug_group = ?').pluck();
  const pages = new Map<string, PageFacts | null>();
  let stats: SiteStatistics | null = null;
  let interwiki: InterwikiRow[] | null = null;
  return {
    pageFacts(ns, dbKey) {
      const key = `${ns}:${dbKey}`;
      let facts = pages.get(key);
      if (facts === undefined) {
        const row = pageRow.get(ns, dbKey) as { id: number; redirect: number; model: string | null } | undefined;
        facts = row ? { id: row.id, isRedirect: row.redirect !== 0, contentModel: row.model ?? defaultContentModel(ns, dbKey) } : null;
        if (pages.size > 10_000) pages.clear();
        pages.set(key, facts);
      }
      return facts;
    },
    pageById: (id) => (byId.get(id) as { ns: number; dbKey: string } | undefined) ?? null,
    file(name) {
      const row = fileRow.get(name) as { width: number; height: number; size: number; major: string; minor: string } | undefined;
      return row ? { width: row.width, height: row.height, size: row.size, mimeType: `${row.major}/${row.minor}`, length: 0 } : null;
    },
    stats: () => (stats ??= readStatistics(db)),
    categoryCounts(dbKey) {
      const row = categoryRow.get(dbKey) as { pages: number; subcats: number; files: number } | undefined;
      if (!row) return { all: 0, subcats: 0, files: 0, pages: 0 };
      // Category::getPageCount counts every member that is neither a subcategory nor a file.
      return { all: row.pages, subcats: row.subcats, files: row.files, pages: row.pages - row.subcats - row.files };
    },
    pagesInNamespace: (ns) => inNamespace.get(ns) as number,
    usersInGroup: (group) => inGroup.get(group) as number,
    interwiki: () =>
      (interwiki ??= (db.prepare('SELECT iw_prefix AS prefix, iw_url AS url, iw_local AS local, iw_trans AS trans FROM interwiki ORDER BY iw_prefix').all() as {
        prefix: string; url: string | Buffer; local: number; trans: number;
      }[]).map((r) => ({ prefix: r.prefix, url: String(r.url), local: r.local === 1, trans: r.trans === 1 }))),
  };
}

/** SiteStats: the site_stats row, or counts of the page table while the import has not written it yet. */
function readStatistics(db: Database.Database): SiteStatistics {
  const row = db.prepare('SELECT * FROM site_stats LIMIT 1').get() as Record<string, number | null> | undefined;
  const count = (sql: string): number => (db.prepare(sql).pluck().get() as number) ?? 0;
  const admins = count("SELECT COUNT(*) FROM user_groups WHERE ug_group = 'sysop'");
  if (row && row.ss_total_pages) {
    return {
      pages: row.ss_total_pages ?? 0, articles: row.ss_good_articles ?? 0, files: row.ss_images ?? 0, edits: row.ss_total_edits ?? 0,
      users: row.ss_users ?? 0, activeUsers: row.ss_active_users ?? 0, admins,
    };
  }
  return {
    pages: count('SELECT COUNT(*) FROM page'),
    articles: count('SELECT COUNT(*) FROM page WHERE page_namespace = 0 AND page_is_redirect = 0'),
    files: count('SELECT COUNT(*) FROM image'),
    edits: count('SELECT COUNT(*) FROM revision'),
    users: count('SELECT COUNT(*) FROM user'),
    activeUsers: 0,
    admins,
  };
}
