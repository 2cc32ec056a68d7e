// Runs an importer worker thread and settles when it is done, relaying its progress messages.
//
// A worker started through tsx pays for a module loader thread of its own and for compiling every
// TypeScript file again (half a second of CPU here, per worker), and each closure it makes costs a
// defineProperty (tsx keeps function names). So a worker's code is bundled into plain JavaScript
// once, with esbuild (tsx's own compiler), and kept in node_modules/.cache until the content of
// one of its source files changes (bundle-cache.mjs). Without esbuild, or where the cache cannot
// be written, workers start through tsx as before.

import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { bundleFile, bundleOptions, isFresh, keepBundle, PROJECT } from '../../runtime/bundle-cache.mjs';

const BOOTSTRAP = new URL('../../runtime/tsx-bootstrap.mjs', import.meta.url);
const bundles = new Map<string, string | null>();

/** The bundled script of a worker module (built or reused), or null to start it through tsx. */
function bundledWorker(entry: URL): string | null {
  if (process.env.WIKIQUERY_WORKERS_TSX) return null;
  let script = bundles.get(entry.href);
  if (script === undefined) {
    try {
      script = bundle(fileURLToPath(entry));
    } catch {
      script = null;
    }
    bundles.set(entry.href, script);
  }
  return script;
}

function bundle(source: string): string {
  const out = bundleFile(basename(source).replace(/\.ts$/, ''));
  if (isFresh(out)) return out;
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  keepBundle(out, esbuild.buildSync(bundleOptions(source)));
  return out;
}

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
export function runWorker(
  entry: URL,
  data: unknown,
  onMessage: (message: WorkerMessage) => void = () => {},
  resourceLimits?: ResourceLimits,
): { done: Promise<WorkerMessage>; worker: Worker } {
  const script = bundledWorker(entry);
  // sourceRoot: a bundle runs from node_modules/.cache, which may be another checkout's (a symlink);
  // files read at run time (the Lua libraries) come from this checkout.
  const workerData = { data, sourceRoot: PROJECT };
  const worker = script
    ? new Worker(pathToFileURL(script), { workerData, resourceLimits })
    : new Worker(BOOTSTRAP, { workerData: { ...workerData, entry: entry.href }, resourceLimits });
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
