// prop=references over a wiki whose config stores reference data ($wgCiteStoreReferencesData):
// the importer keeps each page's references in page_props as the Cite extension once did
// (references-1, -2...: its JSON, gzip-compressed, in blob-sized pieces), and the module answers
// them as that extension's ApiQueryReferences did. No MediaWiki 1.39 can answer this (its Cite
// has neither); the expected values follow that extension's last source with them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { runImport } from '../../src/import/index.ts';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import { answeredReferences, CiteReferenceRecorder, decodeStoredReferences, phpJson, phpJsonDecode, textStoredPiece } from '../../src/wiki/cite-references.ts';
import { copyWiki } from '../../src/import/copy/index.ts';
import { databaseServerSkipReason, startMariaDb, startPostgres, type DatabaseServer } from '../support/database-servers.ts';
import { testDump, testPage } from '../support/test-dump.ts';
import type { Json } from '../support/fixture-wiki.ts';

const LISTS = [
  'Alpha<ref name="a">Source A</ref> beta<ref>Anon one</ref> gamma<ref name="a"/> delta<ref group="note">Note x</ref>',
  '<references/>',
  'Second<ref name="b">Source B</ref><ref name="a">Source A again</ref>',
  '<references group="note"/>',
  '<references/>',
].join('\n');

const DUPLICATES = 'One<ref name="d">One</ref> two<ref name="d">Two</ref> list<ref name="ld"/>\n<references>\n<ref name="ld">Defined in list</ref>\n</references>';

const PAGES = [
  { id: 1, ns: 0, title: 'Lists', text: LISTS },
  { id: 2, ns: 0, title: 'Duplicates', text: DUPLICATES },
  { id: 3, ns: 0, title: 'Plain', text: 'No references.' },
  { id: 4, ns: 0, title: 'Invalid', text: 'Bad<ref name="1">numeric name</ref> empty<ref></ref>' },
  { id: 5, ns: 0, title: 'Tagged', text: 'Use<ref name="t"/> and<ref name="two words">Spaced</ref>\n{{#tag:references|<ref name="t">Tag def</ref>}}' },
];

const DUPLICATE_ERROR =
  '<span class="error mw-ext-cite-error" lang="en" dir="ltr">Cite error: Invalid <code>&lt;ref&gt;</code> tag; name "d" defined multiple times with different content</span>';

/** What Cite stored for page 1: a slot per list that followed new refs; the default group twice. */
const LISTS_STORED = {
  refs: [
    { '': { a: { text: 'Source A', count: 1, key: 1, number: 1 }, 0: { count: -1, text: 'Anon one', key: 2 } } },
    {
      note: [{ count: -1, text: 'Note x', key: 3 }],
      '': { b: { text: 'Source B', count: 0, key: 4, number: 1 }, a: { text: 'Source A again', count: 0, key: 5, number: 2 } },
    },
  ],
  version: 1,
};

/** Page 1's answer in formatversion 2: by id, the stored fields then name, group and reflist. */
const LISTS_ANSWER = {
  'cite_note-a-1': { text: 'Source A', count: 1, key: 1, number: 1, name: 'a', group: '', reflist: 0 },
  'cite_note-2': { count: -1, text: 'Anon one', key: 2, name: 0, group: '', reflist: 0 },
  'cite_note-3': { count: -1, text: 'Note x', key: 3, name: 0, group: 'note', reflist: 1 },
  'cite_note-b-4': { text: 'Source B', count: 0, key: 4, number: 1, name: 'b', group: '', reflist: 1 },
  'cite_note-a-5': { text: 'Source A again', count: 0, key: 5, number: 2, name: 'a', group: '', reflist: 1 },
};

describe('stored reference data', () => {
  test("PHP's JSON both ways: integer-like keys keep their place, a 0..n-1 array is a list", () => {
    const decoded = phpJsonDecode('{"b":1,"0":{"x":[true,null,"é/"]},"-5":2,"05":3}');
    assert.ok(decoded instanceof Map);
    assert.deepEqual([...decoded.keys()], ['b', 0, -5, '05']);
    assert.equal(phpJson(decoded), '{"b":1,"0":{"x":[true,null,"é/"]},"-5":2,"05":3}');
    assert.equal(phpJson(new Map([[0, 'a'], [1, 'b']])), '["a","b"]');
    assert.throws(() => phpJsonDecode('{"a":1'));
  });

  test('large data goes to several pieces, read back by joining them until they decompress', () => {
    const recorder = new CiteReferenceRecorder();
    for (let i = 0; i < 60; i++) recorder.ref('', null, randomBytes(3000).toString('base64'), null);
    recorder.refCalled();
    recorder.listFormatted('');
    const pieces = recorder.properties();
    assert.ok(pieces.length >= 2);
    assert.deepEqual(pieces.map(([name]) => name), pieces.map((_, i) => `references-${i + 1}`));
    assert.equal(pieces[0]![1].length, 65535);
    const stored = decodeStoredReferences(new Map(pieces));
    assert.ok(stored);
    assert.equal(answeredReferences(stored).size, 60);
    assert.equal(decodeStoredReferences(new Map([pieces[0]!])), false);
    // As a wiki whose pp_value is text keeps them: each piece in base64, read back the same.
    const asText = new Map(pieces.map(([name, piece]) => [name, Buffer.from(textStoredPiece(piece), 'utf8')]));
    assert.match(asText.get('references-1')!.toString('latin1'), /^[A-Za-z0-9+/]+=*$/);
    assert.deepEqual(decodeStoredReferences(asText), stored);
    assert.equal(decodeStoredReferences(new Map([[...asText][0]!])), false);
  });

  test('follow= without its reference goes first in the group, integer keys renumbered', () => {
    const recorder = new CiteReferenceRecorder();
    recorder.ref('', null, 'first', null);
    recorder.ref('', 'n', 'named', null);
    recorder.ref('', null, 'continued', 'later');
    recorder.ref('', null, 'second', null);
    recorder.refCalled();
    recorder.listFormatted('');
    const stored = decodeStoredReferences(new Map(recorder.properties()));
    assert.ok(stored);
    const json = JSON.parse(phpJson(stored));
    assert.deepEqual(json.refs[0][''], {
      0: { count: -1, text: 'continued', key: 3, follow: 'later' },
      1: { count: -1, text: 'first', key: 1 },
      n: { text: 'named', count: 0, key: 2, number: 2 },
      2: { count: -1, text: 'second', key: 4 },
    });
    // PHP keeps the order JS objects would not.
    assert.deepEqual([...(stored.get('refs') as Map<unknown, Map<unknown, Map<unknown, unknown>>>).get(0)!.get('')!.keys()], [0, 1, 'n', 2]);
  });
});

describe('an imported wiki that stores reference data', () => {
  let dir: string;
  let db: string;
  let server: RunningServer;
  let small: RunningServer;
  let off: RunningServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wikiquery-references-'));
    const dump = join(dir, 'refs.xml');
    writeFileSync(dump, testDump({ namespaces: [] }, PAGES.map((p) => testPage(p)).join('')));
    db = join(dir, 'refs.sqlite');
    writeFileSync(`${db}.config.json`, JSON.stringify({ citeStoreReferencesData: true }));
    const summary = await runImport({ dumps: [dump], db, noSearchIndex: true });
    assert.equal(summary.ok, true, summary.fatal);
    const site = loadSiteConfig(`${db}.config.json`);
    assert.equal(site.citeStoreReferencesData, true);
    server = await startServer({ db, site, port: 0, host: '127.0.0.1' });
    small = await startServer({ db, site: loadSiteConfig(`${db}.config.json`, { apiMaxResultSize: 200 }), port: 0, host: '127.0.0.1' });
    off = await startServer({ db, site: loadSiteConfig(`${db}.config.json`, { citeStoreReferencesData: false }), port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await server?.close();
    await small?.close();
    await off?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = async (on: RunningServer, query: string): Promise<Json> => (await fetch(`${on.url}?action=query&format=json&${query}`)).json();

  test('page_props: references-1 for the pages with references, gzip of the JSON Cite stored', () => {
    const wiki = new Database(db, { readonly: true });
    const rows = wiki.prepare("SELECT pp_page, pp_propname, pp_value FROM page_props WHERE pp_propname LIKE 'references-%' ORDER BY pp_page").all() as Array<{
      pp_page: number;
      pp_propname: string;
      pp_value: Buffer;
    }>;
    wiki.close();
    assert.deepEqual(rows.map((r) => [r.pp_page, r.pp_propname]), [[1, 'references-1'], [2, 'references-1'], [5, 'references-1']]);
    assert.ok(Buffer.isBuffer(rows[0]!.pp_value));
    const lists = gunzipSync(rows[0]!.pp_value).toString('utf8');
    // PHP's order: the anonymous reference's key 0 after the name that came first.
    assert.equal(
      lists,
      '{"refs":[{"":{"a":{"text":"Source A","count":1,"key":1,"number":1},"0":{"count":-1,"text":"Anon one","key":2}}},' +
        '{"note":[{"count":-1,"text":"Note x","key":3}],"":{"b":{"text":"Source B","count":0,"key":4,"number":1},"a":{"text":"Source A again","count":0,"key":5,"number":2}}}],"version":1}',
    );
    assert.deepEqual(JSON.parse(lists), LISTS_STORED);
    assert.deepEqual(JSON.parse(gunzipSync(rows[1]!.pp_value).toString('utf8')), {
      refs: [{ '': { d: { text: `One ${DUPLICATE_ERROR}`, count: 1, key: 1, number: 1 }, ld: { text: 'Defined in list', count: 0, key: 2, number: 2 } } }],
      version: 1,
    });
    // {{#tag:references}} takes back the ref it was given and defines it in the list; names are keyed with underscores.
    assert.equal(
      gunzipSync(rows[2]!.pp_value).toString('utf8'),
      '{"refs":[{"":{"t":{"text":"Tag def","count":0,"key":1,"number":1},"two_words":{"text":"Spaced","count":0,"key":2,"number":2}}}],"version":1}',
    );
  });

  test('formatversion 2: references by id, pages without data empty, missing pages without', async () => {
    const r = await get(server, 'prop=references&titles=Lists|Duplicates|Plain|Invalid|Nowhere&formatversion=2');
    assert.equal(r.continue, undefined);
    const byTitle = new Map(r.query.pages.map((p: Json) => [p.title, p]));
    assert.deepEqual((byTitle.get('Lists') as Json).references, LISTS_ANSWER);
    assert.deepEqual(Object.keys((byTitle.get('Duplicates') as Json).references), ['cite_note-d-1', 'cite_note-ld-2']);
    assert.deepEqual((byTitle.get('Plain') as Json).references, {});
    assert.deepEqual((byTitle.get('Invalid') as Json).references, {});
    assert.equal((byTitle.get('Nowhere') as Json).references, undefined);
  });

  test('formatversion 1 and XML list them with their id', async () => {
    const fv1 = await get(server, 'prop=references&titles=Lists');
    const refs = fv1.query.pages['1'].references;
    assert.ok(Array.isArray(refs) || typeof refs === 'object');
    assert.match(JSON.stringify(refs), /cite_note-a-1/);
    const xml = await (await fetch(`${server.url}?action=query&format=xml&prop=references&titles=Lists`)).text();
    assert.match(xml, /<references>.*cite_note-a-1.*<\/references>/s);
  });

  test('rfcontinue: a page that no longer fits is where the next request starts', async () => {
    const first = await get(small, 'prop=references&titles=Lists|Duplicates|Plain&formatversion=2');
    assert.deepEqual(first.continue, { rfcontinue: 2, continue: '||' });
    const pages = new Map(first.query.pages.map((p: Json) => [p.pageid, p]));
    assert.deepEqual((pages.get(1) as Json).references, LISTS_ANSWER);
    assert.equal((pages.get(2) as Json).references, undefined);
    const next = await get(small, 'prop=references&titles=Lists|Duplicates|Plain&formatversion=2&rfcontinue=2');
    const rest = new Map(next.query.pages.map((p: Json) => [p.pageid, p]));
    assert.equal((rest.get(1) as Json).references, undefined);
    assert.deepEqual(Object.keys((rest.get(2) as Json).references), ['cite_note-d-1', 'cite_note-ld-2']);
    assert.deepEqual((rest.get(3) as Json).references, {});
    assert.equal(next.continue, undefined);
  });

  test('rfcontinue must be the text of an integer; one of no page asked for lists nothing', async () => {
    assert.equal((await get(server, 'prop=references&titles=Lists&rfcontinue=01')).error.code, 'badcontinue');
    const none = await get(server, 'prop=references&titles=Lists&rfcontinue=99&formatversion=2');
    assert.equal(none.query.pages[0].references, undefined);
  });

  test('with the setting off, the same data answers citestoragedisabled', async () => {
    assert.equal((await get(off, 'prop=references&titles=Lists')).error.code, 'citestoragedisabled');
  });
});

describe('the same wiki copied to MariaDB', { skip: databaseServerSkipReason('mariadb') }, () => {
  let dir: string;
  let mariadb: DatabaseServer;
  let server: RunningServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wikiquery-references-mariadb-'));
    const dump = join(dir, 'refs.xml');
    writeFileSync(dump, testDump({ namespaces: [] }, PAGES.map((p) => testPage(p)).join('')));
    const db = join(dir, 'refs.sqlite');
    writeFileSync(`${db}.config.json`, JSON.stringify({ citeStoreReferencesData: true }));
    assert.equal((await runImport({ dumps: [dump], db, noSearchIndex: true })).ok, true);
    mariadb = await startMariaDb();
    await copyWiki({ from: db, to: mariadb.url });
    server = await startServer({ db: { url: mariadb.url }, site: loadSiteConfig(`${db}.config.json`), port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await server?.close();
    await mariadb?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('its blobs keep the compressed bytes: the same answer', async () => {
    const r = await (await fetch(`${server.url}?action=query&format=json&prop=references&titles=Lists&formatversion=2`)).json();
    assert.deepEqual(r.query.pages[0].references, LISTS_ANSWER);
  });
});

describe('the same wiki copied to PostgreSQL', { skip: databaseServerSkipReason('postgres') }, () => {
  let dir: string;
  let postgres: DatabaseServer;
  let server: RunningServer;
  let conversions: string[];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wikiquery-references-postgres-'));
    const dump = join(dir, 'refs.xml');
    writeFileSync(dump, testDump({ namespaces: [] }, PAGES.map((p) => testPage(p)).join('')));
    const db = join(dir, 'refs.sqlite');
    writeFileSync(`${db}.config.json`, JSON.stringify({ citeStoreReferencesData: true }));
    assert.equal((await runImport({ dumps: [dump], db, noSearchIndex: true })).ok, true);
    postgres = await startPostgres();
    const copied = await copyWiki({ from: db, to: postgres.url });
    conversions = [...copied.conversions.keys()];
    server = await startServer({ db: { url: postgres.url }, site: loadSiteConfig(`${db}.config.json`), port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await server?.close();
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('its text pp_value keeps the pieces in base64: the same answers', async () => {
    assert.ok(conversions.some((what) => what.startsWith('page_props.pp_value')), conversions.join('; '));
    const r = await (await fetch(`${server.url}?action=query&format=json&prop=references&titles=Lists|Duplicates|Tagged|Plain&formatversion=2`)).json();
    const byTitle = new Map(r.query.pages.map((p: Json) => [p.title, p]));
    assert.deepEqual((byTitle.get('Lists') as Json).references, LISTS_ANSWER);
    assert.deepEqual(Object.keys((byTitle.get('Duplicates') as Json).references), ['cite_note-d-1', 'cite_note-ld-2']);
    assert.deepEqual(Object.keys((byTitle.get('Tagged') as Json).references), ['cite_note-t-1', 'cite_note-two_words-2']);
    assert.deepEqual((byTitle.get('Plain') as Json).references, {});
  });
});
