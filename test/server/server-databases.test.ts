// `serve --db URL`: the fixture wiki, copied by `wikiquery copy` into the private MariaDB (under a
// table prefix) and PostgreSQL (in a schema of its own), served with config/fixture.json, answers every recorded
// conformance case as the fixture's SQLite file does. The only differences are siteinfo's dbtype,
// which names the database MediaWiki runs on, and timestamps in continuation values, which
// MediaWiki writes as the database spells them (compared as 14 digits here). Areas recorded with
// `@site miser` are served from a second server over the same database with `miserMode`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { copyWiki } from '../../src/import/copy/index.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import type { ServerDatabase } from '../../src/server/served-wiki.ts';
import { knownDifference, loadKnownDifferences } from '../conformance/lib/expectations.ts';
import { loadRecordings, Replayer } from '../conformance/lib/replay.ts';
import { fixtureCopyWithBotPasswords } from '../conformance/lib/bot-passwords.ts';
import { withFourteenDigitContinuation } from '../conformance/lib/continuation-timestamps.ts';
import { databaseServerSkipReason, startDatabaseServer, type DatabaseKind, type DatabaseServer } from '../support/database-servers.ts';
import { fixtureConfig, fixtureDb, skipWithoutFixture } from '../support/fixture-wiki.ts';

const PARALLEL_CASES = 4;

/**
 * The recordings were made over MediaWiki's SQLite database: siteinfo's general dbtype says
 * `sqlite` there and `mysql` or `postgres` here (dbversion is masked as a runtime value already).
 */
const DBTYPE_CASES = new Set([
  'formats|xml siteinfo general',
  'formats|xml siteinfo all props',
  'formats|xml siteinfo bad prop',
  'formats|php siteinfo general',
  'formats|php siteinfo general fv2',
  'formats|php siteinfo all props',
  'formats|php siteinfo all props fv2',
  'siteinfo|default prop is general',
  'siteinfo|general',
  'siteinfo|general fv2',
  'siteinfo|several props',
  'siteinfo|all props',
  'siteinfo|all props fv2',
  'siteinfo|bad prop',
  'siteinfo|general with uselang de',
  'siteinfo|unknown siteinfo parameter',
  'miser|siteinfo misermode',
]);
/** The permission matrix asks each caller for siteinfo's general facts. */
const DBTYPE_CALLER_CASE = /^callers\|@as [^:]+: siteinfo general usergroups$/;

/**
 * list=querypage orders by value alone, as MediaWiki's query pages do: rows of equal value come in
 * the database's own order, so MediaWiki itself answers differently on each. Such answers may
 * differ in which row of a value stands where, never in the values.
 */
function onlyTieOrder(key: string, differences: readonly string[]): boolean {
  if (TIE_ORDER_GENERATOR_CASES.has(key)) return differences.every((line) => /^body\.query\.pages\.-?\d+(: (missing|extra) in ours|\.title:)/.test(line));
  // A row with a non-ASCII title may land on another page of a walk, and with it the escapes.
  // In miser mode (the miser area) the expensive pages are read from querycache by value alone too.
  return /^(querypage\||miser\|querypage )/.test(key) && differences.every((line) => /^(page \d+: )?(body\.query\.querypage\.results\[\d+\]\.(?!value\b)[\w.]+|nonAscii):/.test(line));
}

/**
 * Deleted revisions named by id (generator=alldeletedrevisions) bring their titles in, read
 * without ORDER BY as MediaWiki reads them: each database's order gives the missing pages their
 * negative ids, so only which title has which id may differ.
 */
const ARCHIVED_TITLE_ORDER_CASES = new Set([
  'alldeletedrevisions|@as Admin: generator',
  'alldeletedrevisions|@as Admin: generator fv2 info',
  'alldeletedrevisions|@as Admin: @walk action=query&format=json&generator=alldeletedrevisions&gadrlimit=4',
  'deletedrevisions|@as Admin: generator alldeletedrevisions with revisions',
]);

function onlyArchivedTitleOrder(key: string, differences: readonly string[]): boolean {
  return ARCHIVED_TITLE_ORDER_CASES.has(key) && differences.every((line) => /^(page \d+: )?body\.query\.pages(\.-\d+|\[\d+\])\./.test(line));
}

/** A generator over a query page whose limit ends among rows of equal value gives other pages. */
const TIE_ORDER_GENERATOR_CASES = new Set(['querypage|generator Mostlinked with categories', 'querypage|generator GadgetUsage', 'miser|querypage generator Mostlinked']);

/**
 * list=search is the one piece of MediaWiki that is written per database: SearchMySQL requires
 * every word (its search characters drop `-`, so no negation), reads MyISAM FULLTEXT indexes of
 * `u8`-spelled words and ranks by MATCH ... AGAINST relevance; SearchPostgres matches to_tsquery's
 * stemmed lexemes against the tsvector columns, ranks by ts_rank, highlights the stems and reports
 * as total hits the rows it read; SearchSqlite, which the recordings come from, reads FTS3 in title
 * or page id order. So here a search case may differ only in what the search found (its results,
 * totals, generated pages and their redirects, continuation, or the engine's own error, such as
 * SearchMySQL's disabled search for blank words); each
 * engine's answers are compared with MediaWiki's own on that database in installer.test.ts
 * (installer/<kind>/recorded/search.json).
 */
function onlySearchEngine(key: string, differences: readonly string[]): boolean {
  return key.startsWith('search|') && differences.every((line) =>
    /^(page \d+: )?(body(\.(query(\.(search|searchinfo|pages|redirects|interwiki))?|continue|batchcomplete|error)\b.*)?: |status: |headers\.mediawiki-api-error|nonAscii: |pages: )/.test(line));
}

const recordings = loadRecordings();
const known = loadKnownDifferences();

function servedFrom(kind: DatabaseKind, label: string, database: (server: DatabaseServer) => ServerDatabase): void {
  describe(`serve --db URL on ${label} answers like the fixture's SQLite file`, { skip: skipWithoutFixture || databaseServerSkipReason(kind), concurrency: PARALLEL_CASES }, () => {
    let databaseServer: DatabaseServer | undefined;
    let wiki: RunningServer | undefined;
    /** The same database served with `miserMode`, for the areas recorded with `@site miser`. */
    let miserWiki: RunningServer | undefined;
    const tally = { identical: 0, dbtypeOnly: 0, tieOrderOnly: 0, searchEngineOnly: 0, total: 0 };
    // MediaWiki puts timestamps into continuation values as its database spells them: the
    // recordings were made over SQLite (14 digits), the answers here come from a server.
    const replayer = new Replayer(() => wiki!.url, withFourteenDigitContinuation);
    const miserReplayer = new Replayer(() => miserWiki!.url, withFourteenDigitContinuation);

    before(async () => {
      databaseServer = await startDatabaseServer(kind);
      const served = database(databaseServer);
      // With the bot passwords the conformance callers log in with, as the recordings were made.
      const fixture = fixtureCopyWithBotPasswords(fixtureDb);
      try {
        await copyWiki({ from: fixture.db, to: served.url, prefix: served.prefix, schema: served.schema });
      } finally {
        fixture.remove();
      }
      wiki = await startServer({ db: served, site: loadSiteConfig(fixtureConfig), port: 0, host: '127.0.0.1' });
      if (recordings.some((area) => area.site === 'miser')) miserWiki = await startServer({ db: served, site: loadSiteConfig(fixtureConfig, { miserMode: true }), port: 0, host: '127.0.0.1' });
    });
    after(async () => {
      console.log(`${label}: ${tally.identical}/${tally.total} recorded cases identical, ${tally.dbtypeOnly} differ only in dbtype, ${tally.tieOrderOnly} only in the order of equal query-page values, ${tally.searchEngineOnly} only in what their search engine found`);
      await wiki?.close();
      await miserWiki?.close();
      await databaseServer?.stop();
    });

    test('health reports the server database without its password, readable, interruptible', async () => {
      const response = await fetch(new URL('/health', wiki!.url));
      assert.equal(response.status, 200);
      const body = (await response.json()) as { database: { path: string; readable: boolean; interruptible: boolean; interruptNote?: string } };
      assert.equal(body.database.readable, true);
      // The request's queries stop at the time limit; the server's statement timeout stops the one running.
      assert.equal(body.database.interruptible, true);
      assert.equal(body.database.interruptNote, undefined);
      assert.match(body.database.path, new RegExp(`^${kind === 'mariadb' ? 'mysql' : 'postgres'}://`));
    });

    test('a sort key that is not UTF-8: MediaWiki\'s DBQueryError on PostgreSQL (whose TEXT refuses it), the members elsewhere', async () => {
      const response = await fetch(`${wiki!.url}?action=query&format=json&list=categorymembers&cmtitle=Category:Planets&cmstarthexsortkey=c3&cmlimit=3`);
      assert.equal(response.status, 200);
      const body = (await response.json()) as { error?: { code: string; info: string; errorclass: string }; query?: unknown };
      if (kind === 'postgres') {
        assert.equal(response.headers.get('mediawiki-api-error'), 'internal_api_error_DBQueryError');
        assert.equal(body.error?.errorclass, 'Wikimedia\\Rdbms\\DBQueryError');
        assert.match(body.error?.info ?? '', /^\[[0-9a-f]{24}\] Exception caught: Error 22021: invalid byte sequence for encoding "UTF8"/);
      } else {
        assert.ok(body.query, JSON.stringify(body));
      }
    });

    for (const area of recordings) {
      for (const recorded of area.cases) {
        const key = `${area.area}|${recorded.case}`;
        test(key, { todo: knownDifference(known, area.area, recorded.case) }, async (t) => {
          const outcome = await (area.site === 'miser' ? miserReplayer : replayer).compare(area.area, recorded);
          tally.total++;
          if (DBTYPE_CASES.has(key) || DBTYPE_CALLER_CASE.test(key)) {
            assert.notEqual(outcome.differences.length, 0, `${key} no longer differs in dbtype: take it off DBTYPE_CASES`);
            assert.deepEqual(outcome.differences.filter((line) => !/dbtype/.test(line)), [], `${key} differs in more than dbtype`);
            tally.dbtypeOnly++;
            return;
          }
          if (outcome.differences.length === 0) {
            tally.identical++;
            return;
          }
          if (onlyTieOrder(key, outcome.differences) || onlyArchivedTitleOrder(key, outcome.differences)) {
            tally.tieOrderOnly++;
            return;
          }
          if (onlySearchEngine(key, outcome.differences)) {
            tally.searchEngineOnly++;
            return;
          }
          if (outcome.loginFailure ?? outcome.brokenSession) t.todo(outcome.loginFailure ?? outcome.brokenSession);
          else if (outcome.unimplemented) t.todo(`module ${outcome.unimplemented} is not implemented yet`);
          assert.fail(`differs from MediaWiki 1.39 (${recorded.query})\n  ${outcome.differences.slice(0, 20).join('\n  ')}`);
        });
      }
    }
  });
}

servedFrom('mariadb', 'MariaDB', (server) => ({ url: server.url, prefix: 'mw_' }));
servedFrom('postgres', 'PostgreSQL', (server) => ({ url: server.url, schema: 'wiki' }));
