// Writes dump records into the MediaWiki schema: pages, revisions, contents, actors, comments, uploads, logs.

import type Database from 'better-sqlite3';
import { commentHash, sha1Base36 } from './hashes.ts';
import { dumpTimestampToMw } from '../read/dump-fields.ts';
import type {
  DumpContributor,
  DumpHandler,
  DumpLogItem,
  DumpPageHeader,
  DumpProblem,
  DumpRevision,
  DumpSiteInfo,
  DumpUpload,
} from '../read/dump-types.ts';
import { redirectTarget } from '../wikitext/page.ts';
import type { TitleCodec } from '../title.ts';
import { mediaTypeOf } from './media-types.ts';
import { BoundedMap, RevisionIdBits } from './bounded-memory.ts';
import { createRowBatches, prepareStatements, startRenumbering, type NextIds, type WriterBatches, type WriterStatements } from './writer-sql.ts';
import { toHex } from '../../wiki/ip.ts';
import { isIP } from '../../wiki/users.ts';
import { isInvalidTitle } from '../../wiki/titles.ts';
import { NS } from '../../wiki/namespaces.ts';

type Db = Database.Database;

export interface WriterOptions {
  strict: boolean;
  /** MediaWiki's importDump --username-prefix: unknown users become `prefix>Name` actors without accounts. */
  usernamePrefix?: string;
  /** Called once the dump's siteinfo is known, to build the title codec for it (content language included). */
  onSiteInfo(info: DumpSiteInfo): TitleCodec;
  /** Rows per transaction. */
  batchRows?: number;
  /** Continuing a failed import: pages already in the database were imported then, skip them quietly. */
  resume?: boolean;
  /**
   * importDump.php's ids instead of the dump's: pages, revisions and log items numbered in import
   * order after the wiki's highest (SQLite's AUTOINCREMENT rule), parents and shared slots found
   * as MediaWiki finds them, revisions and log items it would skip skipped.
   */
  renumber?: boolean;
}

export class ImportStoppedError extends Error {
  constructor(readonly problem: DumpProblem) {
    super(problem.message);
    this.name = 'ImportStoppedError';
  }
}

export interface WriterCounts {
  pages: number;
  revisions: number;
  uploads: number;
  logItems: number;
  skippedPages: number;
  skippedRevisions: number;
  bytesOfText: number;
}

interface CurrentPage {
  header: DumpPageHeader;
  id: number;
  ns: number;
  dbKey: string;
  /** The page already existed (a second dump with more revisions of it). */
  existing: boolean;
  revisions: number;
  latest: LatestRevision | null;
  /** SHA-1s of the revisions at the latest one's timestamp: importDump.php skips a revision already there. */
  sha1sAtLatest: string[];
  firstTimestamp: string | null;
  /** Revision id -> content id, for slots that MediaWiki shares (`<origin>` older than the revision). */
  contentOfRevision: Map<number, { contentId: number; sha1: string }>;
  previousRevisionId: number;
  rejected: boolean;
}

/** A revision's main slot, as MediaWiki compares it with the next revision's (SlotRecord::hasSameContent). */
interface SlotFacts {
  id: number;
  len: number;
  model: string;
  sha1: string;
  contentId: number;
  origin: number;
}

interface LatestRevision extends SlotFacts {
  timestamp: string;
  text: Buffer | undefined;
}

/** Where a revision goes: its id, parent, and the content row it shares, if any. */
interface Placement {
  id: number;
  parentId: number;
  shared?: { contentId: number; origin: number };
}

const CACHE_LIMIT = 100_000;
const NO_TEXT = Buffer.alloc(0);

export class PageWriter implements DumpHandler {
  readonly counts: WriterCounts = { pages: 0, revisions: 0, uploads: 0, logItems: 0, skippedPages: 0, skippedRevisions: 0, bytesOfText: 0 };
  readonly problems: DumpProblem[] = [];
  problemCount = 0;
  siteInfoSeen: DumpSiteInfo | null = null;
  private codec: TitleCodec | null = null;
  private page: CurrentPage | null = null;
  private readonly statements: WriterStatements;
  private readonly actors = new BoundedMap<string, number>(CACHE_LIMIT);
  private readonly comments = new BoundedMap<string, number>(CACHE_LIMIT);
  private readonly models = new Map<string, number>();
  private lastModel = '';
  private lastModelId = 0;
  private pendingRows = 0;
  private readonly batchRows: number;
  /** Revision rows wait here and go in with multi-row INSERTs; ids are given out by us meanwhile. */
  private readonly batches: WriterBatches;
  /** Revision ids given to rows by this writer, by bit (ids `mod` its size share one): see hasRevision. */
  private readonly writtenRevisions = new RevisionIdBits();
  /** The highest revision id in the database before this writer's rows. */
  private readonly revisionsBefore: number;
  private nextTextId: number;
  private nextContentId: number;
  private nextCommentId: number;
  private inTransaction = false;
  private readonly nextIds: NextIds | null;
  /** Source position for messages: set by the runner per dump file. */
  dumpName = '';

  constructor(
    private readonly db: Db,
    private readonly options: WriterOptions,
  ) {
    this.batchRows = options.batchRows ?? 50_000;
    for (const row of db.prepare('SELECT model_id, model_name FROM content_models').all() as { model_id: number; model_name: string }[]) {
      this.models.set(row.model_name, row.model_id);
    }
    this.statements = prepareStatements(db);
    const maxId = (sql: string): number => ((db.prepare(sql).pluck().get() as number | null) ?? 0) + 1;
    this.nextTextId = maxId('SELECT max(old_id) FROM text');
    this.nextContentId = maxId('SELECT max(content_id) FROM content');
    this.nextCommentId = maxId('SELECT max(comment_id) FROM comment');
    this.revisionsBefore = maxId('SELECT max(rev_id) FROM revision') - 1;
    this.nextIds = options.renumber ? startRenumbering(db) : null;
    this.batches = createRowBatches(db);
  }

  /** Writes the waiting rows: before anything reads these tables, and before each commit. */
  flushRows(): void {
    for (const batch of Object.values(this.batches)) batch.flush();
  }

  // -- transaction batching -------------------------------------------------------------------

  private touch(rows: number): void {
    if (!this.inTransaction) {
      this.db.exec('BEGIN');
      this.inTransaction = true;
    }
    this.pendingRows += rows;
  }

  /** Commits when the batch is full; only between pages, so a page is never half committed. */
  private maybeCommit(): void {
    if (this.inTransaction && this.pendingRows >= this.batchRows) this.commit();
  }

  commit(): void {
    if (!this.inTransaction) return;
    this.flushRows();
    this.db.exec('COMMIT');
    this.inTransaction = false;
    this.pendingRows = 0;
  }

  rollback(): void {
    for (const batch of Object.values(this.batches)) batch.discard();
    if (!this.inTransaction) return;
    this.db.exec('ROLLBACK');
    this.inTransaction = false;
    this.pendingRows = 0;
  }

  // -- DumpHandler ------------------------------------------------------------------------------

  private get hasParentIds(): boolean {
    const version = this.siteInfoSeen?.schemaVersion;
    return version === undefined || !/^0\.[34]$/.test(version);
  }

  siteInfo(info: DumpSiteInfo): void {
    this.siteInfoSeen = info;
    // Redirects are told by the content language's magic word (`#WEITERLEITUNG` as well as `#REDIRECT`).
    this.codec = this.options.onSiteInfo(info);
  }

  problem(problem: DumpProblem): void {
    const located = { ...problem, message: this.dumpName ? `${this.dumpName}: ${problem.message}` : problem.message };
    this.problemCount++;
    if (this.problems.length < 1000) this.problems.push(located);
    if (this.options.strict) throw new ImportStoppedError(located);
  }

  pageStart(header: DumpPageHeader): void {
    const codec = this.requireCodec(header.line);
    const page: CurrentPage = {
      header,
      id: this.nextIds ? 0 : (header.id ?? 0),
      ns: 0,
      dbKey: '',
      existing: false,
      revisions: 0,
      latest: null,
      sha1sAtLatest: [],
      firstTimestamp: null,
      contentOfRevision: new Map(),
      previousRevisionId: 0,
      rejected: false,
    };
    this.page = page;
    const parsed = codec.split(header.title);
    if (isInvalidTitle(parsed)) return this.rejectPage(page, `invalid title "${header.title}": ${parsed.reason}`);
    if (parsed.interwiki !== '' || parsed.fragment !== '' || parsed.ns < 0 || parsed.dbKey === '') {
      return this.rejectPage(page, `invalid title "${header.title}": not a page title of this wiki`);
    }
    if (header.ns !== undefined && header.ns !== parsed.ns) {
      this.problem({
        message: `the title "${header.title}" is in namespace ${parsed.ns} but <ns> says ${header.ns}; the title wins`,
        line: header.line,
        subject: header.title,
      });
    }
    page.ns = parsed.ns;
    page.dbKey = parsed.dbKey;
    const byTitle = this.statements.pageByTitle.get(page.ns, page.dbKey) as { page_id: number; page_latest: number } | undefined;
    // With --renumber the dump's page id is not kept: an existing title gets the revisions, as in MediaWiki.
    if (header.id !== undefined && !this.nextIds) {
      const byId = this.statements.pageById.get(header.id) as { page_namespace: number; page_title: string } | undefined;
      if (byId && (byId.page_namespace !== page.ns || byId.page_title !== page.dbKey)) {
        return this.rejectPage(page, `duplicate page id ${header.id}: already used by "${codec.namespaces.prefixedText(byId.page_namespace, byId.page_title)}"`);
      }
      if (!byId && byTitle) return this.rejectPage(page, `the title "${header.title}" already exists with page id ${byTitle.page_id}, not ${header.id}`);
    }
    if (byTitle && this.options.resume) {
      page.rejected = true;
      return;
    }
    if (byTitle) {
      this.flushRows();
      page.id = byTitle.page_id;
      page.existing = true;
      this.loadExistingLatest(page, byTitle.page_latest);
    }
  }

  revision(rev: DumpRevision): void {
    const page = this.page;
    if (!page || page.rejected) return;
    if (page.id === 0) page.id = this.nextIds ? this.nextIds.page++ : this.allocatePageId();
    const main = rev.main;
    const text = main.text;
    const len = text !== undefined ? text.length : (main.bytes ?? 0);
    // importDump.php hashes the text it stores; a dump's <sha1> can disagree with its text. The hash
    // is about a fifth of this thread's work on a history dump: the read worker computes it while
    // it waits for this thread (main.textSha1), this thread the rest.
    const sha1 = text !== undefined ? (main.textSha1 ?? sha1Base36(text)) : (rev.sha1 ?? main.sha1 ?? '');
    const model = main.model ?? this.codec!.defaultContentModel(page.ns, page.dbKey);
    const timestamp = dumpTimestampToMw(rev.timestamp);
    if (this.nextIds) {
      this.touch(7);
      const placement = this.placeAsImportDump(page, rev, timestamp, { len, model, sha1 });
      if (!placement) {
        this.counts.skippedRevisions++;
        return;
      }
      const { id, parentId, shared } = placement;
      this.writeRevision(page, rev, id, parentId, shared, timestamp, len, model, sha1, this.actorFor(rev.contributor), this.commentIdOf(rev));
      return;
    }
    const actorId = this.actorFor(rev.contributor);
    const commentId = this.commentIdOf(rev);
    // Since schema 0.5 dumps omit <parentid> only for a page's first revision; older ones never have it.
    const parentId = rev.parentId ?? (this.hasParentIds ? 0 : page.previousRevisionId);
    this.touch(7);
    if (this.hasRevision(rev.id)) {
      this.counts.skippedRevisions++;
      this.problem({ message: `duplicate revision id ${rev.id}; the revision is skipped`, line: rev.line, subject: page.header.title });
      return;
    }
    this.writtenRevisions.add(rev.id);
    const origin = main.origin ?? rev.id;
    const slot = origin !== rev.id ? page.contentOfRevision.get(origin) : undefined;
    const shared = slot && slot.sha1 === sha1 ? { contentId: slot.contentId, origin } : undefined;
    this.writeRevision(page, rev, rev.id, parentId, shared, timestamp, len, model, sha1, actorId, commentId);
  }

  private commentIdOf(rev: DumpRevision): number {
    return rev.commentDeleted ? 1 : this.commentFor(rev.comment ?? '');
  }

  /**
   * importDump.php's placement (ImportableOldRevisionImporter::import): a revision of the same page,
   * timestamp and dump SHA-1 is already there: skipped; the parent is the page's revision with the
   * latest timestamp not after this one's (the highest id among equals); the main slot is inherited
   * from the parent when model, size and SHA-1 agree. In-order revisions of a new page are placed
   * from memory, the others by asking the database.
   */
  private placeAsImportDump(page: CurrentPage, rev: DumpRevision, timestamp: string, content: { len: number; model: string; sha1: string }): Placement | null {
    const latest = page.latest;
    let parent: SlotFacts | null;
    if (!page.existing && (!latest || timestamp >= latest.timestamp)) {
      if (rev.sha1 && latest && timestamp === latest.timestamp && page.sha1sAtLatest.includes(rev.sha1)) return null;
      parent = latest;
    } else {
      this.flushRows();
      if (rev.sha1 && this.statements.revisionAt.get(page.id, timestamp, rev.sha1) !== undefined) return null;
      parent = (this.statements.parentRevision.get(page.id, timestamp) as SlotFacts | undefined) ?? null;
    }
    const sameContent = parent !== null && parent.model === content.model && parent.len === content.len && parent.sha1 === content.sha1;
    return {
      id: this.nextIds!.revision++,
      parentId: parent?.id ?? 0,
      shared: sameContent ? { contentId: parent!.contentId, origin: parent!.origin } : undefined,
    };
  }

  /** One revision's rows; its facts come as arguments rather than objects (this runs for every revision). */
  private writeRevision(
    page: CurrentPage,
    rev: DumpRevision,
    id: number,
    parentId: number,
    shared: Placement['shared'],
    timestamp: string,
    len: number,
    model: string,
    sha1: string,
    actorId: number,
    commentId: number,
  ): void {
    const text = rev.main.text;
    let deleted = 0;
    if (rev.main.deleted) deleted |= 1;
    if (rev.commentDeleted) deleted |= 2;
    if (rev.contributor.deleted) deleted |= 4;
    this.batches.revision.add(id, page.id, actorId, timestamp, rev.minor ? 1 : 0, deleted, len, parentId, sha1);
    let contentId: number;
    if (shared) {
      contentId = shared.contentId;
    } else {
      const textId = this.nextTextId++;
      contentId = this.nextContentId++;
      this.batches.text.add(textId, text ?? NO_TEXT);
      this.batches.content.add(contentId, len, sha1, this.modelId(model), `tt:${textId}`);
    }
    const origin = shared ? shared.origin : id;
    if (!this.nextIds && page.contentOfRevision.size < 10_000) page.contentOfRevision.set(id, { contentId, sha1 });
    this.batches.slots.add(id, contentId, origin);
    this.batches.revComment.add(id, commentId);
    if (rev.contributor.ip && !rev.contributor.username) {
      const hex = toHex(rev.contributor.ip);
      if (hex) this.batches.ipChanges.add(id, timestamp, hex);
    }
    page.revisions++;
    page.previousRevisionId = id;
    page.firstTimestamp ??= timestamp;
    const latest = page.latest;
    if (!latest) {
      page.latest = { id, timestamp, len, model, text, sha1, contentId, origin };
      if (this.nextIds) page.sha1sAtLatest = [sha1];
    } else if (timestamp >= latest.timestamp) {
      // Only importDump's placement (--renumber) asks for the SHA-1s at the latest timestamp.
      if (this.nextIds) {
        if (timestamp === latest.timestamp) page.sha1sAtLatest.push(sha1);
        else page.sha1sAtLatest = [sha1];
      }
      // The page's own object, changed in place: no new one for every revision.
      latest.id = id;
      latest.timestamp = timestamp;
      latest.len = len;
      latest.model = model;
      latest.text = text;
      latest.sha1 = sha1;
      latest.contentId = contentId;
      latest.origin = origin;
    }
    this.counts.revisions++;
    this.counts.bytesOfText += len;
  }

  upload(upload: DumpUpload): void {
    const page = this.page;
    if (!page || page.rejected) return;
    const codec = this.requireCodec(upload.line);
    const title = codec.parse(upload.filename, NS.FILE);
    if (!title || title.ns !== NS.FILE) {
      this.problem({ message: `invalid upload file name "${upload.filename}"; the upload is skipped`, line: upload.line, subject: page.header.title });
      return;
    }
    const name = title.dbKey;
    const timestamp = dumpTimestampToMw(upload.timestamp);
    const actorId = this.actorFor(upload.contributor);
    const commentId = upload.commentDeleted ? 1 : this.commentFor(upload.comment ?? '');
    const media = mediaTypeOf(name);
    const sha1 = upload.sha1base36 ?? '';
    this.touch(2);
    if (upload.archiveName) {
      this.statements.insertOldImage.run(name, upload.archiveName, upload.size, commentId, actorId, timestamp, media.mediaType, media.major, media.minor, sha1);
    } else {
      const existing = this.statements.imageTimestamp.get(name) as { img_timestamp: string } | undefined;
      if (existing && existing.img_timestamp > timestamp) return;
      this.statements.upsertImage.run(name, upload.size, media.mediaType, media.major, media.minor, commentId, actorId, timestamp, sha1);
    }
    this.counts.uploads++;
  }

  pageEnd(skipped: boolean): void {
    const page = this.page;
    this.page = null;
    if (!page || page.rejected) return;
    if (skipped) {
      this.problem({
        message: `the page "${page.header.title}" is incomplete in the dump; ${page.revisions} of its revisions were imported`,
        line: page.header.line,
        subject: page.header.title,
      });
    }
    if (!page.latest) {
      if (!skipped && !page.existing) {
        this.counts.skippedPages++;
        this.problem({ message: `the page "${page.header.title}" has no revision; it is skipped`, line: page.header.line, subject: page.header.title });
      }
      return;
    }
    const latest = page.latest;
    const isRedirect =
      latest.text !== undefined && latest.model === 'wikitext' && mayBeRedirect(latest.text) && redirectTarget(latest.text.toString('utf8'), this.codec!) !== null;
    this.touch(1);
    if (page.existing) {
      this.statements.updatePage.run(isRedirect ? 1 : 0, latest.timestamp, latest.id, latest.len, latest.model, page.id);
    } else {
      // page_links_updated as the links phase leaves it (it recomputes every page), so that it need not rewrite every row.
      this.statements.insertPage.run(page.id, page.ns, page.dbKey, isRedirect ? 1 : 0, page.revisions === 1 ? 1 : 0, Math.random(), latest.timestamp, latest.timestamp, latest.id, latest.len, latest.model);
      this.counts.pages++;
    }
    if (page.header.restrictions) this.insertRestrictions(page.id, page.header.restrictions);
    this.maybeCommit();
  }

  logItem(item: DumpLogItem): void {
    const codec = this.requireCodec(item.line);
    let ns = 0;
    let title = '';
    let validTitle = false;
    if (item.logTitle !== undefined) {
      const parsed = codec.parse(item.logTitle);
      validTitle = parsed !== null;
      if (parsed && parsed.interwiki === '') {
        ns = parsed.ns;
        title = parsed.dbKey;
      } else {
        title = item.logTitle.replace(/ /g, '_');
      }
    }
    const timestamp = dumpTimestampToMw(item.timestamp);
    let logId = item.id;
    if (this.nextIds) {
      // WikiRevision::importLogItem: no title (a hidden action) or the same entry already there: skipped.
      if (!validTitle || this.statements.logExists.get(item.type, item.action, timestamp, ns, title, item.params ?? '') !== undefined) return;
      logId = this.nextIds.log++;
    }
    let deleted = 0;
    if (item.actionDeleted) deleted |= 1;
    if (item.commentDeleted) deleted |= 2;
    if (item.contributor.deleted) deleted |= 4;
    const actorId = this.actorFor(item.contributor);
    const commentId = item.commentDeleted ? 1 : this.commentFor(item.comment ?? '');
    this.touch(2);
    if (this.options.resume && !this.nextIds && this.statements.logById.get(item.id) !== undefined) return;
    try {
      this.statements.insertLog.run(logId, item.type, item.action, timestamp, actorId, ns, title, commentId, item.params ?? '', deleted);
    } catch (error) {
      if (!isConstraintError(error)) throw error;
      this.problem({ message: `duplicate log id ${item.id}; the log item is skipped`, line: item.line, subject: `log item ${item.id}` });
      return;
    }
    this.counts.logItems++;
    if (this.pendingRows >= this.batchRows) this.commit();
  }

  // -- helpers ----------------------------------------------------------------------------------

  private rejectPage(page: CurrentPage, message: string): void {
    page.rejected = true;
    this.counts.skippedPages++;
    this.problem({ message: `${message}; the page is skipped`, line: page.header.line, subject: page.header.title });
  }

  private requireCodec(line: number): TitleCodec {
    if (!this.codec) {
      // A dump without <siteinfo> (rare, hand-made) is read with the default namespaces.
      this.siteInfo({ namespaces: [] });
      void line;
    }
    return this.codec!;
  }

  /**
   * Whether the database (or the rows waiting for it) holds the revision id. Most revisions are
   * new: an id above the database's earlier ones whose bit is not set needs no lookup.
   */
  private hasRevision(id: number): boolean {
    const mine = this.writtenRevisions.has(id) || !Number.isSafeInteger(id);
    if (!mine && id > this.revisionsBefore) return false;
    if (mine) this.batches.revision.flush();
    return this.statements.revisionExists.get(id) !== undefined;
  }

  private allocatePageId(): number {
    const row = this.statements.maxPageId.get() as { id: number | null };
    return (row.id ?? 0) + 1;
  }

  private loadExistingLatest(page: CurrentPage, latestId: number): void {
    const row = this.statements.revisionFacts.get(latestId) as
      | { rev_timestamp: string; rev_len: number; model_name: string; content_sha1: string; slot_content_id: number; slot_origin: number }
      | undefined;
    if (row) {
      page.latest = {
        id: latestId,
        timestamp: row.rev_timestamp,
        len: row.rev_len,
        model: row.model_name,
        text: undefined,
        sha1: row.content_sha1,
        contentId: row.slot_content_id,
        origin: row.slot_origin,
      };
    }
    page.previousRevisionId = latestId;
    const count = this.statements.revisionCount.get(page.id) as { n: number };
    page.revisions = count.n;
  }

  private insertRestrictions(pageId: number, restrictions: string): void {
    // `edit=sysop:move=sysop`, or a bare level meaning both edit and move.
    const pairs = restrictions.includes('=') ? restrictions.split(':').map((p) => p.split('=')) : [['edit', restrictions], ['move', restrictions]];
    for (const [type, level] of pairs) {
      if (!type || !level) continue;
      this.statements.insertRestriction.run(pageId, type.trim(), level.trim());
    }
  }

  private modelId(model: string): number {
    // Nearly every revision has the previous one's model: a string comparison, not a map lookup.
    if (model === this.lastModel) return this.lastModelId;
    let id = this.models.get(model);
    if (id === undefined) {
      id = Number(this.statements.insertModel.run(model).lastInsertRowid);
      this.models.set(model, id);
    }
    this.lastModel = model;
    this.lastModelId = id;
    return id;
  }

  private commentFor(text: string): number {
    if (text === '') return 1;
    let id = this.comments.get(text);
    if (id === undefined) {
      id = this.nextCommentId++;
      this.batches.comment.add(id, commentHash(text), text);
      this.comments.set(text, id);
    }
    return id;
  }

  /** MediaWiki's actor for a contributor: IPs and `prefix>Name` have no account, other names do. */
  actorFor(contributor: DumpContributor): number {
    let name: string;
    let account = false;
    if (contributor.username !== undefined && contributor.username !== '') {
      name = contributor.username;
      const external = name.includes('>');
      if (!external && this.options.usernamePrefix) name = `${this.options.usernamePrefix}>${name}`;
      else account = !external;
    } else if (contributor.ip) {
      name = contributor.ip;
    } else {
      name = `${this.options.usernamePrefix ?? 'imported'}>Unknown user`;
    }
    const cached = this.actors.get(name);
    if (cached !== undefined) return cached;
    const userId = account && !isIP(name) ? (contributor.id ?? 0) : null;
    const row = this.statements.actorByName.get(name) as { actor_id: number } | undefined;
    let actorId: number;
    if (row) {
      actorId = row.actor_id;
    } else {
      const user = userId === null ? null : this.userFor(name, userId);
      actorId = Number(this.statements.insertActor.run(user, name).lastInsertRowid);
    }
    this.actors.set(name, actorId);
    return actorId;
  }

  private userFor(name: string, wantedId: number): number {
    const existing = this.statements.userByName.get(name) as { user_id: number } | undefined;
    if (existing) return existing.user_id;
    const idFree = wantedId > 0 && this.statements.userById.get(wantedId) === undefined;
    const result = this.statements.insertUser.run(idFree ? wantedId : null, name);
    return Number(result.lastInsertRowid);
  }
}

function isConstraintError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && String((error as { code: unknown }).code).startsWith('SQLITE_CONSTRAINT');
}

/** Whether a text can start with #REDIRECT after white space (also Unicode white space): the rest are not decoded. */
function mayBeRedirect(text: Buffer): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) continue;
    return c === 0x23 /* # */ || c >= 0x80;
  }
  return false;
}
