// npm run bench:engine: microseconds per request of handleApiRequest in-process (no HTTP), for
// typical queries on the fixture wiki; medians of several rounds because the machine may be busy.
// Each request runs in its own event-loop turn, as in the server; the cost of that turn itself is
// measured once and subtracted. Time is the main thread's CPU time (/proc/thread-self/schedstat),
// which other processes on a busy machine hardly disturb; wall-clock time is shown too.
//
//   node --import tsx bench/engine.ts [--rounds 7] [--ms 300] [--only NAME] [--parse]
//   node --cpu-prof --cpu-prof-dir=/tmp/wq-prof --import tsx bench/engine.ts --only titles --ms 3000
//   node --import tsx bench/profile-summary.ts /tmp/wq-prof/*.cpuprofile
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { handleApiRequest } from '../src/api/main.ts';
import { ApiRequest } from '../src/api/request.ts';
import { ENGINE_QUERIES } from './engine-queries.ts';
import { fixtureApi, getRequest } from './in-process.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    /** Time spent on each query in each round. */
    ms: { type: 'string', default: '300' },
    only: { type: 'string' },
    /** Count the query-string parsing of the HTTP layer too. */
    parse: { type: 'boolean', default: false },
  },
});

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

async function main(): Promise<void> {
  const api = await fixtureApi();
  const queries = ENGINE_QUERIES.filter(([name]) => !values.only || name.includes(values.only));
  const rounds = Number(values.rounds);
  const budgetNs = BigInt(Math.round(Number(values.ms) * 1e6));
  const parsed = new Map(queries.map(([name, qs]) => [name, getRequest(qs)]));
  const samples = new Map<string, number[]>(queries.map(([name]) => [name, []]));
  const bytes = new Map<string, number>();

  const once = async (qs: string, name: string) => {
    // ApiRequest remembers which parameters were read, so each request is a fresh object.
    const request = values.parse ? getRequest(qs) : cloneRequest(parsed.get(name)!);
    return handleApiRequest(api, request);
  };
  for (const [name, qs] of queries) {
    for (let i = 0; i < 200; i++) await once(qs, name);
    const answer = await once(qs, name);
    bytes.set(name, Buffer.byteLength(answer.body));
  }
  const wall = new Map<string, number[]>(queries.map(([name]) => [name, []]));
  /** CPU and wall-clock microseconds per call of `run`. */
  const timed = async (run: () => Promise<unknown>): Promise<[number, number]> => {
    let n = 0;
    const cpu0 = threadCpuNs();
    const start = process.hrtime.bigint();
    let now = start;
    while (now - start < budgetNs) {
      for (let i = 0; i < 20; i++) {
        await run();
        await nextTurn();
      }
      n += 20;
      now = process.hrtime.bigint();
    }
    return [(threadCpuNs() - cpu0) / 1e3 / n, Number(now - start) / 1e3 / n];
  };
  const turns: number[] = [];
  const wallTurns: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const [turnCpu, turnWall] = await timed(async () => {});
    turns.push(turnCpu);
    wallTurns.push(turnWall);
    for (const [name, qs] of queries) {
      const [cpu, w] = await timed(() => once(qs, name));
      samples.get(name)!.push(cpu - median(turns));
      wall.get(name)!.push(w - median(wallTurns));
    }
  }
  console.log(`engine bench: handleApiRequest in-process, ${rounds} rounds x ${values.ms} ms per query${values.parse ? ', with query-string parsing' : ''}`);
  console.log(`(an event-loop turn per request, ${median(turns).toFixed(1)} µs, is subtracted)`);
  console.log(['query'.padEnd(28), 'cpu µs/req median', 'min', 'max', 'wall µs median', 'bytes'].join('\t'));
  let sum = 0;
  for (const [name] of queries) {
    const s = samples.get(name)!;
    sum += median(s);
    console.log([name.padEnd(28), median(s).toFixed(1), Math.min(...s).toFixed(1), Math.max(...s).toFixed(1), median(wall.get(name)!).toFixed(1), bytes.get(name)].join('\t'));
  }
  console.log(`${'sum of medians'.padEnd(28)}\t${sum.toFixed(1)}`);
}

/** CPU time of this thread in ns; without /proc (not Linux), the process's. */
function threadCpuNs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  } catch {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) * 1000;
  }
}

function nextTurn(): Promise<void> {
  return new Promise((ok) => setImmediate(ok));
}

/** A fresh request over the same parsed values (ApiRequest tracks which parameters were read). */
function cloneRequest(r: ApiRequest): ApiRequest {
  return new ApiRequest(r.method, new Map(r.entries()), r.headers, r.ip, r.url);
}

await main();
