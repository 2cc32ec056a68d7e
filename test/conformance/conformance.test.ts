// Does wikiquery answer like MediaWiki 1.39 over the fixture wiki? Replays every recorded case.
// CONFORMANCE_OURS_URL=<api.php URL> compares that server instead of starting bin/wikiquery.mjs
// (CONFORMANCE_OURS_MISER_URL: the one for `@site miser` areas, which are skipped without it).
import { after, describe, test, type TestContext } from 'node:test';
import { listAreas, readArea, RECORDED_DIR, sameCaller, type SiteVariant } from './lib/cases.ts';
import { isWalk, type RecordedCase } from './lib/exchange.ts';
import { knownDifference, loadKnownDifferences } from './lib/expectations.ts';
import { startOurServer, type RunningServer } from './lib/our-server.ts';
import { loadRecordings, Replayer, type Outcome } from './lib/replay.ts';

const MAX_SHOWN_DIFFERENCES = 40;
const PARALLEL_CASES = 4;

const GIVEN_URL_VARIABLES: Record<SiteVariant, string> = { miser: 'CONFORMANCE_OURS_MISER_URL' };

/** Our server for the areas of one `@site` (undefined: the fixture as it is); null when a given server has no such variant. */
async function connect(site?: SiteVariant): Promise<RunningServer | null> {
  const given = process.env.CONFORMANCE_OURS_URL;
  if (given) {
    const variantUrl = site ? process.env[GIVEN_URL_VARIABLES[site]] : given;
    return variantUrl ? { url: variantUrl, stop: () => {} } : null;
  }
  return startOurServer(site);
}

function report(recorded: RecordedCase, outcome: Outcome): string {
  const shown = outcome.differences.slice(0, MAX_SHOWN_DIFFERENCES);
  const more = outcome.differences.length - shown.length;
  return [
    `differs from MediaWiki 1.39 (${recorded.query})`,
    ...shown.map((line) => `  ${line}`),
    ...(more > 0 ? [`  ... ${more} more`] : []),
  ].join('\n');
}

const tally = new Map<string, { identical: number; total: number }>();

function count(area: string, identical: boolean): void {
  const entry = tally.get(area) ?? { identical: 0, total: 0 };
  entry.total++;
  if (identical) entry.identical++;
  tally.set(area, entry);
}

function printSummary(): void {
  let identical = 0;
  let total = 0;
  for (const [area, entry] of [...tally].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`conformance ${area}: ${entry.identical}/${entry.total} identical`);
    identical += entry.identical;
    total += entry.total;
  }
  console.log(`conformance: ${identical}/${total} identical`);
}

/** Cases added or changed in cases/*.txt but not recorded again, and recordings of removed cases. */
function staleRecordings(): string[] {
  const recordedByArea = new Map(recordings.map((area) => [area.area, area]));
  const problems: string[] = [];
  for (const area of listAreas()) {
    const recorded = new Map((recordedByArea.get(area)?.cases ?? []).map((entry) => [entry.case, entry]));
    const { site, cases: written } = readArea(area);
    if (recordedByArea.has(area) && recordedByArea.get(area)!.site !== site) problems.push(`${area}.txt: @site ${site ?? '(none)'} but recorded with ${recordedByArea.get(area)!.site ?? 'the fixture as it is'}`);
    for (const line of written) {
      const entry = recorded.get(line.name);
      if (!entry) problems.push(`${area}.txt:${line.line}: "${line.name}" is not recorded`);
      else if (entry.query !== line.query || isWalk(entry) !== line.walk || (entry.post === true) !== line.post || !sameCaller(entry.caller, line.caller) || (entry.newSession === true) !== line.newSession) problems.push(`${area}.txt:${line.line}: "${line.name}" changed since it was recorded`);
    }
    const names = new Set(written.map((line) => line.name));
    for (const name of recorded.keys()) if (!names.has(name)) problems.push(`${area}: recorded "${name}" is no longer in ${area}.txt`);
  }
  for (const area of recordedByArea.keys()) if (!listAreas().includes(area)) problems.push(`recorded/${area}.json has no cases/${area}.txt`);
  return problems;
}

function defineCase(replayer: Replayer, area: string, recorded: RecordedCase, todo: string | undefined): void {
  test(`${area}: ${recorded.case}`, { todo }, async (t: TestContext) => {
    const outcome = await replayer.compare(area, recorded);
    const identical = outcome.differences.length === 0;
    count(area, identical);
    // A caller our server cannot log in yet, or a session whose login or logout went otherwise:
    // whatever its cases show, they wait for login.
    const waitsForLogin = outcome.loginFailure ?? outcome.brokenSession;
    if (waitsForLogin && !todo) t.todo(waitsForLogin);
    if (identical) return;
    if (outcome.unimplemented && !todo && !waitsForLogin) t.todo(`module ${outcome.unimplemented} is not implemented yet`);
    throw new Error(report(recorded, outcome));
  });
}

const recordings = loadRecordings();
const known = loadKnownDifferences();
let server: RunningServer | undefined;
/** Servers for the `@site` variants the recordings use; null: CONFORMANCE_OURS_URL gave none. */
const variantServers = new Map<SiteVariant, RunningServer | null>();
let startError: unknown;
try {
  server = (await connect())!;
  for (const site of new Set(recordings.flatMap((area) => (area.site ? [area.site] : [])))) variantServers.set(site, await connect(site));
} catch (error) {
  startError = error;
  server?.stop();
  for (const variant of variantServers.values()) variant?.stop();
  server = undefined;
}

if (!server) {
  test('conformance: our server starts', () => {
    throw startError;
  });
} else {
  const running = server;
  test('conformance: recordings exist and match the case files', () => {
    if (recordings.length === 0) throw new Error(`no recordings in ${RECORDED_DIR}: run scripts/record-conformance.ts`);
    const problems = staleRecordings();
    if (problems.length) throw new Error(`record again (scripts/record-conformance.ts --only <area>):\n  ${problems.join('\n  ')}`);
  });
  // Cases of one `@as` caller run one after another in file order (the replayer sees to it).
  const replayer = new Replayer(running.url);
  const variantReplayers = new Map([...variantServers].map(([site, variant]) => [site, variant && new Replayer(variant.url)]));
  describe('conformance with MediaWiki 1.39', { concurrency: PARALLEL_CASES }, () => {
    for (const recorded of recordings) {
      const areaReplayer = recorded.site ? variantReplayers.get(recorded.site) : replayer;
      if (!areaReplayer) {
        test(`${recorded.area}: served with @site ${recorded.site}`, { skip: `CONFORMANCE_OURS_URL is given without ${GIVEN_URL_VARIABLES[recorded.site!]}` }, () => {});
        continue;
      }
      for (const recordedCase of recorded.cases) {
        defineCase(areaReplayer, recorded.area, recordedCase, knownDifference(known, recorded.area, recordedCase.case));
      }
    }
  });
  after(() => {
    running.stop();
    for (const variant of variantServers.values()) variant?.stop();
    printSummary();
  });
}
