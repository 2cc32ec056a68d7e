// Worker thread of the links phase: takes page ranges in turn and writes each one's link rows and search rows to a side database of its own.

import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { TABLES, tableDdl } from '../../store/sqlite/schema.ts';
import {
  compactSideSearchIndex,
  createSideSearchIndex,
  LinkBuilder,
  linkBuilderOptions,
  PENDING_TEMPLATES_DDL,
  searchBlockBase,
  SIDE_LINK_TABLES,
  type LinksJobSite,
  type PageRange,
} from './link-builder.ts';
import { stopScribuntoEngine } from '../scribunto/engine.ts';

/** What the main thread tells a worker: plain data, since threads share no objects. */
export interface LinksWorkerJob extends LinksJobSite {
  /** The wiki being imported (only read here). */
  db: string;
  /** Range k's rows go to the side database `${sidePrefix}${k}`, which the main thread merges once told. */
  sidePrefix: string;
  /** Write search rows too (the searchindex of each side). */
  searchIndex: boolean;
  /** Page ranges to share out. */
  ranges: PageRange[];
  /** Int32 counter of the next range to take, shared by all the workers. */
  next: SharedArrayBuffer;
}

/** A range's side database, with the tables that receive its rows. */
function openSide(path: string, searchBlocksAfter: number | null): Database.Database {
  const side = new Database(path);
  side.pragma('journal_mode = MEMORY');
  side.pragma('synchronous = OFF');
  side.pragma('cache_size = -16384');
  side.pragma('locking_mode = EXCLUSIVE');
  for (const name of SIDE_LINK_TABLES) side.exec(tableDdl(TABLES.find((t) => t.name === name)!));
  side.exec(PENDING_TEMPLATES_DDL);
  if (searchBlocksAfter !== null) createSideSearchIndex(side, searchBlocksAfter);
  return side;
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

/** Takes ranges until none are left; returns the number of link rows written. */
function run(job: LinksWorkerJob): number {
  const source = new Database(job.db, { readonly: true });
  const next = new Int32Array(job.next);
  let links: LinkBuilder | null = null;
  try {
    for (;;) {
      const item = Atomics.add(next, 0, 1);
      const range = job.ranges[item];
      if (range === undefined) break;
      links ??= new LinkBuilder(source, null, linkBuilderOptions(source, job, reporter()), job.searchIndex);
      const side = openSide(`${job.sidePrefix}${item}`, job.searchIndex ? searchBlockBase(item) : null);
      try {
        // One transaction for the range: FTS3 writes a segment at each commit.
        side.exec('BEGIN');
        links.run(range, side);
        if (job.searchIndex) compactSideSearchIndex(side);
        side.exec('COMMIT');
      } finally {
        // Without the COMMIT (an error), closing rolls the range back.
        side.close();
      }
      parentPort!.postMessage({ type: 'range', item });
    }
    return links?.linkRows ?? 0;
  } finally {
    stopScribuntoEngine();
    source.close();
  }
}

try {
  const rows = run((workerData as { data: LinksWorkerJob }).data);
  parentPort!.postMessage({ type: 'done', rows });
} catch (error) {
  parentPort!.postMessage({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
