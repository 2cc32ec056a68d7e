// Each dialect renders the store's portable SQL (src/store/sql/dialect.ts) as its database needs:
// placeholders, table prefix and quoting, timestamps, bytes and binary order, IN lists, JSON lists.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inList, renderSql, type Dialect } from '../../src/store/sql/dialect.ts';
import type { SqlExecutor } from '../../src/store/sql/executor.ts';
import { SqlPageStore } from '../../src/store/sql/pages.ts';
import { SqlCategoryStore } from '../../src/store/sql/categories.ts';
import { SqlRevisionStore } from '../../src/store/sql/revisions.ts';
import { sqliteDialect } from '../../src/store/sqlite/dialect.ts';
import { mariaDbDialect } from '../../src/store/mariadb/dialect.ts';
import { postgresDialect } from '../../src/store/postgres/dialect.ts';
import { mediaWikiTimestamp } from '../../src/store/postgres/executor.ts';

/** An executor that answers nothing and keeps each statement as its database would receive it. */
class RecordingExecutor implements SqlExecutor {
  readonly statements: { sql: string; params: unknown[] }[] = [];
  constructor(readonly dialect: Dialect) {}
  all<T>(sql: string, ...params: unknown[]): T[] {
    this.statements.push({ sql: renderSql(sql, this.dialect), params });
    return [];
  }
  rows<T>(select: string, rest: string, ...params: unknown[]): T[] {
    return this.all<T>(`SELECT ${select} ${rest}`, ...params);
  }
  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.all<T>(sql, ...params)[0];
  }
  hasTable(): boolean {
    return true;
  }
}

const sqlite = sqliteDialect();
const mariadb = mariaDbDialect('mw_');
const postgres = postgresDialect();

describe('renderSql', () => {
  test('placeholders and tables, not inside literals or quoted names', () => {
    const text = "SELECT '?', \"{x}\", `a?` FROM {page} JOIN {user} ON user_id = ? WHERE page_title = 'it''s ?' AND page_id = ?";
    assert.equal(renderSql(text, sqlite), "SELECT '?', \"{x}\", `a?` FROM page JOIN user ON user_id = ? WHERE page_title = 'it''s ?' AND page_id = ?");
    assert.equal(renderSql(text, mariadb), "SELECT '?', \"{x}\", `a?` FROM `mw_page` JOIN `mw_user` ON user_id = ? WHERE page_title = 'it''s ?' AND page_id = ?");
    assert.equal(renderSql(text, postgres), "SELECT '?', \"{x}\", `a?` FROM \"page\" JOIN \"user\" ON user_id = $1 WHERE page_title = 'it''s ?' AND page_id = $2");
    assert.equal(renderSql('SELECT 1 FROM {page}', sqliteDialect('mw_')), 'SELECT 1 FROM mw_page');
    assert.equal(renderSql('SELECT 1 FROM {page}', postgresDialect('mw_')), 'SELECT 1 FROM "mw_page"');
  });

  test('a malformed text is refused', () => {
    assert.throws(() => renderSql("SELECT 'open", sqlite), /unterminated/);
    assert.throws(() => renderSql('SELECT 1 FROM {page', sqlite), /table marker/);
  });

  test('prefixes PostgreSQL would fold are refused', () => {
    assert.throws(() => postgresDialect('Mw_'), /lower-case/);
    assert.throws(() => mariaDbDialect('mw-'), /only letters/);
  });
});

describe('IN lists', () => {
  test('SQLite keeps the length; the servers prepare power-of-two lengths, padded with the last value', () => {
    assert.deepEqual(inList(sqlite, 'page_id', [5, 6, 7]), { sql: 'page_id IN (?, ?, ?)', values: [5, 6, 7] });
    assert.deepEqual(inList(mariadb, 'page_id', [5, 6, 7]), { sql: 'page_id IN (?, ?, ?, ?)', values: [5, 6, 7, 7] });
    assert.deepEqual(inList(postgres, 'page_id', [5]), { sql: 'page_id IN (?)', values: [5] });
    assert.equal(inList(postgres, 'page_id', Array.from({ length: 300 }, (_, i) => i)).values.length, 512);
  });
});

describe('a family query in each dialect', () => {
  const protectedPages = async (dialect: Dialect) => {
    const executor = new RecordingExecutor(dialect);
    await new SqlPageStore(executor).allPages({
      namespace: 0, descending: true, from: null, to: null, continueFrom: 'M', prefix: null, redirects: 'nonredirects',
      minSize: null, maxSize: null, langlinks: 'all', limit: 11,
      protection: { types: ['edit', 'move'], levels: [], cascade: null, expiry: 'definite', now: '20260101000000' },
    });
    return executor.statements;
  };

  test('placeholders, tables, timestamps and IN lists of allpages', async () => {
    const where = (table: string, list: string, timestamp: string, p: (n: number) => string) =>
      `WHERE page_namespace = ${p(1)} AND page_title <= ${p(2)} AND page_is_redirect = ${p(3)} AND EXISTS (SELECT 1 FROM ${table} WHERE pr_page = page_id ` +
      `AND (pr_expiry > ${timestamp} OR pr_expiry IS NULL) AND pr_type IN (${list}) AND pr_expiry != ${p(7)})`;
    const q = () => '?';
    assert.deepEqual(await protectedPages(sqlite), [{
      sql: `SELECT page_id, page_namespace, page_title, page_is_redirect FROM page ${where('page_restrictions', '?, ?', '?', q)} ORDER BY page_title DESC LIMIT ?`,
      params: [0, 'M', 0, '20260101000000', 'edit', 'move', 'infinity', 11],
    }]);
    assert.equal((await protectedPages(mariadb))[0]!.sql,
      `SELECT page_id, page_namespace, page_title, page_is_redirect FROM \`mw_page\` ${where('`mw_page_restrictions`', '?, ?', '?', q)} ORDER BY page_title DESC LIMIT ?`);
    const p = (n: number) => `$${n}`;
    assert.equal((await protectedPages(postgres))[0]!.sql,
      `SELECT page_id, page_namespace, page_title, page_is_redirect FROM "page" ${where('"page_restrictions"', '$5, $6', "to_timestamp($4, 'YYYYMMDDHH24MISS')", p)} ORDER BY page_title DESC LIMIT $8`);
  });

  test('byte sort keys, their hex and the index hint of categorymembers', async () => {
    const members = async (dialect: Dialect) => {
      const executor = new RecordingExecutor(dialect);
      await new SqlCategoryStore(executor).membersBySortkey({
        category: 'Planets', types: ['page'], namespaces: null, descending: false, start: Buffer.from('M'), end: null, after: null, limit: 11,
      });
      return executor.statements[0]!.sql;
    };
    assert.match(await members(sqlite), /^SELECT cl_from, lower\(hex\(cl_sortkey\)\) AS sortkey_hex, .* FROM categorylinks JOIN page ON page_id = cl_from WHERE cl_to = \? AND cl_type = \? AND cl_sortkey >= CAST\(\? AS TEXT\) ORDER BY cl_sortkey, cl_from LIMIT \?$/);
    assert.match(await members(mariadb), /^SELECT cl_from, LOWER\(HEX\(cl_sortkey\)\) AS sortkey_hex, .* FROM `mw_categorylinks` USE INDEX \(cl_sortkey\) JOIN `mw_page` ON page_id = cl_from WHERE .* AND cl_sortkey >= \? ORDER BY/);
    assert.match(await members(postgres), /^SELECT cl_from, encode\(convert_to\(cl_sortkey, 'UTF8'\), 'hex'\) AS sortkey_hex, .* FROM "categorylinks" JOIN "page" .* AND cl_sortkey >= convert_from\(\$3, 'UTF8'\) ORDER BY cl_sortkey, cl_from LIMIT \$4$/);
  });

  test('an actor compared with NULL equal to NULL', async () => {
    const history = async (dialect: Dialect) => {
      const executor = new RecordingExecutor(dialect);
      await new SqlRevisionStore(executor).pageHistory({ pageId: 1, dir: 'older', actor: { name: 'Alice', exclude: true }, limit: 11 });
      return executor.statements[0]!.sql;
    };
    assert.match(await history(sqlite), /rev_actor IS NOT \(SELECT actor_id FROM actor WHERE actor_name = \?\)/);
    assert.match(await history(mariadb), /NOT \(rev_actor <=> \(SELECT actor_id FROM `mw_actor` WHERE actor_name = \?\)\)/);
    assert.match(await history(postgres), /rev_actor IS DISTINCT FROM \(SELECT actor_id FROM "actor" WHERE actor_name = \$2\)/);
  });
});

describe('values', () => {
  test("PostgreSQL's timestamps are read as MediaWiki's 14 digits", () => {
    assert.equal(mediaWikiTimestamp('2025-01-06 08:00:00+00'), '20250106080000');
    assert.equal(mediaWikiTimestamp('2025-01-06 08:00:00.25+00'), '20250106080000');
    assert.equal(mediaWikiTimestamp('infinity'), 'infinity');
  });

  test('JSON lists bound as one parameter', () => {
    assert.equal(renderSql(`cl_from IN (${sqlite.jsonIntegers()})`, sqlite), 'cl_from IN (SELECT value FROM json_each(?))');
    assert.equal(renderSql(`cl_from IN (${postgres.jsonIntegers()})`, postgres), 'cl_from IN (SELECT value::bigint FROM json_array_elements_text($1::json) AS list(value))');
    assert.match(renderSql(`(pl_namespace, pl_title) IN (${mariadb.jsonPairs()})`, mariadb), /JSON_TABLE\(\?, '\$\[\*\]' COLUMNS \(ns INT PATH '\$\[0\]'/);
  });

  test('a column tested against a JSON list: IN, or = ANY(ARRAY(...)) on PostgreSQL', () => {
    assert.equal(sqlite.inJsonList('cl_to', 'strings'), 'cl_to IN (SELECT value FROM json_each(?))');
    assert.equal(mariadb.inJsonList('cl_from', 'integers'), `cl_from IN (${mariadb.jsonIntegers()})`);
    assert.equal(mariadb.inJsonList('cl_to', 'strings'), `cl_to IN (${mariadb.jsonStrings()})`);
    assert.equal(postgres.inJsonList('cl_from', 'integers'), `cl_from = ANY(ARRAY(${postgres.jsonIntegers()}))`);
    assert.equal(postgres.inJsonList('cl_to', 'strings'), `cl_to = ANY(ARRAY(${postgres.jsonStrings()}))`);
  });
});
