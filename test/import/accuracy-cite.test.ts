// Cite's <ref> and <references> record what MediaWiki 1.39 with Cite records: a reference that fails validation is dropped with its links, every Cite error puts the page in "Pages with reference errors".
//
// Every expected row was read from the reference MediaWiki's action=parse of the same wikitext
// (prop=links|templates|categories|externallinks), Cite and ParserFunctions installed.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runImport } from '../../src/import/index.ts';
import { testDump, testPage } from '../support/test-dump.ts';

interface CiteCase {
  case: string;
  text: string;
  /** pagelinks (a missing template is linked too), templatelinks, categorylinks, externallinks. */
  links: string[];
  templates: string[];
  categories: string[];
  urls: string[];
}

const CASES: CiteCase[] = [
  { case: "a valid <ref>'s text is parsed: its links, templates, categories and URLs count", text: "<ref>[[A]] {{Tnx1}} [[Category:C1]] http://e.example/1</ref>", links: ["A", "Template:Tnx1"], templates: ["Template:Tnx1"], categories: ["C1"], urls: ["http://e.example/1"] },
  { case: "an attribute other than name, group, follow and dir is cite_error_ref_too_many_keys: the text is dropped", text: "<ref foo=\"x\">[[A]] {{Tnx1}} [[Category:C1]] http://e.example/1</ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "extends (book referencing, $wgCiteBookReferencing off) is an error", text: "<ref name=\"n\" extends=\"x\">[[A]] {{Tnx1}}</ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "details is an unknown attribute", text: "<ref details=\"p. 3\">[[A]] {{Tnx1}}</ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "an empty extends is no error", text: "<ref extends=\"\">[[A]]</ref>", links: ["A"], templates: [], categories: [], urls: [] },
  { case: "follow together with name is cite_error_ref_too_many_keys", text: "<ref follow=\"x\" name=\"y\">[[A]] {{Tnx1}}</ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a follow of a known name adds its text to that reference", text: "<ref name=\"x\">[[B]]</ref><ref follow=\"x\">[[A]] {{Tnx1}}</ref>", links: ["A", "B", "Template:Tnx1"], templates: ["Template:Tnx1"], categories: [], urls: [] },
  { case: "an incomplete follow (no such name yet) keeps its text", text: "<ref follow=\"x\">[[A]] {{Tnx1}}</ref>", links: ["A", "Template:Tnx1"], templates: ["Template:Tnx1"], categories: [], urls: [] },
  { case: "a numeric follow is cite_error_ref_numeric_key", text: "<ref follow=\"3\">[[A]]</ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a dir other than ltr or rtl is cite_error_ref_invalid_dir", text: "<ref dir=\"up\">[[A]] {{Tnx1}}</ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "an empty dir is invalid too", text: "<ref dir=\"\">[[A]]</ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "dir is compared without case", text: "<ref dir=\"RTL\">[[A]]</ref>", links: ["A"], templates: [], categories: [], urls: [] },
  { case: "a <ref> inside a ref's text is cite_error_included_ref: neither text counts", text: "<ref>[[A]] {{Tnx1}}<ref>[[B]]</ref></ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a self-closed <ref/> inside a ref's text is an error too", text: "<ref name=\"a\">[[A]] <ref name=\"b\"/></ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "<references/> inside a ref's text is an error", text: "<ref>[[A]] <references/></ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "<ref> in nowiki or a comment is no included ref", text: "<ref>[[A]] <nowiki><ref></nowiki></ref>", links: ["A"], templates: [], categories: [], urls: [] },
  { case: "a ref inside <references> with another group is cite_error_references_group_mismatch", text: "<ref name=\"a\">[[A]]</ref><references><ref name=\"a\" group=\"g\">[[B]] {{Tnx2}}</ref></references>", links: ["A"], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a bad attribute on <references> is cite_error_references_invalid_parameters; the default group is still listed at the end", text: "<ref name=\"a\">[[A]]</ref><references foo=\"x\"/>", links: ["A"], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a bad attribute on <references group> leaves that group without a list", text: "<ref group=\"g\" name=\"q\">[[A]]</ref><references group=\"g\" foo=\"x\"/>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "refs of a group with no <references> are cite_error_group_refs_without_references, never parsed", text: "<ref group=\"g\">[[A]] {{Tnx1}}</ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "refs of a group with its <references> are parsed", text: "<ref group=\"g\">[[A]] {{Tnx1}}</ref><references group=\"g\"/>", links: ["A", "Template:Tnx1"], templates: ["Template:Tnx1"], categories: [], urls: [] },
  { case: "group names are case-sensitive", text: "<ref group=g>[[A]]</ref><references group=G/>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "refs after the group's last <references> are never listed", text: "<ref group=\"g\">[[A]]</ref><references group=\"g\"/><ref group=\"g\">[[B]]</ref>", links: ["A"], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "default-group refs after <references/> are listed at the end of the page", text: "<ref>[[A]]</ref><references/><ref>[[B]]</ref>", links: ["A", "B"], templates: [], categories: [], urls: [] },
  { case: "a name given a second, different text keeps the first (cite_error_references_duplicate_key)", text: "<ref name=\"a\">[[A]]</ref><ref name=\"a\">[[B]] {{Tnx2}}</ref>", links: ["A"], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "the same text twice is no error", text: "<ref name=\"a\">[[A]]</ref><ref name=\"a\">[[A]]</ref>", links: ["A"], templates: [], categories: [], urls: [] },
  { case: "texts differing in whitespace are different", text: "<ref name=\"a\">[[A]]</ref><ref name=\"a\">[[A]] </ref>", links: ["A"], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a name first used without text takes the first text given", text: "<ref name=\"a\"/><ref name=\"a\">[[A]]</ref><ref name=\"a\">[[B]]</ref>", links: ["A"], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a numeric name is digits only: -3 is no error", text: "<ref name=\"-3\">[[A]]</ref>", links: ["A"], templates: [], categories: [], urls: [] },
  { case: "an all-digit name is cite_error_ref_numeric_key", text: "<ref name=\"3\">[[A]] {{Tnx1}}</ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "0 is a numeric name", text: "<ref name=\"0\">[[A]]</ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a name never given a text is cite_error_references_no_text", text: "<ref name=\"a\"/>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "<ref/> with neither name nor text is cite_error_ref_no_key", text: "<ref/>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a blank text without name is cite_error_ref_no_input", text: "<ref> </ref>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "an empty name is an anonymous reference", text: "<ref name=\"\">[[A]]</ref>", links: ["A"], templates: [], categories: [], urls: [] },
  { case: "a list-defined reference used in the text counts", text: "<ref name=\"a\"/><references><ref name=\"a\">[[A]] {{Tnx1}}</ref></references>", links: ["A", "Template:Tnx1"], templates: ["Template:Tnx1"], categories: [], urls: [] },
  { case: "a list-defined reference of an unused group is cite_error_references_missing_group", text: "<references><ref name=\"a\">[[A]] {{Tnx1}}</ref></references>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a list-defined reference the text never uses is cite_error_references_missing_key", text: "<ref name=\"b\"/><references><ref name=\"a\">[[A]] {{Tnx1}}</ref></references>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a ref without name inside <references> is cite_error_references_no_key", text: "<ref name=\"a\"/><references><ref>[[A]] {{Tnx1}}</ref></references>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a ref without text inside <references> is cite_error_empty_references_define", text: "<ref name=\"a\"/><references><ref name=\"a\"/></references>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a list-defined reference with a bad attribute is dropped", text: "<ref name=\"a\"/><references><ref name=\"a\" foo=\"1\">[[A]]</ref></references>", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a list-defined text differing from the text's own keeps the first", text: "<ref name=\"a\">[[A]]</ref><references><ref name=\"a\">[[B]] {{Tnx2}}</ref></references>", links: ["A"], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "refs in <references group> take its group", text: "<ref name=\"a\" group=\"g\"/><references group=\"g\"><ref name=\"a\">[[A]]</ref></references>", links: ["A"], templates: [], categories: [], urls: [] },
  { case: "the rest of <references>' content is parsed too", text: "<ref name=\"a\">[[A]]</ref><references>[[B]] <ref name=\"a\">[[C]]</ref></references>", links: ["A", "B"], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "{{#tag:references}} takes the refs it was given back (ReferenceStack::rollbackRefs)", text: "<ref name=\"a\"/>{{#tag:references|<ref name=\"a\">[[A]] {{Tnx1}}</ref>}}", links: ["A", "Template:Tnx1"], templates: ["Template:Tnx1"], categories: [], urls: [] },
  { case: "{{#tag:references}} in {{#tag:references}} is cite_error_included_references", text: "<ref>[[A]]</ref>{{#tag:references|<ref name=q>[[B]]</ref>{{#tag:references}}}}", links: ["A", "B"], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "{{#tag:ref}} with a bad attribute is an error", text: "{{#tag:ref|[[A]]|foo=1}}", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "{{#tag:ref}} keeps the case of attribute names: Name is unknown", text: "{{#tag:ref|[[B]]|Name=x}}", links: [], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "{{#tag:ref}} removes quotes around a value", text: "<ref name=\"a\">[[A]]</ref>{{#tag:ref|[[B]]|name=\"a\"}}", links: ["A"], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a ref made while a ref's text is parsed at the end of the page is never listed", text: "<ref>[[A]] {{#tag:ref|[[B]]}}</ref>", links: ["A"], templates: [], categories: [], urls: [] },
  { case: "a ref made while a group's list is parsed is read as list-defined", text: "<ref group=\"g\">[[A]] {{#tag:ref|[[B]]|name=z}}</ref><references group=\"g\"/>", links: ["A"], templates: [], categories: ["Pages_with_reference_errors"], urls: [] },
  { case: "a file missing in a ref's text is a broken file link", text: "<ref>[[Category:Zz]] [[File:Nope.png]]</ref>", links: [], templates: [], categories: ["Pages_with_broken_file_links", "Zz"], urls: [] },
];

const NAMESPACES: Array<[number, string]> = [[6, 'File'], [10, 'Template'], [14, 'Category']];
const PREFIX = new Map<number, string>([[0, ''], ...NAMESPACES.map(([ns, name]): [number, string] => [ns, `${name}:`])]);

let dir: string;
let wiki: Database.Database;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wikiquery-accuracy-cite-'));
  const body = CASES.map((c, i) => testPage({ id: i + 1, title: `Cite ${i + 1}`, ns: 0, text: c.text })).join('');
  writeFileSync(join(dir, 'cite.xml'), testDump({ namespaces: NAMESPACES }, body));
  const summary = await runImport({ dumps: [join(dir, 'cite.xml')], db: join(dir, 'cite.sqlite'), noSearchIndex: true });
  assert.equal(summary.ok, true, summary.fatal);
  wiki = new Database(join(dir, 'cite.sqlite'), { readonly: true });
});
after(() => {
  wiki?.close();
  rmSync(dir, { recursive: true, force: true });
});

function titles(sql: string, pageId: number): string[] {
  const rows = wiki.prepare(sql).all(pageId) as Array<{ ns: number; title: string }>;
  return rows.map((r) => `${PREFIX.get(r.ns) ?? `${r.ns}:`}${r.title.replace(/_/g, ' ')}`).sort();
}

function recorded(pageId: number): Omit<CiteCase, 'case' | 'text'> {
  return {
    links: titles('SELECT pl_namespace AS ns, pl_title AS title FROM pagelinks WHERE pl_from = ?', pageId),
    templates: titles('SELECT lt_namespace AS ns, lt_title AS title FROM templatelinks JOIN linktarget ON lt_id = tl_target_id WHERE tl_from = ?', pageId),
    categories: (wiki.prepare('SELECT cl_to FROM categorylinks WHERE cl_from = ? ORDER BY cl_to').pluck().all(pageId) as string[]),
    urls: (wiki.prepare('SELECT el_to FROM externallinks WHERE el_from = ? ORDER BY el_to').pluck().all(pageId) as string[]),
  };
}

describe("Cite's references, as MediaWiki 1.39 records them", () => {
  CASES.forEach((c, i) => {
    test(`${c.case}: ${c.text}`, () => {
      const { case: _case, text: _text, ...expected } = c;
      assert.deepEqual(recorded(i + 1), expected);
    });
  });
});
