// Query threads: where a request goes once it has outgrown the event loop's budget, so that a slow
// query never keeps the other clients of the process waiting. Each thread has its own database
// connection and services; a thread that does not answer by its deadline (stuck outside SQLite,
// where no interrupt reaches) is ended and replaced.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { bundleFile, bundleOptions, isFresh, keepBundle, PROJECT, sourceUrls } from '../runtime/bundle-cache.mjs';
import type { TransferredRequest } from '../api/request.ts';
import type { FromThread, QueryThreadInit, ThreadOutcome, ToThread } from './query-thread-messages.ts';

/** Past its deadline a thread gets this long to answer before it is ended. */
const GRACE_MS = 2000;

interface Job {
  id: number;
  request: TransferredRequest;
  deadline: number;
  resolve(outcome: ThreadOutcome): void;
  reject(error: Error): void;
}

class QueryThread {
  readonly worker: Worker;
  ready = false;
  job: Job | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    init: QueryThreadInit,
    private readonly pool: QueryThreadPool,
  ) {
    const script = threadScript();
    this.worker = script.bundled
      ? new Worker(script.url, { workerData: { init, sourceRoot: PROJECT } })
      : new Worker(new URL('../runtime/tsx-bootstrap.mjs', import.meta.url), { workerData: { init, sourceRoot: PROJECT, entry: script.url.href } });
    this.worker.unref();
    this.worker.on('message', (message: FromThread) => this.onMessage(message));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', () => this.fail(new Error('query thread exited')));
  }

  start(job: Job): void {
    this.job = job;
    this.worker.postMessage({ type: 'run', id: job.id, request: job.request, remainingMs: Math.max(1, job.deadline - Date.now()) } satisfies ToThread);
    this.timer = setTimeout(() => this.overdue(), Math.max(1, job.deadline - Date.now()) + GRACE_MS);
    this.timer.unref();
  }

  private onMessage(message: FromThread): void {
    if (message.type === 'ready') {
      this.ready = true;
      this.pool.threadIdle(this);
    } else if (message.type === 'failed') {
      this.fail(new Error(`query thread could not start: ${message.error}`));
    } else if (message.type === 'done' && this.job?.id === message.id) {
      const job = this.finishJob();
      job.resolve(message.outcome);
      this.pool.threadIdle(this);
    }
  }

  private finishJob(): Job {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const job = this.job!;
    this.job = null;
    return job;
  }

  /** Still busy past the deadline and its grace: stuck where no interrupt reaches. */
  private overdue(): void {
    if (!this.job) return;
    const job = this.finishJob();
    job.resolve({ kind: 'timeout', ended: true });
    this.pool.threadLost(this, null);
    void this.worker.terminate();
  }

  private fail(error: Error): void {
    const job = this.job ? this.finishJob() : null;
    job?.reject(error);
    this.pool.threadLost(this, error);
  }

  terminate(): Promise<number> {
    if (this.timer) clearTimeout(this.timer);
    return this.worker.terminate();
  }
}

export class QueryThreadPool {
  private readonly threads = new Set<QueryThread>();
  private readonly idle: QueryThread[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Consecutive threads that failed to start: past a few, requests fail instead of looping. */
  private startFailures = 0;
  private lastStartError: Error | null = null;

  constructor(private readonly init: QueryThreadInit & { size: number }) {}

  run(request: TransferredRequest, remainingMs: number): Promise<ThreadOutcome> {
    if (this.closed) return Promise.reject(new Error('query threads closed'));
    if (this.startFailures >= 3) return Promise.reject(this.lastStartError ?? new Error('query threads cannot start'));
    return new Promise<ThreadOutcome>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, request, deadline: Date.now() + remainingMs, resolve, reject });
      this.dispatch();
    });
  }

  threadIdle(thread: QueryThread): void {
    this.startFailures = 0;
    this.idle.push(thread);
    this.dispatch();
  }

  threadLost(thread: QueryThread, error: Error | null): void {
    if (!this.threads.delete(thread)) return;
    const at = this.idle.indexOf(thread);
    if (at >= 0) this.idle.splice(at, 1);
    if (error && !thread.ready) {
      this.startFailures++;
      this.lastStartError = error;
      if (this.startFailures >= 3) {
        for (const job of this.queue.splice(0)) job.reject(error);
        return;
      }
    }
    this.dispatch();
  }

  private dispatch(): void {
    while (this.queue.length) {
      const now = Date.now();
      // A request that ran out of time while it waited is answered without a thread.
      if (this.queue[0].deadline <= now) {
        this.queue.shift()!.resolve({ kind: 'timeout', ended: false });
        continue;
      }
      const thread = this.idle.pop();
      if (!thread) break;
      thread.start(this.queue.shift()!);
    }
    let starting = 0;
    for (const t of this.threads) if (!t.ready) starting++;
    while (this.queue.length > starting && !this.closed && this.threads.size < this.init.size) {
      this.threads.add(new QueryThread(this.init, this));
      starting++;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = [...this.threads];
    this.threads.clear();
    for (const job of this.queue.splice(0)) job.reject(new Error('query threads closed'));
    await Promise.all(threads.map((t) => t.terminate()));
  }
}

let script: { url: URL; bundled: boolean } | null = null;
let preparing: Promise<void> | null = null;

/**
 * Makes the thread's code one bundle (kept in node_modules/.cache until a source changes; each
 * source keeps its own import.meta.url, so JSON facts are found as from the sources), or falls
 * back to its TypeScript through tsx. Called once before the first thread starts.
 */
export function prepareQueryThreads(): Promise<void> {
  preparing ??= (async () => {
    const entry = new URL('./query-thread.ts', import.meta.url);
    try {
      if (process.env.WIKIQUERY_WORKERS_TSX) throw new Error('bundles turned off');
      const out = bundleFile('query-thread');
      if (!isFresh(out)) {
        const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
        keepBundle(out, await esbuild.build({ ...bundleOptions(fileURLToPath(entry)), plugins: [sourceUrls] }));
      }
      script = { url: pathToFileURL(out), bundled: true };
    } catch {
      script = { url: entry, bundled: false };
    }
  })();
  return preparing;
}

function threadScript(): { url: URL; bundled: boolean } {
  if (!script) throw new Error('prepareQueryThreads() was not awaited');
  return script;
}
