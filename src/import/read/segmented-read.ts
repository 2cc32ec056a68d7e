// The read phase of a large plain dump with several reader threads: segments parsed apart, replayed in file order.
//
// Each reader takes the next segment (dump-source.ts findSegments) and parses it from
// its first record; this thread replays the batches strictly in segment order, adding to every
// line the newlines of the segments before, so the writer sees what one reader would have given
// it. A segment that ends in the middle of something (its last line was not a record's start
// after all: a comment, a CDATA section, a broken record) is read on to the end of the file by
// its reader, and the segments after it are dropped. Problems, fatal errors and their positions
// come out as from one reader; a fatal error in a segment is raised when its turn comes.

import type { Worker } from 'node:worker_threads';
import { DumpFatalError } from './dump-reader.ts';
import { DumpSourceError, type DumpSegment } from './dump-source.ts';
import type { DumpHandler } from './dump-types.ts';
import { replayBatch, type EventBatch, type ReplayContext } from './event-batch.ts';
import type { ReadWorkerJob, SegmentMessage } from './read-worker.ts';
import { runWorker, type WorkerMessage } from '../workers/spawn.ts';

const READ_WORKER = new URL('./read-worker.ts', import.meta.url);

export interface SegmentedReadOptions {
  path: string;
  strict: boolean;
  segments: DumpSegment[];
  readers: number;
  progress: (bytesRead: number, totalBytes: number) => void;
}

type SegmentBatch = EventBatch & { segment: number };

interface SegmentState {
  batches: { batch: SegmentBatch; worker: Worker }[];
  done?: Extract<SegmentMessage, { type: 'segment' }>;
  failed?: Extract<SegmentMessage, { type: 'segment-failed' }>;
}

/** Reads the segments into `handler`; returns the bytes read (the file's size). */
export async function readSegmented(options: SegmentedReadOptions, handler: DumpHandler): Promise<number> {
  const { segments } = options;
  const totalBytes = segments[segments.length - 1]!.end;
  const job: ReadWorkerJob = { path: options.path, strict: options.strict, segments, counter: new SharedArrayBuffer(4) };
  const states = new Map<number, SegmentState>();
  const context: ReplayContext = { lineBase: 0, unknownReported: new Set() };
  let current = 0;
  let lastNeeded = segments.length - 1;
  const workers: Worker[] = [];
  const dones: Promise<WorkerMessage>[] = [];

  let settle!: { resolve: () => void; reject: (error: unknown) => void };
  let settled = false;
  const allRead = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  const fail = (error: unknown): void => {
    if (settled) return;
    settled = true;
    settle.reject(error);
  };

  const replay = (batch: SegmentBatch, worker: Worker): void => {
    replayBatch(batch, handler, context);
    worker.postMessage({ type: 'credit' });
    options.progress(batch.bytesRead, totalBytes);
  };
  const stateOf = (segment: number): SegmentState => {
    let state = states.get(segment);
    if (!state) states.set(segment, (state = { batches: [] }));
    return state;
  };
  /** Replays what has arrived of the current segment and moves on past the segments that are complete. */
  const advance = (): void => {
    while (current <= lastNeeded) {
      const state = states.get(current);
      if (!state) return;
      for (const { batch, worker } of state.batches) replay(batch, worker);
      state.batches = [];
      if (state.failed) throw segmentFailure(state.failed, context.lineBase);
      if (!state.done) return;
      states.delete(current);
      context.lineBase += state.done.newlines;
      current++;
    }
    settled = true;
    settle.resolve();
  };
  const onMessage = (message: WorkerMessage, worker: Worker): void => {
    if (settled) return;
    const segment = message.segment as number;
    if (segment > lastNeeded) return;
    try {
      if (message.type === 'continuing') {
        lastNeeded = segment;
        for (const later of [...states.keys()]) if (later > segment) states.delete(later);
        for (const other of workers) other.postMessage({ type: 'stop', after: segment });
        return;
      }
      const state = stateOf(segment);
      if (message.type === 'events') {
        if (segment === current) replay(message as unknown as SegmentBatch, worker);
        else state.batches.push({ batch: message as unknown as SegmentBatch, worker });
        return;
      }
      if (message.type === 'segment') state.done = message as unknown as SegmentState['done'];
      else if (message.type === 'segment-failed') state.failed = message as unknown as SegmentState['failed'];
      if (segment === current) advance();
    } catch (error) {
      fail(error);
    }
  };

  for (let i = 0; i < Math.max(1, options.readers); i++) {
    const { done, worker } = runWorker(READ_WORKER, job, (message) => onMessage(message, worker));
    workers.push(worker);
    dones.push(done);
  }
  const finished = Promise.all(dones).then(
    () => fail(new Error('the dump readers stopped before every segment was read')),
    (error: unknown) => fail(error),
  );
  try {
    await allRead;
  } finally {
    for (const worker of workers) worker.postMessage({ type: 'stop', after: -1 });
    await finished;
  }
  return totalBytes;
}

function segmentFailure(failed: Extract<SegmentMessage, { type: 'segment-failed' }>, lineBase: number): Error {
  if (failed.kind === 'source') return new DumpSourceError(failed.reason);
  return new DumpFatalError(failed.reason, failed.line === undefined ? undefined : failed.line + lineBase, failed.column);
}
