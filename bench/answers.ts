// Every conformance request (and format variants of it) answered in-process, written to one file so
// that two versions of the engine can be compared byte for byte: a speed-up must not change answers.
//
//   node --import tsx bench/answers.ts /tmp/answers-before.jsonl
//   (change the engine)
//   node --import tsx bench/answers.ts /tmp/answers-after.jsonl --compare /tmp/answers-before.jsonl
// Clocks, random ids and session tokens are masked; the compare names the first differences.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { handleApiRequest } from '../src/api/main.ts';
import { listAreas, readCases, CONFORMANCE_DIR } from '../test/conformance/lib/cases.ts';
import type { Api } from '../src/api/api.ts';
import { fixtureApi, getRequest } from './in-process.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { compare: { type: 'string' } } });

/** The same request in other formats, so every printer sees every tree. */
function variants(qs: string): string[] {
  const parts = qs.split('&').filter((p) => !/^(format|formatversion|utf8|ascii)=/.test(p));
  const base = parts.join('&');
  return [
    qs,
    `${base}&format=json&formatversion=2`,
    `${base}&format=json&utf8=1`,
    `${base}&format=json&formatversion=2&ascii=1`,
    `${base}&format=xml`,
    `${base}&format=php`,
    `${base}&format=php&formatversion=2`,
    `${base}&format=jsonfm&formatversion=2`,
  ];
}

/** What changes from one run to the next by itself: clocks and random ids. */
function stable(body: string): string {
  return body
    .replace(/("(?:curtimestamp|time)": ?)"[^"]*"/g, '$1"<t>"')
    .replace(/((?:curtimestamp|time)=)"[^"]*"/g, '$1"<t>"')
    .replace(/(s:(?:12:"curtimestamp"|4:"time");)s:20:"[^"]*"/g, '$1<t>')
    .replace(/\[\s*'(?:curtimestamp|time)'\s*\]\s*=>\s*'[^']*'/g, '<t>')
    .replace(/"wgRequestId":"[0-9a-f]+"/g, '"wgRequestId":"<id>"')
    .replace(/"wgBackendResponseTime":\d+/g, '"wgBackendResponseTime":0')
    .replace(/"time":\d+\}$/g, '"time":0}')
    .replace(/\[[0-9a-f]{24}\]/g, '[<id>]')
    .replace(/[0-9a-f]{40}\+\\/g, '<token>+\\');
}

/** Where two answers part, with some context. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}:\n    before …${a.slice(Math.max(0, i - 150), i + 150)}…\n    after  …${b.slice(Math.max(0, i - 150), i + 150)}…`;
}

/** Every case of cases/ and extra/ in every format variant; the cases themselves by POST too. */
async function collectAnswers(api: Api): Promise<string[]> {
  const lines: string[] = [];
  for (const dir of [join(CONFORMANCE_DIR, 'cases'), join(CONFORMANCE_DIR, 'extra')]) {
    for (const area of listAreas(dir)) {
      for (const c of readCases(area, dir)) {
        for (const qs of variants(c.query)) {
          for (const method of qs === c.query ? (['GET', 'POST'] as const) : (['GET'] as const)) {
            const answer = await handleApiRequest(api, getRequest(qs, method));
            const body = stable(typeof answer.body === 'string' ? answer.body : answer.body.toString('latin1'));
            const headers = Object.entries(answer.headers).sort(([a], [b]) => a.localeCompare(b));
            lines.push(JSON.stringify({ area, method, qs, status: answer.status, headers, body }));
          }
        }
      }
    }
  }
  return lines;
}

/** Compares with an earlier run, request by request (requests only one of them has are skipped). */
function compare(lines: readonly string[], earlierFile: string): number {
  const keyOf = (line: string) => {
    const a = JSON.parse(line) as { area: string; method: string; qs: string };
    return `${a.area} ${a.method} ${a.qs}`;
  };
  const before = new Map(readFileSync(earlierFile, 'utf8').trimEnd().split('\n').map((l) => [keyOf(l), l]));
  let differing = 0;
  let compared = 0;
  for (const line of lines) {
    const old = before.get(keyOf(line));
    if (old === undefined) continue;
    compared++;
    if (old === line) continue;
    differing++;
    if (differing <= 10) console.log(`differs: ${line.slice(0, 160)}\n  ${firstDifference(old, line)}`);
  }
  console.log(`${compared} answers compared`);
  console.log(differing ? `${differing} answers differ` : 'all answers identical');
  return differing;
}

async function main(): Promise<void> {
  const lines = await collectAnswers(await fixtureApi());
  const out = positionals[0] ?? join(tmpdir(), 'wikiquery-answers.jsonl');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${lines.length} answers written to ${out}`);
  if (values.compare) process.exitCode = compare(lines, values.compare) ? 1 : 0;
}

await main();
