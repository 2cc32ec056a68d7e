// Starts wikiquery over the fixture wiki as a child process and says where its API answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { freePort } from '../../support/free-port.ts';
import { dirname, join, resolve as resolvePath } from 'node:path';
import type { SiteVariant } from './cases.ts';
import { fixtureCopyWithBotPasswords } from './bot-passwords.ts';

export const REPO_ROOT = new URL('../../../', import.meta.url).pathname;
export const START_TIMEOUT_MS = 30_000;
/** The output pipes are read to the end so a chatty server never blocks; only the tail is kept. */
const KEEP_OUTPUT_CHARS = 8000;
const LISTENING = /listening on (http:\/\/\S+\/api\.php)/;

export interface RunningServer {
  url: string;
  stop: () => void;
}

/** The fixture wiki's database, found as `wikiquery fixture` finds it. */
function fixtureDatabase(): string {
  const shared = resolvePath(process.env.WIKIQUERY_SHARED ?? join(REPO_ROOT, '../shared'));
  return join(shared, 'fixtures/fixture-wiki/data/wikidb.sqlite');
}

/**
 * `node bin/wikiquery.mjs serve --db COPY --config config/fixture.json --port P` over a copy of
 * the fixture (see fixtureCopyWithBotPasswords), which is what `wikiquery fixture` serves plus the extra bot
 * passwords; ready when it prints `listening on <url>`. With a site variant (an area's `@site`
 * line) the config is config/fixture.json with that variant's settings.
 */
export async function startOurServer(site?: SiteVariant): Promise<RunningServer> {
  const entry = join(REPO_ROOT, 'bin', 'wikiquery.mjs');
  if (!existsSync(entry)) throw new Error(`cannot start our server: ${entry} does not exist`);
  const copy = fixtureCopyWithBotPasswords(fixtureDatabase());
  const port = await freePort();
  const config = site ? siteVariantConfig(site, dirname(copy.db)) : FIXTURE_CONFIG;
  const args = ['serve', '--db', copy.db, '--config', config, '--port', String(port)];
  const child = spawn(process.execPath, [entry, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    copy.remove();
  };
  process.once('exit', stop);
  try {
    const url = await waitUntilListening(child, `node bin/wikiquery.mjs ${args.join(' ')}`);
    await warmUp(url);
    return { url, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/**
 * One request before the cases: the first answer of a fresh server loads what it keeps for the
 * next ones, which on a busy machine took longer than a case may (a case of the second server
 * would otherwise pay it in the middle of the run).
 */
async function warmUp(url: string): Promise<void> {
  await fetch(`${url}?action=query&meta=siteinfo&siprop=general|statistics&format=json`, { signal: AbortSignal.timeout(START_TIMEOUT_MS) })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
}

const FIXTURE_CONFIG = join(REPO_ROOT, 'config', 'fixture.json');

/** The `@site` settings over config/fixture.json, written into `dir` (removed with the database copy). */
function siteVariantConfig(site: SiteVariant, dir: string): string {
  const settings = { miser: { miserMode: true } }[site];
  const file = join(dir, `fixture-${site}.json`);
  writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(FIXTURE_CONFIG, 'utf8')) as object), ...settings }, null, 1));
  return file;
}

function waitUntilListening(child: ChildProcess, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
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
