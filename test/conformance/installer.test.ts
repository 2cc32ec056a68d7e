// A wiki made by MediaWiki 1.39's own installer on MariaDB and on PostgreSQL, filled through
// MediaWiki's API (scripts/installer-wikis/build.sh), is served unchanged by wikiquery: every
// request MediaWiki answered over that database is replayed against `serve --db URL` on the same
// database, restored from the committed dump into a private server, and compared with the
// conformance suite's normalisation. What the database alone makes differ is allowed only as
// installer/known-differences.json and installer/tolerances.ts say, and checked to be only that.
import { after, before, describe, test, type TestContext } from 'node:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import { INSTALLER_DIR, INSTALLER_WIKIS, dumpFile, loadInstallerRecordings, restoreDump, siteConfigFile } from './installer/installer-wikis.ts';
import { sameUpToOrder } from './installer/tolerances.ts';
import { differences } from './lib/compare.ts';
import { isWalk, type RecordedCase, type RecordedResponse } from './lib/exchange.ts';
import { knownDifference, loadKnownDifferences, unimplementedModule } from './lib/expectations.ts';
import { comparableView } from './lib/normalise.ts';
import { CallerSessions, loginFailureReason, sendCase, type CallerSession } from './lib/session.ts';
import { databaseServerSkipReason, startDatabaseServer, type DatabaseKind, type DatabaseServer } from '../support/database-servers.ts';

const PARALLEL_CASES = 4;

interface KnownReason {
  reason: string;
  /** The answers must then be the same up to order. */
  orderOnly: boolean;
  /**
   * The database picks among equal rows by its plan of the moment, which may change between two
   * runs on the same data: the case may also come out identical.
   */
  unstable?: boolean;
}

interface InstallerKnownDifferences {
  reasons: Record<string, KnownReason>;
  /** `<kind>|<area>|<case>` → a key of `reasons`. */
  cases: Record<string, string>;
}

function loadInstallerKnownDifferences(): InstallerKnownDifferences {
  const known = JSON.parse(readFileSync(join(INSTALLER_DIR, 'known-differences.json'), 'utf8')) as InstallerKnownDifferences;
  for (const [key, reason] of Object.entries(known.cases)) {
    if (!known.reasons[reason]) throw new Error(`installer/known-differences.json: ${key} names no reason ${reason}`);
  }
  return known;
}

/** The main suite's known differences hold whatever database the wiki is on. */
const knownEverywhere = loadKnownDifferences();
const knownHere = loadInstallerKnownDifferences();

type Verdict =
  | { kind: 'identical' }
  | { kind: 'differs'; lines: string[]; unimplemented?: string; orderOnly: boolean };

function failure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One answer of ours against MediaWiki's, asked as the recorded case's caller. */
async function judgePage(url: string, session: CallerSession | undefined, recorded: RecordedCase, page: RecordedResponse): Promise<Verdict> {
  let ours: RecordedResponse;
  try {
    [ours] = (await sendCase(url, session, { ...recorded, query: page.query, walk: false })) as [RecordedResponse];
  } catch (error) {
    return { kind: 'differs', lines: [`request failed: ${failure(error)}`], orderOnly: false };
  }
  const oursView = comparableView(ours);
  const refView = comparableView(page);
  const lines = differences(oursView, refView);
  if (lines.length === 0) return { kind: 'identical' };
  return { kind: 'differs', lines, unimplemented: unimplementedModule(ours, page, page.query), orderOnly: sameUpToOrder(oursView, refView) };
}

/**
 * A case recorded as a caller (`@as`) is sent in that caller's session, logged in on our server
 * as it was on MediaWiki's. A walk replays MediaWiki's own continuation queries, so each page is
 * judged on its own.
 */
async function judgeCase(url: string, session: CallerSession | undefined, recorded: RecordedCase): Promise<Verdict> {
  if (session && recorded.caller) {
    let loginFailure: string | undefined;
    try {
      loginFailure = loginFailureReason(recorded.caller, await session.prepare(recorded));
    } catch (error) {
      loginFailure = `login failed: ${failure(error)}`;
    }
    if (loginFailure) return { kind: 'differs', lines: [loginFailure], orderOnly: false };
  }
  if (!isWalk(recorded)) return judgePage(url, session, recorded, recorded);
  const verdicts = [];
  for (const page of recorded.pages) verdicts.push(await judgePage(url, session, recorded, page));
  const differing = verdicts.flatMap((verdict, index) => (verdict.kind === 'differs' ? [{ verdict, index }] : []));
  if (differing.length === 0) return { kind: 'identical' };
  return {
    kind: 'differs',
    lines: differing.flatMap(({ verdict, index }) => verdict.lines.map((line) => `page ${index + 1}: ${line}`)),
    unimplemented: differing.find(({ verdict }) => verdict.unimplemented)?.verdict.unimplemented,
    orderOnly: differing.every(({ verdict }) => verdict.orderOnly),
  };
}

function servedFromInstallerWiki(kind: DatabaseKind, label: string): void {
  const wiki = INSTALLER_WIKIS[kind];
  const recordings = loadInstallerRecordings(kind);
  const missing = existsSync(dumpFile(kind)) && recordings.length ? undefined : `no dump or recordings in test/conformance/installer/${kind}: run scripts/installer-wikis/build.sh ${kind}`;
  describe(`wikiquery over the wiki MediaWiki's installer made on ${label} answers as MediaWiki did`, { skip: databaseServerSkipReason(kind) ?? missing, concurrency: PARALLEL_CASES }, () => {
    let databaseServer: DatabaseServer | undefined;
    let ours: RunningServer | undefined;
    const sessions = new CallerSessions(() => ours!.url);
    const tally = { total: 0, identical: 0, orderOnly: 0, known: 0, unimplemented: 0 };

    before(async () => {
      databaseServer = await startDatabaseServer(kind, { database: wiki.database });
      await restoreDump(databaseServer, wiki);
      const db = { url: databaseServer.url, prefix: wiki.prefix, schema: wiki.schema };
      ours = await startServer({ db, site: loadSiteConfig(siteConfigFile(kind)), port: 0, host: '127.0.0.1' });
    });
    after(async () => {
      const { total, identical, orderOnly, known, unimplemented } = tally;
      console.log(
        `installer wiki on ${label}: ${identical}/${total} identical, ` +
          `${orderOnly} only in the order the database returns rows, ${known} other known differences, ${unimplemented} unimplemented`,
      );
      await ours?.close();
      await databaseServer?.stop();
    });

    for (const area of recordings) {
      for (const recorded of area.cases) {
        const listed = knownHere.cases[`${kind}|${area.area}|${recorded.case}`];
        const listedReason = listed ? knownHere.reasons[listed] : undefined;
        const todo = knownDifference(knownEverywhere, area.area, recorded.case) ?? (listedReason?.orderOnly ? undefined : listedReason?.reason);
        test(`${kind} ${area.area}: ${recorded.case}`, { todo }, async (t: TestContext) => {
          const verdict = await sessions.inTurn(area.area, recorded.caller, (session) => judgeCase(ours!.url, session, recorded));
          tally.total++;
          if (listed && verdict.kind !== 'differs' && !listedReason?.unstable) {
            throw new Error(`no longer differs in the way installer/known-differences.json says (${listed}): take it off the list`);
          }
          if (verdict.kind === 'identical') {
            tally.identical++;
            return;
          }
          if (todo) {
            tally.known++;
          } else if (verdict.unimplemented) {
            tally.unimplemented++;
            t.todo(`module ${verdict.unimplemented} is not implemented yet`);
          } else if (listedReason?.orderOnly && verdict.orderOnly) {
            tally.orderOnly++;
            t.todo(listedReason.reason);
            return;
          }
          const orderNote = listedReason?.orderOnly ? ' (listed as differing in order only, but the answers differ in more than order)' : '';
          throw new Error(`differs from MediaWiki 1.39 on ${label}${orderNote} (${recorded.query})\n  ${verdict.lines.slice(0, 20).join('\n  ')}`);
        });
      }
    }
  });
}

servedFromInstallerWiki('mariadb', 'MariaDB');
servedFromInstallerWiki('postgres', 'PostgreSQL');
