// Real `wikiquery serve` processes for the production tests: a copy of the fixture wiki, a config
// with a `serve` section, the command started as a user starts it, and stopped by its pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { fixtureConfig, fixtureDb } from '../support/fixture-wiki.ts';
import { freePort } from '../support/free-port.ts';
import type { ServeOptionsInput } from '../../src/server/options.ts';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

export interface WikiCopy {
  dir: string;
  db: string;
  config: string;
  remove(): void;
}

/** A writable copy of the fixture database and a config file with `serve` settings. */
export function copyFixture(serve: ServeOptionsInput = {}): WikiCopy {
  const dir = mkdtempSync(join(tmpdir(), 'wikiquery-prod-'));
  const db = join(dir, 'wiki.sqlite');
  copyFileSync(fixtureDb, db);
  chmodSync(db, 0o644);
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ ...JSON.parse(readFileSync(fixtureConfig, 'utf8')), serve }));
  return { dir, db, config, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RunningCli {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:PORT */
  base: string;
  api: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/**
 * Starts `wikiquery serve` and waits until /health answers (stdout may be a full disk, so the
 * listening line is not relied on).
 */
export async function startCli(args: string[], options: { stdio?: ('pipe' | 'ignore' | number)[]; timeoutMs?: number } = {}): Promise<RunningCli> {
  const port = await freePort();
  const child = spawn(process.execPath, ['bin/wikiquery.mjs', 'serve', '--port', String(port), ...args], {
    cwd: REPO,
    stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) => child.once('exit', (code, signal) => ok({ code, signal })));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let dead = false;
  void exited.then(() => (dead = true));
  for (;;) {
    if (dead) throw new Error(`wikiquery exited before answering:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`wikiquery did not answer in time:\n${output}`);
    }
    try {
      const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    child,
    port,
    base,
    api: `${base}/wiki/api.php`,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The worker processes of a supervisor (its children). */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)) if (task) out.push(Number(task));
  return out;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A describe block's own `wikiquery serve` over its own copy of a wiki, from its `before` hook
 * (then `ready`, if given) to its `after` hook. Read `wiki` and `server` inside tests.
 */
export function useServedCopy(makeWiki: () => WikiCopy, args: string[], ready?: (server: RunningCli) => Promise<void>): { readonly wiki: WikiCopy; readonly server: RunningCli } {
  let wiki: WikiCopy | undefined;
  let server: RunningCli | undefined;
  before(async () => {
    wiki = makeWiki();
    server = await startCli(['--db', wiki.db, '--config', wiki.config, ...args]);
    await ready?.(server);
  });
  after(async () => {
    await server?.stop();
    wiki?.remove();
  });
  return {
    get wiki() {
      if (!wiki) throw new Error('the wiki is made in a before hook');
      return wiki;
    },
    get server() {
      if (!server) throw new Error('the server starts in a before hook');
      return server;
    },
  };
}
