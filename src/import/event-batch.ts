// The read worker's batches of dump records: flat tuples of primitives, and page texts in transferred buffers.
//
// Structured clone spends most of its time on objects and their property names: revisions and
// page headers travel as runs of primitives in one array, which costs a fifth of it to receive.
// Page texts are written by the reader straight into large buffers (TextArena) that are
// transferred rather than copied, so a text is copied once on its way from the file to SQLite.

import type { TextStore } from './dump-reader.ts';
import type { DumpHandler, DumpLogItem, DumpPageHeader, DumpProblem, DumpRevision, DumpSiteInfo, DumpUpload } from './dump-types.ts';

export interface EventBatch {
  type: 'events';
  items: unknown[];
  /** The buffers holding the batch's texts, referred to by index in the items. */
  arenas: ArrayBuffer[];
  bytesRead: number;
  totalBytes: number;
}

const ARENA_BYTES = 4 << 20;

/**
 * Page texts end to end in large buffers, in the order the reader reads them. A text that does
 * not fit in the current buffer moves to a new one with what has arrived of it; the buffers of a
 * batch are handed over whole, and a text still being read moves to a fresh buffer then.
 */
export class TextArena implements TextStore {
  private full: Buffer[] = [];
  private current = Buffer.allocUnsafeSlow(ARENA_BYTES);
  private used = 0;
  /** Where the text being read starts in `current`. */
  private start = 0;
  /**
   * A text was taken and no revision has ended since: the buffers cannot be handed over now.
   * (A revision the reader rejects lets its text go at the next revision or page end.)
   */
  holding = false;

  append(bytes: Buffer, start: number, end: number): void {
    const length = end - start;
    if (this.used + length > this.current.length) this.moveOn(length);
    if (length > 64) bytes.copy(this.current, this.used, start, end);
    else for (let i = start, at = this.used; i < end; i++, at++) this.current[at] = bytes[i]!;
    this.used += length;
  }

  take(): Buffer {
    const text = this.current.subarray(this.start, this.used);
    this.start = this.used;
    this.holding = true;
    return text;
  }

  drop(): void {
    this.used = this.start;
  }

  /** Index and offset of a text in the batch's buffers, or null when it is not in them. */
  locate(text: Buffer): [number, number] | null {
    if (text.buffer === this.current.buffer) return [this.full.length, text.byteOffset];
    const index = this.full.findIndex((buffer) => buffer.buffer === text.buffer);
    return index < 0 ? null : [index, text.byteOffset];
  }

  /** The buffers to transfer (never while holding a text); the arena goes on in a new buffer. */
  detach(): ArrayBuffer[] {
    if (this.holding) throw new Error('TextArena: buffers handed over while a text is held');
    const arenas = [...this.full, this.current].map((buffer) => buffer.buffer as ArrayBuffer);
    const reading = this.current.subarray(this.start, this.used);
    this.full = [];
    this.current = Buffer.allocUnsafeSlow(Math.max(ARENA_BYTES, reading.length * 2));
    reading.copy(this.current);
    this.used = reading.length;
    this.start = 0;
    return arenas;
  }

  private moveOn(length: number): void {
    const reading = this.current.subarray(this.start, this.used);
    const next = Buffer.allocUnsafeSlow(Math.max(ARENA_BYTES, (reading.length + length) * 2));
    reading.copy(next);
    if (this.start > 0) this.full.push(this.current);
    this.current = next;
    this.used = reading.length;
    this.start = 0;
  }
}

const REVISION = 1;
const PAGE_START = 2;
const PAGE_END = 3;
/** A revision with slots besides the main one (rare): the object itself, its main text apart. */
const REVISION_WITH_SLOTS = 4;
/** Any other handler call: method name and argument. */
const OTHER = 5;
/** The report of an unknown element: name and problem, given once per name however many readers met it. */
const UNKNOWN_ELEMENT = 6;

/** Collects handler calls in the worker; `take()` returns them as a batch to post. */
export class EventBatcher implements DumpHandler {
  private items: unknown[] = [];
  private textBytes = 0;
  /** Give it to the reader: its texts are then written straight into the batch's buffers. */
  readonly texts = new TextArena();
  count = 0;

  get bytes(): number {
    return this.textBytes;
  }

  siteInfo(info: DumpSiteInfo): void {
    this.other('siteInfo', info);
  }

  /** Whether a batch can be taken now: not between a text and the end of its revision. */
  get canTake(): boolean {
    return !this.texts.holding;
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
      );
    }
    this.pushText(main.text);
    this.texts.holding = false;
    this.count++;
  }

  upload(upload: DumpUpload): void {
    this.other('upload', upload);
  }

  pageEnd(skipped: boolean): void {
    this.items.push(PAGE_END, skipped);
    this.texts.holding = false;
    this.count++;
  }

  logItem(item: DumpLogItem): void {
    this.other('logItem', item);
  }

  problem(problem: DumpProblem): void {
    this.other('problem', problem);
  }

  unknownElement(name: string, problem: DumpProblem): void {
    this.items.push(UNKNOWN_ELEMENT, name, problem);
    this.count++;
  }

  /** The batch so far (the arena to be transferred); the batcher starts over empty. */
  take(bytesRead: number, totalBytes: number): EventBatch {
    const batch: EventBatch = { type: 'events', items: this.items, arenas: this.texts.detach(), bytesRead, totalBytes };
    this.items = [];
    this.textBytes = 0;
    this.count = 0;
    return batch;
  }

  /** A text is the index of its buffer, its offset and its length in the items (-1: no text). */
  private pushText(text: Buffer | undefined): void {
    if (text === undefined) {
      this.items.push(-1, 0, -1);
      return;
    }
    let where = this.texts.locate(text);
    if (where === null) {
      // Not read into the arena (a text whose invalid UTF-8 was replaced): copied in now.
      this.texts.append(text, 0, text.length);
      where = this.texts.locate(this.texts.take())!;
    }
    this.items.push(where[0], where[1], text.length);
    this.textBytes += text.length;
  }

  private other(method: keyof DumpHandler, argument: unknown): void {
    this.items.push(OTHER, method, argument);
    this.count++;
  }
}

/** What a batch read from a segment of a dump needs to be replayed as if one reader had read the whole. */
export interface ReplayContext {
  /** Newlines before the segment: added to every line. */
  lineBase: number;
  /** Unknown elements already reported in this dump. */
  unknownReported: Set<string>;
}

/** Replays a batch into a handler, in order; texts are views of the transferred buffer. */
export function replayBatch(batch: EventBatch, handler: DumpHandler, context?: ReplayContext): void {
  const items = batch.items;
  const base = context?.lineBase ?? 0;
  const text = (at: number): Buffer | undefined => {
    const length = items[at + 2] as number;
    return length < 0 ? undefined : Buffer.from(batch.arenas[items[at] as number]!, items[at + 1] as number, length);
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
          text: text(i + 19),
        },
        slots: [],
        line: (items[i + 18] as number) + base,
      };
      i += 22;
      handler.revision(revision);
    } else if (tag === PAGE_START) {
      const header: DumpPageHeader = { title: items[i + 1] as string, line: (items[i + 6] as number) + base };
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
      revision.main.text = text(i + 2);
      revision.line += base;
      i += 5;
      handler.revision(revision);
    } else if (tag === UNKNOWN_ELEMENT) {
      const name = items[i + 1] as string;
      const problem = items[i + 2] as DumpProblem;
      i += 3;
      if (context?.unknownReported.has(name)) continue;
      context?.unknownReported.add(name);
      handler.problem(withLineBase(problem, base));
    } else {
      const method = items[i + 1] as keyof DumpHandler;
      const argument = withLineBase(items[i + 2], base);
      i += 3;
      (handler[method] as (a: unknown) => void).call(handler, argument);
    }
  }
}

/** A record or problem (a copy made by structured clone, changed in place) with its line moved down by `base`. */
function withLineBase<T>(argument: T, base: number): T {
  if (base !== 0 && typeof (argument as { line?: unknown }).line === 'number') (argument as { line: number }).line += base;
  return argument;
}
