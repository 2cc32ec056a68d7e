// The read worker's batches of dump records: flat tuples of primitives, and page texts in transferred buffers.
//
// Structured clone spends most of its time on objects and their property names: revisions and
// page headers travel as runs of primitives in one array, which costs a fifth of it to receive.
// Page texts are written by the reader straight into large buffers (TextArena) that are
// transferred rather than copied, so a text is copied once on its way from the file to SQLite.

import type { TextStore } from './text-store.ts';
import { sha1Base36 } from '../write/hashes.ts';
import type { DumpHandler, DumpLogItem, DumpPageHeader, DumpProblem, DumpRevision, DumpSiteInfo, DumpUpload } from './dump-types.ts';

export interface EventBatch {
  type: 'events';
  /**
   * The events in order: tags and numbers (ids, lines, flags, where texts are), NaN for a number
   * absent. A view of a transferred buffer: numbers cost nothing to clone, and the worker writes
   * them without the array stores of many small values that a plain array would take.
   */
  numbers: Float64Array;
  /** The events' strings, in order (undefined: absent). */
  strings: (string | undefined)[];
  /** Records of the rare events, which travel as objects. */
  objects: unknown[];
  /** The buffers holding the batch's texts, referred to by index in the numbers. */
  arenas: ArrayBuffer[];
  bytesRead: number;
  totalBytes: number;
}

/** What to transfer rather than copy when posting a batch. */
export function batchTransfers(batch: EventBatch): ArrayBuffer[] {
  return [...batch.arenas, batch.numbers.buffer as ArrayBuffer];
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

/** Flags of a revision, in one number. */
const CONTRIBUTOR_DELETED = 1;
const MINOR = 2;
const COMMENT_DELETED = 4;
const TEXT_DELETED = 8;

/** Numbers a batch starts with room for (it grows as needed): about what 4,000 revisions take. */
const NUMBERS = 1 << 16;

/** Collects handler calls in the worker; `take()` returns them as a batch to post. */
export class EventBatcher implements DumpHandler {
  private numbers = new Float64Array(NUMBERS);
  private used = 0;
  private strings: (string | undefined)[] = [];
  private objects: unknown[] = [];
  /** Texts of the batch's revisions not hashed yet, and where their hashes go in `strings`. */
  private unhashedTexts: Buffer[] = [];
  private unhashedSlots: number[] = [];
  private hashedUpTo = 0;
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
    const at = this.reserve(4);
    const numbers = this.numbers;
    numbers[at] = PAGE_START;
    numbers[at + 1] = page.ns ?? NaN;
    numbers[at + 2] = page.id ?? NaN;
    numbers[at + 3] = page.line;
    this.strings.push(page.title, page.redirect, page.restrictions);
    this.count++;
  }

  revision(r: DumpRevision): void {
    const main = r.main;
    if (r.slots.length > 0) {
      const slots = r.slots.map((slot) => ({ ...slot, text: slot.text === undefined ? undefined : (new Uint8Array(slot.text) as Buffer) }));
      const at = this.reserve(2);
      this.numbers[at] = REVISION_WITH_SLOTS;
      this.numbers[at + 1] = this.objects.length;
      this.objects.push({ ...r, main: { ...main, text: undefined }, slots });
    } else {
      const c = r.contributor;
      const at = this.reserve(8);
      const numbers = this.numbers;
      numbers[at] = REVISION;
      numbers[at + 1] = r.id;
      numbers[at + 2] = r.parentId ?? NaN;
      numbers[at + 3] = c.id ?? NaN;
      numbers[at + 4] = (c.deleted ? CONTRIBUTOR_DELETED : 0) | (r.minor ? MINOR : 0) | (r.commentDeleted ? COMMENT_DELETED : 0) | (main.deleted ? TEXT_DELETED : 0);
      numbers[at + 5] = main.bytes ?? NaN;
      numbers[at + 6] = main.origin ?? NaN;
      numbers[at + 7] = r.line;
      const strings = this.strings;
      strings.push(r.timestamp, c.username, c.ip, r.comment, r.sha1, main.model, main.format, main.sha1, undefined);
      if (main.text !== undefined) {
        this.unhashedTexts.push(main.text);
        this.unhashedSlots.push(strings.length - 1);
      }
    }
    this.pushText(main.text);
    this.texts.holding = false;
    this.count++;
  }

  upload(upload: DumpUpload): void {
    this.other('upload', upload);
  }

  pageEnd(skipped: boolean): void {
    const at = this.reserve(2);
    this.numbers[at] = PAGE_END;
    this.numbers[at + 1] = skipped ? 1 : 0;
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
    const at = this.reserve(1);
    this.numbers[at] = UNKNOWN_ELEMENT;
    this.strings.push(name);
    this.objects.push(problem);
    this.count++;
  }

  /**
   * Hashes up to `count` more texts of the batch (their SHA-1 then travels with the revision);
   * returns whether some are left. The reader does it while the writer is behind, so that the
   * work lands on whichever thread would otherwise wait.
   */
  hashTexts(count: number): boolean {
    const texts = this.unhashedTexts;
    const end = Math.min(texts.length, this.hashedUpTo + count);
    for (let i = this.hashedUpTo; i < end; i++) this.strings[this.unhashedSlots[i]!] = sha1Base36(texts[i]!);
    this.hashedUpTo = end;
    return end < texts.length;
  }

  /** The batch so far (its buffers to be transferred: see batchTransfers); the batcher starts over empty. */
  take(bytesRead: number, totalBytes: number): EventBatch {
    const batch: EventBatch = {
      type: 'events',
      numbers: this.numbers.subarray(0, this.used),
      strings: this.strings,
      objects: this.objects,
      arenas: this.texts.detach(),
      bytesRead,
      totalBytes,
    };
    this.numbers = new Float64Array(NUMBERS);
    this.used = 0;
    this.strings = [];
    this.objects = [];
    this.unhashedTexts = [];
    this.unhashedSlots = [];
    this.hashedUpTo = 0;
    this.textBytes = 0;
    this.count = 0;
    return batch;
  }

  /** Room for `count` more numbers; returns where they go. */
  private reserve(count: number): number {
    const at = this.used;
    if (at + count > this.numbers.length) {
      const bigger = new Float64Array(this.numbers.length * 2);
      bigger.set(this.numbers.subarray(0, at));
      this.numbers = bigger;
    }
    this.used = at + count;
    return at;
  }

  /** A text is the index of its buffer, its offset and its length in the numbers (-1: no text). */
  private pushText(text: Buffer | undefined): void {
    const at = this.reserve(3);
    const numbers = this.numbers;
    if (text === undefined) {
      numbers[at] = -1;
      numbers[at + 1] = 0;
      numbers[at + 2] = -1;
      return;
    }
    let where = this.texts.locate(text);
    if (where === null) {
      // Not read into the arena (a text whose invalid UTF-8 was replaced): copied in now.
      this.texts.append(text, 0, text.length);
      where = this.texts.locate(this.texts.take())!;
    }
    numbers[at] = where[0];
    numbers[at + 1] = where[1];
    numbers[at + 2] = text.length;
    this.textBytes += text.length;
  }

  private other(method: keyof DumpHandler, argument: unknown): void {
    const at = this.reserve(1);
    this.numbers[at] = OTHER;
    this.strings.push(method);
    this.objects.push(argument);
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

/** Replays a batch into a handler, in order; texts are views of the transferred buffers. */
export function replayBatch(batch: EventBatch, handler: DumpHandler, context?: ReplayContext): void {
  const { numbers, strings, objects } = batch;
  const base = context?.lineBase ?? 0;
  const text = (at: number): Buffer | undefined => {
    const length = numbers[at + 2]!;
    return length < 0 ? undefined : Buffer.from(batch.arenas[numbers[at]!]!, numbers[at + 1]!, length);
  };
  let s = 0;
  let o = 0;
  let i = 0;
  while (i < numbers.length) {
    const tag = numbers[i]!;
    if (tag === REVISION) {
      const flags = numbers[i + 4]!;
      const revision: DumpRevision = {
        id: numbers[i + 1]!,
        parentId: numberOrUndefined(numbers[i + 2]!),
        timestamp: strings[s]!,
        contributor: {
          username: strings[s + 1],
          id: numberOrUndefined(numbers[i + 3]!),
          ip: strings[s + 2],
          deleted: (flags & CONTRIBUTOR_DELETED) !== 0,
        },
        minor: (flags & MINOR) !== 0,
        comment: strings[s + 3],
        commentDeleted: (flags & COMMENT_DELETED) !== 0,
        sha1: strings[s + 4],
        main: {
          role: 'main',
          model: strings[s + 5],
          format: strings[s + 6],
          deleted: (flags & TEXT_DELETED) !== 0,
          bytes: numberOrUndefined(numbers[i + 5]!),
          sha1: strings[s + 7],
          origin: numberOrUndefined(numbers[i + 6]!),
          text: text(i + 8),
        },
        slots: [],
        line: numbers[i + 7]! + base,
      };
      const textSha1 = strings[s + 8];
      if (textSha1 !== undefined) revision.main.textSha1 = textSha1;
      i += 11;
      s += 9;
      handler.revision(revision);
    } else if (tag === PAGE_START) {
      const header: DumpPageHeader = { title: strings[s]!, line: numbers[i + 3]! + base };
      if (!Number.isNaN(numbers[i + 1])) header.ns = numbers[i + 1]!;
      if (!Number.isNaN(numbers[i + 2])) header.id = numbers[i + 2]!;
      if (strings[s + 1] !== undefined) header.redirect = strings[s + 1];
      if (strings[s + 2] !== undefined) header.restrictions = strings[s + 2];
      i += 4;
      s += 3;
      handler.pageStart(header);
    } else if (tag === PAGE_END) {
      const skipped = numbers[i + 1] === 1;
      i += 2;
      handler.pageEnd(skipped);
    } else if (tag === REVISION_WITH_SLOTS) {
      const revision = objects[numbers[i + 1]!] as DumpRevision;
      revision.main.text = text(i + 2);
      revision.line += base;
      i += 5;
      o++;
      handler.revision(revision);
    } else if (tag === UNKNOWN_ELEMENT) {
      const name = strings[s++]!;
      const problem = objects[o++] as DumpProblem;
      i += 1;
      if (context?.unknownReported.has(name)) continue;
      context?.unknownReported.add(name);
      handler.problem(withLineBase(problem, base));
    } else {
      const method = strings[s++] as keyof DumpHandler;
      const argument = withLineBase(objects[o++], base);
      i += 1;
      (handler[method] as (a: unknown) => void).call(handler, argument);
    }
  }
}

function numberOrUndefined(n: number): number | undefined {
  return Number.isNaN(n) ? undefined : n;
}

/** A record or problem (a copy made by structured clone, changed in place) with its line moved down by `base`. */
function withLineBase<T>(argument: T, base: number): T {
  if (base !== 0 && typeof (argument as { line?: unknown }).line === 'number') (argument as { line: number }).line += base;
  return argument;
}
