// npm run robustness -- [--seconds 60] [--workers 2] [--fuzz 20000]: how the production server holds
// up, in figures anyone can rerun. Serves a copy of the fixture wiki with `wikiquery serve` (a
// supervisor and its workers, config/fixture.json's limits), then, against 127.0.0.1 only and
// bounded in count and time: fuzzes it with the generator of test/robustness, floods it (pipelined
// requests never read, slow-loris connections, a burst of connections) while another client times
// ordinary requests, soaks it with typical queries while sampling each worker's memory, counts
// worker restarts, stops it with SIGTERM, and prints a Markdown table for the README.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ENGINE_QUERIES } from '../bench/engine-queries.ts';
import { queryModules } from '../src/modules/index.ts';
import { loadServeOptions } from '../src/server/config.ts';
import { judgeAnswer, judgeWire } from '../test/robustness/answer-checks.ts';
import { fuzzedActions, makeCase, sampleContinues, type FuzzCase, type FuzzContext } from '../test/robustness/fuzz-requests.ts';
import { NoAnswer, sendRaw, sendWire, type RawAnswer } from '../test/robustness/raw-http.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    workers: { type: 'string', default: '2' },
    fuzz: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '16' },
    seed: { type: 'string', default: '20250116' },
    'flood-seconds': { type: 'string', default: '10' },
    'slow-loris': { type: 'string', default: '2000' },
    burst: { type: 'string', default: '5000' },
  },
});

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SHARED = process.env.WIKIQUERY_SHARED ?? join(REPO, '..', 'shared');
const FIXTURE_DB = join(SHARED, 'fixtures/fixture-wiki/data/wikidb.sqlite');
const CONFIG = join(REPO, 'config/fixture.json');
const SERVE = loadServeOptions(CONFIG, {});
const LIMITS = SERVE.request;

const SOAK_SECONDS = bounded('seconds', 1, 3600);
const WORKERS = bounded('workers', 1, 64);
const FUZZ_COUNT = bounded('fuzz', 0, 1_000_000);
const CONCURRENCY = bounded('concurrency', 1, 256);
const SEED = Number(values.seed);
const FLOOD_MS = bounded('flood-seconds', 1, 120) * 1000;
const SLOW_LORIS = bounded('slow-loris', 0, 10_000);
const BURST = bounded('burst', 0, 20_000);
/** An answer this late under load counts as none: the server hung. */
const HANG_MS = 15_000;
const PROBE_QUERY = 'action=query&titles=Mars&prop=info&format=json';
const LARGE_QUERY = 'action=paraminfo&modules=query%2B*&format=json';

function bounded(name: keyof typeof values, min: number, max: number): number {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} takes a number from ${min} to ${max}, not ${JSON.stringify(values[name])}`);
  return n;
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN;
}

function ms(n: number): string {
  return Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : Math.round(n)} ms` : '–';
}

function mb(bytes: number): string {
  return `${(bytes / 1048576).toFixed(0)} MB`;
}

// --- the server ---------------------------------------------------------------------------------

interface Served {
  child: ChildProcess;
  url: string;
  origin: string;
  apiPath: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startServer(db: string, logFile: string, eventFile: string): Promise<Served> {
  const args = ['bin/wikiquery.mjs', 'serve', '--db', db, '--config', CONFIG, '--workers', String(WORKERS), '--port', '0', '--host', '127.0.0.1', '--log-file', logFile];
  const child = spawn(process.execPath, args, { cwd: REPO, stdio: ['ignore', 'pipe', openSync(eventFile, 'a')] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`the server did not say it was listening within 60 s: ${text}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = /listening on (\S+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    void exited.then(({ code }) => reject(new Error(`the server exited with ${code} before listening: ${text}`)));
  });
  const parsed = new URL(url);
  return { child, url, origin: parsed.origin, apiPath: parsed.pathname, exited };
}

/** The supervisor's children: its workers. */
function childPids(pid: number): number[] {
  const out = new Set<number>();
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(/\s+/)) if (child) out.add(Number(child));
    }
    return [...out];
  } catch {
    const ps = spawnSync('ps', ['--ppid', String(pid), '-o', 'pid='], { encoding: 'utf8' });
    return ps.stdout.split(/\s+/).filter(Boolean).map(Number);
  }
}

function rssBytes(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

interface MemoryTrack {
  start: number;
  peak: number;
  /** When the soak began: what it adds under steady load shows apart from the floods' peaks. */
  soakStart: number | null;
  end: number;
  /** Phase in which the peak was seen. */
  peakPhase: string;
  firstSeen: string;
}

/** Samples the RSS of the supervisor's workers twice a second, by pid; new pids are restarted workers. */
class MemorySampler {
  readonly tracks = new Map<number, MemoryTrack>();
  phase = 'start';
  private timer: NodeJS.Timeout | undefined;
  constructor(private readonly supervisor: number) {}
  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), 500);
  }
  stop(): void {
    clearInterval(this.timer);
  }
  sample(): void {
    for (const pid of childPids(this.supervisor)) {
      const rss = rssBytes(pid);
      if (rss === null) continue;
      const track = this.tracks.get(pid);
      if (!track) {
        this.tracks.set(pid, { start: rss, peak: rss, soakStart: null, end: rss, peakPhase: this.phase, firstSeen: this.phase });
        continue;
      }
      track.end = rss;
      if (this.phase === 'soak' && track.soakStart === null) track.soakStart = rss;
      if (rss > track.peak) {
        track.peak = rss;
        track.peakPhase = this.phase;
      }
    }
  }
}

async function metricsText(origin: string): Promise<string> {
  const answer = await sendRaw(origin, { method: 'GET', path: SERVE.metricsPath }, HANG_MS);
  return answer.body;
}

function metricValue(text: string, name: string): number | null {
  const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
  return m ? Number(m[1]) : null;
}

async function healthy(origin: string): Promise<boolean> {
  try {
    const answer = await sendRaw(origin, { method: 'GET', path: SERVE.healthPath }, HANG_MS);
    return answer.status === 200 && (JSON.parse(answer.body) as { status?: string }).status === 'ok';
  } catch {
    return false;
  }
}

// --- fuzz ---------------------------------------------------------------------------------------

interface FuzzFigures {
  cases: number;
  wireCases: number;
  answers: Map<string, number>;
  fiveHundreds: number;
  /** Answers that are not well-formed HTTP, or whose body is not well-formed in its format. */
  malformed: number;
  /** Connections reset or closed before the answers they were owed. */
  connectionErrors: number;
  /** Neither an answer nor a close in time. */
  hangs: number;
  /** Cases that broke any promise (a wrong status included). */
  broken: number;
  examples: string[];
  unhealthy: number;
  seconds: number;
}

const MALFORMED = /^(?:answer \d+: )?(?:not HTTP|body |JSONP|no XML|character not allowed|bare &|malformed markup|unbalanced|unclosed|not PHP|trailing data|HTML page|unexpected Content-Type|server internals|a \d+ answer with Content-Type|an error)/;

async function fuzz(served: Served): Promise<FuzzFigures> {
  const ctx: FuzzContext = {
    modules: queryModules.filter((m) => m.execute !== undefined),
    actions: fuzzedActions(queryModules),
    continues: await sampleContinues(served.origin, served.apiPath, HANG_MS),
    limits: LIMITS,
  };
  const figures: FuzzFigures = { cases: 0, wireCases: 0, answers: new Map(), fiveHundreds: 0, malformed: 0, connectionErrors: 0, hangs: 0, broken: 0, examples: [], unhealthy: 0, seconds: 0 };
  const count = (answers: RawAnswer[]) => {
    for (const a of answers) {
      const group = `${Math.floor(a.status / 100)}xx`;
      figures.answers.set(group, (figures.answers.get(group) ?? 0) + 1);
      if (a.status >= 500) figures.fiveHundreds++;
    }
  };
  const started = performance.now();
  let next = 0;
  let lastReport = started;
  const runOne = async (fuzzCase: FuzzCase): Promise<string[]> => {
    if (fuzzCase.kind === 'api') {
      try {
        const answer = await sendRaw(served.origin, fuzzCase.request, HANG_MS);
        count([answer]);
        return judgeAnswer(answer, fuzzCase.allowedStatuses, fuzzCase.format);
      } catch (e) {
        if (!(e instanceof NoAnswer)) throw e;
        if (/no answer within/.test(e.message)) figures.hangs++;
        else figures.connectionErrors++;
        return [`no answer: ${e.message}`];
      }
    }
    figures.wireCases++;
    const result = await sendWire(served.origin, fuzzCase.exchange, HANG_MS + fuzzCase.waitMs);
    count(result.answers);
    if (result.ending === 'timeout') figures.hangs++;
    else if (result.answers.length < fuzzCase.minAnswers) figures.connectionErrors++;
    return judgeWire(result, fuzzCase.answers, fuzzCase.minAnswers);
  };
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < FUZZ_COUNT) {
        const index = next++;
        const fuzzCase = makeCase(index, SEED, served.apiPath, ctx);
        const problems = await runOne(fuzzCase);
        figures.cases++;
        if (problems.some((p) => MALFORMED.test(p))) figures.malformed++;
        if (problems.length) {
          figures.broken++;
          if (figures.examples.length < 10) {
            const what = fuzzCase.kind === 'wire' ? `${fuzzCase.shape}: ${fuzzCase.variant}` : `${fuzzCase.request.method} ${fuzzCase.request.path.slice(0, 120)}`;
            figures.examples.push(`FUZZ_SEED=${SEED} FUZZ_CASE=${index} (${what}): ${problems.join('; ').slice(0, 300)}`);
          }
        }
        if (figures.cases % 1000 === 0) {
          if (!(await healthy(served.origin))) figures.unhealthy++;
          if (performance.now() - lastReport > 10_000) {
            lastReport = performance.now();
            log(`  fuzz: ${figures.cases}/${FUZZ_COUNT} cases, ${figures.broken} broken`);
          }
        }
      }
    }),
  );
  if (!(await healthy(served.origin))) figures.unhealthy++;
  figures.seconds = (performance.now() - started) / 1000;
  return figures;
}

// --- floods -------------------------------------------------------------------------------------

/**
 * Another client, in a process of its own so that the flood's client work does not slow it: an
 * ordinary request on a fresh connection every 100 ms, each timed, for `durationMs`.
 */
const PROBE_SOURCE = `
import { request } from 'node:http';
const [url, durationMs] = process.argv.slice(1);
const latencies = [];
let failures = 0;
const end = performance.now() + Number(durationMs);
const once = () => new Promise((resolve) => {
  const started = performance.now();
  const req = request(url, { agent: false, headers: { connection: 'close' }, timeout: 5000 }, (res) => {
    res.resume();
    res.on('end', () => { if (res.statusCode === 200) latencies.push(performance.now() - started); else failures++; resolve(); });
    res.on('error', () => { failures++; resolve(); });
  });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => { failures++; resolve(); });
  req.end();
});
while (performance.now() < end) {
  await once();
  await new Promise((r) => setTimeout(r, 100));
}
process.stdout.write(JSON.stringify({ latencies, failures }));
`;

interface ProbeFigures {
  count: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
}

function probe(url: string, durationMs: number): Promise<ProbeFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', PROBE_SOURCE, url, String(durationMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        const { latencies, failures } = JSON.parse(out) as { latencies: number[]; failures: number };
        latencies.sort((a, b) => a - b);
        resolve({ count: latencies.length, failures, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies[latencies.length - 1] ?? NaN });
      } catch {
        reject(new Error(`the probe printed ${JSON.stringify(out.slice(0, 200))}`));
      }
    });
  });
}

interface FloodFigures {
  name: string;
  detail: string;
  probe: ProbeFigures;
  healthyAfter: boolean;
}

function openSocket(origin: string): Promise<Socket> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Connections each sending many pipelined requests for a large answer, never reading a byte. */
async function pipelinedFlood(served: Served, connections: number, perConnection: number): Promise<FloodFigures> {
  const host = new URL(served.origin).host;
  const requests = Buffer.from(`GET ${served.apiPath}?${LARGE_QUERY} HTTP/1.1\r\nHost: ${host}\r\n\r\n`.repeat(perConnection), 'latin1');
  const sockets: Socket[] = [];
  const probing = probe(served.url + `?${PROBE_QUERY}`, FLOOD_MS);
  for (let i = 0; i < connections; i++) {
    const socket = await openSocket(served.origin);
    socket.on('error', () => {});
    socket.pause();
    socket.write(requests);
    sockets.push(socket);
  }
  const figures = await probing;
  const stillOpen = sockets.filter((s) => !s.destroyed).length;
  for (const s of sockets) s.destroy();
  return {
    name: `${connections} connections × ${perConnection} pipelined requests, never read`,
    detail: `${stillOpen} still open after ${FLOOD_MS / 1000} s`,
    probe: figures,
    healthyAfter: await healthy(served.origin),
  };
}

/** Connections that send their request header one byte a second. */
async function slowLoris(served: Served, connections: number): Promise<FloodFigures> {
  const host = new URL(served.origin).host;
  const header = Buffer.from(`GET ${served.apiPath}?${PROBE_QUERY}&slow=${'x'.repeat(200)} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: slow\r\n\r\n`, 'latin1');
  // Long enough to see the header timeout strike, bounded whatever the configuration.
  const holdMs = Math.min(60_000, Math.max(FLOOD_MS, LIMITS.headerTimeoutMs + 5_000));
  const sockets: { socket: Socket; sent: number; answer: string; failed: boolean }[] = [];
  let connectErrors = 0;
  const probing = probe(served.url + `?${PROBE_QUERY}`, holdMs);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      try {
        const socket = await openSocket(served.origin);
        const entry = { socket, sent: 0, answer: '', failed: false };
        socket.on('data', (c: Buffer) => (entry.answer += c.toString('latin1')));
        socket.on('error', () => (entry.failed = true));
        sockets.push(entry);
      } catch {
        connectErrors++;
      }
    }),
  );
  const tick = setInterval(() => {
    for (const entry of sockets) {
      if (entry.socket.destroyed || entry.sent >= header.length) continue;
      entry.socket.write(header.subarray(entry.sent, entry.sent + 1));
      entry.sent++;
    }
  }, 1000);
  const figures = await probing;
  clearInterval(tick);
  const timedOut = sockets.filter((e) => /^HTTP\/1\.1 408/.test(e.answer)).length;
  const closed = sockets.filter((e) => e.socket.destroyed || e.socket.readableEnded).length;
  for (const e of sockets) e.socket.destroy();
  return {
    name: `${connections} slow-loris connections (a header byte a second)`,
    detail: `${sockets.length} connected${connectErrors ? `, ${connectErrors} failed to connect` : ''}; after ${Math.round(holdMs / 1000)} s ${timedOut} answered 408, ${closed} closed by the server`,
    probe: figures,
    healthyAfter: await healthy(served.origin),
  };
}

/** Many connections at once, each asking one ordinary request and reading its answer. */
async function burst(served: Served, connections: number): Promise<FloodFigures> {
  const statuses = new Map<string, number>();
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  const probing = probe(served.url + `?${PROBE_QUERY}`, FLOOD_MS);
  const started = performance.now();
  await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<void>((resolve) => {
          const req = request(`${served.url}?action=query&meta=siteinfo&format=json`, { agent: false, headers: { connection: 'close' }, timeout: 30_000 }, (res) => {
            res.resume();
            res.on('end', () => {
              count(String(res.statusCode));
              resolve();
            });
            res.on('error', () => {
              count('cut');
              resolve();
            });
          });
          req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
          req.on('error', (e: NodeJS.ErrnoException) => {
            count(e.code ?? 'error');
            resolve();
          });
          req.end();
        }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const figures = await probing;
  return {
    name: `a burst of ${connections} connections, one request each`,
    detail: `all done in ${seconds.toFixed(1)} s: ${[...statuses].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ×${n}`).join(', ')}`,
    probe: figures,
    healthyAfter: await healthy(served.origin),
  };
}

// --- soak ---------------------------------------------------------------------------------------

interface SoakFigures {
  requests: number;
  errors: number;
  non200: number;
  seconds: number;
  p50: number;
  p99: number;
}

async function soak(served: Served, seconds: number): Promise<SoakFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let errors = 0;
  let non200 = 0;
  let turn = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const once = (qs: string) =>
    new Promise<void>((resolve) => {
      const t = performance.now();
      const req = request(`${served.url}?${qs}`, { agent, timeout: HANG_MS }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) non200++;
          latencies.push(performance.now() - t);
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) await once(ENGINE_QUERIES[turn++ % ENGINE_QUERIES.length][1]);
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length + errors, errors, non200, seconds: elapsed, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

// --- the run ------------------------------------------------------------------------------------

async function main(): Promise<number> {
  if (!existsSync(FIXTURE_DB)) throw new Error(`no fixture wiki at ${FIXTURE_DB}`);
  const dir = mkdtempSync(join(tmpdir(), 'wikiquery-robustness-'));
  const db = join(dir, 'wikidb.sqlite');
  copyFileSync(FIXTURE_DB, db);
  const requestLog = join(dir, 'requests.log');
  const eventLog = join(dir, 'events.log');
  log(`robustness: ${WORKERS} workers on ${availableParallelism()} cores, fuzz ${FUZZ_COUNT} cases, soak ${SOAK_SECONDS} s; logs in ${dir}`);
  const served = await startServer(db, requestLog, eventLog);
  const supervisor = served.child.pid!;
  const memory = new MemorySampler(supervisor);
  let stopped = false;
  try {
    // Workers start listening one by one; give the last a moment to be counted.
    await sleep(1000);
    memory.start();
    const workersAtStart = childPids(supervisor);

    memory.phase = 'fuzz';
    log(`fuzz: ${FUZZ_COUNT} cases, ${CONCURRENCY} at a time`);
    const fuzzed = await fuzz(served);

    const floods: FloodFigures[] = [];
    memory.phase = 'pipelined flood';
    log('flood: pipelined requests never read');
    floods.push(await pipelinedFlood(served, 20, 300));
    if (SLOW_LORIS > 0) {
      memory.phase = 'slow-loris';
      log(`flood: ${SLOW_LORIS} slow-loris connections`);
      floods.push(await slowLoris(served, SLOW_LORIS));
    }
    if (BURST > 0) {
      memory.phase = 'burst';
      log(`flood: a burst of ${BURST} connections`);
      floods.push(await burst(served, BURST));
    }

    memory.phase = 'soak';
    memory.sample();
    log(`soak: ${SOAK_SECONDS} s of typical queries, ${CONCURRENCY} at a time`);
    const soaked = await soak(served, SOAK_SECONDS);
    memory.sample();
    memory.stop();

    const metrics = await metricsText(served.origin);
    const restarts = metricValue(metrics, 'wikiquery_worker_restarts_total');
    const workersServing = metricValue(metrics, 'wikiquery_workers');
    const supervisorAlive = served.child.exitCode === null && served.child.signalCode === null;
    const workersAtEnd = childPids(supervisor);

    memory.phase = 'stop';
    const stopStarted = performance.now();
    served.child.kill('SIGTERM');
    const limit = SERVE.drainTimeoutMs + 5_000;
    const exit = await Promise.race([served.exited, sleep(limit).then(() => null)]);
    const stopSeconds = (performance.now() - stopStarted) / 1000;
    stopped = exit !== null;
    const eventErrors = readFileSync(eventLog, 'utf8').split('\n').filter((line) => /^\S+ error /.test(line) || /"level":"error"/.test(line));

    const lines: string[] = [];
    const row = (...cells: string[]) => lines.push(`| ${cells.join(' | ')} |`);
    lines.push(`### Robustness: ${WORKERS} workers, ${availableParallelism()} cores, \`npm run robustness -- --seconds ${SOAK_SECONDS} --workers ${WORKERS} --fuzz ${FUZZ_COUNT}\``, '');
    row('figure', 'value');
    row('---', '---');
    row('requests fuzzed', `${fuzzed.cases} (${fuzzed.wireCases} of them hostile HTTP), ${(fuzzed.cases / fuzzed.seconds).toFixed(0)} cases/s, seed ${SEED}`);
    row('answers by class', [...fuzzed.answers].sort().map(([k, n]) => `${k} ${n}`).join(', ') || '–');
    row('5xx answers', String(fuzzed.fiveHundreds));
    row('malformed answers', String(fuzzed.malformed));
    row('connection errors / hangs', `${fuzzed.connectionErrors} / ${fuzzed.hangs}`);
    row('cases breaking any promise', String(fuzzed.broken));
    row('failed health checks during the fuzz', String(fuzzed.unhealthy));
    for (const flood of floods) {
      const p = flood.probe;
      row(`flood: ${flood.name}`, `probe p50 ${ms(p.p50)}, p99 ${ms(p.p99)}, max ${ms(p.max)} (${p.count} probes, ${p.failures} failed); ${flood.detail}; healthy after: ${flood.healthyAfter ? 'yes' : 'NO'}`);
    }
    row(`soak: ${SOAK_SECONDS} s of typical queries, ${CONCURRENCY} at a time`, `${(soaked.requests / soaked.seconds).toFixed(0)} req/s, p50 ${ms(soaked.p50)}, p99 ${ms(soaked.p99)}, ${soaked.errors} errors, ${soaked.non200} not 200`);
    for (const [pid, track] of memory.tracks) {
      const note = track.firstSeen === 'start' ? '' : ` (started during ${track.firstSeen})`;
      const soakStart = track.soakStart === null ? '' : `, soak start ${mb(track.soakStart)}`;
      row(`memory of worker ${pid}${note}`, `start ${mb(track.start)}, peak ${mb(track.peak)} (${track.peakPhase})${soakStart}, end ${mb(track.end)}`);
    }
    row('worker restarts', `${restarts ?? '?'} (metrics); workers at start ${workersAtStart.length}, serving at the end ${workersServing ?? '?'}, same pids: ${workersAtStart.sort().join(',') === workersAtEnd.sort().join(',') ? 'yes' : 'no'}`);
    row('supervisor alive at the end', supervisorAlive ? 'yes' : 'NO');
    row('errors in the event log', String(eventErrors.length));
    row('SIGTERM', exit === null ? `still running after ${limit / 1000} s` : `exit ${exit.code ?? exit.signal} after ${stopSeconds.toFixed(2)} s (drain time ${SERVE.drainTimeoutMs / 1000} s)`);
    process.stdout.write(`${lines.join('\n')}\n`);
    if (fuzzed.examples.length) process.stdout.write(`\nFirst broken cases (replay with the fuzz test):\n${fuzzed.examples.map((e) => `- ${e}`).join('\n')}\n`);
    if (eventErrors.length) process.stdout.write(`\nFirst event log errors:\n${eventErrors.slice(0, 5).map((e) => `- ${e.slice(0, 300)}`).join('\n')}\n`);
    const ok = fuzzed.fiveHundreds === 0 && fuzzed.malformed === 0 && fuzzed.hangs === 0 && supervisorAlive && exit?.code === 0 && floods.every((f) => f.healthyAfter);
    if (ok) rmSync(dir, { recursive: true, force: true });
    else log(`logs kept in ${dir}`);
    return ok ? 0 : 1;
  } finally {
    memory.stop();
    if (!stopped && served.child.exitCode === null) {
      served.child.kill('SIGKILL');
      await served.exited;
    }
  }
}

process.exitCode = await main();
