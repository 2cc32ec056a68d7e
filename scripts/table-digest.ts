// A digest of every table of a wiki, to prove that a change to the importer left its output as it was.
//
//   node --import tsx scripts/table-digest.ts WIKI.sqlite [OTHER.sqlite]
//
// Prints each table's row count and a SHA-1 of its rows in a fixed order; given two wikis, prints
// only the tables that differ and exits with 1 when any does. What is random or depends on the
// layout rather than the content is left out: page_random, SQLite's statistics, and the FTS3
// shadow tables (segments are a storage detail; the search index is compared by its rows).

import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';

const SKIPPED = new Set(['sqlite_stat1', 'sqlite_stat4', 'sqlite_sequence', 'searchindex_content', 'searchindex_segments', 'searchindex_segdir']);
const RANDOM_COLUMNS = new Set(['page.page_random']);

export interface TableDigest {
  rows: number;
  sha1: string;
}

export function tableDigests(path: string): Map<string, TableDigest> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    const out = new Map<string, TableDigest>();
    for (const table of tables) {
      if (SKIPPED.has(table) || (table.startsWith('searchindex_') && table !== 'searchindex')) continue;
      const columns = table === 'searchindex'
        ? ['rowid', 'si_title', 'si_text']
        : (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).filter((c) => !RANDOM_COLUMNS.has(`${table}.${c}`));
      const list = columns.map((c) => `"${c}"`).join(', ');
      const hash = createHash('sha1');
      let rows = 0;
      for (const row of db.prepare(`SELECT ${list} FROM "${table}" ORDER BY ${columns.map((_c, i) => i + 1).join(', ')}`).raw().iterate()) {
        hash.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? `b:${v.toString('hex')}` : typeof v === 'bigint' ? v.toString() : v)));
        hash.update('\n');
        rows++;
      }
      out.set(table, { rows, sha1: hash.digest('hex') });
    }
    return out;
  } finally {
    db.close();
  }
}

function main(args: string[]): number {
  if (args.length === 1) {
    for (const [table, d] of tableDigests(args[0]!)) console.log(`${table.padEnd(28)} ${String(d.rows).padStart(9)}  ${d.sha1}`);
    return 0;
  }
  if (args.length !== 2) {
    console.error('usage: table-digest.ts WIKI.sqlite [OTHER.sqlite]');
    return 2;
  }
  const [a, b] = args.map(tableDigests) as [Map<string, TableDigest>, Map<string, TableDigest>];
  let differ = 0;
  for (const table of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(table);
    const y = b.get(table);
    if (x?.sha1 === y?.sha1) continue;
    differ++;
    console.log(`${table.padEnd(28)} ${x ? `${x.rows} rows` : 'missing'} vs ${y ? `${y.rows} rows` : 'missing'}`);
  }
  console.log(differ === 0 ? `identical (${a.size} tables)` : `${differ} tables differ`);
  return differ === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) process.exitCode = main(process.argv.slice(2));
