// The test database servers start, accept a pool of each driver, answer a query and stop.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPool } from 'mariadb';
import pg from 'pg';
import { databaseServerSkipReason, startMariaDb, startPostgres, type DatabaseServer } from '../support/database-servers.ts';

function reportStartup(server: DatabaseServer): void {
  process.stdout.write(`${server.kind} started in ${server.startupMs} ms at ${server.url}\n`);
}

describe('MariaDB test server', { skip: databaseServerSkipReason('mariadb') }, () => {
  let server: DatabaseServer | undefined;
  after(() => server?.stop());

  test('starts, serves a pool of the mariadb driver, stops', async () => {
    server = await startMariaDb();
    reportStartup(server);
    assert.match(server.url, /^mysql:\/\/root@127\.0\.0\.1:\d+\/wiki$/);
    const pool = createPool({ host: server.host, port: server.port, user: server.user, database: server.database, connectionLimit: 2 });
    try {
      const rows = await pool.query('SELECT VERSION() AS version, DATABASE() AS db, 1 + 1 AS two');
      assert.match(rows[0].version, /MariaDB/);
      assert.equal(rows[0].db, 'wiki');
      assert.equal(Number(rows[0].two), 2);
    } finally {
      await pool.end();
    }
    await server.stop();
    await assert.rejects(() => createPool({ host: server!.host, port: server!.port, user: 'root', connectionLimit: 1, acquireTimeout: 500, initializationTimeout: 500 }).query('SELECT 1'));
  });
});

describe('PostgreSQL test server', { skip: databaseServerSkipReason('postgres') }, () => {
  let server: DatabaseServer | undefined;
  after(() => server?.stop());

  test('starts, serves a pool of the pg driver, stops', async () => {
    server = await startPostgres();
    reportStartup(server);
    assert.match(server.url, /^postgres:\/\/wikiquery@127\.0\.0\.1:\d+\/wiki$/);
    const pool = new pg.Pool({ connectionString: server.url, max: 2 });
    try {
      const result = await pool.query('SELECT version() AS version, current_database() AS db, 1 + 1 AS two');
      assert.match(result.rows[0].version, /PostgreSQL/);
      assert.equal(result.rows[0].db, 'wiki');
      assert.equal(result.rows[0].two, 2);
    } finally {
      await pool.end();
    }
    await server.stop();
    const client = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 500 });
    await assert.rejects(() => client.connect());
  });
});
