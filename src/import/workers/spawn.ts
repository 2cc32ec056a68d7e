// Runs an importer worker thread and settles when it is done, relaying its progress messages.
//
// A worker started through tsx pays for a module loader thread of its own and for compiling every
// TypeScript file again (half a second of CPU here, per worker), and each closure it makes costs a
// defineProperty (tsx keeps function names). So a worker's code is bundled into plain JavaScript
// once, with esbuild (tsx's own compiler), and kept in node_modules/.cache until the content of
// one of its source files changes. The bundle's name carries the checkout's path: checkouts that
// share one node_modules (a symlink) never run each other's code. Without esbuild, or where the cache cannot be written, workers start
// through tsx as before.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const BOOTSTRAP = new URL('./bootstrap.mjs', import.meta.url);
const PROJECT = fileURLToPath(new URL('../../../', import.meta.url));
const CACHE = join(PROJECT, 'node_modules', '.cache', 'wikiquery-workers');
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

/** SHA-1 of each input file's content, by absolute path. */
interface BundleInputs {
  [path: string]: string;
}

const CHECKOUT = createHash('sha1').update(PROJECT).digest('hex').slice(0, 10);

function contentHash(path: string): string | null {
  try {
    return createHash('sha1').update(readFileSync(path)).digest('hex');
  } catch {
    return null;
  }
}

function bundle(source: string): string {
  const out = join(CACHE, `${basename(source).replace(/\.ts$/, '')}-${CHECKOUT}.mjs`);
  const inputsFile = `${out}.inputs.json`;
  if (existsSync(out) && existsSync(inputsFile) && unchanged(JSON.parse(readFileSync(inputsFile, 'utf8')) as BundleInputs)) return out;
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  mkdirSync(CACHE, { recursive: true });
  const result = esbuild.buildSync({
    entryPoints: [source],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Packages stay imports, found from node_modules/.cache like from anywhere in the project.
    packages: 'external',
    metafile: true,
    write: false,
    logLevel: 'silent',
    absWorkingDir: PROJECT,
  });
  const inputs: BundleInputs = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const path = resolve(PROJECT, input);
    inputs[path] = contentHash(path) ?? '';
  }
  // Written aside and renamed: another import starting at the same time never reads half a file.
  const temporary = `${out}.${process.pid}.tmp`;
  writeFileSync(temporary, result.outputFiles[0]!.contents);
  renameSync(temporary, out);
  writeFileSync(`${inputsFile}.${process.pid}.tmp`, JSON.stringify(inputs));
  renameSync(`${inputsFile}.${process.pid}.tmp`, inputsFile);
  return out;
}

function unchanged(inputs: BundleInputs): boolean {
  for (const [path, recorded] of Object.entries(inputs)) {
    if (typeof recorded !== 'string' || contentHash(path) !== recorded) return false;
  }
  return Object.keys(inputs).length > 0;
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
