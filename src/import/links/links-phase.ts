// The links phase in worker threads: link rows and the search index computed in parallel, then merged.
//
// The work is cut into page ranges (RANGE_PAGES pages, smaller towards the end) that the workers
// take in turn from a shared counter, so every core stays busy until the end whatever the dump's
// mix of long and short pages. Each range's link rows and search rows (the page text is read once for both) go into a
// side database of its own, which this thread merges into the wiki as soon as the ranges before it
// are in: in page order, so ids given out in order (el_id, lt_id) are the same as in a one-thread
// run, and most of the merging is done while the workers still run, after the work this thread
// has meanwhile (building the indexes of the tables the workers only read). The wiki has one
// writer, this thread; the workers read it through WAL.

import { availableParallelism } from 'node:os';
import { rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { LinkBuilder, linkBuilderOptions, searchBlockBase, SIDE_LINK_TABLES, type PageRange } from './link-builder.ts';
import { SEARCHINDEX_DDL } from '../../store/sqlite/schema.ts';
import type { LinksWorkerJob } from './links-worker.ts';
import { runWorker, type WorkerMessage } from '../workers/spawn.ts';
import { stopScribuntoEngine } from '../scribunto/engine.ts';

const WORKER = new URL('./links-worker.ts', import.meta.url);

export interface LinksPhaseOptions {
  /** The wiki file the workers read (the import's working copy). */
  path: string;
  job: Omit<LinksWorkerJob, 'db' | 'sidePrefix' | 'searchIndex' | 'ranges' | 'next'>;
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
/** Pages per range: enough that a range's fixed costs (its side database, its merge) stay small. */
const RANGE_PAGES = 2000;
/** The smallest ranges, at the end. */
const LAST_RANGE_PAGES = 250;
const MAX_WORKERS = 8;
/**
 * A link worker keeps about 100 MB alive (template trees, title caches) but makes garbage fast:
 * without a ceiling V8 let each one's heap grow to about 470 MB before collecting (1 GB
 * articles dump: peak 1.6-2.0 GB for the import, 1.1 GB with it, in the same time). The ceiling
 * leaves five times the live data for a page whose expansion needs more.
 */
const LINK_WORKER_LIMITS = { maxOldGenerationSizeMb: 512 };

/**
 * Page id ranges (the last one open-ended): RANGE_PAGES pages each, then smaller and smaller
 * ones, each a share of what is left, so that the workers run out of work at about the same time
 * instead of one waiting for the other's last big range.
 */
function pageRanges(db: Database.Database, workers: number): PageRange[] {
  const ids = db.prepare('SELECT page_id FROM page ORDER BY page_id').pluck().all() as number[];
  const ranges: PageRange[] = [];
  let after = 0;
  let start = 0;
  for (;;) {
    const size = Math.max(LAST_RANGE_PAGES, Math.min(RANGE_PAGES, Math.ceil((ids.length - start) / (2 * workers))));
    const end = start + size;
    if (end >= ids.length) break;
    ranges.push({ after, upTo: ids[end - 1]! });
    after = ids[end - 1]!;
    start = end;
  }
  ranges.push({ after, upTo: Number.MAX_SAFE_INTEGER });
  return ranges;
}

export async function buildLinksInWorkers(db: Database.Database, options: LinksPhaseOptions): Promise<number> {
  for (const table of LINK_TABLES) db.exec(`DELETE FROM ${table}`);
  // A new FTS3 table rather than emptied rows: its shadow tables can then take the side databases'.
  db.exec(`DROP TABLE IF EXISTS searchindex; ${SEARCHINDEX_DDL}`);
  const pages = db.prepare('SELECT count(*) FROM page').pluck().get() as number;
  if (pages < SMALL_WIKI_PAGES && options.linkWorkers === undefined) {
    options.meanwhile?.();
    return buildLinksHere(db, options);
  }
  const workerCount = Math.min(MAX_WORKERS, Math.max(1, options.linkWorkers ?? availableParallelism()));
  const ranges = pageRanges(db, workerCount);
  const sidePrefix = `${options.path}.links-`;
  const sides = ranges.map((_range, k) => `${sidePrefix}${k}`);
  for (const file of sides) rmSync(file, { force: true });
  const job: LinksWorkerJob = { ...options.job, db: options.path, sidePrefix, searchIndex: options.searchIndex, ranges, next: new SharedArrayBuffer(4) };
  // The workers read the wiki while this thread builds the indexes of the tables they do not
  // write (`meanwhile`) and merges the ranges done: WAL lets readers and one writer work at the same time.
  db.pragma('locking_mode = NORMAL');
  db.pragma('journal_mode = WAL');
  db.prepare('SELECT count(*) FROM page').get();
  const merger = new RangeMerger(db, ranges, sides, options.searchIndex);
  const done = new Array<number>(workerCount).fill(0);
  const onMessage = (index: number) => (message: WorkerMessage): void => {
    if (message.type === 'range') {
      merger.rangeDone(Number(message.item));
    } else if (message.type === 'progress') {
      done[index] = Number(message.pagesDone);
      options.progress?.(done.reduce((a, b) => a + b, 0));
    }
  };
  const running = Array.from({ length: workerCount }, (_unused, i) => runWorker(WORKER, job, onMessage(i), LINK_WORKER_LIMITS));
  let rows = 0;
  try {
    // Synchronous: the workers' messages wait meanwhile, and the ranges done are merged after it.
    options.meanwhile?.();
    const results = await Promise.all(running.map((r) => r.done));
    rows = results.reduce((sum, r) => sum + Number(r.rows), 0);
    merger.throwIfFailed();
    db.pragma('wal_checkpoint(TRUNCATE)');
    // Out of WAL through DELETE: SQLite does not go from WAL to MEMORY directly.
    db.pragma('journal_mode = DELETE');
    db.pragma('journal_mode = MEMORY');
    db.pragma('locking_mode = EXCLUSIVE');
    merger.finish();
  } catch (error) {
    await Promise.all(running.map((r) => r.worker.terminate()));
    throw error;
  } finally {
    for (const file of sides) rmSync(file, { force: true });
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
 * Puts the ranges' side databases into the wiki in page order, each as soon as it and the ones
 * before it are done. Merges run from the workers' messages; an error is kept for the end, the
 * workers' messages being no place to throw it.
 */
class RangeMerger {
  private readonly ready: boolean[];
  private merged = 0;
  private failure: unknown = null;

  constructor(
    private readonly db: Database.Database,
    private readonly ranges: readonly PageRange[],
    private readonly sides: readonly string[],
    private readonly searchIndex: boolean,
  ) {
    this.ready = ranges.map(() => false);
  }

  rangeDone(item: number): void {
    this.ready[item] = true;
    this.mergeReady();
  }

  /** Merges the ranges done whose predecessors are all in. */
  mergeReady(): void {
    if (this.failure !== null) return;
    try {
      while (this.merged < this.ranges.length && this.ready[this.merged]) {
        const range = this.ranges[this.merged]!;
        // The first range's pages below it too, for page_links_updated: every page gets it, as in a one-thread run.
        const pages = this.merged === 0 ? { after: Number.MIN_SAFE_INTEGER, upTo: range.upTo } : range;
        mergeRange(this.db, this.sides[this.merged]!, pages, this.searchIndex ? searchBlockBase(this.merged) : null);
        rmSync(this.sides[this.merged]!, { force: true });
        this.merged++;
      }
    } catch (error) {
      this.failure = error;
    }
  }

  throwIfFailed(): void {
    if (this.failure !== null) throw this.failure;
  }

  /** After the workers: the ranges left, all of which must be done by now. */
  finish(): void {
    this.mergeReady();
    this.throwIfFailed();
    if (this.merged < this.ranges.length) throw new Error(`links phase: page range ${this.merged} was never finished`);
  }
}

/**
 * A range's side database into the wiki. Rows whose ids are given out here (externallinks'
 * el_id, linktarget's lt_id through tl_pending) go in by page, as a one-thread run writes them;
 * ranges come in page order, so the ids follow page order across ranges too.
 */
function mergeRange(db: Database.Database, side: string, pages: PageRange, searchBlocksAfter: number | null): void {
  db.prepare('ATTACH ? AS side').run(side);
  try {
    db.transaction(() => {
      for (const table of SIDE_LINK_TABLES) {
        if (table === 'externallinks') {
          db.exec(`INSERT INTO externallinks (el_from, el_to, el_index, el_index_60)
            SELECT el_from, el_to, el_index, el_index_60 FROM side.externallinks ORDER BY el_from, el_id`);
        } else {
          // The ranges hold different pages: plain INSERTs, the first range's copied record by
          // record (SQLite's transfer optimization for an empty table of the same shape).
          db.exec(`INSERT INTO main.${table} SELECT * FROM side.${table}`);
        }
      }
      db.exec(`
        INSERT OR IGNORE INTO linktarget (lt_namespace, lt_title) SELECT lt_namespace, lt_title FROM side.tl_pending ORDER BY tl_from, rowid;
        INSERT OR IGNORE INTO templatelinks (tl_from, tl_target_id, tl_from_namespace)
          SELECT p.tl_from, lt.lt_id, p.tl_from_namespace FROM side.tl_pending p
          JOIN linktarget lt ON lt.lt_namespace = p.lt_namespace AND lt.lt_title = p.lt_title;
      `);
      if (searchBlocksAfter !== null) mergeSearchIndex(db, searchBlocksAfter);
      db.prepare('UPDATE page SET page_links_updated = page_touched WHERE page_id > ? AND page_id <= ? AND page_links_updated IS NOT page_touched').run(pages.after, pages.upTo);
    })();
  } finally {
    db.exec('DETACH side');
  }
}

/**
 * Segments a level of the wiki's index is given at most: FTS3 makes the 16 segments of a level
 * one segment of the next level before it writes a 17th, so a level holds no more than FTS3's own.
 */
const SEGMENTS_PER_LEVEL = 15;
/** The level that takes whatever is left: FTS3 has 1,024 levels, and its merges need the ones above. */
const TOP_LEVEL = 1000;

/**
 * Adds the attached side's FTS3 index to the wiki's: the same rows, and the same segments under
 * the same block ids (the side's own range of them, after its placeholder row). Segments need a
 * (level, idx) of their own: each level's idx goes on after the wiki's (no node refers to it).
 * SQLite's defensive mode (better-sqlite3's default) makes shadow tables read-only, hence the
 * unsafe mode for the copy alone.
 */
function mergeSearchIndex(db: Database.Database, blocksAfter: number): void {
  db.unsafeMode(true);
  try {
    db.exec('INSERT INTO main.searchindex_content SELECT * FROM side.searchindex_content');
    db.prepare('INSERT INTO main.searchindex_segments SELECT * FROM side.searchindex_segments WHERE blockid > ?').run(blocksAfter);
    const nextIdx = new Map<number, number>();
    for (const row of db.prepare('SELECT level, max(idx) + 1 AS next FROM main.searchindex_segdir GROUP BY level').all() as { level: number; next: number }[]) {
      nextIdx.set(row.level, row.next);
    }
    const insert = db.prepare('INSERT INTO main.searchindex_segdir (level, idx, start_block, leaves_end_block, end_block, root) VALUES (?, ?, ?, ?, ?, ?)');
    const segments = db.prepare('SELECT level, start_block, leaves_end_block, end_block, root FROM side.searchindex_segdir ORDER BY level, idx').raw().all() as [number, ...unknown[]][];
    for (const [sideLevel, ...rest] of segments) {
      // A full level goes on one up: FTS3 would otherwise merge a level of many segments at the wiki's first edit.
      let level = sideLevel;
      while (level < TOP_LEVEL && (nextIdx.get(level) ?? 0) >= SEGMENTS_PER_LEVEL) level++;
      const idx = nextIdx.get(level) ?? 0;
      nextIdx.set(level, idx + 1);
      insert.run(level, idx, ...rest);
    }
  } finally {
    db.unsafeMode(false);
  }
}
