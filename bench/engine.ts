// npm run bench:engine: microseconds per request of handleApiRequest in-process (no HTTP), for
// typical queries on the fixture wiki, over SQLite, MariaDB and PostgreSQL (private servers holding
// a copy of the fixture, started and stopped here); medians of several rounds because the machine
// may be busy. Each request runs in its own event-loop turn, as in the server; the cost of that
// turn itself is measured once and subtracted. CPU is the main thread's (/proc/thread-self/schedstat),
// which other processes on a busy machine hardly disturb; wall-clock time is shown too. A server
// store awaits each statement over loopback, so there wall time is more than CPU time, and the
// database server's own CPU (its processes', in 10 ms ticks) is shown beside it.
//
// Then the store layer's cost per statement over the raw driver: the statements these requests
// make, recorded, run once directly (better-sqlite3's prepared statements, the mariadb
// connector's execute, pg's named statements) and once through the backend's SqlExecutor.
//
//   node --import tsx bench/engine.ts [--backend sqlite|mariadb|postgres|all] [--rounds 7] [--ms 300]
//     [--only NAME] [--parse] [--overhead-ms 20 (0: no overhead part)] [--statements]
//   (--ms 0: the overhead part only)
//   node --cpu-prof --cpu-prof-dir=/tmp/wq-prof --import tsx bench/engine.ts --backend sqlite --only titles --ms 3000
//   node --import tsx bench/profile-summary.ts /tmp/wq-prof/*.cpuprofile
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { createPool } from 'mariadb';
import pg from 'pg';
import { handleApiRequest } from '../src/api/main.ts';
import { ApiRequest } from '../src/api/request.ts';
import { renderSql } from '../src/store/sql/dialect.ts';
import { serverParameter, type SqlExecutor } from '../src/store/sql/executor.ts';
import { openSqliteStore } from '../src/store/sqlite/index.ts';
import { openMariaDbStore } from '../src/store/mariadb/executor.ts';
import { openPostgresStore } from '../src/store/postgres/executor.ts';
import { connectionUrl, parseServerUrl } from '../src/store/server-url.ts';
import type { Store } from '../src/store/store.ts';
import { BACKEND_LABELS, parseBackends, prepareBackend, type BackendName, type FixtureBackend } from './backends.ts';
import { ENGINE_QUERIES } from './engine-queries.ts';
import { apiOver, FIXTURE_DB, getRequest } from './in-process.ts';
import { distinctStatements, RecordingExecutor, storeOver, type RecordedStatement } from '../test/support/recording-executor.ts';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'all' },
    rounds: { type: 'string', default: '7' },
    /** Time spent on each query in each round. */
    ms: { type: 'string', default: '300' },
    only: { type: 'string' },
    /** Count the query-string parsing of the HTTP layer too. */
    parse: { type: 'boolean', default: false },
    /** Time spent on each recorded statement, per mode (raw driver, store layer) and round. */
    'overhead-ms': { type: 'string', default: '20' },
    /** Print the layer's cost for each recorded statement. */
    statements: { type: 'boolean', default: false },
  },
});

const rounds = Number(values.rounds);
const queries = ENGINE_QUERIES.filter(([name]) => !values.only || name.includes(values.only));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

interface Timing { cpu: number; wall: number; dbCpu?: number }

/**
 * CPU (this thread's, and the database server's when it has one) and wall-clock microseconds per
 * call of `run`, each call in its own event-loop turn, for about `budgetMs`.
 */
async function timed(run: () => unknown, budgetMs: number, dbPid?: number): Promise<Timing> {
  const budgetNs = BigInt(Math.round(budgetMs * 1e6));
  let n = 0;
  const db0 = dbPid === undefined ? 0 : processTreeCpuNs(dbPid);
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
  const cpu = (threadCpuNs() - cpu0) / 1e3 / n;
  const wall = Number(now - start) / 1e3 / n;
  return dbPid === undefined ? { cpu, wall } : { cpu, wall, dbCpu: (processTreeCpuNs(dbPid) - db0) / 1e3 / n };
}

type EngineResult = Map<string, { cpu: number[]; wall: number[]; dbCpu: number[]; bytes: number }>;

async function openStore(backend: FixtureBackend): Promise<Store> {
  if (backend.name === 'sqlite') return openSqliteStore(FIXTURE_DB);
  const { url } = backend.database as { url: string };
  return backend.name === 'mariadb' ? openMariaDbStore(url) : openPostgresStore(url);
}

/** handleApiRequest over the backend's store, each query for `--ms` in each round. */
async function engineBench(backend: FixtureBackend): Promise<EngineResult> {
  const store = await openStore(backend);
  const dbPid = backend.server ? serverPid(backend.server.port) : undefined;
  try {
    const api = await apiOver(store);
    const parsed = new Map(queries.map(([name, qs]) => [name, getRequest(qs)]));
    const result: EngineResult = new Map(queries.map(([name]) => [name, { cpu: [], wall: [], dbCpu: [], bytes: 0 }]));
    const once = (qs: string, name: string) => {
      // ApiRequest remembers which parameters were read, so each request is a fresh object.
      const request = values.parse ? getRequest(qs) : cloneRequest(parsed.get(name)!);
      return handleApiRequest(api, request);
    };
    for (const [name, qs] of queries) {
      for (let i = 0; i < 200; i++) await once(qs, name);
      result.get(name)!.bytes = Buffer.byteLength((await once(qs, name)).body);
    }
    const turns: Timing[] = [];
    for (let r = 0; r < rounds; r++) {
      turns.push(await timed(async () => {}, Number(values.ms)));
      const turnCpu = median(turns.map((t) => t.cpu));
      const turnWall = median(turns.map((t) => t.wall));
      for (const [name, qs] of queries) {
        const t = await timed(() => once(qs, name), Number(values.ms), dbPid);
        const samples = result.get(name)!;
        samples.cpu.push(t.cpu - turnCpu);
        samples.wall.push(t.wall - turnWall);
        if (t.dbCpu !== undefined) samples.dbCpu.push(t.dbCpu);
      }
    }
    const label = BACKEND_LABELS[backend.name];
    console.log(`\nengine bench, ${label}: handleApiRequest in-process, ${rounds} rounds x ${values.ms} ms per query${values.parse ? ', with query-string parsing' : ''}`);
    console.log(`(an event-loop turn per request, ${median(turns.map((t) => t.cpu)).toFixed(1)} µs, is subtracted)`);
    console.log(['query'.padEnd(28), 'cpu µs/req median', 'min', 'max', 'wall µs median', ...(dbPid ? ['db cpu µs'] : []), 'bytes'].join('\t'));
    let cpuSum = 0;
    let wallSum = 0;
    for (const [name] of queries) {
      const s = result.get(name)!;
      cpuSum += median(s.cpu);
      wallSum += median(s.wall);
      console.log([name.padEnd(28), median(s.cpu).toFixed(1), Math.min(...s.cpu).toFixed(1), Math.max(...s.cpu).toFixed(1), median(s.wall).toFixed(1),
        ...(dbPid ? [median(s.dbCpu).toFixed(0)] : []), s.bytes].join('\t'));
    }
    console.log(`${'sum of medians'.padEnd(28)}\t${cpuSum.toFixed(1)}\t\t\t${wallSum.toFixed(1)}`);
    return result;
  } finally {
    await store.close();
  }
}

/** One statement run by the driver itself, as directly as it allows. */
type RawRun = (statement: RecordedStatement, index: number) => unknown;

interface RawDriver { run: RawRun; close(): Promise<void> }

/**
 * The driver with its own defaults and nothing of ours: the text rendered for the backend once,
 * bytes handed over as Buffers, rows as the driver returns them.
 */
function rawDriver(backend: FixtureBackend, executor: SqlExecutor): RawDriver {
  const rendered = new Map<string, string>();
  const sql = (text: string) => {
    let out = rendered.get(text);
    if (out === undefined) rendered.set(text, (out = renderSql(text, executor.dialect)));
    return out;
  };
  if (backend.name === 'sqlite') {
    const db = new Database(FIXTURE_DB, { readonly: true });
    const prepared = new Map<string, Database.Statement>();
    return {
      run: (statement) => {
        let s = prepared.get(statement.text);
        if (!s) prepared.set(statement.text, (s = db.prepare(sql(statement.text))));
        return statement.method === 'get' ? s.get(...statement.params) : s.all(...statement.params);
      },
      close: async () => { db.close(); },
    };
  }
  const { url } = backend.database as { url: string };
  if (backend.name === 'mariadb') {
    const { host, port, user, password, database } = parseServerUrl(url);
    const pool = createPool({ host, port, user, password, database, connectionLimit: 4 });
    return { run: (statement) => pool.execute(sql(statement.text), statement.params), close: () => pool.end() };
  }
  const pool = new pg.Pool({ connectionString: connectionUrl(url), max: 4, options: `-c search_path=${parseServerUrl(url).schema}` });
  return {
    run: (statement, index) => pool.query({ name: `raw_${index}`, text: sql(statement.text), values: statement.params as unknown[] }),
    close: () => pool.end(),
  };
}

function throughExecutor(executor: SqlExecutor, statement: RecordedStatement): unknown {
  if (statement.method === 'rows') return executor.rows(statement.select!, statement.rest!, ...statement.params);
  return statement.method === 'get' ? executor.get(statement.text, ...statement.params) : executor.all(statement.text, ...statement.params);
}

interface StatementCost { readonly method: RecordedStatement['method']; readonly text: string; readonly raw: Timing; readonly layer: Timing }

/**
 * Each recorded statement of the engine queries, raw and through the executor, in alternating
 * blocks of `--overhead-ms`: µs per statement, medians of the rounds.
 */
async function overheadBench(backend: FixtureBackend): Promise<StatementCost[]> {
  const executor = await backend.executor();
  const recorder = new RecordingExecutor(executor);
  const api = await apiOver(storeOver(recorder, backend.name));
  for (const [, qs] of queries) await handleApiRequest(api, getRequest(qs));
  // Bytes as the server drivers take them, so the raw driver is handed what it can send.
  const statements = distinctStatements(recorder.statements).map((s) => ({ ...s, params: s.params.map(serverParameter) }));
  const raw = rawDriver(backend, executor);
  const budget = Number(values['overhead-ms']);
  try {
    const modes = {
      raw: (s: RecordedStatement, i: number) => raw.run(s, i),
      layer: (s: RecordedStatement) => throughExecutor(executor, s),
    };
    for (let i = 0; i < 20; i++) {
      for (const [index, s] of statements.entries()) {
        await modes.raw(s, index);
        await modes.layer(s);
      }
    }
    const samples = statements.map(() => ({ raw: [] as Timing[], layer: [] as Timing[] }));
    for (let r = 0; r < rounds; r++) {
      for (const [index, s] of statements.entries()) {
        for (const mode of (r + index) % 2 ? (['layer', 'raw'] as const) : (['raw', 'layer'] as const)) {
          samples[index][mode].push(await timed(() => modes[mode](s, index), budget));
        }
      }
    }
    const summary = (ts: Timing[]): Timing => ({ cpu: median(ts.map((t) => t.cpu)), wall: median(ts.map((t) => t.wall)) });
    return statements.map((s, i) => ({ method: s.method, text: s.text, raw: summary(samples[i].raw), layer: summary(samples[i].layer) }));
  } finally {
    await raw.close();
    await (executor as { close?(): unknown }).close?.();
  }
}

interface OverheadSummary { statements: number; raw: Timing; layer: Timing }

/** Means over the statements (each as often as the request mix makes it once). */
function summarise(costs: readonly StatementCost[]): OverheadSummary {
  const mean = (pick: (c: StatementCost) => number) => costs.reduce((sum, c) => sum + pick(c), 0) / costs.length;
  return {
    statements: costs.length,
    raw: { cpu: mean((c) => c.raw.cpu), wall: mean((c) => c.raw.wall) },
    layer: { cpu: mean((c) => c.layer.cpu), wall: mean((c) => c.layer.wall) },
  };
}

/** all() and get() run the same statement as the raw driver; rows() may run its own (SQLite's json_array). */
function overheadGroups(costs: readonly StatementCost[]): [string, OverheadSummary][] {
  const plain = costs.filter((c) => c.method !== 'rows');
  const rows = costs.filter((c) => c.method === 'rows');
  return [['all statements', summarise(costs)], ['all()/get()', summarise(plain)], ...(rows.length ? [['rows()', summarise(rows)] as [string, OverheadSummary]] : [])];
}

function printOverhead(name: BackendName, costs: readonly StatementCost[]): void {
  console.log(`\nstore layer over the raw driver, ${BACKEND_LABELS[name]}: the ${costs.length} distinct statements of these requests, each ${rounds} x ${values['overhead-ms']} ms per mode; µs per statement, means of the per-statement medians`);
  console.log(['statements'.padEnd(16), 'n', 'raw cpu', 'executor cpu', 'adds', 'raw wall', 'executor wall', 'adds'].join('\t'));
  for (const [label, o] of overheadGroups(costs)) {
    console.log([label.padEnd(16), o.statements, o.raw.cpu.toFixed(1), o.layer.cpu.toFixed(1), (o.layer.cpu - o.raw.cpu).toFixed(1),
      o.raw.wall.toFixed(1), o.layer.wall.toFixed(1), (o.layer.wall - o.raw.wall).toFixed(1)].join('\t'));
  }
  if (!values.statements) return;
  console.log(['raw cpu', 'executor', 'adds', 'method', 'statement'].join('\t'));
  for (const c of costs) {
    console.log([c.raw.cpu.toFixed(1), c.layer.cpu.toFixed(1), (c.layer.cpu - c.raw.cpu).toFixed(1), c.method, c.text.replace(/\s+/g, ' ').slice(0, 150)].join('\t'));
  }
}

async function main(): Promise<void> {
  const engine = new Map<BackendName, EngineResult>();
  const overheads = new Map<BackendName, StatementCost[]>();
  const skipped: string[] = [];
  for (const name of parseBackends(values.backend)) {
    const backend = await prepareBackend(name);
    if ('skipped' in backend) {
      skipped.push(`${BACKEND_LABELS[name]} skipped: ${backend.skipped}`);
      console.log(`\n${skipped.at(-1)}`);
      continue;
    }
    try {
      if (Number(values.ms) > 0) engine.set(name, await engineBench(backend));
      if (Number(values['overhead-ms']) > 0) {
        const overhead = await overheadBench(backend);
        overheads.set(name, overhead);
        printOverhead(name, overhead);
      }
    } finally {
      await backend.stop();
    }
  }
  if (overheads.size > 1) {
    console.log('\nstore layer over the raw driver, µs per statement (cpu / wall; all(), get() and rows() as the store calls them):');
    for (const [name, costs] of overheads) {
      console.log(`  ${BACKEND_LABELS[name].padEnd(11)} ${overheadGroups(costs).map(([label, o]) => `${label} ${(o.layer.cpu - o.raw.cpu).toFixed(1)} / ${(o.layer.wall - o.raw.wall).toFixed(1)}`).join('; ')}`);
    }
  }
  for (const line of skipped) console.log(line);
  if (engine.size < 2) return;
  console.log('\nside by side: µs per request, medians (cpu: this process\'s main thread; wall: with the database\'s round trips)');
  const names = [...engine.keys()];
  const header = ['query'.padEnd(28), ...names.flatMap((name) => [`${BACKEND_LABELS[name]} cpu`, 'wall'])];
  console.log(header.join('\t'));
  const sums = names.map(() => [0, 0]);
  for (const [query] of queries) {
    const row = [query.padEnd(28)];
    names.forEach((name, i) => {
      const s = engine.get(name)!.get(query)!;
      sums[i][0] += median(s.cpu);
      sums[i][1] += median(s.wall);
      row.push(median(s.cpu).toFixed(1), median(s.wall).toFixed(1));
    });
    console.log(row.join('\t'));
  }
  console.log(['sum of medians'.padEnd(28), ...sums.flatMap(([cpu, wall]) => [cpu.toFixed(1), wall.toFixed(1)])].join('\t'));
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

const CLOCK_TICK_NS = (() => {
  try {
    return 1e9 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 1e7;
  }
})();

/** Our child process listening on `port`: the private database server (found by its command line). */
function serverPid(port: number): number | undefined {
  for (const pid of childPids(process.pid)) {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (args.includes(`--port=${port}`) || args.some((arg, i) => arg === '-p' && args[i + 1] === String(port))) return pid;
  }
  return undefined;
}

function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** User and system CPU of a process and its descendants (PostgreSQL's backends are children), in ns. */
function processTreeCpuNs(pid: number): number {
  let ticks = 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime: fields 14 and 15 of stat, counted from the state field (3).
    ticks = Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
  return ticks * CLOCK_TICK_NS + childPids(pid).reduce((sum, child) => sum + processTreeCpuNs(child), 0);
}

function nextTurn(): Promise<void> {
  return new Promise((ok) => setImmediate(ok));
}

/** A fresh request over the same parsed values (ApiRequest tracks which parameters were read). */
function cloneRequest(r: ApiRequest): ApiRequest {
  return new ApiRequest(r.method, new Map(r.entries()), r.headers, r.ip, r.url);
}

await main();
