// npm run bench: requests per second and latency of typical queries against the fixture wiki,
// and (with --ref URL) the same requests against another server such as the reference MediaWiki;
// then bench/workers.ts: 1 worker process against one per core (--workers-seconds per run).
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from '../src/cli.ts';
import { loadSiteConfig } from '../src/server/config.ts';
import { benchWorkers } from './workers.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '8' },
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

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function get(url: string): Promise<number> {
  return new Promise((ok, fail) => {
    const started = process.hrtime.bigint();
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => ok(Number(process.hrtime.bigint() - started) / 1e6));
    });
    req.on('error', fail);
    req.end();
  });
}

async function measure(base: string, qs: string, total: number, concurrency: number) {
  const url = `${base}?${qs}`;
  await get(url);
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

async function main() {
  const db = fileURLToPath(new URL('../../shared/fixtures/fixture-wiki/data/wikidb.sqlite', import.meta.url));
  const site = loadSiteConfig(fileURLToPath(new URL('../config/fixture.json', import.meta.url)));
  const server = await startServer({ db, site, port: 0, host: '127.0.0.1' });
  const total = Number(values.requests);
  const concurrency = Number(values.concurrency);
  console.log(`wikiquery bench: ${total} requests per query, concurrency ${concurrency}, fixture wiki`);
  console.log(['query', 'req/s', 'p50 ms', 'p99 ms', ...(values.ref ? ['ref req/s', 'ref p50 ms', 'speed-up'] : [])].join('\t'));
  for (const [name, qs] of QUERIES) {
    const ours = await measure(server.url, qs, total, concurrency);
    const row = [name, ours.rps.toFixed(0), ours.p50.toFixed(2), ours.p99.toFixed(2)];
    if (values.ref) {
      const ref = await measure(values.ref, qs, Math.min(total, 200), concurrency);
      row.push(ref.rps.toFixed(0), ref.p50.toFixed(2), `${(ours.rps / ref.rps).toFixed(1)}x`);
    }
    console.log(row.join('\t'));
  }
  const mem = process.memoryUsage();
  console.log(`memory: rss ${(mem.rss / 1048576).toFixed(1)} MB, heap ${(mem.heapUsed / 1048576).toFixed(1)} MB (server and load generator in one process)`);
  agent.destroy();
  await server.close();
}

await main();

// The same server as processes behind one port, with 1 worker and one per core, loaded from outside.
console.log('');
await benchWorkers({ seconds: Number(values['workers-seconds']), connections: 32 });
