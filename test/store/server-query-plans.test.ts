// Every statement the store runs for the list-reading requests reads MediaWiki's big tables through
// an index on MariaDB and PostgreSQL too, as the SQLite plan tests check for SQLite (allpages,
// backlinks, categorymembers ...). The fixture wiki is copied into each private server and served
// in-process over an executor that records each statement; the requests are the conformance cases
// and extra cases of the list, prop and generator modules, their continuation walks, and a default
// request of every list and prop module. Each statement is then explained with its parameters.
//
// The fixture's tables are tiny, and a planner rightly reads a tiny table whole, so each server is
// made to plan as for a big wiki:
// - PostgreSQL: every big table is made POSTGRES_SCALE times as big (copies of its rows under new
//   keys) and analysed, and the session disables sequential scans, hash joins and merge joins, so
//   that a table is read whole only where no index can serve. A Seq Scan left, or an index scan
//   with no index condition (the whole index read in its order), is a full read.
// - MariaDB: the engine-independent statistics of every table (ANALYZE TABLE ... PERSISTENT FOR
//   ALL) are given MARIADB_SCALE times the rows, which the optimizer then uses (use_stat_tables);
//   a big table read with type ALL (the whole table) or index (the whole index) is a full read.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createConnection, type Connection } from 'mariadb';
import pg from 'pg';
import { copyWiki } from '../../src/import/copy/index.ts';
import { handleApiRequest } from '../../src/api/main.ts';
import { queryModules } from '../../src/modules/index.ts';
import { renderSql, type Dialect } from '../../src/store/sql/dialect.ts';
import { serverParameter, type SqlExecutor } from '../../src/store/sql/executor.ts';
import { MariaDbExecutor } from '../../src/store/mariadb/executor.ts';
import { PostgresExecutor } from '../../src/store/postgres/executor.ts';
import { connectionUrl, parseServerUrl } from '../../src/store/server-url.ts';
import { apiOver, getRequest } from '../support/in-process.ts';
import { distinctStatements, RecordingExecutor, storeOver, type RecordedStatement } from '../support/recording-executor.ts';
import { CASES_DIR, CONFORMANCE_DIR, listAreas, readCases } from '../conformance/lib/cases.ts';
import { databaseServerSkipReason, startDatabaseServer, type DatabaseKind, type DatabaseServer } from '../support/database-servers.ts';
import { fixtureDb, skipWithoutFixture } from '../support/fixture-wiki.ts';
import { join } from 'node:path';

/** Tables that grow with the wiki: reading one whole is what an index must spare. */
const BIG_TABLES = new Set([
  'page', 'revision', 'text', 'slots', 'content', 'actor', 'comment', 'pagelinks', 'templatelinks', 'categorylinks',
  'linktarget', 'imagelinks', 'langlinks', 'iwlinks', 'externallinks', 'redirect', 'page_props', 'page_restrictions',
  'protected_titles', 'category', 'image', 'oldimage', 'filearchive', 'archive', 'logging', 'recentchanges',
  'watchlist', 'user', 'user_groups', 'ipblocks', 'ipblocks_restrictions', 'change_tag', 'log_search', 'searchindex',
]);

/** The conformance areas of modules that read lists of rows (not the formats, meta or action areas). */
/**
 * Areas whose requests read no list (the main module, formats, site facts, tokens) or need a
 * logged-in session (login, callers): every other area, new modules' included, is checked.
 */
const NOT_LIST_AREAS = new Set(['actions', 'formats', 'main', 'paraminfo', 'siteinfo', 'tokens', 'userinfo', 'login', 'callers']);

/** How many times as big the PostgreSQL copy is made, and the MariaDB statistics say it is. */
const POSTGRES_SCALE = 64;
const MARIADB_SCALE = 1000;

/**
 * Full reads that are the plan for a big wiki too, each with its reason: a semi-join may be driven
 * from its smaller side, which holds only the pages the filter keeps.
 */
const ALLOWED_FULL_READS: { table: string; statement: RegExp; why: string }[] = [
  {
    table: 'langlinks',
    statement: /EXISTS \(SELECT 1 FROM \{langlinks\} WHERE ll_from = page_id\)/,
    why: 'allpages apfilterlanglinks=withlanglinks: the pages with language links, read by ll_from (langlinks\' primary key) and looked up in page',
  },
  {
    table: 'page_restrictions',
    statement: /EXISTS \(SELECT 1 FROM \{page_restrictions\} WHERE pr_page = page_id/,
    why: 'allpages apprtype/apprexpiry: protected pages are few; MediaWiki too reads them from page_restrictions and joins page',
  },
  {
    table: 'page',
    statement: /ts_rank\(pc\.textvector, to_tsquery\(\?\), 5\) AS score FROM .* AND pc\.textvector @@ to_tsquery\(\?\) ORDER BY/s,
    why: 'list=search on PostgreSQL in every namespace (the all: prefix): SearchPostgres\'s join has no index from a matching text row back to its page (MediaWiki\'s schema has none on content_address), so with no namespace to walk page_name_title by, its planner reads page whole, as for MediaWiki\'s own query',
  },
  // The live query pages MediaWiki marks expensive read a whole namespace or link table by nature
  // (grouping every link, anti-joining every page, sorting by a computed value); in miser mode
  // MediaWiki and wikiquery both answer them from querycache instead.
  ...['page', 'revision', 'image', 'pagelinks', 'imagelinks', 'categorylinks', 'linktarget', 'templatelinks', 'langlinks', 'redirect'].map((table) => ({
    table,
    statement: /^SELECT .*\bAS namespace\b.* LIMIT \? OFFSET \?$/s,
    why: 'list=querypage: an expensive query page computed live (no miser mode), the same full read as MediaWiki\'s',
  })),
];

function allowedFullRead(table: string, statement: RecordedStatement): boolean {
  return ALLOWED_FULL_READS.some((allowed) => table.endsWith(allowed.table) && allowed.statement.test(statement.text));
}

/** Pages of a continuation walk followed at most. */
const WALK_PAGES = 10;

/** Parameter sets explained per statement text: enough to see the shapes of each, few enough to be quick. */
const PARAMETER_SETS_PER_STATEMENT = 4;

const TITLES = 'Earth|Mars|Main_Page|Category:Planets|Template:Infobox|File:Animated.gif|User:Alice|Help:Contents';

/** The requests: conformance and extra cases of the list areas, and each list and prop module once. */
function requests(): { query: string; walk: boolean }[] {
  const out: { query: string; walk: boolean }[] = [];
  const extraDir = join(CONFORMANCE_DIR, 'extra');
  for (const dir of [CASES_DIR, extraDir]) {
    for (const area of listAreas(dir).filter((name) => !NOT_LIST_AREAS.has(name))) {
      for (const line of readCases(area, dir)) out.push({ query: line.query, walk: line.walk });
    }
  }
  for (const module of queryModules) {
    const { group, name } = module.decl;
    if (group === 'list') {
      out.push({ query: `action=query&format=json&list=${name}`, walk: true });
      out.push({ query: `action=query&format=json&generator=${name}&prop=info`, walk: false });
    } else if (group === 'prop') {
      out.push({ query: `action=query&format=json&prop=${name}&titles=${TITLES}`, walk: true });
      out.push({ query: `action=query&format=json&generator=${name}&titles=${TITLES}`, walk: false });
    }
  }
  return out;
}

interface Explainer {
  /** Why this statement's plan reads a big table whole, or nothing when it does not. */
  fullScans(statement: RecordedStatement): Promise<string[]>;
  close(): Promise<void>;
}

function rendered(statement: RecordedStatement, dialect: Dialect): string {
  return renderSql(statement.text, dialect);
}

/** PostgreSQL: EXPLAIN (FORMAT JSON) on the scaled copy, with sequential scans, hash and merge joins off. */
async function postgresExplainer(url: string, schema: string, dialect: Dialect): Promise<Explainer> {
  const client = new pg.Client({
    connectionString: connectionUrl(url),
    options: `-c TimeZone=UTC -c search_path=${schema} -c enable_seqscan=off -c enable_hashjoin=off -c enable_mergejoin=off`,
  });
  await client.connect();
  await scalePostgresWiki(client, schema, POSTGRES_SCALE);
  return {
    async fullScans(statement) {
      const sql = `EXPLAIN (FORMAT JSON) ${rendered(statement, dialect)}`;
      const result = await client.query(sql, statement.params.map(serverParameter) as unknown[]).catch((error: Error) => {
        throw new Error(`${error.message}: ${sql} ${JSON.stringify(statement.params)}`, { cause: error });
      });
      const plan = (result.rows[0] as { 'QUERY PLAN': { Plan: PgPlan }[] })['QUERY PLAN'][0].Plan;
      const found: string[] = [];
      const walk = (node: PgPlan) => {
        const table = node['Relation Name'];
        if (table && BIG_TABLES.has(unprefixed(table, dialect)) && !allowedFullRead(table, statement)) {
          const filter = node.Filter ? ` (filter ${node.Filter})` : '';
          if (node['Node Type'] === 'Seq Scan') found.push(`Seq Scan on ${table}${filter}`);
          else if (/^Index (Only )?Scan$/.test(node['Node Type']) && !node['Index Cond']) found.push(`${node['Node Type']} of all of ${node['Index Name']} on ${table}${filter}`);
        }
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(plan);
      return found;
    },
    close: () => client.end(),
  };
}

/**
 * Tables without a unique index whose copies would otherwise all keep the fixture's few names
 * (its old file versions are of one file), which no big wiki looks like: this column is made
 * distinct in the copies too.
 */
const SPREAD_WITHOUT_UNIQUE_INDEX: Record<string, string> = { oldimage: 'oi_name' };

/**
 * Makes each big table `times` as big, with copies of its rows: the columns of each unique index
 * are made distinct in the copies (its text columns suffixed with ~N when it has any, else its
 * integer columns shifted), so that ids shift alike across tables and joins between copies hold.
 */
async function scalePostgresWiki(client: pg.Client, schema: string, times: number): Promise<void> {
  const tables = (await client.query(
    `SELECT c.oid, c.relname FROM pg_class c WHERE c.relnamespace = $1::regnamespace AND c.relkind = 'r'`, [schema])).rows as { oid: number; relname: string }[];
  for (const table of tables) {
    if (!BIG_TABLES.has(table.relname)) continue;
    const columns = (await client.query(
      `SELECT attname, format_type(atttypid, atttypmod) AS type, attnum FROM pg_attribute WHERE attrelid = $1 AND attnum > 0 AND NOT attisdropped ORDER BY attnum`, [table.oid])).rows as { attname: string; type: string; attnum: number }[];
    const uniques = (await client.query(`SELECT indkey::int2[] AS keys FROM pg_index WHERE indrelid = $1 AND indisunique`, [table.oid])).rows as { keys: number[] }[];
    const typeOf = new Map(columns.map((c) => [c.attnum, c.type]));
    const isText = (type: string) => /^(text|character varying|bytea)/.test(type);
    const suffixed = new Set<number>();
    const shifted = new Set<number>();
    for (const { keys } of uniques) {
      const texts = keys.filter((key) => isText(typeOf.get(key) ?? ''));
      if (texts.length) texts.forEach((key) => suffixed.add(key));
      else keys.filter((key) => /^(integer|bigint)$/.test(typeOf.get(key) ?? '')).forEach((key) => shifted.add(key));
    }
    const spread = SPREAD_WITHOUT_UNIQUE_INDEX[table.relname];
    if (spread) for (const c of columns) if (c.attname === spread) suffixed.add(c.attnum);
    const select = columns.map((c) => {
      const name = `"${c.attname}"`;
      if (suffixed.has(c.attnum)) return c.type === 'bytea' ? `${name} || convert_to('~' || n, 'UTF8')` : `${name} || '~' || n`;
      if (shifted.has(c.attnum)) return `${name} + n * 10000000`;
      return name;
    });
    await client.query(`INSERT INTO "${table.relname}" (${columns.map((c) => `"${c.attname}"`).join(', ')}) SELECT ${select.join(', ')} FROM "${table.relname}" CROSS JOIN generate_series(1, ${times - 1}) AS n`);
  }
  await client.query('ANALYZE');
}

interface PgPlan {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PgPlan[];
}

/** MariaDB: EXPLAIN over statistics of a wiki MARIADB_SCALE times as big; a big table read with type ALL or index. */
async function mariaDbExplainer(url: string, dialect: Dialect): Promise<Explainer> {
  const { host, port, user, password, database } = parseServerUrl(url);
  const connection: Connection = await createConnection({ host, port, user, password, database });
  await connection.query("SET time_zone = '+00:00'");
  const tables = (await connection.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()')) as { name: string }[];
  await connection.query(`ANALYZE TABLE ${tables.map((t) => `\`${t.name}\``).join(', ')} PERSISTENT FOR ALL`);
  await connection.query(`UPDATE mysql.table_stats SET cardinality = cardinality * ${MARIADB_SCALE} WHERE db_name = DATABASE()`);
  await connection.query('FLUSH TABLES');
  await connection.query("SET SESSION use_stat_tables = 'PREFERABLY'");
  return {
    async fullScans(statement) {
      const rows = (await connection.query(`EXPLAIN ${rendered(statement, dialect)}`, statement.params.map(serverParameter))) as MariaDbPlanRow[];
      return rows
        .filter((row) => (row.type === 'ALL' || row.type === 'index') && row.table && BIG_TABLES.has(unprefixed(row.table, dialect)) && !allowedFullRead(row.table, statement))
        .map((row) => `type ${row.type} on ${row.table} (possible keys ${row.possible_keys ?? 'none'}, key ${row.key ?? 'none'}; ${row.Extra ?? ''})`);
    },
    close: () => connection.end(),
  };
}

interface MariaDbPlanRow {
  table: string | null;
  type: string | null;
  possible_keys: string | null;
  key: string | null;
  Extra: string | null;
}

function unprefixed(table: string, dialect: Dialect): string {
  return dialect.tablePrefix && table.startsWith(dialect.tablePrefix) ? table.slice(dialect.tablePrefix.length) : table;
}

/** Runs every request (following continuation in walks) and returns what the store ran. */
async function recordStatements(executor: SqlExecutor, backend: string): Promise<RecordedStatement[]> {
  const recorder = new RecordingExecutor(executor);
  const api = await apiOver(storeOver(recorder, backend));
  for (const { query, walk } of requests()) {
    let qs = query;
    for (let page = 0; page < (walk ? WALK_PAGES : 1); page++) {
      const answer = await handleApiRequest(api, getRequest(qs));
      let next: Record<string, string> | undefined;
      try {
        next = (JSON.parse(String(answer.body)) as { continue?: Record<string, string> }).continue;
      } catch {
        next = undefined;
      }
      if (!next) break;
      const params = new URLSearchParams(query);
      for (const [key, value] of Object.entries(next)) params.set(key, String(value));
      qs = params.toString();
    }
  }
  const byText = new Map<string, RecordedStatement[]>();
  for (const statement of distinctStatements(recorder.statements)) {
    const list = byText.get(statement.text) ?? [];
    if (list.length < PARAMETER_SETS_PER_STATEMENT) list.push(statement);
    byText.set(statement.text, list);
  }
  return [...byText.values()].flat();
}

function planChecks(kind: DatabaseKind, label: string): void {
  describe(`the store's statements on ${label} read big tables through indexes`, { skip: skipWithoutFixture || databaseServerSkipReason(kind) }, () => {
    let server: DatabaseServer | undefined;
    let executor: MariaDbExecutor | PostgresExecutor | undefined;
    let explainer: Explainer | undefined;
    let statements: RecordedStatement[] = [];

    before(async () => {
      server = await startDatabaseServer(kind);
      // Under a prefix (MariaDB) and in a schema of its own (PostgreSQL), as the server tests serve them.
      const prefix = kind === 'mariadb' ? 'mw_' : undefined;
      const schema = kind === 'postgres' ? 'wiki' : undefined;
      await copyWiki({ from: fixtureDb, to: server.url, prefix, schema });
      executor = kind === 'mariadb' ? new MariaDbExecutor(server.url, { tablePrefix: prefix }) : new PostgresExecutor(server.url, { schema });
      statements = await recordStatements(executor, kind === 'mariadb' ? 'mysql' : 'postgres');
      explainer = kind === 'mariadb' ? await mariaDbExplainer(server.url, executor.dialect) : await postgresExplainer(server.url, schema!, executor.dialect);
    });
    after(async () => {
      await explainer?.close();
      await executor?.close();
      await server?.stop();
    });

    test('the check sees a full scan where no index serves the query', async () => {
      const scan = await explainer!.fullScans({ method: 'all', text: 'SELECT page_id FROM {page} WHERE page_content_model = ?', params: ['wikitext'] });
      assert.equal(scan.length, 1, 'a query on an unindexed column must be reported');
    });

    test('every recorded statement reads the big tables through an index', async () => {
      assert.ok(statements.length > 100, `only ${statements.length} statements were recorded`);
      const problems: string[] = [];
      const texts = new Set<string>();
      for (const statement of statements) {
        texts.add(statement.text);
        const scans = await explainer!.fullScans(statement);
        if (scans.length) problems.push(`${scans.join('; ')}\n    ${statement.text.replace(/\s+/g, ' ')}\n    params ${JSON.stringify(statement.params).slice(0, 200)}`);
      }
      console.log(`${label}: ${statements.length} statements (${texts.size} texts) explained, ${problems.length} with a full scan`);
      assert.equal(problems.length, 0, `full scans of big tables:\n${problems.join('\n')}`);
    });
  });
}

planChecks('mariadb', 'MariaDB');
planChecks('postgres', 'PostgreSQL');
