// An imported wiki with Lua modules, served: siteinfo and Module pages as MediaWiki 1.39 with Scribunto answers them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runImport } from '../../src/import/index.ts';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { loadSiteConfig } from '../../src/server/config.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function page(id: number, title: string, ns: number, model: string, format: string, text: string): string {
  return `  <page><title>${title}</title><ns>${ns}</ns><id>${id}</id>
    <revision><id>${id}</id><timestamp>2024-01-01T00:00:0${id}Z</timestamp>
      <contributor><username>Alice</username><id>2</id></contributor>
      <model>${model}</model><format>${format}</format>
      <text xml:space="preserve">${text}</text></revision></page>
`;
}

const DUMP = `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="de">
  <siteinfo>
    <sitename>Modulwiki</sitename>
    <dbname>modulwiki</dbname>
    <base>http://127.0.0.1:8081/wiki/index.php/Hauptseite</base>
    <generator>MediaWiki 1.39.17</generator>
    <case>first-letter</case>
    <namespaces>
      <namespace key="-1" case="first-letter">Spezial</namespace>
      <namespace key="0" case="first-letter" />
      <namespace key="8" case="first-letter">MediaWiki</namespace>
      <namespace key="10" case="first-letter">Vorlage</namespace>
      <namespace key="828" case="first-letter">Modul</namespace>
      <namespace key="829" case="first-letter">Modul Diskussion</namespace>
    </namespaces>
  </siteinfo>
${page(1, 'Hauptseite', 0, 'wikitext', 'text/x-wiki', '{{#invoke:Hallo|hallo}}')}
${page(2, 'Modul:Hallo', 828, 'Scribunto', 'text/plain', 'return { hallo = function() return "Hallo" end }')}
${page(3, 'Modul:Hallo/Doku', 828, 'wikitext', 'text/x-wiki', 'Doku.')}
</mediawiki>
`;

describe('a served wiki whose dump has Lua modules', () => {
  let dir: string;
  let server: RunningServer | undefined;
  const api = async (query: string): Promise<Json> =>
    (await fetch(`${server!.url}?action=query&format=json&formatversion=2&${query}`)).json();

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wikiquery-scribunto-served-'));
    const dump = join(dir, 'modulwiki.xml');
    const db = join(dir, 'modulwiki.sqlite');
    writeFileSync(dump, DUMP);
    const summary = await runImport({ dumps: [dump], db, noSearchIndex: true });
    assert.ok(summary.ok, summary.fatal);
    server = await startServer({ db, site: loadSiteConfig(`${db}.config.json`), port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('siteinfo lists Scribunto, its {{#invoke:}} and its hooks', async () => {
    const { query } = await api('meta=siteinfo&siprop=extensions|functionhooks|magicwords|showhooks');
    assert.ok(query.extensions.some((e: Json) => e.name === 'Scribunto' && e.license === '/wiki/index.php/Spezial:Version/License/Scribunto'));
    assert.ok(query.functionhooks.includes('invoke'));
    assert.deepEqual(query.magicwords.find((w: Json) => w.name === 'invoke'), { name: 'invoke', aliases: ['aufrufen', 'invoke'], 'case-sensitive': false });
    assert.ok(query.showhooks.some((h: Json) => h.name === 'ParserFirstCallInit'));
  });

  test('a module that does not exist is Scribunto in English; the German documentation page is wikitext', async () => {
    const { query } = await api('prop=info&titles=Modul:Neu|Modul:Neu/Doku|Modul:Neu/doc|Modul:Daten.json');
    const byTitle = new Map<string, Json>(query.pages.map((p: Json) => [p.title, p]));
    assert.equal(byTitle.get('Modul:Neu').contentmodel, 'Scribunto');
    assert.equal(byTitle.get('Modul:Neu').pagelanguage, 'en');
    assert.equal(byTitle.get('Modul:Neu/Doku').contentmodel, 'wikitext');
    assert.equal(byTitle.get('Modul:Neu/Doku').pagelanguage, 'de');
    assert.equal(byTitle.get('Modul:Neu/doc').contentmodel, 'Scribunto');
    assert.equal(byTitle.get('Modul:Daten.json').contentmodel, 'json');
  });

  test('an existing module keeps its model; its text is text/plain', async () => {
    const { query } = await api('prop=info|revisions&rvprop=content|contentmodel&rvslots=main&titles=Modul:Hallo');
    const [module] = query.pages;
    assert.equal(module.contentmodel, 'Scribunto');
    assert.equal(module.pagelanguage, 'en');
    assert.deepEqual(module.revisions[0].slots.main, {
      contentmodel: 'Scribunto', contentformat: 'text/plain', content: 'return { hallo = function() return "Hallo" end }',
    });
  });
});
