// `wikiquery serve --workers N`: a supervisor process and N worker processes behind one port
// (node:cluster). A worker that dies is replaced while the others keep serving; SIGTERM/SIGINT let
// every worker finish its requests before the whole stops; SIGHUP replaces the workers one by one
// (new code or configuration without a refused request). The supervisor sums the workers'
// metrics for the metrics endpoint.
import cluster, { type Worker } from 'node:cluster';
import type { MetricsSnapshot } from './metrics.ts';

type ToWorker =
  | { type: 'drain' }
  | { type: 'snapshot?'; id: number }
  | { type: 'metrics'; id: number; text: string }
  | { type: 'workers'; count: number; restarts: number };
type ToSupervisor =
  | { type: 'metrics?'; id: number }
  | { type: 'snapshot'; id: number; snapshot: MetricsSnapshot | null };

export interface SupervisorOptions {
  workers: number;
  drainTimeoutMs: number;
  event(level: 'info' | 'warn' | 'error', message: string): void;
  /** Sums snapshots and renders them, with the supervisor's own figures. */
  renderMetrics(snapshots: MetricsSnapshot[], supervisor: { workers: number; restarts: number }): string;
}

/** A worker that dies this soon after starting counts towards a crash loop. */
const EARLY_DEATH_MS = 5_000;
const SNAPSHOT_WAIT_MS = 1_000;

/** Runs the supervisor until it is stopped by a signal; resolves with the exit code. */
export function runSupervisor(options: SupervisorOptions): Promise<number> {
  const started = new Map<Worker, number>();
  const draining = new Set<Worker>();
  let stopping = false;
  let restarts = 0;
  let earlyDeaths = 0;
  let nextRequestId = 1;
  /** Collections of snapshots under way: the worker that asked (and its own id for the question). */
  const pendingMetrics = new Map<number, { asker: Worker; askerId: number; snapshots: MetricsSnapshot[]; waiting: Set<Worker>; timer: NodeJS.Timeout }>();

  const serving = () => [...started.keys()].filter((w) => !draining.has(w) && !w.isDead());
  const broadcastWorkers = () => {
    for (const w of serving()) send(w, { type: 'workers', count: serving().length, restarts });
  };

  const fork = (): Worker => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
    worker.on('message', (message: ToSupervisor) => onMessage(worker, message));
    worker.on('listening', broadcastWorkers);
    // A worker's broken IPC channel is its own problem; it never takes the supervisor down.
    worker.on('error', () => {});
    return worker;
  };

  const finishMetrics = (id: number) => {
    const pending = pendingMetrics.get(id);
    if (!pending) return;
    pendingMetrics.delete(id);
    clearTimeout(pending.timer);
    if (pending.asker.isDead()) return;
    send(pending.asker, { type: 'metrics', id: pending.askerId, text: options.renderMetrics(pending.snapshots, { workers: serving().length, restarts }) });
  };

  const onMessage = (worker: Worker, message: ToSupervisor) => {
    if (message?.type === 'metrics?') {
      const id = nextRequestId++;
      const waiting = new Set(serving());
      const timer = setTimeout(() => finishMetrics(id), SNAPSHOT_WAIT_MS);
      pendingMetrics.set(id, { asker: worker, askerId: message.id, snapshots: [], waiting, timer });
      for (const w of waiting) send(w, { type: 'snapshot?', id });
      if (!waiting.size) finishMetrics(id);
    } else if (message?.type === 'snapshot') {
      const pending = pendingMetrics.get(message.id);
      if (!pending) return;
      if (message.snapshot) pending.snapshots.push(message.snapshot);
      pending.waiting.delete(worker);
      if (!pending.waiting.size) finishMetrics(message.id);
    }
  };

  return new Promise<number>((resolve) => {
    cluster.on('exit', (worker, code, signal) => {
      const startedAt = started.get(worker) ?? 0;
      started.delete(worker);
      const wasDraining = draining.delete(worker);
      if (stopping) {
        if (started.size === 0) resolve(0);
        return;
      }
      if (wasDraining) return;
      restarts++;
      const early = Date.now() - startedAt < EARLY_DEATH_MS;
      earlyDeaths = early ? earlyDeaths + 1 : 0;
      // A worker that cannot start (a broken database, a bad configuration) is retried more and
      // more slowly instead of in a tight loop.
      const delay = earlyDeaths > 3 ? Math.min(30_000, 250 * 2 ** (earlyDeaths - 3)) : 0;
      options.event('error', `worker ${worker.process.pid} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}; starting another${delay ? ` in ${delay} ms` : ''}`);
      setTimeout(() => {
        if (!stopping) fork();
      }, delay).unref();
      broadcastWorkers();
    });

    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      options.event('info', `${signal}: letting ${started.size} worker(s) finish their requests`);
      for (const worker of started.keys()) {
        send(worker, { type: 'drain' });
        const kill = setTimeout(() => worker.process.kill('SIGKILL'), options.drainTimeoutMs + 5_000);
        kill.unref();
      }
      if (started.size === 0) resolve(0);
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGHUP', () => void rollingRestart());

    let restarting = false;
    const rollingRestart = async () => {
      if (stopping || restarting) return;
      restarting = true;
      try {
        await replaceWorkers();
      } finally {
        restarting = false;
      }
    };
    const replaceWorkers = async () => {
      options.event('info', 'SIGHUP: replacing the workers one by one');
      for (const old of serving()) {
        if (stopping) return;
        const replacement = fork();
        const ready = await new Promise<boolean>((ok) => {
          replacement.once('listening', () => ok(true));
          replacement.once('exit', () => ok(false));
        });
        if (!ready) {
          options.event('error', 'a new worker did not start: keeping the others');
          return;
        }
        draining.add(old);
        send(old, { type: 'drain' });
        setTimeout(() => old.process.kill('SIGKILL'), options.drainTimeoutMs + 5_000).unref();
      }
      broadcastWorkers();
    };

    for (let i = 0; i < options.workers; i++) fork();
  });
}

function send(worker: Worker, message: ToWorker): void {
  try {
    if (worker.isConnected()) worker.send(message);
  } catch {
    // The worker is going away; its exit is handled where it is seen.
  }
}

export interface ClusterMember {
  /** The metrics of every worker, summed by the supervisor. */
  metrics(): Promise<string | null>;
  /** Workers serving now, and how many were replaced, as the supervisor last said. */
  workers(): { count: number; restarts: number };
}

/**
 * A worker's side: answers the supervisor's snapshot requests, asks it for the summed metrics,
 * and drains when told to (or when the supervisor goes away).
 */
export function joinCluster(hooks: { snapshot(): MetricsSnapshot; drain(reason: string): void }): ClusterMember {
  let nextId = 1;
  let workers = { count: 0, restarts: 0 };
  const waiting = new Map<number, (text: string | null) => void>();
  process.on('message', (message: ToWorker) => {
    if (message?.type === 'drain') hooks.drain('the supervisor asked');
    else if (message?.type === 'snapshot?') sendToSupervisor({ type: 'snapshot', id: message.id, snapshot: safeSnapshot(hooks) });
    else if (message?.type === 'workers') workers = { count: message.count, restarts: message.restarts };
    else if (message?.type === 'metrics') {
      const resolve = waiting.get(message.id);
      waiting.delete(message.id);
      resolve?.(message.text);
    }
  });
  process.on('disconnect', () => hooks.drain('the supervisor is gone'));
  // A hangup sent to the whole process group is the supervisor's to act on (it replaces workers).
  process.on('SIGHUP', () => {});
  return {
    metrics: () =>
      new Promise<string | null>((resolve) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(null);
        }, SNAPSHOT_WAIT_MS * 2);
        waiting.set(id, (text) => {
          clearTimeout(timer);
          resolve(text);
        });
        sendToSupervisor({ type: 'metrics?', id });
      }),
    workers: () => workers,
  };
}

function safeSnapshot(hooks: { snapshot(): MetricsSnapshot }): MetricsSnapshot | null {
  try {
    return hooks.snapshot();
  } catch {
    return null;
  }
}

function sendToSupervisor(message: ToSupervisor): void {
  try {
    if (process.connected) process.send?.(message);
  } catch {
    // The supervisor is going away: 'disconnect' drains this worker.
  }
}

export const isClusterWorker = (): boolean => cluster.isWorker;
