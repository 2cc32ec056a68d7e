// One import from dump files to a servable SQLite wiki: read, write, link, finish, then rename into place.

import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { createSchema, TABLES } from '../store/sqlite/schema.ts';
import { insertInstallerDefaults } from './write/create-wiki.ts';
import { DumpFatalError, DumpReader } from './read/dump-reader.ts';
import { detectCompression, DumpSourceError, findSegments, openDump, type DumpSegment } from './read/dump-source.ts';
import type { DumpProblem, DumpSiteInfo } from './read/dump-types.ts';
import { finishAfterLinks, finishBeforeLinks } from './finish/finalize.ts';
import { fillFileFacts, type FileFactsCounts } from './files-facts.ts';
import { addInterwikiEntries, InterwikiTable, parseInterwikiList, wikimediaInterwiki } from './interwiki.ts';
import { buildLinksInWorkers } from './links/links-phase.ts';
import { replayBatch, type EventBatch } from './read/event-batch.ts';
import type { ReadWorkerJob } from './read/read-worker.ts';
import { readSegmented } from './read/segmented-read.ts';
import { runWorker, WorkerFailure } from './workers/spawn.ts';
import { ImportStoppedError, PageWriter } from './write/page-writer.ts';
import {
  CONTENT_NAMESPACES,
  SUBPAGE_NAMESPACES,
  configFromSiteInfo,
  hasModulePages,
  mergeConfig,
  namespacesOf,
  parserExtensions,
  type ImportedConfig,
} from './site-config.ts';
import { NamespaceTable, TitleCodec } from './title.ts';
import { optimizeSearchIndex } from './search-index.ts';

export interface ImportOptions {
  dumps: string[];
  db: string;
  /** Config JSON to read (user settings such as extra interwiki prefixes) and to write; default `<db>.config.json`. */
  config?: string;
  strict?: boolean;
  /** Continue a failed import from `<db>.tmp` instead of starting over. */
  resume?: boolean;
  /** Accepted for symmetry with dumpBackup.php: log items are imported whenever a dump has them. */
  logs?: boolean;
  /** An interwiki.list file (`prefix|url|local|api`) with prefixes the wiki had. */
  interwikiList?: string;
  /** MediaWiki importDump's --username-prefix: contributors become `prefix>Name` without accounts. */
  usernamePrefix?: string;
  /**
   * Ids as MediaWiki's importDump.php gives them instead of the dump's: pages, revisions and log
   * items numbered in import order after the wiki's highest (a new wiki's first ids went to the
   * installer's Main Page), parent ids and shared slots as MediaWiki finds them.
   */
  renumber?: boolean;
  /** Skip the search index (faster; list=search then finds nothing). */
  noSearchIndex?: boolean;
  /** Worker threads computing link rows and search rows (default: one per core). */
  linkWorkers?: number;
  /** Parse the dump in the writing thread instead of a worker (default: only for dumps under 16 MB). */
  readInThisThread?: boolean;
  /**
   * Reader threads for a plain (uncompressed) dump of at least four segments, each parsing
   * segments of it apart (docs/import.md). Default 1, the whole file in one thread (as compressed
   * dumps are always read): on two cores, two readers leave the writer less than a core and are
   * not faster.
   */
  readers?: number;
  /**
   * Size of the segments that reader threads share out (default 16 MB); giving it reads any plain
   * dump in segments, with two readers unless `readers` says otherwise.
   */
  readerSegmentBytes?: number;
  /**
   * The wiki's upload directory, when the files came with the dump: the uploaded versions'
   * dimensions, MIME types and metadata are read from them (src/import/files-facts.ts).
   */
  filesDirectory?: string;
  progress?: (p: ImportProgress) => void;
}

export type ImportPhase = 'read' | 'links' | 'finish';

export interface ImportProgress {
  phase: ImportPhase;
  dump?: string;
  dumpIndex: number;
  dumpCount: number;
  bytesRead: number;
  totalBytes: number;
  pages: number;
  revisions: number;
  /** Pages whose links are done (links phase). */
  linkedPages: number;
  elapsedMs: number;
  message?: string;
}

export interface ImportSummary {
  ok: boolean;
  db: string;
  config: string;
  pages: number;
  revisions: number;
  uploads: number;
  logItems: number;
  users: number;
  skippedPages: number;
  skippedRevisions: number;
  /** Rows written to the links tables. */
  linkRows: number;
  problems: DumpProblem[];
  problemCount: number;
  /** Set when the import stopped (strict mode, unreadable or broken file). */
  fatal?: string;
  bytesRead: number;
  textBytes: number;
  seconds: { read: number; links: number; finish: number; total: number };
  revisionsPerSecond: number;
  peakRssBytes: number;
  /** With `filesDirectory`: the uploaded versions read from their files, and those not found. */
  files?: FileFactsCounts;
}

const READ_WORKER = new URL('./read/read-worker.ts', import.meta.url);
const PAGE_SIZE = 16384;
/**
 * SQLite's page cache, in KiB. The read phase appends rows and needs little: each page of a
 * bigger cache is memory touched for the first time, a page fault the writing thread pays (about
 * 24,000 of them, 5% of its CPU, on the 250 MB history dump). Index builds and merges get more.
 */
const READ_CACHE_KIB = 32768;
const CACHE_KIB = 131072;
const SMALL_DUMP_BYTES = 16 << 20;
const SEGMENT_BYTES = 16 << 20;
/** Below this many segments, a second reader thread would mostly wait to start and to finish. */
const MIN_SEGMENTS = 4;

export class ImportError extends Error {
  override name = 'ImportError';
}

const DEFERRED_INDEX_NAMES = new Set(TABLES.flatMap((t) => t.indexes.filter((i) => !i.unique).map((i) => i.name)));

export async function runImport(options: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  let peakRss = process.memoryUsage().rss;
  const sampleRss = (): void => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  const rssTimer = setInterval(sampleRss, 200);
  rssTimer.unref();
  const configPath = options.config ?? `${options.db}.config.json`;
  const tmp = `${options.db}.tmp`;
  const userConfig = readUserConfig(configPath);
  mkdirSync(dirname(resolve(options.db)), { recursive: true });
  const resuming = options.resume === true && existsSync(tmp);
  const db = openTarget(options, tmp);
  let siteInfo: DumpSiteInfo | null = null;
  let codec: TitleCodec | null = null;
  const writer = new PageWriter(db, {
    strict: options.strict ?? false,
    resume: resuming,
    usernamePrefix: options.usernamePrefix,
    renumber: options.renumber,
    onSiteInfo: (info) => {
      if (codec) return codec;
      siteInfo = info;
      const extra = [...wikimediaInterwiki(info.base), ...(userConfig?.interwiki ?? [])];
      if (options.interwikiList) extra.push(...parseInterwikiList(readFileSync(options.interwikiList, 'utf8')));
      addInterwikiEntries(db, extra);
      const interwiki = InterwikiTable.fromDatabase(db, userConfig?.localInterwikis ?? []);
      // The content language decides localized aliases and #REDIRECT words; the user's config wins, as for links.
      const config = mergeConfig(configFromSiteInfo(info, []), userConfig);
      const settings = { lang: config.lang ?? 'en', extensions: parserExtensions(info, userConfig) };
      codec = new TitleCodec(new NamespaceTable(namespacesOf(info), config.capitalLinks ?? true, settings), interwiki, config.mainPage);
      return codec;
    },
  });
  const summary: ImportSummary = {
    ok: false,
    db: options.db,
    config: configPath,
    pages: 0,
    revisions: 0,
    uploads: 0,
    logItems: 0,
    users: 0,
    skippedPages: 0,
    skippedRevisions: 0,
    linkRows: 0,
    problems: writer.problems,
    problemCount: 0,
    bytesRead: 0,
    textBytes: 0,
    seconds: { read: 0, links: 0, finish: 0, total: 0 },
    revisionsPerSecond: 0,
    peakRssBytes: 0,
  };
  const emit = (p: Omit<ImportProgress, 'elapsedMs' | 'pages' | 'revisions'>): void => {
    options.progress?.({ ...p, pages: writer.counts.pages, revisions: writer.counts.revisions, elapsedMs: performance.now() - started });
  };
  try {
    for (let i = 0; i < options.dumps.length; i++) {
      summary.bytesRead += await readDump(options.dumps[i]!, i, options, writer, emit);
    }
    writer.commit();
    db.pragma(`cache_size = -${CACHE_KIB}`);
    summary.seconds.read = (performance.now() - started) / 1000;
    if (!codec) throw new ImportError('no dump was read');
    const info = siteInfo ?? { namespaces: [] };
    const linksStarted = performance.now();
    let linkedPages = 0;
    let analyzed: string[] = [];
    const linkProgress = (pages: number): void => {
      linkedPages = pages;
      emit({ phase: 'links', dumpIndex: options.dumps.length, dumpCount: options.dumps.length, bytesRead: summary.bytesRead, totalBytes: summary.bytesRead, linkedPages });
    };
    summary.linkRows = await buildLinks(db, tmp, info, userConfig, options, linkProgress, () => {
      analyzed = finishBeforeLinks(db);
    });
    summary.seconds.links = (performance.now() - linksStarted) / 1000;
    const finishStarted = performance.now();
    emit({ phase: 'finish', dumpIndex: options.dumps.length, dumpCount: options.dumps.length, bytesRead: summary.bytesRead, totalBytes: summary.bytesRead, linkedPages });
    finishAfterLinks(db, analyzed, [...CONTENT_NAMESPACES]);
    // One search index segment instead of one per range and flush: each search reads its words' lists once.
    if (options.noSearchIndex !== true) optimizeSearchIndex(db);
    if (options.filesDirectory !== undefined) summary.files = await fillFileFacts(db, options.filesDirectory);
    summary.seconds.finish = (performance.now() - finishStarted) / 1000;
    summary.users = (db.prepare('SELECT count(*) AS n FROM user').get() as { n: number }).n;
    writeConfig(configPath, mergeConfig(configFromSiteInfo(info, options.dumps.map((d) => basename(d)), { hasModulePages: hasModulePages(db) }), userConfig));
    // The wiki is handed over in SQLite's default rollback-journal mode, as MediaWiki's installer leaves it.
    db.pragma('journal_mode = DELETE');
    db.close();
    renameSync(tmp, options.db);
    for (const suffix of ['-wal', '-shm']) rmSync(`${tmp}${suffix}`, { force: true });
    summary.ok = true;
  } catch (error) {
    writer.rollback();
    if (db.open) db.close();
    if (!options.resume) rmSync(tmp, { force: true });
    summary.fatal = describeFatal(error);
    if (!(error instanceof ImportStoppedError || error instanceof DumpFatalError || error instanceof DumpSourceError || error instanceof ImportError)) {
      throw error;
    }
  } finally {
    clearInterval(rssTimer);
    sampleRss();
  }
  Object.assign(summary, {
    pages: writer.counts.pages,
    revisions: writer.counts.revisions,
    uploads: writer.counts.uploads,
    logItems: writer.counts.logItems,
    skippedPages: writer.counts.skippedPages,
    skippedRevisions: writer.counts.skippedRevisions,
    textBytes: writer.counts.bytesOfText,
    problemCount: writer.problemCount,
    peakRssBytes: peakRss,
  });
  summary.seconds.total = (performance.now() - started) / 1000;
  summary.revisionsPerSecond = summary.seconds.total > 0 ? summary.revisions / summary.seconds.total : 0;
  return summary;
}

function describeFatal(error: unknown): string {
  if (error instanceof ImportStoppedError) {
    const p = error.problem;
    return `stopped (--strict): ${p.subject ? `${p.subject}: ` : ''}${p.message}${p.line ? ` (line ${p.line}${p.column ? `, column ${p.column}` : ''})` : ''}`;
  }
  return (error as Error).message;
}

function readUserConfig(path: string): ImportedConfig | null {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ImportedConfig;
  } catch (error) {
    throw new ImportError(`cannot read the config ${path}: ${(error as Error).message}`);
  }
}

function writeConfig(path: string, config: ImportedConfig): void {
  writeFileSync(path, JSON.stringify(config, null, 2) + '\n');
}

/** The working copy: `<db>.tmp`, new, copied from an existing wiki, or kept from a failed run (--resume). */
function openTarget(options: ImportOptions, tmp: string): Database.Database {
  mkdirSync(dirname(resolve(options.db)), { recursive: true });
  const resuming = options.resume === true && existsSync(tmp);
  if (!resuming) {
    rmSync(tmp, { force: true });
    if (existsSync(options.db)) copyFileSync(options.db, tmp);
  }
  const fresh = !existsSync(tmp);
  const db = new Database(tmp);
  // 16 KB pages for a new wiki: most texts fit in one page instead of a chain of overflow pages,
  // and the writing thread (which sets the read phase's pace with the parser) does less B-tree
  // work: the 1 GB history benchmark's read phase takes 0.3-0.5 s less than with SQLite's 4 KB.
  if (fresh) db.pragma(`page_size = ${PAGE_SIZE}`);
  // The import owns the file until it is renamed into place: durability comes from that rename
  // (or, with --resume, from WAL commits), so SQLite need not sync every batch, and its rollback
  // journal can stay in memory (better-sqlite3's defensive mode forbids turning it off).
  db.pragma(options.resume ? 'journal_mode = WAL' : 'journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.pragma(`cache_size = -${READ_CACHE_KIB}`);
  // Sorts (index builds, the merges' ORDER BY, GROUP BY) spill to temporary files rather than
  // memory: SQLite's sorter only uses helper threads with file-backed temporary storage, and then
  // builds the largest indexes (pagelinks) three times as fast on two cores.
  db.pragma('temp_store = FILE');
  db.pragma(`threads = ${Math.min(8, availableParallelism())}`);
  db.pragma('locking_mode = EXCLUSIVE');
  if (fresh) {
    createSchema(db, { indexes: false });
    createUniqueIndexes(db);
    db.transaction(() => {
      insertInstallerDefaults(db);
      if (options.renumber) reserveInstallerIds(db);
    })();
  } else {
    for (const name of DEFERRED_INDEX_NAMES) db.exec(`DROP INDEX IF EXISTS ${name}`);
    if (resuming) removeIncompletePages(db);
  }
  return db;
}

/**
 * On a new MediaWiki wiki the installer's Main Page is page 1, revision 1 and log item 1 (its
 * creation): importDump.php's ids start at 2. SQLite's AUTOINCREMENT remembers them as given.
 */
function reserveInstallerIds(db: Database.Database): void {
  const given = db.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, 1)');
  for (const table of ['page', 'revision', 'logging']) given.run(table);
}

function createUniqueIndexes(db: Database.Database): void {
  for (const table of TABLES) {
    for (const index of table.indexes) {
      if (index.unique) db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${index.name} ON "${table.name}" (${index.columns.join(', ')})`);
    }
  }
}

/** Revisions of a page whose import was cut short have no page row yet: drop them before going on. */
function removeIncompletePages(db: Database.Database): void {
  db.exec(`
    DELETE FROM revision_comment_temp WHERE revcomment_rev IN (SELECT rev_id FROM revision WHERE rev_page NOT IN (SELECT page_id FROM page));
    DELETE FROM slots WHERE slot_revision_id IN (SELECT rev_id FROM revision WHERE rev_page NOT IN (SELECT page_id FROM page));
    DELETE FROM ip_changes WHERE ipc_rev_id IN (SELECT rev_id FROM revision WHERE rev_page NOT IN (SELECT page_id FROM page));
    DELETE FROM revision WHERE rev_page NOT IN (SELECT page_id FROM page);
  `);
}

/**
 * Reads one dump: a worker thread decompresses and parses while this thread writes, each batch
 * of records replayed into the writer. Problems and fatal errors keep their messages and lines.
 */
async function readDump(
  path: string,
  index: number,
  options: ImportOptions,
  writer: PageWriter,
  emit: (p: Omit<ImportProgress, 'elapsedMs' | 'pages' | 'revisions'>) => void,
): Promise<number> {
  // A small dump is read faster here than through a thread that first has to load the code.
  const small = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  const segmented = options.readInThisThread !== true ? segmentsToRead(path, small, options) : null;
  if (segmented) {
    writer.dumpName = basename(path);
    const readers = readerCount(options);
    const progress = (bytesRead: number, totalBytes: number): void => {
      const now = performance.now();
      if (now - lastEmit < 250 && bytesRead < totalBytes) return;
      lastEmit = now;
      emit({ phase: 'read', dump: path, dumpIndex: index, dumpCount: options.dumps.length, bytesRead, totalBytes, linkedPages: 0 });
    };
    let lastEmit = 0;
    const bytesRead = await readSegmented({ path, strict: options.strict ?? false, segments: segmented, readers, progress }, writer);
    progress(bytesRead, bytesRead);
    return bytesRead;
  }
  if (options.readInThisThread ?? small < SMALL_DUMP_BYTES) return readDumpHere(path, index, options, writer, emit);
  openDump(path);
  writer.dumpName = basename(path);
  let bytesRead = 0;
  let lastEmit = 0;
  let failure: unknown = null;
  const job: ReadWorkerJob = { path, strict: options.strict ?? false };
  const { done, worker } = runWorker(READ_WORKER, job, (message) => {
    if (message.type !== 'events' || failure) return;
    try {
      replayBatch(message as unknown as EventBatch, writer);
    } catch (error) {
      failure = error;
      void worker.terminate();
      return;
    }
    worker.postMessage({ type: 'credit' });
    bytesRead = Number(message.bytesRead);
    const now = performance.now();
    if (now - lastEmit > 250) {
      lastEmit = now;
      emit({ phase: 'read', dump: path, dumpIndex: index, dumpCount: options.dumps.length, bytesRead, totalBytes: Number(message.totalBytes), linkedPages: 0 });
    }
  });
  try {
    const result = await done;
    bytesRead = Number(result.bytesRead);
  } catch (error) {
    if (failure) throw failure;
    if (error instanceof WorkerFailure && error.kind === 'fatal') throw new DumpFatalError(error.message);
    if (error instanceof WorkerFailure && error.kind === 'source') throw new DumpSourceError(error.message);
    throw error;
  }
  if (failure) throw failure;
  return bytesRead;
}

/** WIKIQUERY_READER_SEGMENT_BYTES stands for `readerSegmentBytes`: for running the import tests through the segmented read. */
function givenSegmentBytes(options: ImportOptions): number | undefined {
  return options.readerSegmentBytes ?? (Number(process.env.WIKIQUERY_READER_SEGMENT_BYTES) || undefined);
}

function readerCount(options: ImportOptions): number {
  return options.readers ?? (givenSegmentBytes(options) !== undefined ? 2 : 1);
}

/** The segments of a plain dump to read with several threads, or null. */
function segmentsToRead(path: string, size: number, options: ImportOptions): DumpSegment[] | null {
  if (readerCount(options) < 2 || size === 0) return null;
  const given = givenSegmentBytes(options);
  const segmentBytes = given ?? SEGMENT_BYTES;
  if (given === undefined && size < MIN_SEGMENTS * segmentBytes) return null;
  openDump(path);
  if (detectCompression(path) !== 'none') return null;
  const segments = findSegments(path, segmentBytes);
  return segments.length >= 2 ? segments : null;
}

async function readDumpHere(
  path: string,
  index: number,
  options: ImportOptions,
  writer: PageWriter,
  emit: (p: Omit<ImportProgress, 'elapsedMs' | 'pages' | 'revisions'>) => void,
): Promise<number> {
  const source = openDump(path);
  writer.dumpName = basename(path);
  const reader = new DumpReader(writer, { strict: options.strict });
  let lastEmit = 0;
  const report = (): void => {
    emit({ phase: 'read', dump: path, dumpIndex: index, dumpCount: options.dumps.length, bytesRead: source.bytesRead(), totalBytes: source.totalBytes, linkedPages: 0 });
  };
  for await (const chunk of source.bytes()) {
    reader.write(chunk);
    const now = performance.now();
    if (now - lastEmit > 250) {
      lastEmit = now;
      report();
    }
  }
  reader.end();
  report();
  return source.bytesRead();
}

async function buildLinks(
  db: Database.Database,
  path: string,
  info: DumpSiteInfo,
  userConfig: ImportedConfig | null,
  options: ImportOptions,
  progress: (pages: number) => void,
  meanwhile: () => void,
): Promise<number> {
  const config = mergeConfig(configFromSiteInfo(info, []), userConfig);
  const namespaces = config.namespaces ?? [];
  return buildLinksInWorkers(db, {
    path,
    searchIndex: options.noSearchIndex !== true,
    linkWorkers: options.linkWorkers,
    progress,
    meanwhile,
    job: {
      namespaces: namespacesOf(info),
      capitalLinks: config.capitalLinks ?? true,
      localInterwikis: userConfig?.localInterwikis ?? [],
      mainPage: config.mainPage ?? 'Main Page',
      site: {
        siteName: config.siteName ?? 'MediaWiki',
        server: config.server ?? '',
        scriptPath: config.scriptPath ?? '',
        articlePath: config.articlePath ?? '/wiki/$1',
        lang: config.lang ?? 'en',
        subpageNamespaces: namespaces.length ? namespaces.filter((n) => n.subpages).map((n) => n.id) : [...SUBPAGE_NAMESPACES],
        contentNamespaces: namespaces.length ? namespaces.filter((n) => n.content).map((n) => n.id) : [...CONTENT_NAMESPACES],
        extensions: parserExtensions(info, userConfig, { hasModulePages: hasModulePages(db) }),
        citeStoreReferencesData: config.citeStoreReferencesData === true,
      },
    },
  });
}
