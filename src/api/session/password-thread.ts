// The password thread: verifies the hashes whose computation would block the thread it runs on
// (bcrypt and argon2 run as WebAssembly), one message per password.
import { parentPort } from 'node:worker_threads';
import { checkPassword, type PasswordOptions } from '../../wiki/passwords.ts';

export interface PasswordJob {
  id: number;
  stored: string;
  password: string;
  options: Omit<PasswordOptions, 'passwordConfig'>;
}

const port = parentPort!;
port.on('message', (job: PasswordJob) => {
  checkPassword(job.stored, job.password, job.options).then(
    (verdict) => port.postMessage({ id: job.id, verdict }),
    (error: unknown) => port.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
