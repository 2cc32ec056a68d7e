// Server CPU time per HTTP request: wikiquery runs in its own process (as `wikiquery fixture`),
// this process is the client, and the server's main-thread CPU time (/proc/PID/schedstat, ns) is
// read before and after each batch. Unlike req/s, this hardly depends on what else the machine
// is doing. A bare node:http server answering a fixed body gives the floor for comparison.
//
//   node --import tsx bench/http-cpu.ts [--requests 3000] [--rounds 3] [--concurrency 8]
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ENGINE_QUERIES } from './engine-queries.ts';
import { freePort } from '../test/support/free-port.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '8' },
    only: { type: 'string' },
  },
});

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BARE_SERVER = `
const body = '{"batchcomplete":"","query":{"pages":{"76":{"pageid":76,"ns":0,"title":"Mars"}}}}';
require('node:http').createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.argv[1]), '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + process.argv[1] + '/wiki/api.php'));
`;

async function start(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) ok(m[1]);
    });
    child.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
  return { child, url };
}

/** Main-thread CPU time of a process in microseconds. */
function cpuMicros(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function get(url: string): Promise<void> {
  return new Promise((ok, fail) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => ok());
    });
    req.on('error', fail);
    req.end();
  });
}

async function measure(pid: number, url: string, total: number, concurrency: number): Promise<{ cpu: number; rps: number }> {
  let next = 0;
  const cpu0 = cpuMicros(pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        await get(url);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { cpu: (cpuMicros(pid) - cpu0) / total, rps: total / seconds };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function main(): Promise<void> {
  const total = Number(values.requests);
  const rounds = Number(values.rounds);
  const concurrency = Number(values.concurrency);
  const ours = await start(['bin/wikiquery.mjs', 'fixture', '--port', String(await freePort()), ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)]);
  const bare = await start(['-e', BARE_SERVER, String(await freePort())]);
  const targets: [string, ChildProcess, string][] = [
    ['bare node:http (fixed body)', bare.child, `${bare.url}?x`],
    ...ENGINE_QUERIES.filter(([name]) => !values.only || name.includes(values.only)).map(
      ([name, qs]): [string, ChildProcess, string] => [name, ours.child, `${ours.url}?${qs}`],
    ),
  ];
  for (const [, , url] of targets) for (let i = 0; i < 300; i++) await get(url);
  const results = new Map<string, { cpu: number[]; rps: number[] }>(targets.map(([name]) => [name, { cpu: [], rps: [] }]));
  for (let r = 0; r < rounds; r++) {
    for (const [name, child, url] of targets) {
      const m = await measure(child.pid!, url, total, concurrency);
      results.get(name)!.cpu.push(m.cpu);
      results.get(name)!.rps.push(m.rps);
    }
  }
  console.log(`http cpu bench: ${total} requests x ${rounds} rounds per query, concurrency ${concurrency}, client in this process`);
  console.log(['query'.padEnd(28), 'server cpu µs/req', 'req/s'].join('\t'));
  for (const [name] of targets) {
    const { cpu, rps } = results.get(name)!;
    console.log([name.padEnd(28), median(cpu).toFixed(1), median(rps).toFixed(0)].join('\t'));
  }
  agent.destroy();
  ours.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
}

await main();
