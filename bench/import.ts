// `npm run bench:import`: revisions per second and peak memory of `wikiquery import` on real and generated dumps.
//
// Dumps: the ltgwiki dump from shared/data, a generated pages-articles dump (ltgwiki's pages
// repeated under new titles) and a generated history dump (each page with many revisions), both
// of BENCH_IMPORT_MB megabytes (default 1024). Each import runs in its own process, so its peak
// memory is its own. Generated dumps are kept in the temp folder and reused.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDump } from './import-dump-generator.ts';
import { findLua } from '../src/import/scribunto/engine.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const LTGWIKI = join(here, '../../shared/data/ltgwiki/ltgwiki-smallwiki-latest-pages-articles.xml');
const WORK = join(tmpdir(), 'wikiquery-bench');

interface Case {
  name: string;
  dump: string;
  /** Environment for the import (WIKIQUERY_LUA=none: modules not run). */
  env?: Record<string, string>;
}

interface Result {
  name: string;
  mb: number;
  pages: number;
  revisions: number;
  seconds: { read: number; links: number; finish: number; total: number };
  revisionsPerSecond: number;
  peakRssBytes: number;
  /** CPU time of the import process, all threads: what a loaded machine does not distort. */
  cpuSeconds: number;
  linkRows: number;
  ok: boolean;
}

async function child(dump: string, db: string): Promise<void> {
  const { runImport } = await import('../src/import/index.ts');
  const before = process.cpuUsage();
  const summary = await runImport({ dumps: [dump], db });
  const cpu = process.cpuUsage(before);
  // The Lua interpreters' CPU too: they have exited (their pipes closed with the link workers) and been reaped.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6 + childrenCpuSeconds();
  process.stdout.write(JSON.stringify({ ...summary, cpuSeconds }) + '\n');
}

/** CPU seconds of this process's reaped children (Linux /proc; 0 elsewhere). */
function childrenCpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
    // After the name: state is field 3; cutime and cstime are fields 16 and 17, in clock ticks (100 per second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

async function prepareDumps(megabytes: number): Promise<Case[]> {
  mkdirSync(WORK, { recursive: true });
  const cases: Case[] = [{ name: 'ltgwiki (real, 1 rev/page)', dump: LTGWIKI }];
  const bytes = megabytes * 1_000_000;
  for (const [name, perPage] of [['articles', 1], ['history', 20]] as const) {
    const path = join(WORK, `generated-${name}-${megabytes}mb.xml`);
    if (!existsSync(path) || Math.abs(statSync(path).size - bytes) > bytes * 0.05) {
      process.stderr.write(`generating ${path} ...\n`);
      await generateDump({ source: LTGWIKI, target: path, bytes, revisionsPerPage: perPage });
    }
    cases.push({ name: `generated ${name} (${perPage} rev/page)`, dump: path });
  }
  // The same history without running Lua modules: what the reading and link building alone cost.
  const history = cases[cases.length - 1]!;
  cases.push({ name: `${history.name}, Lua off`, dump: history.dump, env: { WIKIQUERY_LUA: 'none' } });
  return cases;
}

function runCase(c: Case): Result {
  // One file per bench process, so that two benches sharing the generated dumps do not clash.
  const db = join(WORK, `bench-${process.pid}.sqlite`);
  for (const suffix of ['', '.tmp', '.config.json']) rmSync(db + suffix, { force: true });
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', c.dump, db], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...c.env },
  });
  if (run.status !== 0) throw new Error(`import of ${c.dump} failed (exit ${run.status})`);
  const summary = JSON.parse(run.stdout.trim().split('\n').pop()!);
  for (const suffix of ['', '.tmp', '.config.json']) rmSync(db + suffix, { force: true });
  return { name: c.name, mb: statSync(c.dump).size / 1_000_000, ...summary };
}

function table(results: Result[]): string {
  const head = ['dump', 'MB', 'pages', 'revisions', 'read s', 'links s', 'finish s', 'total s', 'CPU s', 'rev/s', 'MB/s', 'peak RSS MB'];
  const rows = results.map((r) => [
    r.name,
    r.mb.toFixed(0),
    String(r.pages),
    String(r.revisions),
    r.seconds.read.toFixed(1),
    r.seconds.links.toFixed(1),
    r.seconds.finish.toFixed(1),
    r.seconds.total.toFixed(1),
    r.cpuSeconds.toFixed(1),
    Math.round(r.revisionsPerSecond).toString(),
    (r.mb / r.seconds.total).toFixed(1),
    (r.peakRssBytes / 1048576).toFixed(0),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') return child(args[1]!, args[2]!);
  const megabytes = Number(process.env.BENCH_IMPORT_MB ?? 1024);
  const cases = await prepareDumps(megabytes);
  const results: Result[] = [];
  for (const c of cases) {
    process.stderr.write(`importing ${c.name} ...\n`);
    const result = runCase(c);
    results.push(result);
    process.stderr.write(`${table([result])}\n`);
  }
  const os = await import('node:os');
  const load = os.loadavg().map((n) => n.toFixed(1)).join(' ');
  const lua = findLua();
  process.stdout.write(
    `\nwikiquery import on ${process.platform}, ${os.availableParallelism()} cores (load average now ${load}); ` +
      `Lua modules ${lua ? `run by ${lua}` : 'not run (no lua5.1)'}\n${table(results)}\n`,
  );
}

await main();
