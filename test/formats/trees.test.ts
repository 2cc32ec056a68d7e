// Trees built the way modules build them (list, setFlag, setContent, setType) print as
// MediaWiki printed the same answers (expected strings recorded from MediaWiki 1.39).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { encodeJson, jsonView, renderResult, type FormatOptions } from '../../src/api/formats/index.ts';
import { list, metaOf, setContent, setFlag, setFloat, setType, type ResultObject } from '../../src/api/result.ts';
import { FIXTURE_API_URL, loadCase } from './helpers.ts';

function render(tree: ResultObject, format: FormatOptions['format'], extra: Partial<FormatOptions> = {}): string {
  return renderResult(tree, { format, formatVersion: 1, apiUrl: FIXTURE_API_URL, ...extra }).body;
}

function allpagesTree(): ResultObject {
  const root: ResultObject = {};
  setFlag(root, 'batchcomplete', true);
  root.continue = { apcontinue: 'Au', continue: '-||' };
  const titles: [number, string][] = [[124, '100% Pure'], [143, '1984'], [132, 'Aardvark'], [129, "Apostrophe's page"], [150, 'Asteroid']];
  root.query = { allpages: list('p', titles.map(([pageid, title]) => ({ pageid, ns: 0, title }))) };
  return root;
}

describe('list=allpages built from list() and setFlag()', () => {
  const recorded = loadCase('allpages');
  for (const [file, format, formatVersion] of [
    ['json1.json', 'json', 1], ['json2.json', 'json', 2], ['xml.xml', 'xml', 1], ['php1.txt', 'php', 1], ['php2.txt', 'php', 2],
  ] as const) {
    it(`prints MediaWiki's ${format} formatversion ${formatVersion}`, () => {
      assert.equal(render(allpagesTree(), format, { formatVersion }), recorded.file(file));
    });
  }
});

/** titles=Mars|Nonexistent_xyz|<x>: pages keyed by id (a Map keeps -2, -1, 76 in that order). */
function pagesTree(): ResultObject {
  const missing: ResultObject = { ns: 0, title: 'Nonexistent xyz' };
  setFlag(missing, 'missing', true);
  const invalid: ResultObject = { title: '<x>', invalidreason: 'The requested page title contains invalid characters: "<".' };
  setFlag(invalid, 'invalid', true);
  const normalized: ResultObject = { fromencoded: false, from: 'Nonexistent_xyz', to: 'Nonexistent xyz' };
  setFlag(normalized, 'fromencoded', false, false);
  const pages = setType(new Map<number, ResultObject>([[-2, missing], [-1, invalid], [76, { pageid: 76, ns: 0, title: 'Mars' }]]), 'BCarray');
  metaOf(pages).indexedTagName = 'page';
  const root: ResultObject = {};
  setFlag(root, 'batchcomplete', true);
  root.query = { normalized: list('n', [normalized]), pages };
  return root;
}

describe('query.pages as BCarray with missing/invalid flags', () => {
  it('formatversion 1 keeps the ids as keys and shows flags as ""', () => {
    assert.equal(
      render(pagesTree(), 'json'),
      '{"batchcomplete":"","query":{"normalized":[{"from":"Nonexistent_xyz","to":"Nonexistent xyz"}],"pages":{"-2":{"ns":0,"title":"Nonexistent xyz","missing":""},"-1":{"title":"<x>","invalidreason":"The requested page title contains invalid characters: \\"<\\".","invalid":""},"76":{"pageid":76,"ns":0,"title":"Mars"}}}}',
    );
  });

  it('formatversion 2 lists the pages sorted by id with real booleans', () => {
    assert.equal(
      render(pagesTree(), 'json', { formatVersion: 2 }),
      '{"batchcomplete":true,"query":{"normalized":[{"fromencoded":false,"from":"Nonexistent_xyz","to":"Nonexistent xyz"}],"pages":[{"ns":0,"title":"Nonexistent xyz","missing":true},{"title":"<x>","invalidreason":"The requested page title contains invalid characters: \\"<\\".","invalid":true},{"pageid":76,"ns":0,"title":"Mars"}]}}',
    );
  });

  it('XML writes each page with its _idx and escapes attributes', () => {
    assert.equal(
      render(pagesTree(), 'xml'),
      '<?xml version="1.0"?><api batchcomplete=""><query><normalized><n from="Nonexistent_xyz" to="Nonexistent xyz" /></normalized><pages><page _idx="-2" ns="0" title="Nonexistent xyz" missing="" /><page _idx="-1" title="&lt;x&gt;" invalidreason="The requested page title contains invalid characters: &quot;&lt;&quot;." invalid="" /><page _idx="76" pageid="76" ns="0" title="Mars" /></pages></query></api>',
    );
  });

  it('PHP keeps integer keys as i:', () => {
    assert.equal(
      render(pagesTree(), 'php'),
      'a:2:{s:13:"batchcomplete";s:0:"";s:5:"query";a:2:{s:10:"normalized";a:1:{i:0;a:2:{s:4:"from";s:15:"Nonexistent_xyz";s:2:"to";s:15:"Nonexistent xyz";}}s:5:"pages";a:3:{i:-2;a:3:{s:2:"ns";i:0;s:5:"title";s:15:"Nonexistent xyz";s:7:"missing";s:0:"";}i:-1;a:3:{s:5:"title";s:3:"<x>";s:13:"invalidreason";s:58:"The requested page title contains invalid characters: "<".";s:7:"invalid";s:0:"";}i:76;a:3:{s:6:"pageid";i:76;s:2:"ns";i:0;s:5:"title";s:4:"Mars";}}}}',
    );
  });
});

/** siteinfo namespaces -2..0: the name is the content, subpages/content/nonincludable are flags. */
function namespacesTree(): ResultObject {
  const ns = (id: number, name: string, canonical: string | null, flags: Record<string, boolean>): ResultObject => {
    const node: ResultObject = { id, case: 'first-letter' };
    setContent(node, 'name', name);
    setFlag(node, 'subpages', flags.subpages, false);
    if (canonical !== null) node.canonical = canonical;
    setFlag(node, 'content', flags.content, false);
    setFlag(node, 'nonincludable', false, false);
    return node;
  };
  const namespaces = setType(
    new Map([
      [-2, ns(-2, 'Media', 'Media', { subpages: false, content: false })],
      [-1, ns(-1, 'Special', 'Special', { subpages: false, content: false })],
      [0, ns(0, '', null, { subpages: false, content: true })],
    ]),
    'assoc',
  );
  metaOf(namespaces).indexedTagName = 'ns';
  const root: ResultObject = {};
  setFlag(root, 'batchcomplete', true);
  root.query = { namespaces };
  return root;
}

describe('meta=siteinfo namespaces: content and flags', () => {
  it('formatversion 1 moves the name to * at the end and drops false flags', () => {
    assert.equal(
      render(namespacesTree(), 'json'),
      '{"batchcomplete":"","query":{"namespaces":{"-2":{"id":-2,"case":"first-letter","canonical":"Media","*":"Media"},"-1":{"id":-1,"case":"first-letter","canonical":"Special","*":"Special"},"0":{"id":0,"case":"first-letter","content":"","*":""}}}}',
    );
  });

  it('formatversion 2 keeps the name in place and real booleans', () => {
    assert.equal(
      render(namespacesTree(), 'json', { formatVersion: 2 }),
      '{"batchcomplete":true,"query":{"namespaces":{"-2":{"id":-2,"case":"first-letter","name":"Media","subpages":false,"canonical":"Media","content":false,"nonincludable":false},"-1":{"id":-1,"case":"first-letter","name":"Special","subpages":false,"canonical":"Special","content":false,"nonincludable":false},"0":{"id":0,"case":"first-letter","name":"","subpages":false,"content":true,"nonincludable":false}}}}',
    );
  });

  it('XML writes the name as text with xml:space="preserve", even when empty', () => {
    assert.equal(
      render(namespacesTree(), 'xml'),
      '<?xml version="1.0"?><api batchcomplete=""><query><namespaces><ns _idx="-2" id="-2" case="first-letter" canonical="Media" xml:space="preserve">Media</ns><ns _idx="-1" id="-1" case="first-letter" canonical="Special" xml:space="preserve">Special</ns><ns _idx="0" id="0" case="first-letter" content="" xml:space="preserve" /></namespaces></query></api>',
    );
  });
});

/** prop=revisions&rvslots=main: slots is a kvp keyed by role whose values merge in XML. */
function slotsTree(): ResultObject {
  const main: ResultObject = { contentmodel: 'wikitext', contentformat: 'text/x-wiki' };
  setContent(main, 'content', 'Hi <b>');
  const slots = setType({ main } as ResultObject, 'kvp', 'role');
  metaOf(slots).kvpMerge = true;
  metaOf(slots).indexedTagName = 'slot';
  return { query: { revisions: list('rev', [{ revid: 1, slots }]) } };
}

describe('revision slots (kvp with merge)', () => {
  it('is an object keyed by role in JSON, content under * in formatversion 1', () => {
    assert.equal(render(slotsTree(), 'json'), '{"query":{"revisions":[{"revid":1,"slots":{"main":{"contentmodel":"wikitext","contentformat":"text/x-wiki","*":"Hi <b>"}}}]}}');
    assert.equal(
      render(slotsTree(), 'json', { formatVersion: 2 }),
      '{"query":{"revisions":[{"revid":1,"slots":{"main":{"contentmodel":"wikitext","contentformat":"text/x-wiki","content":"Hi <b>"}}}]}}',
    );
  });

  it('is a list of slot elements with a role attribute in XML', () => {
    assert.equal(
      render(slotsTree(), 'xml'),
      '<?xml version="1.0"?><api><query><revisions><rev revid="1"><slots><slot contentmodel="wikitext" contentformat="text/x-wiki" role="main" xml:space="preserve">Hi &lt;b&gt;</slot></slots></rev></revisions></query></api>',
    );
  });
});

describe('warnings and errors', () => {
  function warningsTree(): ResultObject {
    const main: ResultObject = {};
    setContent(main, 'warnings', 'Unrecognized parameter: foo.');
    const root: ResultObject = { warnings: { main } };
    setFlag(root, 'batchcomplete', true);
    return root;
  }

  it('a formatversion 1 warning is {"*": text}, 2 keeps the key, XML makes it text', () => {
    assert.equal(render(warningsTree(), 'json'), '{"warnings":{"main":{"*":"Unrecognized parameter: foo."}},"batchcomplete":""}');
    assert.equal(render(warningsTree(), 'json', { formatVersion: 2 }), '{"warnings":{"main":{"warnings":"Unrecognized parameter: foo."}},"batchcomplete":true}');
    assert.equal(
      render(warningsTree(), 'xml'),
      '<?xml version="1.0"?><api batchcomplete=""><warnings><main xml:space="preserve">Unrecognized parameter: foo.</main></warnings></api>',
    );
  });

  it('an error prints as MediaWiki printed action=foo', () => {
    const recorded = loadCase('error-badvalue');
    const error: ResultObject = { code: 'badvalue', info: 'Unrecognized value for parameter "action": foo.' };
    setContent(
      error,
      'docref',
      'See http://127.0.0.1:8081/wiki/api.php for API usage. Subscribe to the mediawiki-api-announce mailing list at &lt;https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/&gt; for notice of API deprecations and breaking changes.',
    );
    assert.equal(render({ error }, 'json'), recorded.file('json1.json'));
    assert.equal(render({ error }, 'xml'), recorded.file('xml.xml'));
    assert.equal(render({ error }, 'php'), recorded.file('php1.txt'));
  });
});

describe('XML options', () => {
  it('includexmlnamespace adds xmlns after the other attributes of <api>', () => {
    const xml = render(allpagesTree(), 'xml', { includexmlnamespace: true });
    assert.ok(xml.startsWith('<?xml version="1.0"?><api batchcomplete="" xmlns="http://www.mediawiki.org/xml/api/"><continue '), xml);
  });

  it('an empty container is written as an empty element, a list without a tag name as _v', () => {
    assert.equal(render({ a: {}, b: ['x', 'y'] }, 'xml'), '<?xml version="1.0"?><api><a /><b><_v>x</_v><_v>y</_v></b></api>');
  });
});

describe('containers without a declared type behave like PHP arrays', () => {
  it('an empty object is [] and an object keyed 0..n-1 is a list, unless typed assoc', () => {
    const typed = setType({} as ResultObject, 'assoc');
    assert.equal(render({ a: {}, b: { 0: 'x', 1: 'y' }, c: typed }, 'json'), '{"a":[],"b":["x","y"],"c":{}}');
  });

  it('the root is always an object', () => {
    assert.equal(render({}, 'json'), '{}');
  });
});

describe('jsonView gives the data format=json prints', () => {
  it('matches the encoded output', () => {
    for (const formatVersion of [1, 2] as const) {
      assert.equal(encodeJson(jsonView(pagesTree(), formatVersion), { utf8: true }), render(pagesTree(), 'json', { formatVersion, utf8: true }));
    }
  });
});

describe('numbers MediaWiki holds as floats (setFloat)', () => {
  function acceptLang(): ResultObject {
    const item: ResultObject = {};
    setFloat(item, 'q', 1);
    setContent(item, 'code', 'en-us');
    return { acceptlang: list('lang', [item]) };
  }

  it('PHP serialize() writes a whole float as d:1;', () => {
    assert.equal(render(acceptLang(), 'php'), 'a:1:{s:10:"acceptlang";a:1:{i:0;a:2:{s:1:"q";d:1;s:1:"*";s:5:"en-us";}}}');
    assert.equal(render(acceptLang(), 'php', { formatVersion: 2 }), 'a:1:{s:10:"acceptlang";a:1:{i:0;a:2:{s:1:"q";d:1;s:4:"code";s:5:"en-us";}}}');
  });

  it('JSON and XML print it as 1, as PHP does', () => {
    assert.equal(render(acceptLang(), 'json'), '{"acceptlang":[{"q":1,"*":"en-us"}]}');
    assert.equal(render(acceptLang(), 'xml'), '<?xml version="1.0"?><api><acceptlang><lang q="1" xml:space="preserve">en-us</lang></acceptlang></api>');
  });
});
