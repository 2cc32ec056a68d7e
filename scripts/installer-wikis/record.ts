// Records MediaWiki's answers over an installer wiki (build.sh runs it while MediaWiki serves that
// wiki) into test/conformance/installer/KIND/recorded/, with the conformance harness's own case
// reader and recorder, and writes the wiki's site config beside them.
// Cases below an `@as` line are sent as that caller (the installer wiki has the fixture's accounts,
// made by the same populate.py); a case whose caller cannot log in there is left out and named.
// usage: node --import tsx scripts/installer-wikis/record.ts mariadb|postgres API_URL [--only area[,area]] [--settings FILE]
//   --only: records those areas again and keeps the other areas' recordings
//   --settings: the serving MediaWiki's LocalSettings.php, still writable: the thumbnails the cases
//     ask for are made first, then the settings are made read-only as wikiquery is
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { callerName, listAreas, readArea, type CaseLine } from '../../test/conformance/lib/cases.ts';
import { fetchCase, isObject, type RecordedArea, type RecordedCase } from '../../test/conformance/lib/exchange.ts';
import { ASKS_FOR_THUMBNAILS, recordAll } from '../../test/conformance/lib/recording.ts';
import { recordedDir, siteConfigFile } from '../../test/conformance/installer/installer-wikis.ts';

/**
 * paraminfo describes the modules and reads nothing from the database: replaying it over a
 * second and third database would only repeat the main suite. login and callers log in as the
 * fixture's bot passwords and sessions in every way a session can go, which this wiki does not
 * all have. Areas marked `@site miser` ask MediaWiki with `$wgMiserMode = true`, and this wiki's
 * MediaWiki runs with the fixture's settings only.
 */
const AREAS_NOT_RECORDED = new Set(['paraminfo', 'login', 'callers']);
const FIXTURE_CONFIG = new URL('../../config/fixture.json', import.meta.url).pathname;
const READ_ONLY_SETTINGS = new URL('../read-only-reference.php', import.meta.url).pathname;

const USAGE = 'usage: record.ts mariadb|postgres API_URL [--only area[,area]] [--settings FILE]';
const [kind, apiUrl, ...options] = process.argv.slice(2);
let only: string[] | undefined;
let settingsFile: string | undefined;
for (let i = 0; i < options.length; i++) {
  if (options[i] === '--only' && options[i + 1]) only = options[++i]!.split(',').filter(Boolean);
  else if (options[i] === '--settings' && options[i + 1]) settingsFile = options[++i];
  else {
    console.error(`unknown argument ${options[i]}; ${USAGE}`);
    process.exit(2);
  }
}
if ((kind !== 'mariadb' && kind !== 'postgres') || !apiUrl) {
  console.error(USAGE);
  process.exit(2);
}

/** The answers of the cases; those whose caller cannot log in on this wiki are left out, said so. */
async function recordCases(area: string, lines: readonly CaseLine[]): Promise<RecordedCase[]> {
  const results = await recordAll(apiUrl!, area, lines);
  const recorded: RecordedCase[] = [];
  for (const [index, result] of results.entries()) {
    if ('notRecorded' in result) console.log(`  ${area}: not recorded, ${lines[index]!.name} (${callerName(lines[index]!.caller)}): ${result.notRecorded}`);
    else recorded.push(result);
  }
  return recorded;
}

/**
 * A read-only MediaWiki cannot make a thumbnail it has not made before and answers thumberror,
 * while wikiquery computes thumbnail URLs whatever is on disk: the thumbnails the cases ask for
 * are made by sending those cases once while MediaWiki may still write, then the settings are
 * made read-only (PHP's opcache may keep the old ones a moment: siteinfo must say readonly).
 */
async function makeThumbnailsThenReadOnly(settings: string, areas: readonly string[]): Promise<void> {
  for (const area of areas) {
    const lines = readArea(area).cases.filter((line) => !line.post && ASKS_FOR_THUMBNAILS.test(line.query));
    for (const line of lines) await recordCases(area, [line]).catch((error: unknown) => console.log(`making thumbnails, ${area}: ${String(error)}`));
  }
  appendFileSync(settings, `\nrequire '${READ_ONLY_SETTINGS}';\n`);
  const deadline = Date.now() + 30_000;
  while ((await siteinfoGeneral()).readonly !== true) {
    if (Date.now() > deadline) throw new Error('MediaWiki did not become read-only within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function siteinfoGeneral(): Promise<Record<string, unknown>> {
  const answer = await fetchCase(apiUrl!, 'action=query&meta=siteinfo&siprop=general&format=json&formatversion=2');
  const general = isObject(answer.json) && isObject(answer.json.query) ? answer.json.query.general : undefined;
  if (!isObject(general)) throw new Error(`siteinfo gave no general facts: ${JSON.stringify(answer.json)}`);
  return general;
}

/**
 * The fixture's site config, with the wiki id MediaWiki gives this database (the table prefix or
 * the schema joins the database name); the other facts are the same settings.
 */
function writeSiteConfig(general: Record<string, unknown>): void {
  const config = JSON.parse(readFileSync(FIXTURE_CONFIG, 'utf8')) as Record<string, unknown>;
  for (const [configKey, siteinfoKey] of [['server', 'server'], ['scriptPath', 'scriptpath'], ['siteName', 'sitename']] as const) {
    if (config[configKey] !== general[siteinfoKey]) {
      throw new Error(`${configKey} is ${String(config[configKey])} in config/fixture.json but MediaWiki says ${String(general[siteinfoKey])}`);
    }
  }
  config.dbName = general.wikiid;
  writeFileSync(siteConfigFile(kind as 'mariadb' | 'postgres'), JSON.stringify(config, null, 1) + '\n');
}

const known = listAreas();
const unknown = only?.filter((area) => !known.includes(area)) ?? [];
if (unknown.length) throw new Error(`no such conformance area: ${unknown.join(', ')}`);
const areas = (only ?? known).filter((area) => !AREAS_NOT_RECORDED.has(area) && !readArea(area).site);
if (settingsFile) await makeThumbnailsThenReadOnly(settingsFile, areas);
const general = await siteinfoGeneral();
if (general.readonly !== true) throw new Error('MediaWiki is not read-only: wikiquery is (pass --settings to make it so)');
const reference = `${String(general.generator)} on ${String(general.dbtype)}`;
const dir = recordedDir(kind);
if (!only) rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
let total = 0;
for (const area of (only ?? known).filter((name) => !areas.includes(name))) console.log(`${area}: not recorded over the installer wiki`);
for (const area of areas) {
  const lines = readArea(area).cases;
  const recorded: RecordedArea = { area, reference, cases: await recordCases(area, lines) };
  writeFileSync(join(dir, `${area}.json`), JSON.stringify(recorded, null, 1) + '\n');
  total += recorded.cases.length;
  console.log(`${area}: ${recorded.cases.length} cases`);
}
writeSiteConfig(general);
console.log(`recorded ${total} cases from ${apiUrl} (${reference}); site config in ${siteConfigFile(kind)}`);
