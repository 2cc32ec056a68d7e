// npm run bench:workers (and the end of npm run bench): requests per second and latency of typical
// queries with 1 worker process and with one per core (`wikiquery fixture --workers W`), from a
// load generator outside the server's processes: wrk when it is installed, otherwise a Node client
// in a process of its own with keep-alive connections.
//
//   node --import tsx bench/workers.ts [--seconds 10] [--connections 32] [--client wrk|node]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const REPO = fileURLToPath(new URL('..', import.meta.url));

const QUERIES: readonly [string, string][] = [
  ['siteinfo', 'action=query&meta=siteinfo&format=json'],
  ['allpages 50', 'action=query&list=allpages&aplimit=50&format=json'],
  ['generator allpages 20 + info, categories', 'action=query&generator=allpages&gaplimit=20&prop=info|categories&format=json'],
];

export interface WorkersBenchOptions {
  seconds: number;
  connections: number;
  /** wrk if installed unless 'node' is asked for. */
  client?: 'wrk' | 'node';
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function wrkInstalled(): boolean {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return probe.error === undefined && /wrk/.test(`${probe.stdout}${probe.stderr}`);
}

/** Starts the fixture wiki with W workers on a free port; resolves once every worker listens. */
function startFixture(workers: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['bin/wikiquery.mjs', 'fixture', '--port', '0', '--workers', String(workers), '--log-format', 'none'], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  // The supervisor's events (start, drain) are not part of the figures; they are shown if it fails to start.
  let events = '';
  child.stderr!.on('data', (chunk: Buffer) => (events = (events + chunk.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`the fixture server did not listen within 60 s: ${text}${events}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = /listening on (\S+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.once('exit', (code) => reject(new Error(`the fixture server exited with ${code}: ${text}${events}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** wrk's durations (`812.00us`, `1.23ms`, `2.01s`) in milliseconds. */
function wrkMs(text: string | undefined): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '');
  if (!m) return NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
}

function runWrk(url: string, options: WorkersBenchOptions, threads: number): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', [`-t${threads}`, `-c${options.connections}`, `-d${options.seconds}s`, '--latency', url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
      if (!rps) {
        reject(new Error(`wrk printed no figures: ${out}`));
        return;
      }
      const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + [...out.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      resolve({ rps: Number(rps[1]), p50: wrkMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1]), p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1]), errors });
    });
  });
}

/** The Node client: `connections` keep-alive connections each asking the next request as soon as it has an answer. */
const NODE_CLIENT = `
import { Agent, request } from 'node:http';
const [url, seconds, connections] = process.argv.slice(1);
const agent = new Agent({ keepAlive: true, maxSockets: Number(connections) });
const latencies = [];
let errors = 0;
const once = () => new Promise((resolve) => {
  const started = performance.now();
  const req = request(url, { agent }, (res) => {
    res.resume();
    res.on('end', () => { if (res.statusCode === 200) latencies.push(performance.now() - started); else errors++; resolve(); });
  });
  req.on('error', () => { errors++; resolve(); });
  req.end();
});
const started = performance.now();
const end = started + Number(seconds) * 1000;
await Promise.all(Array.from({ length: Number(connections) }, async () => { while (performance.now() < end) await once(); }));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
agent.destroy();
process.stdout.write(JSON.stringify({ rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors }));
`;

function runNodeClient(url: string, options: WorkersBenchOptions): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', NODE_CLIENT, url, String(options.seconds), String(options.connections)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out) as Measured);
      } catch {
        reject(new Error(`the Node client printed ${JSON.stringify(out.slice(0, 200))}`));
      }
    });
  });
}

/** A fresh connection per request: nothing idle is left behind for the server to close while the load runs. */
function getOnce(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end();
  });
}

async function warmUp(url: string): Promise<void> {
  for (let i = 0; i < 50; i++) await getOnce(url);
}

function fixed(n: number, digits = 2): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '–';
}

/** Runs the comparison and prints its table; resolves with the measured figures by worker count and query. */
export async function benchWorkers(options: WorkersBenchOptions): Promise<Map<number, Measured[]>> {
  const cores = availableParallelism();
  const installed = wrkInstalled();
  const useWrk = options.client !== 'node' && installed;
  const wrkThreads = Math.max(1, Math.floor(cores / 2));
  const counts = [...new Set([1, cores])];
  const generator = useWrk ? `wrk (${wrkThreads} thread${wrkThreads > 1 ? 's' : ''})` : `a Node client in its own process (${installed ? 'as asked' : 'wrk is not installed'})`;
  console.log(`workers bench: ${generator}, ${options.connections} keep-alive connections, ${options.seconds} s per query and worker count; fixture wiki, request log off`);
  if (cores <= 4) console.log(`note: this machine has ${cores} cores and the load generator runs on them too, so it takes CPU from the workers; the ${cores}-worker figures understate what ${cores} workers do with the cores to themselves`);
  const results = new Map<number, Measured[]>();
  for (const workers of counts) {
    const { child, url } = await startFixture(workers);
    try {
      const measured: Measured[] = [];
      for (const [, qs] of QUERIES) {
        const target = `${url}?${qs}`;
        await warmUp(target);
        measured.push(await (useWrk ? runWrk(target, options, wrkThreads) : runNodeClient(target, options)));
      }
      results.set(workers, measured);
    } finally {
      await stop(child);
    }
  }
  const header = ['query', ...counts.flatMap((w) => [`${w}w req/s`, `${w}w p50 ms`, `${w}w p99 ms`]), ...(counts.length > 1 ? [`${counts[1]}w/1w`] : []), 'errors'];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map(() => '---').join(' | ')} |`);
  QUERIES.forEach(([name], i) => {
    const cells = counts.flatMap((w) => {
      const m = results.get(w)![i];
      return [m.rps.toFixed(0), fixed(m.p50), fixed(m.p99)];
    });
    const ratio = counts.length > 1 ? [`${(results.get(counts[1])![i].rps / results.get(1)![i].rps).toFixed(2)}x`] : [];
    const errors = counts.reduce((sum, w) => sum + results.get(w)![i].errors, 0);
    console.log(`| ${[name, ...cells, ...ratio, String(errors)].join(' | ')} |`);
  });
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      client: { type: 'string' },
    },
  });
  if (values.client !== undefined && values.client !== 'wrk' && values.client !== 'node') throw new Error('--client takes wrk or node');
  await benchWorkers({ seconds: Number(values.seconds), connections: Number(values.connections), client: values.client as 'wrk' | 'node' | undefined });
}
