// The infobox extension's modules (PortableInfobox): the `infoboxes` page property the importer
// saves for templates and the pages using them, and list=allinfoboxes, prop=infobox and the
// AllInfoboxes query page over a wiki imported with such templates.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runImport } from '../../src/import/index.ts';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import { decodeInfoboxes, encodeInfoboxes, parseInfoboxXml, phpJsonEncode, renderInfoboxEntry, templateInfoboxMarkups } from '../../src/wiki/infobox.ts';
import { testDump, testPage } from '../support/test-dump.ts';
import type { Json } from '../support/fixture-wiki.ts';

const CHARACTER = `<noinclude>Documentation.</noinclude><includeonly><infobox theme="person">
  <title source="name"><default>{{PAGENAME}}</default></title>
  <image source="image"><caption source="caption"/></image>
  <header>Details</header>
  <data source="born"><label>'''Born'''</label></data>
  <group>
    <data source="height"><label>Height</label><format>{{{height}}} cm</format></data>
    <data source="weight"><label>[[Mass|Weight]] &amp; more</label><default>{{{mass|unknown}}}</default></data>
  </group>
</infobox></includeonly>`;

const PAGES = [
  { id: 1, ns: 10, title: 'Template:Character', text: CHARACTER },
  { id: 2, ns: 10, title: 'Template:Character/doc', text: '<infobox><data source="x"/></infobox>' },
  { id: 3, ns: 10, title: 'Template:Broken', text: '<infobox><data source="x"></infobox>' },
  { id: 4, ns: 10, title: 'Template:Plain', text: 'No infobox here.' },
  { id: 5, ns: 0, title: 'Alice', text: "{{Character|name=Alice|born=1990|height=170}} Text." },
  { id: 6, ns: 0, title: 'Bob', text: 'No infobox.' },
  { id: 7, ns: 10, title: 'Template:Odd', text: '<infobox><unknown source="x"/></infobox>' },
];

describe('infobox markup', () => {
  test('metadata: node types, sources with labels, the primary one flagged, groups nested', () => {
    const [markup] = templateInfoboxMarkups(CHARACTER);
    const entry = renderInfoboxEntry(markup!, new Map());
    assert.ok(entry);
    const metadata = JSON.parse(phpJsonEncode(entry.metadata));
    assert.deepEqual(metadata, [
      { type: 'title', sources: { name: { label: '', primary: true } } },
      { type: 'media', sources: { image: { label: '', primary: true }, caption: { label: '' } } },
      { type: 'header', sources: [] },
      { type: 'data', sources: { born: { label: 'Born', primary: true } } },
      {
        type: 'group',
        metadata: [
          { type: 'data', sources: { height: { label: 'Height', primary: true } } },
          { type: 'data', sources: { weight: { label: 'Weight & more (weight)', primary: true }, mass: { label: 'Weight & more (mass)' } } },
        ],
      },
    ]);
  });

  test('render data keeps the values the frame gives, empty nodes left out', () => {
    const [markup] = templateInfoboxMarkups(CHARACTER);
    const entry = renderInfoboxEntry(markup!, new Map([['name', 'Alice'], ['height', '170']]));
    const data = JSON.parse(phpJsonEncode(entry!.data));
    assert.deepEqual(data.map((node: Json) => node.type), ['title', 'header', 'group']);
    assert.equal(data[0].data.value, 'Alice');
    assert.deepEqual(data[2].data.value.map((node: Json) => node.data.value), ['170 cm', 'unknown']);
  });

  test('markup that is no XML, or holds an unknown node, saves nothing', () => {
    assert.equal(parseInfoboxXml('<infobox><data></infobox>'), null);
    assert.equal(renderInfoboxEntry('<infobox><data source="a"></infobox>', new Map()), null);
    assert.equal(renderInfoboxEntry('<infobox><chart source="a"/></infobox>', new Map()), null);
  });

  test("templates: <noinclude> parts out, <includeonly> and <nowiki> as the extension reads them", () => {
    assert.deepEqual(templateInfoboxMarkups('<noinclude><infobox/></noinclude>x'), []);
    assert.deepEqual(templateInfoboxMarkups('<nowiki><infobox></infobox></nowiki>'), []);
    assert.deepEqual(templateInfoboxMarkups('<includeonly><infobox a="1"></infobox></includeonly><infobox/>'), ['<infobox a="1"></infobox>', '<infobox/>']);
  });

  test("the page property is PHP's json_encode: slashes and non-ASCII escaped, 0..n-1 keys a list", () => {
    assert.equal(phpJsonEncode('a/é'), '"a\\/\\u00e9"');
    assert.equal(phpJsonEncode(new Map([['0', 'x']])), '["x"]');
    assert.equal(phpJsonEncode(new Map([['1', 'x']])), '{"1":"x"}');
    const value = encodeInfoboxes([{ parser_tag_version: 2, data: [], metadata: [] }]);
    assert.equal(value, '[{"parser_tag_version":2,"data":[],"metadata":[]}]');
    assert.deepEqual(decodeInfoboxes(value), [{ parser_tag_version: 2, data: [], metadata: [] }]);
    assert.deepEqual(decodeInfoboxes(''), []);
  });
});

describe('an imported wiki with infobox templates', () => {
  let dir: string;
  let db: string;
  let server: RunningServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wikiquery-infobox-'));
    const dump = join(dir, 'infobox.xml');
    writeFileSync(dump, testDump({ namespaces: [[10, 'Template']] }, PAGES.map((p) => testPage(p)).join('')));
    db = join(dir, 'infobox.sqlite');
    const summary = await runImport({ dumps: [dump], db, noSearchIndex: true });
    assert.equal(summary.ok, true, summary.fatal);
    server = await startServer({ db, site: loadSiteConfig(`${db}.config.json`), port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const api = async (query: string): Promise<Json> => (await fetch(`${server.url}?action=query&format=json&${query}`)).json();

  test('the importer saves `infoboxes` for templates holding them and pages using them', () => {
    const wiki = new Database(db, { readonly: true });
    const pages = wiki.prepare("SELECT pp_page FROM page_props WHERE pp_propname = 'infoboxes' ORDER BY pp_page").pluck().all();
    const alice = wiki.prepare("SELECT pp_value FROM page_props WHERE pp_page = 5 AND pp_propname = 'infoboxes'").pluck().get() as string;
    wiki.close();
    assert.deepEqual(pages, [1, 2, 5]);
    assert.equal(JSON.parse(alice)[0].data[0].data.value, 'Alice');
  });

  // The extension's subpage exclusion (LIKE '/doc', no wildcard) leaves /doc subpages in.
  const listed = [
    { pageid: '1', title: 'Character', label: 'Character', ns: '10' },
    { pageid: '2', title: 'Character/doc', label: 'Character/doc', ns: '10' },
  ];

  test('list=allinfoboxes: the templates in title order, ids as database text', async () => {
    assert.deepEqual((await api('list=allinfoboxes')).query.allinfoboxes, listed);
    assert.deepEqual((await api('list=allinfoboxes&formatversion=2')).query.allinfoboxes, listed);
    const xml = await (await fetch(`${server.url}?action=query&format=xml&list=allinfoboxes`)).text();
    assert.match(xml, /<allinfoboxes><i pageid="1" title="Character" label="Character" ns="10" \/><i /);
  });

  test('list=querypage AllInfoboxes lists the same templates', async () => {
    const r = await api('list=querypage&qppage=AllInfoboxes&formatversion=2');
    assert.deepEqual(r.query.querypage.results.map((row: Json) => row.title), ['Template:Character', 'Template:Character/doc']);
  });

  test('prop=infobox: each infobox with its id, parser tag version and metadata', async () => {
    const r = await api('prop=infobox&titles=Alice|Bob|Template:Plain&formatversion=2');
    const byTitle = new Map(r.query.pages.map((p: Json) => [p.title, p]));
    assert.equal((byTitle.get('Bob') as Json).infoboxes, undefined);
    const [alice] = (byTitle.get('Alice') as Json).infoboxes;
    assert.equal(alice.id, 0);
    assert.equal(alice.parser_tag_version, 2);
    assert.deepEqual(alice.metadata[0], { type: 'title', sources: { name: { label: '', primary: true } } });
    assert.equal(alice.metadata[4].type, 'group');
    const fv1 = await api('prop=infobox&titles=Alice');
    assert.deepEqual(fv1.query.pages['5'].infoboxes[0].metadata[3], { type: 'data', sources: { born: { label: 'Born', primary: '' } } });
  });

  test('prop=infobox in XML: infobox and metadata elements', async () => {
    const xml = await (await fetch(`${server.url}?action=query&format=xml&prop=infobox&titles=Alice`)).text();
    assert.match(xml, /<infoboxes><infobox id="0" parser_tag_version="2"><metadata><metadata type="title"><sources><name label="" primary="" \/><\/sources><\/metadata>/);
    assert.match(xml, /<metadata type="group"><metadata><metadata type="data">/);
  });
});
