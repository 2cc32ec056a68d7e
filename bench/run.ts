// npm run bench: requests per second and latency of typical queries against the fixture wiki on
// SQLite, MariaDB and PostgreSQL side by side (the servers are private ones this starts and stops,
// holding copies of the fixture), with each server's cost relative to SQLite; with --ref URL the
// same requests against another server such as the reference MediaWiki; then bench/workers.ts:
// 1 worker process against one per core (--workers-seconds per run, 0 to skip).
//
//   node --import tsx bench/run.ts [--backends sqlite,mariadb,postgres] [--requests 1000] [--rounds 3]
//     [--concurrency 8] [--ref URL] [--workers-seconds 10]
// The machine may be busy: each query is measured on the backends in turn, --rounds times, and the
// medians are printed, so that a burst of other work does not land on one backend only.
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer, type RunningServer } from '../src/cli.ts';
import { loadSiteConfig } from '../src/server/config.ts';
import { BACKEND_LABELS, parseBackends, prepareBackend, type BackendName, type FixtureBackend } from './backends.ts';
import { benchWorkers } from './workers.ts';

const { values } = parseArgs({
  options: {
    /** Requests per query, backend and round. */
    requests: { type: 'string', default: '1000' },
    /** Each query is measured on every backend in turn this many times; medians are printed. */
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '8' },
    backends: { type: 'string', default: 'sqlite,mariadb,postgres' },
    ref: { type: 'string' },
    'workers-seconds': { type: 'string', default: '10' },
  },
});

const QUERIES: [string, string][] = [
  ['siteinfo', 'action=query&meta=siteinfo&format=json'],
  ['allpages 50', 'action=query&list=allpages&aplimit=50&format=json'],
  ['categorymembers', 'action=query&list=categorymembers&cmtitle=Category:Planets&cmprop=ids|title|sortkey|timestamp&format=json'],
  ['backlinks', 'action=query&list=backlinks&bltitle=Mars&bllimit=50&format=json'],
  ['info 5 titles', 'action=query&prop=info&inprop=url|protection&titles=Mars|Earth|Venus|Moon|Nonexistent&format=json'],
  ['revisions content', 'action=query&prop=revisions&rvprop=ids|timestamp|user|comment|content&rvslots=main&titles=Mars|Earth&format=json&formatversion=2'],
  ['links+categories', 'action=query&prop=links|categories|templates&titles=Earth&pllimit=max&format=json'],
  ['generator allpages+info', 'action=query&generator=allpages&gaplimit=50&prop=info&format=json'],
  ['paraminfo query+*', 'action=paraminfo&modules=query%2B*&format=json'],
];

/** The same request may cost this many times SQLite's on a server over loopback (issue 10). */
const TARGET_RATIO = 2;

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function get(url: string): Promise<number> {
  return new Promise((ok, fail) => {
    const started = process.hrtime.bigint();
    const req = request(url, { agent }, (res) => {
      if (res.statusCode !== 200) fail(new Error(`${url}: HTTP ${res.statusCode}`));
      res.resume();
      res.on('end', () => ok(Number(process.hrtime.bigint() - started) / 1e6));
    });
    req.on('error', fail);
    req.end();
  });
}

interface Measured { rps: number; p50: number; p99: number }

async function measure(base: string, qs: string, total: number, concurrency: number): Promise<Measured> {
  const url = `${base}?${qs}`;
  // Warm-up: statements prepared, caches filled, on every connection the load will use.
  await Promise.all(Array.from({ length: concurrency }, () => get(url)));
  const latencies: number[] = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        latencies.push(await get(url));
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return {
    rps: total / seconds,
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
  };
}

interface Served { backend: FixtureBackend; wiki: RunningServer }

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function medianOf(samples: Measured[]): Measured {
  return { rps: median(samples.map((m) => m.rps)), p50: median(samples.map((m) => m.p50)), p99: median(samples.map((m) => m.p99)) };
}

function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '));
}

async function main() {
  const site = loadSiteConfig(fileURLToPath(new URL('../config/fixture.json', import.meta.url)));
  const total = Number(values.requests);
  const concurrency = Number(values.concurrency);
  const served: Served[] = [];
  const skipped: string[] = [];
  try {
    for (const name of parseBackends(values.backends)) {
      process.stderr.write(`preparing ${BACKEND_LABELS[name]}...\n`);
      const backend = await prepareBackend(name);
      if ('skipped' in backend) {
        skipped.push(`${BACKEND_LABELS[name]} skipped: ${backend.skipped}`);
        continue;
      }
      try {
        served.push({ backend, wiki: await startServer({ db: backend.database, site, port: 0, host: '127.0.0.1' }) });
      } catch (error) {
        await backend.stop();
        throw error;
      }
    }
    if (served.length === 0) throw new Error(`no backend to measure\n${skipped.join('\n')}`);

    const names = served.map(({ backend }) => backend.name);
    const baseline = names.includes('sqlite') ? 'sqlite' : undefined;
    const rounds = Number(values.rounds);
    console.log(`wikiquery bench: ${total} requests per query and backend in each of ${rounds} rounds (medians), concurrency ${concurrency}, fixture wiki; over HTTP on loopback, load generator in the server's process`);
    for (const line of skipped) console.log(line);
    const header = ['query'];
    for (const name of names) {
      const label = BACKEND_LABELS[name];
      header.push(`${label} req/s`, 'p50 ms', 'p99 ms');
      if (baseline && name !== baseline) header.push('x SQLite');
    }
    if (values.ref) header.push('ref req/s', 'ref p50 ms', 'speed-up');
    const table = [header];
    /** Per server backend: each query's cost relative to SQLite (SQLite's req/s over its req/s). */
    const ratios = new Map<BackendName, [string, number][]>();
    for (const [query, qs] of QUERIES) {
      process.stderr.write(`  ${query}\n`);
      const row = [query];
      let sqliteRps: number | undefined;
      let firstRps = 0;
      const samples = served.map((): Measured[] => []);
      for (let round = 0; round < rounds; round++) {
        for (const [index, { wiki }] of served.entries()) samples[index].push(await measure(wiki.url, qs, total, concurrency));
      }
      for (const [index, { backend }] of served.entries()) {
        const ours = medianOf(samples[index]);
        firstRps ||= ours.rps;
        row.push(ours.rps.toFixed(0), ours.p50.toFixed(2), ours.p99.toFixed(2));
        if (backend.name === 'sqlite') sqliteRps = ours.rps;
        else if (sqliteRps !== undefined) {
          const ratio = sqliteRps / ours.rps;
          row.push(`${ratio.toFixed(2)}x`);
          ratios.set(backend.name, [...(ratios.get(backend.name) ?? []), [query, ratio]]);
        }
      }
      if (values.ref) {
        const ref = await measure(values.ref, qs, Math.min(total, 200), concurrency);
        row.push(ref.rps.toFixed(0), ref.p50.toFixed(2), `${(firstRps / ref.rps).toFixed(1)}x`);
      }
      table.push(row);
    }
    console.log('');
    printTable(table);
    console.log('');
    for (const [name, list] of ratios) {
      const over = list.filter(([, ratio]) => ratio > TARGET_RATIO);
      const worst = list.reduce((a, b) => (b[1] > a[1] ? b : a));
      console.log(`${BACKEND_LABELS[name]}: at most ${TARGET_RATIO}x SQLite's cost per request on ${list.length - over.length}/${list.length} queries` +
        `${over.length ? ` (over: ${over.map(([query, ratio]) => `${query} ${ratio.toFixed(2)}x`).join(', ')})` : ''}; worst ${worst[0]} ${worst[1].toFixed(2)}x`);
    }
    if (values.ref) console.log(`speed-up: ${BACKEND_LABELS[names[0]]} req/s over the reference's`);
    const mem = process.memoryUsage();
    console.log(`memory: rss ${(mem.rss / 1048576).toFixed(1)} MB, heap ${(mem.heapUsed / 1048576).toFixed(1)} MB (servers and load generator in one process)`);
  } finally {
    agent.destroy();
    for (const { backend, wiki } of served) {
      await wiki.close();
      await backend.stop();
    }
  }
}

await main();

// The same server as processes behind one port, with 1 worker and one per core, loaded from outside.
const workersSeconds = Number(values['workers-seconds']);
if (workersSeconds > 0) {
  console.log('');
  await benchWorkers({ seconds: workersSeconds, connections: 32 });
}
