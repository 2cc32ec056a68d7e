// MediaWiki 1.39's own MariaDB and PostgreSQL schemas (src/store/<backend>/schema.sql) create on
// real servers, with and without a table prefix, and hold the tables the SQLite schema has.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createConnection } from 'mariadb';
import pg from 'pg';
import { databaseServerSkipReason, startMariaDb, startPostgres, type DatabaseServer } from '../support/database-servers.ts';
import { mariaDbSchemaStatements, mariaDbTableNames } from '../../src/store/mariadb/schema.ts';
import { postgresSchemaStatements, postgresTableNames } from '../../src/store/postgres/schema.ts';
import { TABLES } from '../../src/store/sqlite/schema.ts';

// SQLite's searchindex is an FTS3 virtual table made apart from TABLES (SearchSqlite); on MySQL it
// is a MyISAM table with FULLTEXT indexes (SearchMySQL); on PostgreSQL MediaWiki creates a plain
// searchindex table that SearchPostgres never reads: it searches page.titlevector and
// text.textvector, tsvector columns kept by triggers. Every other table is the same on all three.
const SQLITE_TABLES = TABLES.map((table) => table.name);
const EXPECTED = [...SQLITE_TABLES, 'searchindex'].sort();

test('the data files name the same tables as the SQLite schema, searchindex aside', () => {
  assert.deepEqual([...mariaDbTableNames()].sort(), EXPECTED);
  assert.deepEqual([...postgresTableNames()].sort(), EXPECTED);
});

test('a prefix reaches every name and only names', () => {
  const statements = mariaDbSchemaStatements({ prefix: 'mw_' });
  assert.ok(statements.every((statement) => !statement.includes('/*')), 'no marker is left');
  assert.ok(statements.some((statement) => statement.startsWith('CREATE TABLE `mw_page` (')));
  assert.ok(statements.some((statement) => statement.endsWith('ENGINE=InnoDB, DEFAULT CHARSET=binary')));
  const postgres = postgresSchemaStatements({ schema: 'wiki2', prefix: 'mw_' });
  assert.ok(postgres.every((statement) => !statement.includes('/*')), 'no marker is left');
  assert.ok(postgres.includes('CREATE UNIQUE INDEX mw_user_name ON "mw_user" (user_name)'));
  assert.ok(postgres.some((statement) => statement.includes('us_media_type mw_US_MEDIA_TYPE_ENUM DEFAULT NULL')));
  assert.throws(() => postgresSchemaStatements({ prefix: 'Mw_' }), /lower-case/);
  assert.throws(() => mariaDbSchemaStatements({ prefix: 'mw-' }), /only letters/);
});

describe('MariaDB: MediaWiki 1.39 schema', { skip: databaseServerSkipReason('mariadb') }, () => {
  let server: DatabaseServer;
  before(async () => { server = await startMariaDb(); });
  after(() => server?.stop());

  async function tablesAfterCreating(prefix: string): Promise<{ tables: string[]; engines: Map<string, string> }> {
    const connection = await createConnection({ host: server.host, port: server.port, user: server.user, database: server.database });
    try {
      for (const statement of mariaDbSchemaStatements({ prefix })) await connection.query(statement);
      const rows: { name: string; engine: string }[] = await connection.query(
        'SELECT TABLE_NAME AS name, ENGINE AS engine FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE ?',
        [`${prefix.replace(/_/g, '\\_')}%`]);
      const ours = rows.filter((row) => prefix !== '' || !row.name.startsWith('mw_'));
      return {
        tables: ours.map((row) => row.name.slice(prefix.length)).sort(),
        engines: new Map(ours.map((row) => [row.name.slice(prefix.length), row.engine])),
      };
    } finally {
      await connection.end();
    }
  }

  test('without a prefix', async () => {
    const { tables, engines } = await tablesAfterCreating('');
    assert.deepEqual(tables, EXPECTED);
    assert.equal(engines.get('page'), 'InnoDB');
    assert.equal(engines.get('searchindex'), 'MyISAM');
  });

  test('with a prefix, beside the unprefixed wiki in the same database', async () => {
    const { tables } = await tablesAfterCreating('mw_');
    assert.deepEqual(tables, EXPECTED);
  });
});

describe('PostgreSQL: MediaWiki 1.39 schema', { skip: databaseServerSkipReason('postgres') }, () => {
  let server: DatabaseServer;
  let pool: pg.Pool;
  before(async () => {
    server = await startPostgres();
    pool = new pg.Pool({ connectionString: server.url, max: 2 });
  });
  after(async () => {
    await pool?.end();
    await server?.stop();
  });

  async function create(schema: string, prefix: string): Promise<void> {
    const client = await pool.connect();
    try {
      for (const statement of postgresSchemaStatements({ schema, prefix })) await client.query(statement);
    } finally {
      client.release();
    }
  }

  async function tables(schema: string, prefix: string): Promise<string[]> {
    const result = await pool.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'", [schema]);
    return result.rows.map((row) => row.name).filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length)).sort();
  }

  test('without a prefix, in MediaWiki\'s default schema', async () => {
    await create('mediawiki', '');
    assert.deepEqual(await tables('mediawiki', ''), EXPECTED);
    // SearchPostgres's columns and triggers, from maintenance/postgres/tables.sql.
    const vectors = await pool.query("SELECT table_name FROM information_schema.columns WHERE table_schema = 'mediawiki' AND data_type = 'tsvector' ORDER BY 1");
    assert.deepEqual(vectors.rows.map((row) => row.table_name), ['page', 'text']);
    await pool.query("INSERT INTO mediawiki.text (old_text, old_flags) VALUES ('Hello searchable world', 'utf-8')");
    const found = await pool.query("SELECT count(*)::int AS n FROM mediawiki.text WHERE textvector @@ to_tsquery('searchable')");
    assert.equal(found.rows[0].n, 1);
  });

  test('with a prefix, beside the unprefixed wiki in the same schema', async () => {
    await create('mediawiki', 'mw_');
    const prefixed = await tables('mediawiki', 'mw_');
    assert.deepEqual(prefixed, EXPECTED);
    assert.equal((await tables('mediawiki', '')).length, EXPECTED.length * 2);
  });

  test('a failure leaves no half-made schema', async () => {
    const client = await pool.connect();
    try {
      const statements = postgresSchemaStatements({ schema: 'broken' });
      await assert.rejects(async () => {
        for (const statement of [...statements.slice(0, -1), 'SELECT no_such_column FROM page', 'COMMIT']) await client.query(statement);
      });
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    const schemas = await pool.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = 'broken'");
    assert.equal(schemas.rowCount, 0);
  });
});
