// How far our import of a dump agrees with MediaWiki's own import of it: table by table, and optionally API answer by answer.
//
//   node --import tsx scripts/compare-import.ts MEDIAWIKI_DB OUR_DB [options]
//   node --import tsx scripts/compare-import.ts --expected SNAPSHOT.json.gz OUR_DB [options]
//     --examples N        differences shown per table (default 5)
//     --top N             also list the N targets most often missing / extra per table
//     --tables a,b        only these tables
//     --json FILE         write the figures (and all differences) as JSON
//     --snapshot FILE     write MEDIAWIKI_DB's rows as a gzip'd JSON snapshot (what --expected reads)
//     --api               also serve both databases with wikiquery and compare API answers
//     --config FILE       site config for serving (default OUR_DB.config.json)
//
// MediaWiki's importDump.php gives pages and revisions new ids, so rows are compared by what they
// mean: a page id becomes `namespace:title` of that page in its own database, a revision becomes
// its page, timestamp and SHA-1.

import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

/** Rows of one table, each a `|`-joined line of the columns that carry meaning. */
export type TableRows = Map<string, Set<string>>;

export interface TableAgreement {
  table: string;
  /** Agreement over the rows of pages that run no Lua module on MediaWiki's side (what a parser without Lua can reach). */
  agreementWithoutLua?: number;
  mediawiki: number;
  ours: number;
  common: number;
  /** |common| / |union|: 1 when the tables hold the same rows. */
  agreement: number;
  onlyMediawiki: string[];
  onlyOurs: string[];
}

const PAGE = (column: string): string => `coalesce((SELECT page_namespace || ':' || page_title FROM page WHERE page_id = ${column}), '#' || ${column})`;

/** Per table, the SELECT that writes each row in id-free form. */
export const TABLE_QUERIES: Record<string, string> = {
  page: `SELECT page_namespace, page_title, page_is_redirect, page_len, page_content_model,
           (SELECT rev_timestamp FROM revision WHERE rev_id = page_latest) FROM page`,
  revision: `SELECT ${PAGE('rev_page')}, rev_timestamp, rev_sha1, rev_len, rev_minor_edit, rev_deleted,
           coalesce((SELECT p.rev_timestamp FROM revision p WHERE p.rev_id = revision.rev_parent_id), '') FROM revision`,
  pagelinks: `SELECT ${PAGE('pl_from')}, pl_from_namespace, pl_namespace, pl_title FROM pagelinks`,
  templatelinks: `SELECT ${PAGE('tl_from')}, tl_from_namespace, lt_namespace, lt_title
           FROM templatelinks JOIN linktarget ON lt_id = tl_target_id`,
  categorylinks: `SELECT ${PAGE('cl_from')}, cl_to, cl_sortkey, cl_sortkey_prefix, cl_collation, cl_type FROM categorylinks`,
  category: 'SELECT cat_title, cat_pages, cat_subcats, cat_files FROM category WHERE cat_pages > 0 OR cat_subcats > 0 OR cat_files > 0',
  imagelinks: `SELECT ${PAGE('il_from')}, il_from_namespace, il_to FROM imagelinks`,
  externallinks: `SELECT ${PAGE('el_from')}, el_to, el_index, el_index_60 FROM externallinks`,
  langlinks: `SELECT ${PAGE('ll_from')}, ll_lang, ll_title FROM langlinks`,
  iwlinks: `SELECT ${PAGE('iwl_from')}, iwl_prefix, iwl_title FROM iwlinks`,
  page_props: `SELECT ${PAGE('pp_page')}, pp_propname, pp_value FROM page_props`,
  redirect: `SELECT ${PAGE('rd_from')}, rd_namespace, rd_title, coalesce(rd_interwiki, ''), coalesce(rd_fragment, '') FROM redirect`,
  site_stats: `SELECT 'total_edits', ss_total_edits FROM site_stats UNION ALL SELECT 'good_articles', ss_good_articles FROM site_stats
           UNION ALL SELECT 'total_pages', ss_total_pages FROM site_stats UNION ALL SELECT 'images', ss_images FROM site_stats`,
};

export const TABLES = Object.keys(TABLE_QUERIES);

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return String(value);
}

/** The rows of every table in id-free form; `skipTitles` leaves out pages (e.g. the installer's) by `namespace:title`. */
export function readTables(path: string, tables: readonly string[] = TABLES): TableRows {
  const db = new Database(path, { readonly: true });
  try {
    const result: TableRows = new Map();
    for (const table of tables) {
      const rows = db.prepare(TABLE_QUERIES[table]!).raw().all() as unknown[][];
      result.set(table, new Set(rows.map((r) => r.map(cell).join('|'))));
    }
    return result;
  } finally {
    db.close();
  }
}

/** Pages (`ns:title`) that transclude a Lua module in MediaWiki's templatelinks. */
export function pagesRunningLua(mediawiki: TableRows): Set<string> {
  const pages = new Set<string>();
  for (const row of mediawiki.get('templatelinks') ?? []) {
    const [from, , ns] = row.split('|');
    if (ns === '828') pages.add(from!);
  }
  return pages;
}

/** Tables whose rows start with the page they come from. */
const ROWS_FROM_PAGES = new Set(['revision', 'pagelinks', 'templatelinks', 'categorylinks', 'imagelinks', 'externallinks', 'langlinks', 'iwlinks', 'page_props', 'redirect']);

export function compareTables(mediawiki: TableRows, ours: TableRows, tables: readonly string[] = [...mediawiki.keys()]): TableAgreement[] {
  const lua = pagesRunningLua(mediawiki);
  return tables.map((table) => {
    const a = mediawiki.get(table) ?? new Set<string>();
    const b = ours.get(table) ?? new Set<string>();
    const onlyMediawiki = [...a].filter((r) => !b.has(r)).sort();
    const onlyOurs = [...b].filter((r) => !a.has(r)).sort();
    const common = a.size - onlyMediawiki.length;
    const union = a.size + onlyOurs.length;
    const result: TableAgreement = { table, mediawiki: a.size, ours: b.size, common, agreement: union === 0 ? 1 : common / union, onlyMediawiki, onlyOurs };
    if (ROWS_FROM_PAGES.has(table) && lua.size > 0) {
      const noLua = (row: string): boolean => !lua.has(row.slice(0, row.indexOf('|')));
      const unionNoLua = [...a].filter(noLua).length + onlyOurs.filter(noLua).length;
      const differing = onlyMediawiki.filter(noLua).length + onlyOurs.filter(noLua).length;
      result.agreementWithoutLua = unionNoLua === 0 ? 1 : (unionNoLua - differing) / unionNoLua;
    }
    return result;
  });
}

/** A snapshot is `{table: [row, ...]}` as gzip'd JSON: MediaWiki's tables without MediaWiki. */
export function writeSnapshot(path: string, rows: TableRows): void {
  const json: Record<string, string[]> = {};
  for (const [table, set] of rows) json[table] = [...set].sort();
  writeFileSync(path, gzipSync(JSON.stringify(json), { level: 9 }));
}

export function readSnapshot(path: string): TableRows {
  const json = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as Record<string, string[]>;
  return new Map(Object.entries(json).map(([table, rows]) => [table, new Set(rows)]));
}

export function formatAgreement(results: readonly TableAgreement[], examples = 5): string {
  const percent = (x: number | undefined): string => (x === undefined ? '' : `${(x * 100).toFixed(2)}%`);
  const lines = [`${'table'.padEnd(14)} ${'agree'.padStart(7)} ${'MediaWiki'.padStart(9)} ${'ours'.padStart(7)} ${'common'.padStart(7)}  ${'pages without Lua'}`];
  for (const r of results) {
    lines.push(
      `${r.table.padEnd(14)} ${percent(r.agreement).padStart(7)} ${String(r.mediawiki).padStart(9)} ${String(r.ours).padStart(7)} ${String(r.common).padStart(7)}  ${percent(r.agreementWithoutLua).padStart(7)}`,
    );
  }
  if (examples > 0) {
    for (const r of results) {
      if (r.onlyMediawiki.length === 0 && r.onlyOurs.length === 0) continue;
      lines.push('', `${r.table}: ${r.onlyMediawiki.length} rows only in MediaWiki's, ${r.onlyOurs.length} only in ours`);
      for (const row of sample(r.onlyMediawiki, examples)) lines.push(`  - ${printable(row)}`);
      for (const row of sample(r.onlyOurs, examples)) lines.push(`  + ${printable(row)}`);
    }
  }
  return lines.join('\n');
}

/** The columns after the source page, counted over the differing rows: which targets differ most. */
export function topTargets(rows: readonly string[], top: number): string[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const target = row.split('|').slice(1).join('|');
    counts.set(target, (counts.get(target) ?? 0) + 1);
  }
  return [...counts].sort((x, y) => y[1] - x[1]).slice(0, top).map(([t, n]) => `${String(n).padStart(5)}  ${printable(t)}`);
}

function sample(rows: readonly string[], n: number): string[] {
  if (rows.length <= n) return [...rows];
  const step = rows.length / n;
  return Array.from({ length: n }, (_, i) => rows[Math.floor(i * step)]!);
}

function printable(row: string): string {
  return JSON.stringify(row).slice(1, -1);
}

// ---- API answers ----

export interface ApiAgreement {
  query: string;
  same: boolean;
  mediawiki?: unknown;
  ours?: unknown;
}

/** Queries whose answers do not depend on ids: lists by title, page facts without page ids. */
export function apiQueries(rows: TableRows, limit = 30): string[] {
  const pick = <T>(items: T[], n: number): T[] => {
    if (items.length <= n) return items;
    const step = items.length / n;
    return Array.from({ length: n }, (_, i) => items[Math.floor(i * step)]!);
  };
  const categories = [...(rows.get('category') ?? [])].map((r) => r.split('|')[0]!).sort();
  const pages = [...(rows.get('page') ?? [])].map((r) => r.split('|')).sort();
  const linked = new Map<string, number>();
  for (const r of rows.get('pagelinks') ?? []) {
    const [, , ns, title] = r.split('|');
    if (ns === '0') linked.set(title!, (linked.get(title!) ?? 0) + 1);
  }
  const popular = [...linked].sort((a, b) => b[1] - a[1]).map(([t]) => t);
  const enc = encodeURIComponent;
  const queries = ['list=allpages&aplimit=max', 'list=allpages&apnamespace=10&aplimit=max', 'list=allpages&apnamespace=14&aplimit=max', 'list=allredirects&arlimit=max&arprop=title'];
  for (const c of pick(categories, limit)) queries.push(`list=categorymembers&cmtitle=Category:${enc(c)}&cmlimit=max&cmprop=title|sortkeyprefix|type`);
  for (const t of pick(popular, limit)) queries.push(`list=backlinks&bltitle=${enc(t)}&bllimit=max`);
  const mainPages = pages.filter((p) => p[0] === '0' && p[2] === '0');
  for (const p of pick(mainPages, limit)) {
    const title = enc(p[1]!);
    queries.push(`prop=revisions&titles=${title}&rvprop=timestamp|size|sha1|user|comment`);
    queries.push(`prop=info|categories|templates|links|extlinks|langlinks|iwlinks|pageprops&titles=${title}&cllimit=max&tllimit=max&pllimit=max&ellimit=max&lllimit=max&iwlimit=max`);
  }
  return queries;
}

const ID_KEYS = new Set(['pageid', 'revid', 'parentid', 'lastrevid', 'touched', 'userid', 'fromid', 'ns_']);

/**
 * Ids and touch times differ by design (importDump.php renumbers), and so do contributors:
 * importDump.php makes `imported>Name` actors without accounts where we keep the dump's users
 * (`--username-prefix imported` gives MediaWiki's form), so `imported>` and `anon` are dropped.
 */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    const record = value as Record<string, unknown>;
    const imported = typeof record.user === 'string' && record.user.startsWith('imported>');
    for (const [k, v] of Object.entries(record)) {
      if (ID_KEYS.has(k) || (imported && k === 'anon')) continue;
      out[k] = k === 'user' && imported ? (v as string).slice('imported>'.length) : withoutIds(v);
    }
    return out;
  }
  return value;
}

/** Serves both databases with wikiquery and asks each query of both. */
export async function compareApi(mediawikiDb: string, ourDb: string, configPath: string, queries: readonly string[]): Promise<ApiAgreement[]> {
  const { startServer } = await import('../src/cli.ts');
  const { loadSiteConfig } = await import('../src/server/config.ts');
  const site = loadSiteConfig(configPath);
  const servers = await Promise.all([mediawikiDb, ourDb].map((db) => startServer({ db, site, port: 0, host: '127.0.0.1' })));
  try {
    const ask = async (url: string, q: string): Promise<unknown> => {
      const res = await fetch(`${url}?action=query&format=json&formatversion=2&${q}`);
      const body = (await res.json()) as { query?: unknown; error?: unknown };
      return withoutIds(body.query ?? body.error ?? body);
    };
    const results: ApiAgreement[] = [];
    for (const q of queries) {
      const [mw, ours] = await Promise.all(servers.map((s) => ask(s.url, q)));
      const same = JSON.stringify(mw) === JSON.stringify(ours);
      results.push(same ? { query: q, same } : { query: q, same, mediawiki: mw, ours });
    }
    return results;
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

// ---- command line ----

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      expected: { type: 'string' },
      examples: { type: 'string', default: '5' },
      top: { type: 'string', default: '0' },
      tables: { type: 'string' },
      json: { type: 'string' },
      snapshot: { type: 'string' },
      api: { type: 'boolean', default: false },
      config: { type: 'string' },
    },
  });
  const [first, second] = positionals;
  const ourDb = values.expected ? first : second;
  const mediawikiDb = values.expected ? undefined : first;
  if (!ourDb || (!mediawikiDb && !values.expected)) {
    process.stderr.write('usage: compare-import.ts MEDIAWIKI_DB OUR_DB [options] | --expected SNAPSHOT.json.gz OUR_DB [options]\n');
    return 2;
  }
  const tables = values.tables ? values.tables.split(',') : TABLES;
  const mediawiki = mediawikiDb ? readTables(mediawikiDb, tables) : readSnapshot(values.expected!);
  if (values.snapshot) writeSnapshot(values.snapshot, mediawiki);
  const ours = readTables(ourDb, tables);
  const results = compareTables(mediawiki, ours, tables.filter((t) => mediawiki.has(t)));
  console.log(formatAgreement(results, Number(values.examples)));
  const top = Number(values.top);
  if (top > 0) {
    for (const r of results) {
      if (r.onlyMediawiki.length) console.log(`\n${r.table}, most often only in MediaWiki's:\n${topTargets(r.onlyMediawiki, top).join('\n')}`);
      if (r.onlyOurs.length) console.log(`\n${r.table}, most often only in ours:\n${topTargets(r.onlyOurs, top).join('\n')}`);
    }
  }
  let api: ApiAgreement[] | undefined;
  if (values.api && mediawikiDb) {
    api = await compareApi(mediawikiDb, ourDb, values.config ?? `${ourDb}.config.json`, apiQueries(mediawiki));
    const same = api.filter((a) => a.same).length;
    console.log(`\nAPI answers: ${same} of ${api.length} the same (${((same / api.length) * 100).toFixed(1)}%)`);
    for (const a of api.filter((x) => !x.same).slice(0, Number(values.examples))) {
      console.log(`  ${a.query}\n    MediaWiki: ${JSON.stringify(a.mediawiki).slice(0, 300)}\n    ours:      ${JSON.stringify(a.ours).slice(0, 300)}`);
    }
  }
  if (values.json) writeFileSync(values.json, JSON.stringify({ tables: results, api }, null, 1));
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
