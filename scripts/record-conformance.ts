// Records the reference MediaWiki 1.39's answers to every conformance case into test/conformance/recorded/.
// usage: node --import tsx scripts/record-conformance.ts [--port N] [--ref URL] [--only area[,area]]
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { listAreas, readCases, RECORDED_DIR, type CaseLine } from '../test/conformance/lib/cases.ts';
import { fetchCase, fetchWalk, isObject, type RecordedArea, type RecordedCase } from '../test/conformance/lib/exchange.ts';

const run = promisify(execFile);
const REFERENCE_DIR = '/work/shared/reference';
const DEFAULT_PORT = 8157;
const PARALLEL_REQUESTS = 4;

interface Options {
  port: number;
  ref: string | null;
  only: string[] | null;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { port: DEFAULT_PORT, ref: null, only: null };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    if (argv[i] === '--port' && value) options.port = Number(argv[++i]);
    else if (argv[i] === '--ref' && value) options.ref = argv[++i] ?? null;
    else if (argv[i] === '--only' && value) options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else throw new Error(`unknown argument ${argv[i]}; usage: record-conformance.ts [--port N] [--ref URL] [--only area,...]`);
  }
  return options;
}

async function startReference(port: number): Promise<string> {
  const { stdout } = await run(join(REFERENCE_DIR, 'start.sh'), [String(port)], { timeout: 180_000 });
  const url = stdout.match(/http:\/\/\S+\/api\.php/)?.[0];
  if (!url) throw new Error(`start.sh ${port} printed no API URL:\n${stdout}`);
  return url;
}

async function stopReference(port: number): Promise<void> {
  await run(join(REFERENCE_DIR, 'stop.sh'), [String(port)], { timeout: 60_000 });
}

async function referenceGenerator(apiUrl: string): Promise<string> {
  const answer = await fetchCase(apiUrl, 'action=query&meta=siteinfo&siprop=general&format=json&formatversion=2');
  const general = isObject(answer.json) && isObject(answer.json.query) ? answer.json.query.general : undefined;
  return isObject(general) ? String(general.generator) : 'unknown';
}

async function recordCase(apiUrl: string, line: CaseLine): Promise<RecordedCase> {
  if (line.walk) return { case: line.name, query: line.query, walk: true, pages: await fetchWalk(apiUrl, line.query) };
  return { case: line.name, ...(await fetchCase(apiUrl, line.query)) };
}

/** Keeps the case order of the file while a few requests run at once. */
async function recordAll(apiUrl: string, lines: CaseLine[]): Promise<RecordedCase[]> {
  const results: RecordedCase[] = new Array(lines.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < lines.length) {
      const index = next++;
      const line = lines[index]!;
      results[index] = await recordCase(apiUrl, line).catch((error: unknown) => {
        throw new Error(`case line ${line.line} (${line.name}): ${String(error)}`);
      });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_REQUESTS }, worker));
  return results;
}

async function recordArea(apiUrl: string, area: string, reference: string): Promise<number> {
  const lines = readCases(area);
  const recorded: RecordedArea = { area, reference, cases: await recordAll(apiUrl, lines) };
  writeFileSync(join(RECORDED_DIR, `${area}.json`), JSON.stringify(recorded, null, 1) + '\n');
  return lines.length;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const areas = listAreas().filter((area) => !options.only || options.only.includes(area));
  if (options.only) for (const area of options.only) if (!areas.includes(area)) throw new Error(`no case file for area ${area}`);
  const apiUrl = options.ref ?? (await startReference(options.port));
  try {
    mkdirSync(RECORDED_DIR, { recursive: true });
    const reference = await referenceGenerator(apiUrl);
    let total = 0;
    for (const area of areas) {
      const count = await recordArea(apiUrl, area, reference);
      total += count;
      console.log(`${area}: ${count} cases`);
    }
    console.log(`recorded ${total} cases in ${areas.length} areas from ${apiUrl} (${reference})`);
  } finally {
    if (!options.ref) await stopReference(options.port);
  }
}

await main();
