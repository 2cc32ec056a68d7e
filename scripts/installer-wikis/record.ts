// Records MediaWiki's answers over an installer wiki (build.sh runs it while MediaWiki serves that
// wiki) into test/conformance/installer/KIND/recorded/, with the conformance harness's own case
// reader and recorder, and writes the wiki's site config beside them.
// usage: node --import tsx scripts/installer-wikis/record.ts mariadb|postgres API_URL
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listAreas, readCases, type CaseLine } from '../../test/conformance/lib/cases.ts';
import { fetchCase, fetchWalk, isObject, type RecordedArea, type RecordedCase } from '../../test/conformance/lib/exchange.ts';
import { recordedDir, siteConfigFile } from '../../test/conformance/installer/installer-wikis.ts';

/**
 * paraminfo describes the modules and reads nothing from the database: replaying it over a
 * second and third database would only repeat the main suite. login and callers log in as the
 * fixture's accounts, whose passwords and bot passwords this wiki does not have.
 */
const AREAS_NOT_RECORDED = new Set(['paraminfo', 'login', 'callers']);
const PARALLEL_REQUESTS = 4;
const FIXTURE_CONFIG = new URL('../../config/fixture.json', import.meta.url).pathname;

const [kind, apiUrl] = process.argv.slice(2);
if ((kind !== 'mariadb' && kind !== 'postgres') || !apiUrl) {
  console.error('usage: record.ts mariadb|postgres API_URL');
  process.exit(2);
}

async function recordCase(line: CaseLine): Promise<RecordedCase> {
  if (line.walk) return { case: line.name, query: line.query, walk: true, pages: await fetchWalk(apiUrl!, line.query) };
  return { case: line.name, ...(await fetchCase(apiUrl!, line.query)) };
}

/** Keeps the case order of the file while a few requests run at once. */
async function recordAll(lines: CaseLine[]): Promise<RecordedCase[]> {
  const results: RecordedCase[] = new Array(lines.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < lines.length) {
      const line = lines[next]!;
      const index = next++;
      results[index] = await recordCase(line).catch((error: unknown) => {
        throw new Error(`case line ${line.line} (${line.name}): ${String(error)}`);
      });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_REQUESTS }, worker));
  return results;
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

const general = await siteinfoGeneral();
const reference = `${String(general.generator)} on ${String(general.dbtype)}`;
const dir = recordedDir(kind);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
let total = 0;
for (const area of listAreas().filter((name) => !AREAS_NOT_RECORDED.has(name))) {
  const lines = readCases(area);
  const recorded: RecordedArea = { area, reference, cases: await recordAll(lines) };
  writeFileSync(join(dir, `${area}.json`), JSON.stringify(recorded, null, 1) + '\n');
  total += lines.length;
  console.log(`${area}: ${lines.length} cases`);
}
writeSiteConfig(general);
console.log(`recorded ${total} cases from ${apiUrl} (${reference}); site config in ${siteConfigFile(kind)}`);
