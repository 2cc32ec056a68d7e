// A server stuck in synchronous work blocks this process's timers too; a worker thread still sees it and ends the run.
import { Worker } from 'node:worker_threads';

/**
 * The worker reads the beat (the case being sent, and when) from shared memory; after `stuckMs`
 * without a new beat it writes which case hung to stderr and kills the process, so a hang is a
 * failure with a name instead of a run that never ends.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const beat = new Float64Array(workerData.shared);
setInterval(() => {
  if (beat[1] === 0) return;
  if (Date.now() - beat[1] > workerData.stuckMs) {
    writeSync(2, 'watchdog: no answer for ' + workerData.stuckMs + ' ms; the server is stuck on ' + workerData.label + beat[0] + '\\n');
    process.kill(process.pid, 'SIGKILL');
  }
}, 250);
`;

export class Watchdog {
  private readonly beat = new Float64Array(new SharedArrayBuffer(16));
  private readonly worker: Worker;

  constructor(stuckMs: number, label: string) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { shared: this.beat.buffer, stuckMs, label } });
    this.worker.unref();
  }

  /** Case `id` is being sent now. */
  watch(id: number): void {
    this.beat[0] = id;
    this.beat[1] = Date.now();
  }

  /** Nothing is in flight. */
  rest(): void {
    this.beat[1] = 0;
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}
