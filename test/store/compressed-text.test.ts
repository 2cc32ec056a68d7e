// Compressed text (old_flags gzip, $wgCompressRevisions) reads the same as the uncompressed text on
// every backend: the fixture wiki with some of its text rows deflated, as BLOB and as TEXT values
// (MediaWiki on SQLite writes the latter), read by the SQLite store, then copied into MariaDB (bytes
// kept as they are) and PostgreSQL (inflated, as MediaWiki can only store text there) and read back.
// An `external` row, whose text is in a database we do not have, reads as missing everywhere.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { createConnection } from 'mariadb';
import pg from 'pg';
import { databaseServerSkipReason, startDatabaseServer, type DatabaseKind, type DatabaseServer } from '../support/database-servers.ts';
import { fixtureDb, skipWithoutFixture, startFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { openSqliteStore } from '../../src/store/sqlite/index.ts';
import { openMariaDbStore } from '../../src/store/mariadb/executor.ts';
import { openPostgresStore } from '../../src/store/postgres/executor.ts';
import { copyWiki } from '../../src/import/copy/index.ts';
import type { Store } from '../../src/store/store.ts';

const EXTERNAL_ADDRESS = 'DB://cluster1/4242';

/** Every text row's address and its text, as the untouched fixture reads. */
async function fixtureTexts(): Promise<Map<string, string>> {
  const store = openSqliteStore(fixtureDb);
  try {
    const ids = new Database(fixtureDb, { readonly: true });
    const addresses = (ids.prepare('SELECT old_id FROM text').pluck().all() as number[]).map((id) => `tt:${id}`);
    ids.close();
    return await store.revisions.texts(addresses);
  } finally {
    await store.close();
  }
}

interface CompressedWiki {
  path: string;
  /** Rows deflated, by how SQLite holds them. */
  asBlob: number[];
  asText: number[];
  external: number;
  directory: string;
}

/** A copy of the fixture with every third text row deflated into a BLOB and every third into TEXT. */
function compressedWiki(): CompressedWiki {
  const directory = mkdtempSync(join(tmpdir(), 'wikiquery-gzip-'));
  const path = join(directory, 'gzip.sqlite');
  copyFileSync(fixtureDb, path);
  const db = new Database(path);
  const asBlob: number[] = [];
  const asText: number[] = [];
  const rows = db.prepare('SELECT old_id, old_text FROM text ORDER BY old_id').all() as { old_id: number; old_text: string }[];
  const intoBlob = db.prepare("UPDATE text SET old_text = ?, old_flags = 'utf-8,gzip' WHERE old_id = ?");
  const intoText = db.prepare("UPDATE text SET old_text = CAST(? AS TEXT), old_flags = 'utf-8,gzip' WHERE old_id = ?");
  db.transaction(() => {
    for (const { old_id, old_text } of rows) {
      const deflated = deflateRawSync(Buffer.from(old_text, 'utf8'));
      // MediaWiki's SQLite writes a string with a NUL as a BLOB literal, any other as TEXT.
      if (old_id % 3 === 0) {
        intoBlob.run(deflated, old_id);
        asBlob.push(old_id);
      } else if (old_id % 3 === 1 && !deflated.includes(0)) {
        intoText.run(deflated, old_id);
        asText.push(old_id);
      }
    }
  })();
  const external = Number(db.prepare("INSERT INTO text (old_text, old_flags) VALUES (?, 'utf-8,gzip,external')").run(EXTERNAL_ADDRESS).lastInsertRowid);
  const stored = db.prepare("SELECT typeof(old_text) AS type, COUNT(*) AS n FROM text WHERE old_flags = 'utf-8,gzip' GROUP BY 1 ORDER BY 1").all();
  assert.deepEqual(stored, [{ type: 'blob', n: asBlob.length }, { type: 'text', n: asText.length }]);
  db.close();
  return { path, asBlob, asText, external, directory };
}

async function assertSameTexts(store: Store, expected: Map<string, string>, external: number): Promise<void> {
  const actual = await store.revisions.texts([...expected.keys(), `tt:${external}`]);
  assert.equal(actual.size, expected.size, 'every text row but the external one');
  for (const [address, text] of expected) assert.equal(actual.get(address), text, address);
  assert.equal(actual.has(`tt:${external}`), false, 'an external row has no text here');
  // Slots read with their texts in one statement give each the text its address reads.
  const db = new Database(fixtureDb, { readonly: true });
  const revisionIds = db.prepare('SELECT DISTINCT slot_revision_id FROM slots').pluck().all() as number[];
  db.close();
  const slots = await store.revisions.slotsWithTexts(revisionIds);
  assert.equal(slots.size, revisionIds.length);
  for (const rows of slots.values()) for (const slot of rows) assert.equal(slot.text, actual.get(slot.content_address), slot.content_address);
}

describe('compressed text', { skip: skipWithoutFixture }, () => {
  let expected: Map<string, string>;
  let wiki: CompressedWiki;
  before(async () => {
    expected = await fixtureTexts();
    wiki = compressedWiki();
  });
  after(() => {
    if (wiki) rmSync(wiki.directory, { recursive: true, force: true });
  });

  test('the SQLite store reads it, whether SQLite holds the bytes as BLOB or as TEXT', async () => {
    assert.ok(wiki.asBlob.length > 100 && wiki.asText.length > 20, `${wiki.asBlob.length} as BLOB, ${wiki.asText.length} as TEXT`);
    const store = openSqliteStore(wiki.path);
    try {
      await assertSameTexts(store, expected, wiki.external);
    } finally {
      await store.close();
    }
  });

  test('the API answers the same content (prop=revisions&rvprop=content)', async () => {
    const query = 'action=query&format=json&formatversion=2&prop=revisions&rvprop=content|ids&rvslots=main&generator=allpages&gaplimit=50';
    const answer = async (db: string): Promise<Json> => {
      const server = await startFixtureServer({}, db);
      try {
        return await (await fetch(`${server.url}?${query}`)).json();
      } finally {
        await server.close();
      }
    };
    const [plain, compressed] = [await answer(fixtureDb), await answer(wiki.path)];
    assert.ok(plain.query.pages.filter((page: Json) => page.revisions?.[0]?.slots?.main?.content).length >= 20);
    assert.deepEqual(compressed, plain);
  });

  test('a text row whose bytes do not inflate reads as missing, not as an error', async () => {
    const db = new Database(wiki.path);
    const bad = Number(db.prepare("INSERT INTO text (old_text, old_flags) VALUES (?, 'utf-8,gzip')").run(Buffer.from('not deflated')).lastInsertRowid);
    db.close();
    const store = openSqliteStore(wiki.path);
    try {
      assert.equal((await store.revisions.texts([`tt:${bad}`])).size, 0);
    } finally {
      await store.close();
      const cleanup = new Database(wiki.path);
      cleanup.prepare('DELETE FROM text WHERE old_id = ?').run(bad);
      cleanup.close();
    }
  });

  for (const kind of ['mariadb', 'postgres'] as const satisfies readonly DatabaseKind[]) {
    describe(`copied into ${kind}`, { skip: databaseServerSkipReason(kind) }, () => {
      let server: DatabaseServer;
      before(async () => { server = await startDatabaseServer(kind); });
      after(async () => { await server?.stop(); });

      test('reads the same, stored as MediaWiki stores it there', async () => {
        const summary = await copyWiki({ from: wiki.path, to: server.url });
        const compressed = wiki.asBlob.length + wiki.asText.length;
        const inflated = [...summary.conversions].find(([what]) => what.startsWith('text.old_text: compressed text'));
        if (kind === 'postgres') assert.equal(inflated?.[1], compressed, 'each compressed row inflated once');
        else assert.equal(inflated, undefined);
        const store = kind === 'mariadb' ? await openMariaDbStore(server.url) : await openPostgresStore(server.url);
        try {
          await assertSameTexts(store, expected, wiki.external);
        } finally {
          await store.close();
        }
        const [blobRow, textRow] = [wiki.asBlob[0]!, wiki.asText[0]!];
        const source = new Database(wiki.path, { readonly: true });
        const sourceBytes = (id: number) => source.prepare('SELECT CAST(old_text AS BLOB) FROM text WHERE old_id = ?').pluck().get(id) as Buffer;
        try {
          if (kind === 'mariadb') {
            const connection = await createConnection({ host: server.host, port: server.port, user: server.user, database: server.database });
            try {
              for (const id of [blobRow, textRow]) {
                const [row] = await connection.query<{ old_text: Buffer; old_flags: Buffer }[]>('SELECT old_text, old_flags FROM text WHERE old_id = ?', [id]);
                assert.deepEqual(row!.old_text, sourceBytes(id), `row ${id}: the deflated bytes as they were`);
                assert.equal(row!.old_flags.toString(), 'utf-8,gzip');
              }
            } finally {
              await connection.end();
            }
          } else {
            const client = new pg.Client({ connectionString: server.url });
            await client.connect();
            try {
              const rows = await client.query('SELECT old_id, old_text, old_flags FROM mediawiki.text WHERE old_id = ANY($1) ORDER BY old_id', [[blobRow, textRow, wiki.external]]);
              for (const row of rows.rows) {
                if (row.old_id === wiki.external) {
                  assert.deepEqual([row.old_text, row.old_flags], [EXTERNAL_ADDRESS, 'utf-8,gzip,external'], 'an external address copied as it is');
                } else {
                  assert.deepEqual([row.old_text, row.old_flags], [expected.get(`tt:${row.old_id}`), 'utf-8'], `row ${row.old_id}: uncompressed`);
                }
              }
              // A UTF8 database refuses deflated bytes (MediaWiki's own writes of them fail); a
              // SQL_ASCII one takes any bytes but NUL, and there MediaWiki's compressed rows stand.
              await client.query("CREATE DATABASE ascii_wiki ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0");
              await assert.rejects(client.query("INSERT INTO mediawiki.text (old_text, old_flags) VALUES (convert_from($1, 'UTF8'), 'utf-8,gzip')", [sourceBytes(textRow)]), /invalid byte sequence for encoding "UTF8"/);
            } finally {
              await client.end();
            }
            const asciiUrl = server.url.replace(/\/wiki$/, '/ascii_wiki');
            await copyWiki({ from: wiki.path, to: asciiUrl });
            const ascii = new pg.Client({ connectionString: asciiUrl });
            await ascii.connect();
            let id: number;
            try {
              id = (await ascii.query("INSERT INTO mediawiki.text (old_text, old_flags) VALUES (convert_from($1, 'SQL_ASCII'), 'utf-8,gzip') RETURNING old_id", [sourceBytes(textRow)])).rows[0].old_id;
            } finally {
              await ascii.end();
            }
            const store = await openPostgresStore(asciiUrl);
            try {
              assert.equal((await store.revisions.texts([`tt:${id}`])).get(`tt:${id}`), expected.get(`tt:${textRow}`));
              await assertSameTexts(store, expected, wiki.external);
            } finally {
              await store.close();
            }
          }
        } finally {
          source.close();
        }
      });
    });
  }
});
