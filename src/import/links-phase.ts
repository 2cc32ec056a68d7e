// The links phase in worker threads: link rows and the search index computed in parallel, then merged.
//
// The work is cut into items, the search index and page ranges of RANGE_PAGES pages, that the
// workers take in turn from a shared counter, so every core stays busy until the end whatever the
// dump's mix of long and short pages. Each worker writes its link rows into its own side
// database; the merge puts them into the wiki in page order (ids given out in order, el_id and
// lt_id, are the same as in a one-thread run). The search index is built into a side database
// too and its FTS3 tables copied over: the wiki has one writer meanwhile, this thread, which
// builds the indexes of the tables the workers only read.

import { availableParallelism } from 'node:os';
import { existsSync, rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { LinkBuilder, linkBuilderOptions, SIDE_LINK_TABLES, type PageRange } from './link-builder.ts';
import { SEARCHINDEX_DDL } from '../store/sqlite/schema.ts';
import type { LinksWorkerJob } from './links-worker.ts';
import { runWorker, type WorkerMessage } from './workers/spawn.ts';
import { stopScribuntoEngine } from './scribunto/engine.ts';

const WORKER = new URL('./links-worker.ts', import.meta.url);

export interface LinksPhaseOptions {
  /** The wiki file the workers read (the import's working copy). */
  path: string;
  job: Omit<LinksWorkerJob, 'db' | 'side' | 'searchSide' | 'ranges' | 'next'>;
  searchIndex: boolean;
  /** Worker threads; default: one per core. */
  linkWorkers?: number;
  progress?: (linkedPages: number) => void;
  /** Work for this thread while the workers run (they only read the wiki meanwhile). */
  meanwhile?: () => void;
}

export const LINK_TABLES = ['pagelinks', 'templatelinks', 'categorylinks', 'imagelinks', 'externallinks', 'langlinks', 'iwlinks', 'page_props', 'redirect'];

/** Below this many pages, starting threads costs more than it saves. */
const SMALL_WIKI_PAGES = 5000;
/** Pages per work item: small enough to share the last ones out evenly. */
const RANGE_PAGES = 2000;
const MAX_WORKERS = 8;

/** Page id ranges of `size` pages each (the last one open-ended). */
function pageRanges(db: Database.Database, size: number): PageRange[] {
  const ids = db.prepare('SELECT page_id FROM page ORDER BY page_id').pluck().all() as number[];
  const ranges: PageRange[] = [];
  let after = 0;
  for (let i = size - 1; i < ids.length - 1; i += size) {
    ranges.push({ after, upTo: ids[i]! });
    after = ids[i]!;
  }
  ranges.push({ after, upTo: Number.MAX_SAFE_INTEGER });
  return ranges;
}

export async function buildLinksInWorkers(db: Database.Database, options: LinksPhaseOptions): Promise<number> {
  for (const table of LINK_TABLES) db.exec(`DELETE FROM ${table}`);
  // A new FTS3 table rather than emptied rows: its shadow tables can then take a side database's.
  db.exec(`DROP TABLE IF EXISTS searchindex; ${SEARCHINDEX_DDL}`);
  const pages = db.prepare('SELECT count(*) FROM page').pluck().get() as number;
  if (pages < SMALL_WIKI_PAGES && options.linkWorkers === undefined) {
    options.meanwhile?.();
    return buildLinksHere(db, options);
  }
  // SQLite attaches at most 10 databases: the merge reads all the side ones at once.
  const workerCount = Math.min(MAX_WORKERS, Math.max(1, options.linkWorkers ?? availableParallelism()));
  const searchSide = options.searchIndex ? `${options.path}.search` : null;
  const jobs: LinksWorkerJob[] = [];
  const shared = { ranges: pageRanges(db, RANGE_PAGES), next: new SharedArrayBuffer(4), searchSide };
  for (let i = 0; i < workerCount; i++) jobs.push({ ...options.job, ...shared, db: options.path, side: `${options.path}.links${i}` });
  const files = [...jobs.map((job) => job.side), ...(searchSide ? [searchSide] : [])];
  for (const file of files) rmSync(file, { force: true });
  // The workers read the wiki while this thread builds the indexes of the tables they do not
  // write (`meanwhile`): WAL lets readers and one writer work at the same time.
  db.pragma('locking_mode = NORMAL');
  db.pragma('journal_mode = WAL');
  db.prepare('SELECT count(*) FROM page').get();
  const done = new Array<number>(jobs.length).fill(0);
  const onMessage = (index: number) => (message: WorkerMessage): void => {
    if (message.type !== 'progress') return;
    done[index] = Number(message.pagesDone);
    options.progress?.(done.reduce((a, b) => a + b, 0));
  };
  const running = jobs.map((job, i) => runWorker(WORKER, job, onMessage(i)));
  let rows = 0;
  try {
    options.meanwhile?.();
    const results = await Promise.all(running.map((r) => r.done));
    rows = results.reduce((sum, r) => sum + Number(r.rows), 0);
    db.pragma('wal_checkpoint(TRUNCATE)');
    // Out of WAL through DELETE: SQLite does not go from WAL to MEMORY directly.
    db.pragma('journal_mode = DELETE');
    db.pragma('journal_mode = MEMORY');
    db.pragma('locking_mode = EXCLUSIVE');
    mergeLinks(db, jobs.map((job) => job.side).filter((side) => existsSync(side)));
    if (searchSide) mergeSearchIndex(db, searchSide);
    db.exec('UPDATE page SET page_links_updated = page_touched WHERE page_links_updated IS NOT page_touched');
  } catch (error) {
    await Promise.all(running.map((r) => r.worker.terminate()));
    throw error;
  } finally {
    for (const file of files) rmSync(file, { force: true });
  }
  return rows;
}

/** The same work in this thread, for small wikis. */
function buildLinksHere(db: Database.Database, options: LinksPhaseOptions): number {
  const job = options.job;
  const builder = new LinkBuilder(db, db, linkBuilderOptions(db, job, options.progress), options.searchIndex);
  try {
    builder.run();
  } finally {
    // The Lua interpreter is this thread's: it would otherwise outlive the import (npm start goes on serving).
    stopScribuntoEngine();
  }
  db.exec('UPDATE page SET page_links_updated = page_touched WHERE page_links_updated IS NOT page_touched');
  return builder.linkRows;
}

/**
 * The side databases' rows into the wiki. Rows whose ids are given out here (externallinks'
 * el_id, linktarget's lt_id through tl_pending) go in by page, as a one-thread run writes them.
 */
function mergeLinks(db: Database.Database, sides: string[]): void {
  const names = sides.map((_side, i) => `side${i}`);
  sides.forEach((side, i) => db.prepare(`ATTACH ? AS ${names[i]}`).run(side));
  const all = (select: (name: string) => string): string => names.map(select).join(' UNION ALL ');
  try {
    db.transaction(() => {
      for (const table of SIDE_LINK_TABLES) {
        if (table === 'externallinks') {
          db.exec(`INSERT INTO externallinks (el_from, el_to, el_index, el_index_60)
            SELECT el_from, el_to, el_index, el_index_60 FROM (${all((n) => `SELECT el_id, el_from, el_to, el_index, el_index_60 FROM ${n}.externallinks`)})
            ORDER BY el_from, el_id`);
        } else {
          // The sides hold different pages and the tables start empty: plain INSERTs, the first one
          // copied record by record (SQLite's transfer optimization for an empty table of the same shape).
          for (const name of names) db.exec(`INSERT INTO main.${table} SELECT * FROM ${name}.${table}`);
        }
      }
      const pending = all((n) => `SELECT rowid AS r, tl_from, lt_namespace, lt_title, tl_from_namespace FROM ${n}.tl_pending`);
      db.exec(`
        INSERT OR IGNORE INTO linktarget (lt_namespace, lt_title) SELECT lt_namespace, lt_title FROM (${pending}) ORDER BY tl_from, r;
        INSERT OR IGNORE INTO templatelinks (tl_from, tl_target_id, tl_from_namespace)
          SELECT p.tl_from, lt.lt_id, p.tl_from_namespace FROM (${pending}) p
          JOIN linktarget lt ON lt.lt_namespace = p.lt_namespace AND lt.lt_title = p.lt_title;
      `);
    })();
  } finally {
    for (const name of names) db.exec(`DETACH ${name}`);
  }
}

/**
 * Copies a side database's FTS3 shadow tables into the wiki's new, empty searchindex: the same
 * rows, block ids and segments, so the index reads exactly as the side one does. SQLite's
 * defensive mode (better-sqlite3's default) makes shadow tables read-only, hence the unsafe mode
 * for the copy alone.
 */
function mergeSearchIndex(db: Database.Database, side: string): void {
  db.prepare('ATTACH ? AS side').run(side);
  db.unsafeMode(true);
  try {
    db.transaction(() => {
      for (const shadow of ['content', 'segments', 'segdir']) {
        db.exec(`INSERT INTO main.searchindex_${shadow} SELECT * FROM side.searchindex_${shadow}`);
      }
    })();
  } finally {
    db.unsafeMode(false);
    db.exec('DETACH side');
  }
}
