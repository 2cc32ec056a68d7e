// The read worker's batches of dump records: flat tuples of primitives and one transferred buffer of page texts.
//
// Structured clone spends most of its time on objects and their property names: revisions and
// page headers travel as runs of primitives in one array, which costs a fifth of it to receive,
// and their texts as byte ranges of one ArrayBuffer that is transferred rather than copied.

import { hash } from 'node:crypto';
import type { DumpHandler, DumpLogItem, DumpPageHeader, DumpProblem, DumpRevision, DumpSiteInfo, DumpUpload } from './dump-types.ts';

export interface EventBatch {
  type: 'events';
  items: unknown[];
  arena: ArrayBuffer;
  bytesRead: number;
  totalBytes: number;
}

const REVISION = 1;
const PAGE_START = 2;
const PAGE_END = 3;
/** A revision with slots besides the main one (rare): the object itself, its main text apart. */
const REVISION_WITH_SLOTS = 4;
/** Any other handler call: method name and argument. */
const OTHER = 5;

/** Collects handler calls in the worker; `take()` returns them as a batch to post. */
export class EventBatcher implements DumpHandler {
  private items: unknown[] = [];
  private texts: Buffer[] = [];
  private textBytes = 0;
  count = 0;

  get bytes(): number {
    return this.textBytes;
  }

  siteInfo(info: DumpSiteInfo): void {
    this.other('siteInfo', info);
  }

  pageStart(page: DumpPageHeader): void {
    this.items.push(PAGE_START, page.title, page.ns, page.id, page.redirect, page.restrictions, page.line);
    this.count++;
  }

  revision(r: DumpRevision): void {
    const main = r.main;
    if (r.slots.length > 0) {
      const slots = r.slots.map((slot) => ({ ...slot, text: slot.text === undefined ? undefined : (new Uint8Array(slot.text) as Buffer) }));
      this.items.push(REVISION_WITH_SLOTS, { ...r, main: { ...main, text: undefined }, slots });
    } else {
      const c = r.contributor;
      this.items.push(
        REVISION, r.id, r.parentId, r.timestamp, c.username, c.id, c.ip, c.deleted, r.minor, r.comment, r.commentDeleted, r.sha1,
        main.model, main.format, main.deleted, main.bytes, main.sha1, main.origin, r.line,
        // The writer stores each text's hash: computed here, it costs the writing thread nothing.
        main.text === undefined ? undefined : textSha1(main.text),
      );
    }
    this.pushText(main.text);
    this.count++;
  }

  upload(upload: DumpUpload): void {
    this.other('upload', upload);
  }

  pageEnd(skipped: boolean): void {
    this.items.push(PAGE_END, skipped);
    this.count++;
  }

  logItem(item: DumpLogItem): void {
    this.other('logItem', item);
  }

  problem(problem: DumpProblem): void {
    this.other('problem', problem);
  }

  /** The batch so far (the arena to be transferred); the batcher starts over empty. */
  take(bytesRead: number, totalBytes: number): EventBatch {
    const arena = new ArrayBuffer(this.textBytes);
    const bytes = new Uint8Array(arena);
    let at = 0;
    for (const text of this.texts) {
      bytes.set(text, at);
      at += text.length;
    }
    const batch: EventBatch = { type: 'events', items: this.items, arena, bytesRead, totalBytes };
    this.items = [];
    this.texts = [];
    this.textBytes = 0;
    this.count = 0;
    return batch;
  }

  /** A text is its length in the items (-1: none); its bytes follow the previous text's in the arena. */
  private pushText(text: Buffer | undefined): void {
    if (text === undefined) {
      this.items.push(-1);
      return;
    }
    this.items.push(text.length);
    this.texts.push(text);
    this.textBytes += text.length;
  }

  private other(method: keyof DumpHandler, argument: unknown): void {
    this.items.push(OTHER, method, argument);
    this.count++;
  }
}

/** MediaWiki's base-36 SHA-1 of a text (sha1Base36), with the one-shot hash: no Hash object per text. */
export function textSha1(text: Buffer): string {
  return BigInt('0x' + hash('sha1', text, 'hex')).toString(36).padStart(31, '0');
}

/** Replays a batch into a handler, in order; texts are views of the transferred buffer. */
export function replayBatch(batch: EventBatch, handler: DumpHandler): void {
  const items = batch.items;
  let at = 0;
  const takeText = (length: number): Buffer | undefined => {
    if (length < 0) return undefined;
    const text = Buffer.from(batch.arena, at, length);
    at += length;
    return text;
  };
  let i = 0;
  while (i < items.length) {
    const tag = items[i] as number;
    if (tag === REVISION) {
      const revision: DumpRevision = {
        id: items[i + 1] as number,
        parentId: items[i + 2] as number | undefined,
        timestamp: items[i + 3] as string,
        contributor: {
          username: items[i + 4] as string | undefined,
          id: items[i + 5] as number | undefined,
          ip: items[i + 6] as string | undefined,
          deleted: items[i + 7] as boolean,
        },
        minor: items[i + 8] as boolean,
        comment: items[i + 9] as string | undefined,
        commentDeleted: items[i + 10] as boolean,
        sha1: items[i + 11] as string | undefined,
        main: {
          role: 'main',
          model: items[i + 12] as string | undefined,
          format: items[i + 13] as string | undefined,
          deleted: items[i + 14] as boolean,
          bytes: items[i + 15] as number | undefined,
          sha1: items[i + 16] as string | undefined,
          origin: items[i + 17] as number | undefined,
          textSha1: items[i + 19] as string | undefined,
          text: takeText(items[i + 20] as number),
        },
        slots: [],
        line: items[i + 18] as number,
      };
      i += 21;
      handler.revision(revision);
    } else if (tag === PAGE_START) {
      const header: DumpPageHeader = { title: items[i + 1] as string, line: items[i + 6] as number };
      if (items[i + 2] !== undefined) header.ns = items[i + 2] as number;
      if (items[i + 3] !== undefined) header.id = items[i + 3] as number;
      if (items[i + 4] !== undefined) header.redirect = items[i + 4] as string;
      if (items[i + 5] !== undefined) header.restrictions = items[i + 5] as string;
      i += 7;
      handler.pageStart(header);
    } else if (tag === PAGE_END) {
      const skipped = items[i + 1] as boolean;
      i += 2;
      handler.pageEnd(skipped);
    } else if (tag === REVISION_WITH_SLOTS) {
      const revision = items[i + 1] as DumpRevision;
      revision.main.text = takeText(items[i + 2] as number);
      i += 3;
      handler.revision(revision);
    } else {
      const method = items[i + 1] as keyof DumpHandler;
      const argument = items[i + 2];
      i += 3;
      (handler[method] as (a: unknown) => void).call(handler, argument);
    }
  }
}
