// Worker thread of the links phase: link rows or search index rows for a range of pages, into a side database.

import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { TABLES, tableDdl } from '../store/sqlite/schema.ts';
import { InterwikiTable } from './interwiki.ts';
import { buildSearchIndex, LinkBuilder, PENDING_TEMPLATES_DDL, SIDE_LINK_TABLES, type PageRange } from './link-builder.ts';
import { trackingCategoryResolver } from './tracking.ts';
import { NamespaceTable, TitleCodec } from './title.ts';
import type { DumpNamespace } from './dump-types.ts';

/** What the main thread tells a worker: plain data, since threads share no objects. */
export interface LinksWorkerJob {
  kind: 'links' | 'search';
  /** The wiki being imported (read only here). */
  db: string;
  /** The worker's own database, merged into the wiki afterwards. */
  side: string;
  range: PageRange;
  namespaces: DumpNamespace[];
  capitalLinks: boolean;
  localInterwikis: string[];
  site: {
    siteName: string;
    server: string;
    scriptPath: string;
    articlePath: string;
    lang: string;
    subpageNamespaces: number[];
    contentNamespaces: number[];
    extensions: string[];
  };
}

function openSide(path: string): Database.Database {
  const side = new Database(path);
  side.pragma('journal_mode = MEMORY');
  side.pragma('synchronous = OFF');
  side.pragma('cache_size = -65536');
  side.pragma('locking_mode = EXCLUSIVE');
  return side;
}

function reporter(kind: string): (pagesDone: number) => void {
  let lastReport = 0;
  return (pagesDone) => {
    const now = Date.now();
    if (now - lastReport < 200) return;
    lastReport = now;
    parentPort!.postMessage({ type: 'progress', kind, pagesDone });
  };
}

/** The search index goes straight into the wiki (in WAL mode while the link workers read it). */
function runSearch(job: LinksWorkerJob): number {
  const wiki = new Database(job.db);
  wiki.pragma('synchronous = OFF');
  wiki.pragma('busy_timeout = 60000');
  try {
    return buildSearchIndex(wiki, wiki, job.range, reporter('search'));
  } finally {
    wiki.close();
  }
}

function run(job: LinksWorkerJob): number {
  if (job.kind === 'search') return runSearch(job);
  const source = new Database(job.db, { readonly: true });
  const side = openSide(job.side);
  const progress = reporter('links');
  try {
    for (const name of SIDE_LINK_TABLES) side.exec(tableDdl(TABLES.find((t) => t.name === name)!));
    side.exec(PENDING_TEMPLATES_DDL);
    const interwiki = InterwikiTable.fromDatabase(source, job.localInterwikis);
    const codec = new TitleCodec(new NamespaceTable(job.namespaces, job.capitalLinks), interwiki);
    const builder = new LinkBuilder(source, side, {
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
    });
    builder.run(job.range);
    return builder.linkRows;
  } finally {
    side.close();
    source.close();
  }
}

try {
  const rows = run((workerData as { data: LinksWorkerJob }).data);
  parentPort!.postMessage({ type: 'done', rows });
} catch (error) {
  parentPort!.postMessage({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
