// Worker thread of the links phase: takes work items in turn (the search index, page ranges) and writes their rows to side databases.

import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { TABLES, tableDdl } from '../store/sqlite/schema.ts';
import { buildSearchIndex, LinkBuilder, linkBuilderOptions, PENDING_TEMPLATES_DDL, SIDE_LINK_TABLES, type LinksJobSite, type PageRange } from './link-builder.ts';
import { stopScribuntoEngine } from './scribunto/engine.ts';

/** What the main thread tells a worker: plain data, since threads share no objects. */
export interface LinksWorkerJob extends LinksJobSite {
  /** The wiki being imported (only read here). */
  db: string;
  /** This worker's own database for link rows, merged into the wiki afterwards. */
  side: string;
  /** The database that receives the search index, when there is one to build. */
  searchSide: string | null;
  /** Page ranges to share out; with a search index it is item 0, and range k is item k + 1. */
  ranges: PageRange[];
  /** Int32 counter of the next item to take, shared by all the workers. */
  next: SharedArrayBuffer;
}

function openSide(path: string): Database.Database {
  const side = new Database(path);
  side.pragma('journal_mode = MEMORY');
  side.pragma('synchronous = OFF');
  side.pragma('cache_size = -16384');
  side.pragma('locking_mode = EXCLUSIVE');
  return side;
}

function builder(job: LinksWorkerJob, source: Database.Database, side: Database.Database, progress: (pages: number) => void): LinkBuilder {
  for (const name of SIDE_LINK_TABLES) side.exec(tableDdl(TABLES.find((t) => t.name === name)!));
  side.exec(PENDING_TEMPLATES_DDL);
  return new LinkBuilder(source, side, linkBuilderOptions(source, job, progress));
}

function reporter(): (pagesDone: number) => void {
  let lastReport = 0;
  return (pagesDone) => {
    const now = Date.now();
    if (now - lastReport < 200) return;
    lastReport = now;
    parentPort!.postMessage({ type: 'progress', pagesDone });
  };
}

function buildSearchSide(source: Database.Database, path: string): void {
  const side = openSide(path);
  try {
    buildSearchIndex(source, side, { after: 0, upTo: Number.MAX_SAFE_INTEGER });
  } finally {
    side.close();
  }
}

/** Takes items until none are left; returns the number of link rows written. */
function run(job: LinksWorkerJob): number {
  const source = new Database(job.db, { readonly: true });
  const next = new Int32Array(job.next);
  const first = job.searchSide === null ? 0 : 1;
  let side: Database.Database | null = null;
  let links: LinkBuilder | null = null;
  try {
    for (;;) {
      const item = Atomics.add(next, 0, 1);
      if (item === 0 && job.searchSide !== null) {
        buildSearchSide(source, job.searchSide);
        continue;
      }
      const range = job.ranges[item - first];
      if (range === undefined) break;
      side ??= openSide(job.side);
      links ??= builder(job, source, side, reporter());
      links.run(range);
    }
    return links?.linkRows ?? 0;
  } finally {
    stopScribuntoEngine();
    side?.close();
    source.close();
  }
}

try {
  const rows = run((workerData as { data: LinksWorkerJob }).data);
  parentPort!.postMessage({ type: 'done', rows });
} catch (error) {
  parentPort!.postMessage({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
