// Runs an importer worker thread and settles when it is done, relaying its progress messages.

import { Worker } from 'node:worker_threads';

const BOOTSTRAP = new URL('./bootstrap.mjs', import.meta.url);

export interface WorkerMessage {
  type: string;
  [key: string]: unknown;
}

/** A worker's own error, passed back as data (a thrown Error does not cross threads with its class). */
export class WorkerFailure extends Error {
  constructor(
    message: string,
    readonly kind: string,
  ) {
    super(message);
    this.name = 'WorkerFailure';
  }
}

/** Runs `entry` (a module URL) with `data`; resolves with its final `done` message. */
export function runWorker(entry: URL, data: unknown, onMessage: (message: WorkerMessage) => void = () => {}): { done: Promise<WorkerMessage>; worker: Worker } {
  const worker = new Worker(BOOTSTRAP, { workerData: { entry: entry.href, data } });
  const done = new Promise<WorkerMessage>((resolve, reject) => {
    let result: WorkerMessage | null = null;
    let failure: Error | null = null;
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'done' || message.type === 'failed') {
        if (message.type === 'done') result = message;
        else failure = new WorkerFailure(String(message.error), String(message.kind ?? 'bug'));
        // A worker that listens for messages would otherwise stay alive, and keep the process alive.
        void worker.terminate();
      } else {
        onMessage(message);
      }
    });
    worker.on('error', (error) => {
      failure ??= error;
    });
    worker.on('exit', (code) => {
      if (failure) reject(failure);
      else if (result) resolve(result);
      else reject(new Error(`import worker stopped with exit code ${code}`));
    });
  });
  return { done, worker };
}
