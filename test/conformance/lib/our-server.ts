// Starts wikiquery over the fixture wiki as a child process and says where its API answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '../../support/free-port.ts';
import { join } from 'node:path';

export const REPO_ROOT = new URL('../../../', import.meta.url).pathname;
export const START_TIMEOUT_MS = 30_000;
/** The output pipes are read to the end so a chatty server never blocks; only the tail is kept. */
const KEEP_OUTPUT_CHARS = 8000;
const LISTENING = /listening on (http:\/\/\S+\/api\.php)/;

export interface RunningServer {
  url: string;
  stop: () => void;
}

/** `node bin/wikiquery.mjs fixture --port P`; ready when it prints `listening on <url>`. */
export async function startOurServer(): Promise<RunningServer> {
  const entry = join(REPO_ROOT, 'bin', 'wikiquery.mjs');
  if (!existsSync(entry)) throw new Error(`cannot start our server: ${entry} does not exist`);
  const port = await freePort();
  const child = spawn(process.execPath, [entry, 'fixture', '--port', String(port)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stop);
  try {
    const url = await waitUntilListening(child, port);
    return { url, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

function waitUntilListening(child: ChildProcess, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const command = `node bin/wikiquery.mjs fixture --port ${port}`;
    const fail = (why: string): void => {
      clearTimeout(timer);
      reject(new Error(`${command} ${why}\n--- stdout ---\n${tail(stdout)}\n--- stderr ---\n${tail(stderr)}`));
    };
    const timer = setTimeout(() => fail(`printed no "listening on" line within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-KEEP_OUTPUT_CHARS);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString()).slice(-KEEP_OUTPUT_CHARS);
      const match = LISTENING.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('error', (error) => fail(`could not be started: ${error.message}`));
    child.once('exit', (code, signal) => fail(`exited before listening (code ${code}, signal ${signal})`));
  });
}

function tail(text: string): string {
  return text || '(empty)';
}
