// `wikiquery import DUMP --db URL` asks the server first, by the rules `copy` applies at its start:
// an unreachable server, refused credentials, a missing database, a user who may not create tables
// or a wiki already there (without --replace) stop it before the import, with the reason.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createConnection } from 'mariadb';
import pg from 'pg';
import { databaseServerSkipReason, startDatabaseServer, type DatabaseKind, type DatabaseServer } from '../support/database-servers.ts';
import { freePort } from '../support/free-port.ts';
import { testDump, testPage } from '../support/test-dump.ts';
import { checkCopyTarget } from '../../src/import/copy/index.ts';

const run = promisify(execFile);
const wikiquery = new URL('../../bin/wikiquery.mjs', import.meta.url).pathname;

function withUser(url: string, user: string): string {
  const changed = new URL(url);
  changed.username = user;
  return changed.toString();
}

function withDatabase(url: string, database: string): string {
  const changed = new URL(url);
  changed.pathname = `/${database}`;
  return changed.toString();
}

/** Runs SQL as the test server's superuser. */
async function asAdmin(server: DatabaseServer, statements: string[]): Promise<void> {
  if (server.kind === 'mariadb') {
    const connection = await createConnection({ host: server.host, port: server.port, user: server.user, database: server.database });
    try {
      for (const statement of statements) await connection.query(statement);
    } finally {
      await connection.end();
    }
    return;
  }
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

async function tableNames(server: DatabaseServer): Promise<string[]> {
  if (server.kind === 'mariadb') {
    const connection = await createConnection({ host: server.host, port: server.port, user: server.user, database: server.database });
    try {
      const rows = await connection.query<{ name: string }[]>('SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()');
      return rows.map((row) => String(row.name)).sort();
    } finally {
      await connection.end();
    }
  }
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const result = await client.query<{ name: string }>("SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')");
    return result.rows.map((row) => row.name).sort();
  } finally {
    await client.end();
  }
}

for (const kind of ['mariadb', 'postgres'] as const satisfies readonly DatabaseKind[]) {
  describe(`the server is asked before an import into ${kind}`, { skip: databaseServerSkipReason(kind) }, () => {
    let server: DatabaseServer;
    let directory: string;
    let dump: string;
    before(async () => {
      server = await startDatabaseServer(kind);
      directory = mkdtempSync(join(tmpdir(), 'wikiquery-server-check-'));
      dump = join(directory, 'tiny.xml');
      writeFileSync(dump, testDump({ namespaces: [] }, testPage({ title: 'Alpha', ns: 0, id: 1, text: 'Hello' })));
      // A wiki's table under prefix `taken_`; a user who may read but not create.
      await asAdmin(server, kind === 'mariadb'
        ? ['CREATE TABLE taken_page (page_id INT)', "CREATE USER 'reader'@'127.0.0.1'", `GRANT SELECT ON \`${server.database}\`.* TO 'reader'@'127.0.0.1'`]
        : ['CREATE SCHEMA mediawiki', 'CREATE TABLE mediawiki.taken_page (page_id INT)', 'CREATE ROLE reader LOGIN']);
    });
    after(async () => {
      await server?.stop();
      if (directory) rmSync(directory, { recursive: true, force: true });
    });

    test('a server that can take the wiki passes, and nothing is left of the check', async () => {
      const before = await tableNames(server);
      assert.match(await checkCopyTarget({ to: server.url, prefix: 'fresh_' }), new RegExp(`${server.database}`));
      assert.deepEqual(await tableNames(server), before);
    });

    test('nothing listening on the port', async () => {
      const url = new URL(server.url);
      url.port = String(await freePort());
      await assert.rejects(checkCopyTarget({ to: url.toString() }), /cannot reach the .* server at 127\.0\.0\.1:\d+: nothing accepts connections/);
    });

    test('a database that does not exist', async () => {
      await assert.rejects(checkCopyTarget({ to: withDatabase(server.url, 'no_such_wiki') }), /database no_such_wiki does not exist on the .* server at 127\.0\.0\.1:\d+: create it first/);
    });

    test('credentials the server refuses', async () => {
      await assert.rejects(checkCopyTarget({ to: withUser(server.url, 'nobody') }), /refused the credentials of user nobody/);
    });

    test('a user who may not create tables', async () => {
      await assert.rejects(checkCopyTarget({ to: withUser(server.url, 'reader') }), /user reader cannot create tables in .*database wiki/);
    });

    test('a wiki already there, unless it is to be replaced', async () => {
      await assert.rejects(checkCopyTarget({ to: server.url, prefix: 'taken_' }), /a wiki is already in wiki.* with prefix taken_ \(1 of its tables exist\); --replace replaces it/);
      await checkCopyTarget({ to: server.url, prefix: 'taken_', replace: true });
    });

    test('wikiquery import stops before importing, with the reason', async () => {
      const url = withDatabase(server.url, 'no_such_wiki');
      const started = performance.now();
      const failure = await run(process.execPath, [wikiquery, 'import', dump, '--db', url, '--quiet'], { cwd: directory }).then(
        () => assert.fail('the import should have failed'),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      assert.equal(failure.code, 1);
      assert.match(failure.stderr, /database no_such_wiki does not exist .*\n  nothing was imported/);
      assert.equal(failure.stdout, '');
      assert.deepEqual(readdirSync(directory), ['tiny.xml'], 'no config file written');
      const taken = await run(process.execPath, [wikiquery, 'import', dump, '--db', server.url, '--prefix', 'taken_', '--quiet'], { cwd: directory }).then(
        () => assert.fail('the import should have failed'),
        (error: { code: number; stderr: string }) => error,
      );
      assert.match(taken.stderr, /a wiki is already in .*--replace replaces it\n  nothing was imported/);
      process.stderr.write(`import refused by ${kind} in ${Math.round(performance.now() - started)} ms (two runs)\n`);
    });
  });
}
