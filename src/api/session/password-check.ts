// Password checks that keep the event loop free. PBKDF2 (MediaWiki's default) is computed by
// Node's crypto on libuv's thread pool already; bcrypt and argon2 are WebAssembly that would
// hold the calling thread for 25 to 300 ms, so they go to a thread of their own, started the
// first time such a hash is met. Should the thread not start, the check runs here.
import { Worker } from 'node:worker_threads';
import { checkPassword, type PasswordOptions, type PasswordVerdict } from '../../wiki/passwords.ts';
import type { PasswordJob } from './password-thread.ts';

/** Stored hashes computed as WebAssembly on the calling thread. */
const BLOCKING_HASH = /^:(?:bcrypt|argon2):/;

interface Pending {
  resolve(verdict: PasswordVerdict): void;
  reject(error: Error): void;
}

let thread: { worker: Worker; pending: Map<number, Pending> } | null | undefined;
let nextId = 0;

function passwordThread(): typeof thread {
  if (thread !== undefined) return thread;
  try {
    const entry = new URL('./password-thread.ts', import.meta.url).href;
    const worker = new Worker(new URL('../../runtime/tsx-bootstrap.mjs', import.meta.url), { workerData: { entry } });
    worker.unref();
    const pending = new Map<number, Pending>();
    worker.on('message', (message: { id: number; verdict?: PasswordVerdict; error?: string }) => {
      const job = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) job?.reject(new Error(message.error));
      else job?.resolve(message.verdict!);
    });
    const fail = (error: Error) => {
      for (const job of pending.values()) job.reject(error);
      pending.clear();
      thread = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('password thread exited')));
    thread = { worker, pending };
  } catch {
    thread = null;
  }
  return thread;
}

/** checkPassword, with bcrypt and argon2 computed off the calling thread. */
export function checkPasswordOffThread(stored: string, password: string, options: Omit<PasswordOptions, 'passwordConfig'> = {}): Promise<PasswordVerdict> {
  const worker = BLOCKING_HASH.test(stored) ? passwordThread() : null;
  if (!worker) return checkPassword(stored, password, options);
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    worker.pending.set(id, { resolve, reject });
    worker.worker.postMessage({ id, stored, password, options } satisfies PasswordJob);
  });
}

/** Ends the password thread (a process stopping; the next check starts another). */
export async function stopPasswordThread(): Promise<void> {
  const current = thread;
  thread = undefined;
  if (current) await current.worker.terminate();
}
