// Worker thread of the read phase: decompresses and parses a dump (or segments of a plain one), handing records to the writer in batches.

import { parentPort, workerData } from 'node:worker_threads';
import { DumpFatalError, DumpReader } from './dump-reader.ts';
import { DumpSourceError, openDump, readRange, type DumpSegment } from './dump-source.ts';
import { batchTransfers, EventBatcher } from './event-batch.ts';

export interface ReadWorkerJob {
  path: string;
  strict: boolean;
  /**
   * Read these segments of a plain dump instead of the whole file: each worker takes the next
   * one from `counter` (an Int32Array's memory shared by the workers) until none is left.
   */
  segments?: DumpSegment[];
  counter?: SharedArrayBuffer;
}

/** Messages of a segmented read besides the batches (which carry their segment). */
export type SegmentMessage =
  /** The segment is read: its newlines, and whether its reader went on to the end of the file. */
  | { type: 'segment'; segment: number; newlines: number; continued: boolean }
  /** The segment ends in the middle of something: its reader reads on to the end of the file. */
  | { type: 'continuing'; segment: number }
  | { type: 'segment-failed'; segment: number; kind: 'fatal' | 'source'; reason: string; line?: number; column?: number };

/** Batches in flight before the reader waits for the writer: bounds memory, keeps both threads busy. */
const CREDITS = 4;
const BATCH_BYTES = 4 << 20;
const BATCH_EVENTS = 4000;

let credits = CREDITS;
/** The last segment the writer still needs (a reader went on to the end of the file from it, or the read is over). */
let lastNeeded = Infinity;
/** The segment being read (-1: the whole file). */
let reading = -1;
let wake: (() => void) | null = null;
parentPort!.on('message', (message: { type: string; after?: number }) => {
  if (message.type === 'credit') credits++;
  else if (message.type === 'stop') lastNeeded = Math.min(lastNeeded, message.after ?? -1);
  else return;
  wake?.();
  wake = null;
});

function unneeded(): boolean {
  return reading > lastNeeded;
}

/** Texts hashed between two looks at the messages: a few hundred microseconds of work. */
const HASH_SLICE = 64;

/**
 * Waits for the writer's credit. Meanwhile the batch's texts are hashed, a slice at a time with
 * the messages read in between: the writer, which is behind, then has less to do.
 */
async function waitForCredit(batcher: EventBatcher): Promise<void> {
  while (credits === 0 && !unneeded()) {
    if (batcher.hashTexts(HASH_SLICE)) await new Promise<void>((resolve) => setImmediate(resolve));
    else await new Promise<void>((resolve) => (wake = resolve));
  }
}

class Stopped extends Error {}

/** Posts the batcher's records when it holds enough (or `always`), waiting for the writer's credit. */
function batchPoster(batcher: EventBatcher, bytesRead: () => number, totalBytes: number, segment?: number) {
  return async (always: boolean): Promise<void> => {
    if (batcher.count === 0) return;
    if (!always && ((batcher.bytes < BATCH_BYTES && batcher.count < BATCH_EVENTS) || !batcher.canTake)) return;
    await waitForCredit(batcher);
    if (unneeded()) throw new Stopped();
    credits--;
    const batch = batcher.take(bytesRead(), totalBytes);
    parentPort!.postMessage(segment === undefined ? batch : { ...batch, segment }, batchTransfers(batch));
  };
}

async function readWhole(job: ReadWorkerJob): Promise<number> {
  const source = openDump(job.path);
  const batcher = new EventBatcher();
  const flush = batchPoster(batcher, () => source.bytesRead(), source.totalBytes);
  const reader = new DumpReader(batcher, { strict: job.strict, texts: batcher.texts });
  for await (const chunk of source.bytes()) {
    reader.write(chunk);
    await flush(false);
  }
  reader.end();
  await flush(true);
  return source.bytesRead();
}

async function readSegments(job: ReadWorkerJob): Promise<void> {
  const counter = new Int32Array(job.counter!);
  const segments = job.segments!;
  const total = segments[segments.length - 1]!.end;
  for (;;) {
    const index = Atomics.add(counter, 0, 1);
    if (index > lastNeeded || index >= segments.length) return;
    reading = index;
    try {
      if (!(await readSegment(job, index, total))) return;
    } catch (error) {
      if (error instanceof Stopped) return;
      if (!(error instanceof DumpFatalError || error instanceof DumpSourceError)) throw error;
      const fatal = error instanceof DumpFatalError ? error : null;
      post({ type: 'segment-failed', segment: index, kind: fatal ? 'fatal' : 'source', reason: fatal ? fatal.reason : error.message, line: fatal?.line, column: fatal?.column });
      return;
    }
  }
}

/** Reads segment `index` (and on to the end of the file when it ends inside a record); false when no segment after it is needed. */
async function readSegment(job: ReadWorkerJob, index: number, total: number): Promise<boolean> {
  const segments = job.segments!;
  const segment = segments[index]!;
  const last = index === segments.length - 1;
  let position = segment.start;
  const batcher = new EventBatcher();
  const flush = batchPoster(batcher, () => position, total, index);
  const reader = new DumpReader(batcher, {
    strict: job.strict,
    texts: batcher.texts,
    fragment: index > 0,
    onUnknownElement: (name, problem) => batcher.unknownElement(name, problem),
  });
  const read = async (start: number, end: number): Promise<void> => {
    for (const chunk of readRange(job.path, start, end)) {
      reader.write(chunk);
      position += chunk.length;
      await flush(false);
    }
  };
  await read(segment.start, segment.end);
  const continued = !last && !reader.atRecordBoundary(segments[index + 1]!.marker);
  if (continued) {
    post({ type: 'continuing', segment: index });
    await read(segment.end, total);
  }
  if (last || continued) reader.end();
  await flush(true);
  post({ type: 'segment', segment: index, newlines: reader.newlinesRead(), continued });
  return !continued;
}

function post(message: SegmentMessage): void {
  parentPort!.postMessage(message);
}

const job = (workerData as { data: ReadWorkerJob }).data;
(job.segments ? readSegments(job).then(() => 0) : readWhole(job)).then(
  (bytesRead) => parentPort!.postMessage({ type: 'done', bytesRead }),
  (error: unknown) => {
    const known = error instanceof DumpFatalError || error instanceof DumpSourceError;
    parentPort!.postMessage({
      type: 'failed',
      error: known ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error),
      kind: error instanceof DumpFatalError ? 'fatal' : error instanceof DumpSourceError ? 'source' : 'bug',
    });
  },
);
