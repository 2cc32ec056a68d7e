// Records the reference MediaWiki 1.39's answers to every conformance case into test/conformance/recorded/.
// usage: node --import tsx scripts/record-conformance.ts [--port N] [--ref URL [--run-dir DIR]] [--only area[,area]]
// Areas marked `@site miser` are recorded last, with the reference in miser mode (needs the run copy).
import { execFile } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { provideBotPasswords } from '../test/conformance/lib/bot-passwords.ts';
import { listAreas, readArea, readCases, RECORDED_DIR, type CaseLine } from '../test/conformance/lib/cases.ts';
import { fetchCase, isObject, type RecordedArea, type RecordedCase } from '../test/conformance/lib/exchange.ts';
import { ASKS_FOR_THUMBNAILS, recordAll } from '../test/conformance/lib/recording.ts';

const run = promisify(execFile);
const REFERENCE_DIR = '/work/shared/reference';
const DEFAULT_PORT = 8157;

interface Options {
  port: number;
  ref: string | null;
  /** The reference's run copy, where the extra bot passwords are put (start.sh's /tmp/mw-fixture-run-PORT). */
  runDir: string | null;
  only: string[] | null;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { port: DEFAULT_PORT, ref: null, runDir: null, only: null };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    if (argv[i] === '--port' && value) options.port = Number(argv[++i]);
    else if (argv[i] === '--ref' && value) options.ref = argv[++i] ?? null;
    else if (argv[i] === '--run-dir' && value) options.runDir = argv[++i] ?? null;
    else if (argv[i] === '--only' && value) options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else throw new Error(`unknown argument ${argv[i]}; usage: record-conformance.ts [--port N] [--ref URL [--run-dir DIR]] [--only area,...]`);
  }
  return options;
}

async function startReference(port: number): Promise<string> {
  const { stdout } = await run(join(REFERENCE_DIR, 'start.sh'), [String(port)], { timeout: 180_000 });
  const url = stdout.match(/http:\/\/\S+\/api\.php/)?.[0];
  if (!url) throw new Error(`start.sh ${port} printed no API URL:\n${stdout}`);
  return url;
}

/** The reference becomes read-only as wikiquery is (scripts/read-only-reference.php says how). */
function makeReadOnly(runDir: string): void {
  const settings = join(runDir, 'LocalSettings.php');
  const line = `require ${JSON.stringify(READ_ONLY_SETTINGS)};`;
  if (!readFileSync(settings, 'utf8').includes(line)) appendFileSync(settings, `\n${line}\n`);
}

const READ_ONLY_SETTINGS = fileURLToPath(new URL('./read-only-reference.php', import.meta.url));

/**
 * Areas whose case file starts with `@site miser` are recorded with `$wgMiserMode = true` in the
 * run copy's settings (as wikiquery's `miserMode`); the line is taken out again afterwards.
 */
const MISER_MODE_LINE = '$wgMiserMode = true;';

function setMiserMode(runDir: string, on: boolean): void {
  const settings = join(runDir, 'LocalSettings.php');
  const text = readFileSync(settings, 'utf8');
  const without = text.split('\n').filter((line) => line !== MISER_MODE_LINE).join('\n');
  writeFileSync(settings, on ? `${without.replace(/\n*$/, '\n')}${MISER_MODE_LINE}\n` : without);
}

/** PHP's opcache may serve the settings it compiled before for a second or two: wait for siteinfo to say the new ones. */
async function settingInEffect(apiUrl: string, flag: 'readonly' | 'misermode', wanted: boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await fetchCase(apiUrl, 'action=query&meta=siteinfo&format=json&formatversion=2');
    const general = isObject(answer.json) && isObject(answer.json.query) && isObject(answer.json.query.general) ? answer.json.query.general : {};
    if ((general[flag] === true) === wanted) return;
    if (Date.now() > deadline) throw new Error(`the reference's siteinfo did not say ${flag}=${wanted} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopReference(port: number): Promise<void> {
  await run(join(REFERENCE_DIR, 'stop.sh'), [String(port)], { timeout: 60_000 });
}

async function referenceGenerator(apiUrl: string): Promise<string> {
  const answer = await fetchCase(apiUrl, 'action=query&meta=siteinfo&siprop=general&format=json&formatversion=2');
  const general = isObject(answer.json) && isObject(answer.json.query) ? answer.json.query.general : undefined;
  return isObject(general) ? String(general.generator) : 'unknown';
}

/** The answers of the cases; a caller the reference refuses stops the recording. */
async function recordCases(apiUrl: string, area: string, lines: readonly CaseLine[]): Promise<RecordedCase[]> {
  const results = await recordAll(apiUrl, area, lines);
  return results.map((result, index) => {
    if ('notRecorded' in result) throw new Error(`case line ${lines[index]!.line} (${lines[index]!.name}): the reference refused the caller: ${result.notRecorded}`);
    return result;
  });
}

/**
 * A read-only MediaWiki cannot make a thumbnail it has not made before and answers thumberror,
 * while wikiquery computes thumbnail URLs whatever is on disk: the thumbnails the cases ask for
 * are made first, by sending those cases once while the reference may still write.
 */
async function makeThumbnails(apiUrl: string, areas: readonly string[]): Promise<void> {
  for (const area of areas) {
    const lines = readCases(area).filter((line) => !line.post && ASKS_FOR_THUMBNAILS.test(line.query));
    // One at a time, a failure only noted: the recording itself shows what the reference answers.
    for (const line of lines) await recordCases(apiUrl, area, [line]).catch((error) => console.log(`making thumbnails, ${area}: ${String(error)}`));
  }
}

async function recordArea(apiUrl: string, area: string, reference: string): Promise<number> {
  const { site, cases: lines } = readArea(area);
  const recorded: RecordedArea = { area, reference, ...(site ? { site } : {}), cases: await recordCases(apiUrl, area, lines) };
  writeFileSync(join(RECORDED_DIR, `${area}.json`), JSON.stringify(recorded, null, 1) + '\n');
  return lines.length;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const areas = listAreas().filter((area) => !options.only || options.only.includes(area));
  if (options.only) for (const area of options.only) if (!areas.includes(area)) throw new Error(`no case file for area ${area}`);
  const apiUrl = options.ref ?? (await startReference(options.port));
  try {
    const runDir = options.runDir ?? (options.ref ? null : `/tmp/mw-fixture-run-${options.port}`);
    if (runDir) {
      await provideBotPasswords(runDir);
      await makeThumbnails(apiUrl, areas);
      makeReadOnly(runDir);
      await settingInEffect(apiUrl, 'readonly', true);
    } else {
      console.log('no --run-dir: the bot passwords of data/bot-passwords.json are not put into the reference; callers using them cannot log in');
      console.log('no --run-dir: the reference is not made read-only as wikiquery is; siteinfo and write actions will be recorded as a writable wiki answers them');
    }
    mkdirSync(RECORDED_DIR, { recursive: true });
    const reference = await referenceGenerator(apiUrl);
    let total = 0;
    const miserAreas = areas.filter((area) => readArea(area).site === 'miser');
    if (miserAreas.length && !runDir) console.log(`no --run-dir: not recorded, as they need the reference in miser mode: ${miserAreas.join(', ')}`);
    for (const area of areas.filter((name) => !miserAreas.includes(name))) {
      const count = await recordArea(apiUrl, area, reference);
      total += count;
      console.log(`${area}: ${count} cases`);
    }
    if (miserAreas.length && runDir) {
      setMiserMode(runDir, true);
      try {
        await settingInEffect(apiUrl, 'misermode', true);
        for (const area of miserAreas) {
          const count = await recordArea(apiUrl, area, reference);
          total += count;
          console.log(`${area} (miser mode): ${count} cases`);
        }
      } finally {
        setMiserMode(runDir, false);
      }
    }
    console.log(`recorded ${total} cases in ${areas.length} areas from ${apiUrl} (${reference})`);
  } finally {
    if (!options.ref) await stopReference(options.port);
  }
}

await main();
