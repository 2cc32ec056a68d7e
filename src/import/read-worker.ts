// Worker thread of the read phase: decompresses and parses a dump, handing records to the writer in batches.

import { parentPort, workerData } from 'node:worker_threads';
import { DumpFatalError, DumpReader } from './dump-reader.ts';
import { DumpSourceError, openDump } from './dump-source.ts';
import type { DumpHandler, DumpRevision } from './dump-types.ts';
import { pack, type DumpEvent, type EventBatch } from './event-batch.ts';

export interface ReadWorkerJob {
  path: string;
  strict: boolean;
}

/** Batches in flight before the reader waits for the writer: bounds memory, keeps both threads busy. */
const CREDITS = 4;
const BATCH_CHARS = 4 << 20;
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
  let events: DumpEvent[] = [];
  let texts: Array<Buffer | undefined> = [];
  let chars = 0;
  const push = (event: DumpEvent, size = 0): void => {
    events.push(event);
    chars += size;
  };
  const handler: DumpHandler = {
    siteInfo: (info) => push(['siteInfo', info]),
    pageStart: (page) => push(['pageStart', page]),
    revision: (revision) => {
      texts.push(revision.main.text);
      for (const slot of revision.slots) texts.push(slot.text);
      push(['revision', revision], revision.main.text?.length ?? 0);
    },
    upload: (upload) => push(['upload', upload]),
    pageEnd: (skipped) => push(['pageEnd', skipped]),
    logItem: (item) => push(['logItem', item]),
    problem: (problem) => push(['problem', problem]),
  };
  const flush = async (): Promise<void> => {
    if (events.length === 0) return;
    await waitForCredit();
    credits--;
    const { arena, offsets } = pack(texts);
    for (const [method, argument] of events) {
      if (method !== 'revision') continue;
      const revision = argument as DumpRevision;
      revision.main.text = undefined;
      for (const slot of revision.slots) slot.text = undefined;
    }
    const batch: EventBatch = { type: 'events', events, arena, texts: offsets, bytesRead: source.bytesRead(), totalBytes: source.totalBytes };
    parentPort!.postMessage(batch, [arena]);
    events = [];
    texts = [];
    chars = 0;
  };
  const reader = new DumpReader(handler, { strict: job.strict });
  for await (const chunk of source.bytes()) {
    reader.write(chunk);
    if (chars >= BATCH_CHARS || events.length >= BATCH_EVENTS) await flush();
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
