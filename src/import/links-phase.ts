// The links phase in worker threads: link rows and the search index computed in parallel, then merged.

import { availableParallelism } from 'node:os';
import { rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { buildSearchIndex, LinkBuilder, SIDE_LINK_TABLES } from './link-builder.ts';
import { InterwikiTable } from './interwiki.ts';
import { NamespaceTable, TitleCodec } from './title.ts';
import { trackingCategoryResolver } from './tracking.ts';
import type { LinksWorkerJob } from './links-worker.ts';
import { runWorker, type WorkerMessage } from './workers/spawn.ts';

const WORKER = new URL('./links-worker.ts', import.meta.url);

export interface LinksPhaseOptions {
  /** The wiki file the workers read (the import's working copy). */
  path: string;
  job: Omit<LinksWorkerJob, 'kind' | 'db' | 'side' | 'range'>;
  searchIndex: boolean;
  /** Threads computing link rows; default: one per core beyond the search index's. */
  linkWorkers?: number;
  progress?: (linkedPages: number) => void;
}

export const LINK_TABLES = ['pagelinks', 'templatelinks', 'categorylinks', 'imagelinks', 'externallinks', 'langlinks', 'iwlinks', 'page_props', 'redirect'];

/** Page id ranges with about the same number of pages each. */
function pageRanges(db: Database.Database, parts: number): Array<{ after: number; upTo: number }> {
  const count = db.prepare('SELECT count(*) FROM page').pluck().get() as number;
  const bounds: number[] = [0];
  for (let i = 1; i < parts; i++) {
    const id = db.prepare('SELECT page_id FROM page ORDER BY page_id LIMIT 1 OFFSET ?').pluck().get(Math.floor((count * i) / parts)) as number | undefined;
    if (id !== undefined && id > bounds[bounds.length - 1]!) bounds.push(id - 1);
  }
  bounds.push(Number.MAX_SAFE_INTEGER);
  return bounds.slice(1).map((upTo, i) => ({ after: bounds[i]!, upTo }));
}

/** Below this many pages, starting threads costs more than it saves. */
const SMALL_WIKI_PAGES = 5000;

export async function buildLinksInWorkers(db: Database.Database, options: LinksPhaseOptions): Promise<number> {
  for (const table of [...LINK_TABLES, 'searchindex']) db.exec(`DELETE FROM ${table}`);
  const pages = db.prepare('SELECT count(*) FROM page').pluck().get() as number;
  if (pages < SMALL_WIKI_PAGES && options.linkWorkers === undefined) return buildLinksHere(db, options);
  const cores = availableParallelism();
  const linkWorkers = Math.max(1, options.linkWorkers ?? (options.searchIndex ? Math.max(1, cores - 1) : cores));
  const ranges = pageRanges(db, linkWorkers);
  const all = { after: 0, upTo: Number.MAX_SAFE_INTEGER };
  const jobs: LinksWorkerJob[] = ranges.map((range, i) => ({ ...options.job, kind: 'links', db: options.path, side: `${options.path}.links${i}`, range }));
  // better-sqlite3 runs SQLite in defensive mode, which forbids copying FTS3 shadow tables from a
  // side database: the search worker writes the wiki's own searchindex, and WAL lets it do so
  // while the link workers read the same file.
  if (options.searchIndex) jobs.push({ ...options.job, kind: 'search', db: options.path, side: options.path, range: all });
  const sides = jobs.filter((job) => job.kind === 'links').map((job) => job.side);
  for (const side of sides) rmSync(side, { force: true });
  db.pragma('locking_mode = NORMAL');
  db.pragma('journal_mode = WAL');
  db.prepare('SELECT count(*) FROM page').get();
  const done = new Array<number>(jobs.length).fill(0);
  const onMessage = (index: number) => (message: WorkerMessage): void => {
    if (message.type !== 'progress' || jobs[index]!.kind !== 'links') return;
    done[index] = Number(message.pagesDone);
    options.progress?.(done.reduce((a, b) => a + b, 0));
  };
  const started = performance.now();
  const running = jobs.map((job, i) => runWorker(WORKER, job, onMessage(i)));
  if (process.env.WIKIQUERY_DEBUG) running.forEach((r, i) => r.done.then(() => console.error(`worker ${jobs[i]!.kind} done after ${((performance.now() - started) / 1000).toFixed(2)} s`)));
  let rows = 0;
  try {
    const results = await Promise.all(running.map((r) => r.done));
    rows = results.filter((_r, i) => jobs[i]!.kind === 'links').reduce((sum, r) => sum + Number(r.rows), 0);
    db.pragma('wal_checkpoint(TRUNCATE)');
    // Out of WAL through DELETE: SQLite does not go from WAL to MEMORY directly.
    db.pragma('journal_mode = DELETE');
    db.pragma('journal_mode = MEMORY');
    db.pragma('locking_mode = EXCLUSIVE');
    for (const job of jobs) if (job.kind === 'links') mergeLinks(db, job.side);
    db.exec('UPDATE page SET page_links_updated = page_touched');
  } catch (error) {
    await Promise.all(running.map((r) => r.worker.terminate()));
    throw error;
  } finally {
    for (const side of sides) rmSync(side, { force: true });
  }
  return rows;
}

/** The same work in this thread, for small wikis. */
function buildLinksHere(db: Database.Database, options: LinksPhaseOptions): number {
  const job = options.job;
  const interwiki = InterwikiTable.fromDatabase(db, job.localInterwikis);
  const codec = new TitleCodec(new NamespaceTable(job.namespaces, job.capitalLinks), interwiki);
  const builder = new LinkBuilder(db, db, {
    codec,
    site: {
      ...job.site,
      subpageNamespaces: new Set(job.site.subpageNamespaces),
      contentNamespaces: new Set(job.site.contentNamespaces),
      extensions: new Set(job.site.extensions),
    },
    isLanguagePrefix: (prefix) => interwiki.isLanguage(prefix),
    trackingCategory: trackingCategoryResolver(db, codec, job.site.lang),
    progress: options.progress,
  });
  builder.run();
  if (options.searchIndex) buildSearchIndex(db, db, { after: 0, upTo: Number.MAX_SAFE_INTEGER });
  db.exec('UPDATE page SET page_links_updated = page_touched');
  return builder.linkRows;
}

function mergeLinks(db: Database.Database, side: string): void {
  db.prepare('ATTACH ? AS side').run(side);
  try {
    db.transaction(() => {
      for (const table of SIDE_LINK_TABLES) {
        if (table === 'externallinks') {
          db.exec('INSERT INTO externallinks (el_from, el_to, el_index, el_index_60) SELECT el_from, el_to, el_index, el_index_60 FROM side.externallinks ORDER BY el_id');
        } else {
          db.exec(`INSERT OR REPLACE INTO main.${table} SELECT * FROM side.${table}`);
        }
      }
      db.exec(`
        INSERT OR IGNORE INTO linktarget (lt_namespace, lt_title) SELECT lt_namespace, lt_title FROM side.tl_pending ORDER BY rowid;
        INSERT OR IGNORE INTO templatelinks (tl_from, tl_target_id, tl_from_namespace)
          SELECT p.tl_from, lt.lt_id, p.tl_from_namespace FROM side.tl_pending p
          JOIN linktarget lt ON lt.lt_namespace = p.lt_namespace AND lt.lt_title = p.lt_title ORDER BY p.rowid;
      `);
    })();
  } finally {
    db.exec('DETACH side');
  }
}
