// Worker thread of the read phase: decompresses and parses a dump, handing records to the writer in batches.

import { parentPort, workerData } from 'node:worker_threads';
import { DumpFatalError, DumpReader } from './dump-reader.ts';
import { DumpSourceError, openDump } from './dump-source.ts';
import { EventBatcher } from './event-batch.ts';

export interface ReadWorkerJob {
  path: string;
  strict: boolean;
}

/** Batches in flight before the reader waits for the writer: bounds memory, keeps both threads busy. */
const CREDITS = 4;
const BATCH_BYTES = 4 << 20;
const BATCH_EVENTS = 4000;

let credits = CREDITS;
let wake: (() => void) | null = null;
parentPort!.on('message', (message: { type: string }) => {
  if (message.type !== 'credit') return;
  credits++;
  wake?.();
  wake = null;
});

async function waitForCredit(): Promise<void> {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
}

async function run(job: ReadWorkerJob): Promise<number> {
  const source = openDump(job.path);
  const batcher = new EventBatcher();
  const flush = async (): Promise<void> => {
    if (batcher.count === 0) return;
    await waitForCredit();
    credits--;
    const batch = batcher.take(source.bytesRead(), source.totalBytes);
    parentPort!.postMessage(batch, batch.arenas);
  };
  const reader = new DumpReader(batcher, { strict: job.strict, texts: batcher.texts });
  for await (const chunk of source.bytes()) {
    reader.write(chunk);
    if ((batcher.bytes >= BATCH_BYTES || batcher.count >= BATCH_EVENTS) && batcher.canTake) await flush();
  }
  reader.end();
  await flush();
  return source.bytesRead();
}

const job = (workerData as { data: ReadWorkerJob }).data;
run(job).then(
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
