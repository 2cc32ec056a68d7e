// Imported wikis in other content languages, served: siteinfo's magic words, namespace aliases, special page aliases and language fields as MediaWiki 1.39 answers them in that language.
//
// siteinfo-language-mediawiki.json.gz holds MediaWiki's answers: scripts/mediawiki-import.sh built
// a wiki from each dump (Gadgets, Cite, ParserFunctions, Scribunto), served by `php -S`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { runImport } from '../../src/import/index.ts';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { loadSiteConfig } from '../../src/server/config.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface RecordedWiki {
  lang: string;
  /** A dump of the repository, or the dump itself. */
  dumpFile?: string;
  dump?: string;
  siteinfo: Record<string, Json>;
}

const ROOT = join(import.meta.dirname, '..', '..');
const RECORDED: { wikis: RecordedWiki[] } = JSON.parse(
  gunzipSync(readFileSync(join(import.meta.dirname, 'siteinfo-language-mediawiki.json.gz'))).toString('utf8'),
);
const PROPS = 'general|namespacealiases|specialpagealiases|magicwords';

/**
 * Language::getNamespaceAliases adds the namespace names converted to the other variants of a
 * language with variants (sr: Latin forms of the Cyrillic names); this server does not convert.
 */
const UNCONVERTED: Record<string, string> = { sr: 'namespace names converted to the language variants are not aliases here' };

for (const wiki of RECORDED.wikis) {
  describe(`an imported wiki in content language ${wiki.lang}, served`, () => {
    let dir: string;
    let server: RunningServer | undefined;
    let answer: Json;

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), `wikiquery-siteinfo-${wiki.lang}-`));
      const dump = join(dir, `${wiki.lang}.xml`);
      const db = join(dir, `${wiki.lang}.sqlite`);
      writeFileSync(dump, wiki.dump ?? readFileSync(join(ROOT, wiki.dumpFile!)));
      const summary = await runImport({ dumps: [dump], db, noSearchIndex: true });
      assert.ok(summary.ok, summary.fatal);
      server = await startServer({ db, site: loadSiteConfig(`${db}.config.json`), port: 0, host: '127.0.0.1' });
      const response = await fetch(`${server.url}?action=query&meta=siteinfo&siprop=${PROPS}&format=json&formatversion=2`);
      answer = ((await response.json()) as Json).query;
    });
    after(async () => {
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('magicwords: the language\'s synonyms before its fallbacks\' and English ones, extensions\' words first', () => {
      assert.deepEqual(answer.magicwords, wiki.siteinfo.magicwords);
    });

    test('specialpagealiases: the language\'s aliases merged with its fallbacks\', repeats kept', () => {
      assert.deepEqual(answer.specialpagealiases, wiki.siteinfo.specialpagealiases);
    });

    test('namespacealiases: the language\'s aliases, gender forms and English ones', { todo: UNCONVERTED[wiki.lang] }, () => {
      assert.deepEqual(answer.namespacealiases, wiki.siteinfo.namespacealiases);
    });

    test('titles written with a namespace alias it lists are pages of that namespace', async () => {
      const aliases = (answer.namespacealiases as { id: number; alias: string }[]).filter((a) => a.id === 2 || a.id === 6);
      assert.ok(aliases.length > 0);
      const titles = aliases.map((a) => `${a.alias}:Beispiel`).join('|');
      const response = await fetch(`${server!.url}?action=query&titles=${encodeURIComponent(titles)}&format=json&formatversion=2`);
      const pages = ((await response.json()) as Json).query.pages as { ns: number }[];
      // Two aliases of one namespace name the same page.
      assert.deepEqual([...new Set(pages.map((p) => p.ns))].sort(), [...new Set(aliases.map((a) => a.id))].sort());
    });

    test('general: language, fallbacks, variants and their names, direction, link trail', () => {
      const fields = Object.fromEntries(Object.keys(wiki.siteinfo.general).map((key) => [key, answer.general[key]]));
      assert.deepEqual(fields, wiki.siteinfo.general);
    });
  });
}
