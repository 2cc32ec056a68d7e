// The wikis MediaWiki 1.39's own installer made on MariaDB and on PostgreSQL (built by
// scripts/installer-wikis/build.sh): where each one's dump, recordings and site config are, and
// how a dump is put back into a private database server with the Node drivers alone (CI has the
// servers but not necessarily their command-line clients).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createConnection as createMariaDbConnection } from 'mariadb';
import pg from 'pg';
import type { DatabaseKind, DatabaseServer } from '../../support/database-servers.ts';
import type { RecordedArea } from '../lib/exchange.ts';

export const INSTALLER_DIR = new URL('.', import.meta.url).pathname;

/** How each wiki was installed: what `serve --db` needs beside the URL. */
export interface InstallerWiki {
  kind: DatabaseKind;
  /** `$wgDBname`: the database the installer filled. */
  database: string;
  /** `$wgDBprefix` (MySQL: the installer prefixes every table). */
  prefix?: string;
  /** `$wgDBmwschema` (PostgreSQL). */
  schema?: string;
}

export const INSTALLER_WIKIS: Record<DatabaseKind, InstallerWiki> = {
  mariadb: { kind: 'mariadb', database: 'wikidb', prefix: 'mw_' },
  postgres: { kind: 'postgres', database: 'wikidb', schema: 'mediawiki' },
};

export function wikiDir(kind: DatabaseKind): string {
  return join(INSTALLER_DIR, kind);
}

export function dumpFile(kind: DatabaseKind): string {
  return join(wikiDir(kind), 'wiki.sql.gz');
}

export function siteConfigFile(kind: DatabaseKind): string {
  return join(wikiDir(kind), 'site.json');
}

export function recordedDir(kind: DatabaseKind): string {
  return join(wikiDir(kind), 'recorded');
}

export function loadInstallerRecordings(kind: DatabaseKind): RecordedArea[] {
  const dir = recordedDir(kind);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as RecordedArea);
}

/**
 * mysqldump writes one statement a line ending in `;` (with --hex-blob no raw bytes, and newlines
 * inside strings escaped), so statements are cut at `;` + newline and sent in batches.
 */
const MARIADB_BATCH_BYTES = 4 * 1024 * 1024;

async function restoreMariaDb(server: DatabaseServer, database: string, sql: string): Promise<void> {
  const connection = await createMariaDbConnection({
    host: server.host, port: server.port, user: server.user, database, multipleStatements: true,
  });
  try {
    let batch = '';
    for (const statement of sql.split(/;\n/)) {
      if (!statement.trim()) continue;
      if (batch && batch.length + statement.length > MARIADB_BATCH_BYTES) {
        await connection.query(batch);
        batch = '';
      }
      batch += `${statement};\n`;
    }
    if (batch) await connection.query(batch);
  } finally {
    await connection.end();
  }
}

/**
 * pg_dump --inserts writes plain SQL that the simple query protocol runs as one text; only its
 * psql meta-commands (`\restrict`, `\unrestrict` of recent releases) are taken out.
 */
async function restorePostgres(server: DatabaseServer, database: string, sql: string): Promise<void> {
  const client = new pg.Client({ host: server.host, port: server.port, user: server.user, database });
  await client.connect();
  try {
    const plain = sql.split('\n').filter((line) => !line.startsWith('\\')).join('\n');
    await client.query(plain);
  } finally {
    await client.end();
  }
}

/** Loads the committed dump of the wiki of that kind into `database` on the server. */
export async function restoreDump(server: DatabaseServer, wiki: InstallerWiki, file = dumpFile(wiki.kind)): Promise<void> {
  const sql = gunzipSync(readFileSync(file)).toString('utf8');
  if (wiki.kind === 'mariadb') await restoreMariaDb(server, wiki.database, sql);
  else await restorePostgres(server, wiki.database, sql);
}
