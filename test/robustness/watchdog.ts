// A server stuck in synchronous work blocks this process's timers too; a worker thread still sees it and ends the run.
import { Worker } from 'node:worker_threads';

/**
 * The worker reads the beat from shared memory: the case being sent and a number that changes
 * with every case (0 while nothing is in flight). It times each beat with its own monotonic clock;
 * after `stuckMs` on the same beat it writes which case hung to stderr and kills the process, so a
 * hang is a failure with a name instead of a run that never ends. Int32 values read and written
 * through Atomics: a double could be read half written (a tiny "time" that looked like a hang).
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const beat = new Int32Array(workerData.shared);
let seen = 0;
let since = 0;
setInterval(() => {
  const current = Atomics.load(beat, 1);
  if (current === 0 || current !== seen) {
    seen = current;
    since = performance.now();
    return;
  }
  if (performance.now() - since > workerData.stuckMs) {
    writeSync(2, 'watchdog: no answer for ' + workerData.stuckMs + ' ms; the server is stuck on ' + workerData.label + Atomics.load(beat, 0) + '\\n');
    process.kill(process.pid, 'SIGKILL');
  }
}, 250);
`;

export class Watchdog {
  private readonly beat = new Int32Array(new SharedArrayBuffer(8));
  private readonly worker: Worker;
  private beats = 0;

  constructor(stuckMs: number, label: string) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { shared: this.beat.buffer, stuckMs, label } });
    this.worker.unref();
  }

  /** Case `id` is being sent now. */
  watch(id: number): void {
    Atomics.store(this.beat, 0, id);
    // Never 0, which means at rest.
    this.beats = (this.beats % 0x7fffffff) + 1;
    Atomics.store(this.beat, 1, this.beats);
  }

  /** Nothing is in flight. */
  rest(): void {
    Atomics.store(this.beat, 1, 0);
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}
