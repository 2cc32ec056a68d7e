// The dumps no-install.test.ts imports, and the child process that imports them where MediaWiki is hidden.
//
//   node --import tsx test/import/no-install-import.ts OUT_DIR
//
// As a script it first makes sure no MediaWiki install is visible (printing HIDDEN_MARKER), then
// imports into OUT_DIR and prints the summaries as one JSON line.

import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { runImport, type ImportSummary } from '../../src/import/index.ts';

export const MEDIAWIKI = '/usr/share/mediawiki';
export const HIDDEN_MARKER = 'no MediaWiki install visible';

const FIXTURE = join(import.meta.dirname, '../../../shared/fixtures/fixture-wiki');
export const LTGWIKI_DUMP = join(import.meta.dirname, '../../../shared/data/ltgwiki/ltgwiki-smallwiki-latest-pages-articles.xml');

export interface ImportedWiki {
  name: string;
  db: string;
  summary: ImportSummary;
}

/** The fixture's dumps (with its interwiki table, as fixture-agreement.test.ts imports them) and, when beside the repository, ltgwiki's. */
export async function importTestDumps(dir: string): Promise<ImportedWiki[]> {
  const fixture = new Database(join(FIXTURE, 'data/wikidb.sqlite'), { readonly: true });
  const interwiki = fixture.prepare("SELECT iw_prefix || '|' || iw_url || '|' || iw_local || '|' || iw_api FROM interwiki").pluck().all() as string[];
  fixture.close();
  writeFileSync(join(dir, 'interwiki.list'), interwiki.join('\n') + '\n');
  const wikis: ImportedWiki[] = [];
  const fixtureDb = join(dir, 'fixture.sqlite');
  wikis.push({
    name: 'fixture',
    db: fixtureDb,
    summary: await runImport({
      dumps: [join(FIXTURE, 'dumps/pages-full.xml'), join(FIXTURE, 'dumps/logs.xml')],
      db: fixtureDb,
      interwikiList: join(dir, 'interwiki.list'),
    }),
  });
  if (existsSync(LTGWIKI_DUMP)) {
    const ltgDb = join(dir, 'ltgwiki.sqlite');
    wikis.push({ name: 'ltgwiki', db: ltgDb, summary: await runImport({ dumps: [LTGWIKI_DUMP], db: ltgDb }) });
  }
  return wikis;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (existsSync(join(MEDIAWIKI, 'languages'))) {
    console.error(`${MEDIAWIKI} is visible: not hidden`);
    process.exit(3);
  }
  console.log(HIDDEN_MARKER);
  const wikis = await importTestDumps(process.argv[2]!);
  console.log(JSON.stringify(wikis));
}
