// Runs an importer worker thread and settles when it is done, relaying its progress messages.

import { Worker } from 'node:worker_threads';

const BOOTSTRAP = new URL('./bootstrap.mjs', import.meta.url);

export interface WorkerMessage {
  type: string;
  [key: string]: unknown;
}

/** Runs `entry` (a module URL) with `data`; resolves with its final `done` message. */
export function runWorker(entry: URL, data: unknown, onMessage: (message: WorkerMessage) => void = () => {}): { done: Promise<WorkerMessage>; worker: Worker } {
  const worker = new Worker(BOOTSTRAP, { workerData: { entry: entry.href, data } });
  const done = new Promise<WorkerMessage>((resolve, reject) => {
    let result: WorkerMessage | null = null;
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'done') result = message;
      else if (message.type === 'failed') reject(new Error(String(message.error)));
      else onMessage(message);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`import worker stopped with exit code ${code}`));
    });
  });
  return { done, worker };
}
