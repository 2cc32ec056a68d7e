// `wikiquery copy`: the fixture wiki copied into a private MariaDB and PostgreSQL, with and
// without a table prefix, holds every row of every table and the same contents (after the
// conversions PostgreSQL needs); a copy that fails leaves no wiki in place and the one that was
// there untouched; `wikiquery import DUMP --db URL` imports into a server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { createConnection } from 'mariadb';
import pg from 'pg';
import { databaseServerSkipReason, startDatabaseServer, type DatabaseKind, type DatabaseServer } from '../support/database-servers.ts';
import { fixtureDb, skipWithoutFixture } from '../support/fixture-wiki.ts';
import { testDump, testPage } from '../support/test-dump.ts';
import { copyWiki, parseServerUrl } from '../../src/import/copy/index.ts';
import { connectionUrl, serverKindOf } from '../../src/store/server-url.ts';

const run = promisify(execFile);
const repoRoot = new URL('../..', import.meta.url).pathname;

/** Tables whose contents are compared, each ordered by its key. */
const DIGESTED: Record<string, string> = {
  page: 'page_id',
  revision: 'rev_id',
  text: 'old_id',
  categorylinks: 'cl_from, cl_to',
  logging: 'log_id',
};

/** One spelling of a value whatever the driver returned: bytes as UTF-8, timestamps as MediaWiki's 14 digits. */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (value instanceof Date) return value.toISOString().replace(/\.\d+Z$/, '').replace(/\D/g, '');
  if (value === Infinity) return 'infinity';
  return String(value);
}

function digest(rows: unknown[][]): string {
  const hash = createHash('sha256');
  for (const row of rows) hash.update(row.map(canonical).join('\u0001') + '\u0002');
  return hash.digest('hex');
}

interface Reader {
  count(table: string): Promise<number>;
  rows(table: string, columns: readonly string[], order: string): Promise<unknown[][]>;
  tableExists(table: string): Promise<boolean>;
  titleVectors?(): Promise<number>;
  close(): Promise<void>;
}

async function openReader(server: DatabaseServer, prefix: string, schema = 'mediawiki'): Promise<Reader> {
  if (server.kind === 'mariadb') {
    const connection = await createConnection({ host: server.host, port: server.port, user: server.user, database: server.database, bigIntAsNumber: true, rowsAsArray: true });
    const name = (table: string) => `\`${prefix}${table}\``;
    return {
      count: async (table) => Number((await connection.query<unknown[][]>(`SELECT COUNT(*) FROM ${name(table)}`))[0]![0]),
      rows: (table, columns, order) => connection.query<unknown[][]>(`SELECT ${columns.join(', ')} FROM ${name(table)} ORDER BY ${order}`),
      tableExists: async (table) => (await connection.query<unknown[][]>(
        'SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?', [server.database, prefix + table])).length > 0,
      close: () => connection.end(),
    };
  }
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  const name = (table: string) => `"${schema}"."${prefix}${table}"`;
  return {
    count: async (table) => Number((await client.query(`SELECT COUNT(*) AS n FROM ${name(table)}`)).rows[0].n),
    rows: async (table, columns, order) => (await client.query({ text: `SELECT ${columns.join(', ')} FROM ${name(table)} ORDER BY ${order}`, rowMode: 'array' })).rows,
    tableExists: async (table) => (await client.query('SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2', [schema, prefix + table])).rowCount! > 0,
    titleVectors: async () => Number((await client.query(`SELECT COUNT(titlevector) AS n FROM ${name('page')}`)).rows[0].n),
    close: () => client.end(),
  };
}

const source = skipWithoutFixture ? undefined : new Database(fixtureDb, { readonly: true });
after(() => source?.close());

function sourceTables(): string[] {
  return source!.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'searchindex_%'").pluck().all() as string[];
}

function sourceColumns(table: string): string[] {
  return source!.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
}

test('database URLs', () => {
  const mysql = parseServerUrl('mysql://wiki:s%40cret@db.example:3307/my_wiki', { prefix: 'mw_' });
  assert.deepEqual({ ...mysql }, { kind: 'mariadb', host: 'db.example', port: 3307, user: 'wiki', password: 's@cret', database: 'my_wiki', prefix: 'mw_', schema: 'mediawiki' });
  assert.equal(parseServerUrl('postgresql://u@h/w', { schema: 'wiki2' }).schema, 'wiki2');
  assert.equal(parseServerUrl('postgres://u@h/w').port, 5432);
  assert.throws(() => parseServerUrl('mysql://u@h/'), /one database/);
  assert.throws(() => parseServerUrl('mysql://u@h/w', { schema: 'x' }), /PostgreSQL only/);
  assert.throws(() => parseServerUrl('sqlite:///x'), /scheme/);
  assert.throws(() => parseServerUrl('postgres://u@h/w', { schema: 'my-wiki' }), /only letters/);
  // serve, copy and the stores read a URL the same way: the same defaults, the driver's options kept.
  assert.equal(connectionUrl('postgres:///w?sslmode=disable'), 'postgres://postgres@127.0.0.1:5432/w?sslmode=disable');
  assert.equal(connectionUrl('mysql://h/w'), 'mysql://root@h:3306/w');
  assert.deepEqual(['mysql://h/w', 'MariaDB://h/w', 'postgresql://h/w', 'wiki.sqlite'].map(serverKindOf), ['mariadb', 'mariadb', 'postgres', undefined]);
});

for (const kind of ['mariadb', 'postgres'] as const satisfies readonly DatabaseKind[]) {
  const skip = skipWithoutFixture || databaseServerSkipReason(kind);
  describe(`copy into ${kind}`, { skip }, () => {
    let server: DatabaseServer;
    before(async () => { server = await startDatabaseServer(kind); });
    after(async () => { await server?.stop(); });

    for (const prefix of ['', 'mw_']) {
      test(`the fixture wiki ${prefix ? `with prefix ${prefix}` : 'without a prefix'}: every row, same contents`, async () => {
        const summary = await copyWiki({ from: fixtureDb, to: server.url, prefix });
        process.stderr.write(`copy into ${kind}${prefix ? ` (prefix ${prefix})` : ''}: ${summary.rows} rows in ${summary.seconds.toFixed(2)} s, ${Math.round(summary.rowsPerSecond)} rows/s\n`);
        assert.deepEqual(summary.skippedTables, []);
        const reader = await openReader(server, prefix);
        try {
          for (const table of sourceTables()) {
            const expected = source!.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get() as number;
            const actual = await reader.count(table);
            if (table === 'updatelog') assert.ok(actual >= expected, 'updatelog: the schema\'s own rows and the wiki\'s');
            // PostgreSQL's searchindex is never read: its search is page.titlevector and text.textvector.
            else if (table === 'searchindex' && kind === 'postgres') assert.equal(actual, 0);
            else assert.equal(actual, expected, `${table}: rows`);
          }
          for (const [table, order] of Object.entries(DIGESTED)) {
            const columns = sourceColumns(table);
            const expected = digest(source!.prepare(`SELECT ${columns.join(', ')} FROM ${table} ORDER BY ${order}`).raw().all() as unknown[][]);
            assert.equal(digest(await reader.rows(table, columns, order)), expected, `${table}: contents`);
          }
          if (reader.titleVectors) assert.equal(await reader.titleVectors(), await reader.count('page'), 'the search trigger filled titlevector');
        } finally {
          await reader.close();
        }
      });
    }

    test('an existing wiki is refused, replaced only when asked, and kept when the replacing copy fails', async () => {
      await copyWiki({ from: fixtureDb, to: server.url, prefix: 'r_' });
      await assert.rejects(copyWiki({ from: fixtureDb, to: server.url, prefix: 'r_' }), /already/);
      const reader = await openReader(server, 'r_');
      try {
        const pages = await reader.count('page');
        await reader.rows('page', ['page_id'], 'page_id');
        await assert.rejects(copyWiki({
          from: fixtureDb, to: server.url, prefix: 'r_', replace: true, batchRows: 50,
          progress: (p) => { if (p.table === 'revision' && p.rows > 0) throw new Error('injected failure'); },
        }), /injected failure/);
        assert.equal(await reader.count('page'), pages, 'the old wiki is still whole');
        assert.equal(await reader.count('revision'), source!.prepare('SELECT COUNT(*) FROM revision').pluck().get());
        await copyWiki({ from: fixtureDb, to: server.url, prefix: 'r_', replace: true });
        assert.equal(await reader.count('page'), pages);
      } finally {
        await reader.close();
      }
    });

    test('a copy that fails midway leaves no wiki and no staging tables', async () => {
      await assert.rejects(copyWiki({
        from: fixtureDb, to: server.url, prefix: 'f_', batchRows: 50,
        progress: (p) => { if (p.table === 'revision' && p.rows > 0) throw new Error('injected failure'); },
      }), /injected failure/);
      const reader = await openReader(server, 'f_');
      const staging = await openReader(server, '_wqcopy_f_');
      try {
        assert.equal(await reader.tableExists('page'), false);
        assert.equal(await reader.tableExists('actor'), false);
        assert.equal(await staging.tableExists('page'), false);
      } finally {
        await reader.close();
        await staging.close();
      }
    });

    test('wikiquery import DUMP --db URL imports into the server', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'wikiquery-copy-test-'));
      try {
        const dump = join(directory, 'tiny.xml');
        writeFileSync(dump, testDump({ namespaces: [[10, 'Template'], [14, 'Category']] },
          testPage({ title: 'Alpha', ns: 0, id: 1, text: 'Hello [[Beta]] {{Greeting}} [[Category:Letters]] ünïcödé' }) +
          testPage({ title: 'Beta', ns: 0, id: 2, text: '#REDIRECT [[Alpha]]' }) +
          testPage({ title: 'Template:Greeting', ns: 10, id: 3, text: 'hi' })));
        const config = join(directory, 'tiny.config.json');
        const { stdout } = await run(process.execPath, [join(repoRoot, 'bin/wikiquery.mjs'), 'import', dump, '--db', server.url, '--prefix', 'tiny_', '--config', config, '--quiet'], { cwd: directory });
        assert.match(stdout, /copied \d+ rows/);
        const reader = await openReader(server, 'tiny_');
        try {
          assert.equal(await reader.count('page'), 3);
          assert.equal(await reader.count('categorylinks'), 1);
          const texts = await reader.rows('text', ['old_text'], 'old_id');
          assert.ok(texts.some((row) => canonical(row[0]).includes('ünïcödé')));
        } finally {
          await reader.close();
        }
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    });
  });
}
