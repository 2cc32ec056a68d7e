// mw.title as Scribunto's title library: title objects, their properties, and the links asking for them records.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { configureScribunto, findLua, stopScribuntoEngine } from '../../../src/import/scribunto/engine.ts';
import { siteWiki } from './site-harness.ts';

const skip = findLua() === null ? 'lua5.1 is not installed' : false;

/** The wiki both blocks ask about (Here.png is an uploaded file). */
const PAGES: Record<string, string> = {
  'Test page': 'x',
  'Foo bar': 'Foo text',
  'Redirect here': '#REDIRECT [[Foo bar#Part]]',
  'Template:Box': '{{{1}}} in a box',
  'Module:Util': 'return {}',
  'File:Here.png': 'description',
  'File:Old name.png': '#REDIRECT [[File:Here.png]]',
};

describe('mw.title objects', { skip }, () => {
  before(() => configureScribunto({}));
  after(() => stopScribuntoEngine());

  const wiki = siteWiki({ ...PAGES, 'Template:Box/doc': 'documentation', 'User:Ann/Drafts/One': 'draft' }, ['Here.png']);
  const fields = (expression: string, list: string[], title?: string): string =>
    wiki.run(`local t = ${expression}\nlocal out = {}\nfor _, k in ipairs({${list.map((k) => `'${k}'`).join(',')}}) do out[#out + 1] = k .. '=' .. tostring(t[k]) end\nreturn table.concat(out, ' ')`, title).text;

  test('mw.title.new parses text as Title::newFromText: normalised, namespace from its prefix or the default', () => {
    assert.equal(
      fields("mw.title.new('template:box_X#Some_part')", ['namespace', 'nsText', 'text', 'fragment', 'prefixedText', 'fullText', 'interwiki']),
      'namespace=10 nsText=Template text=Box X fragment=Some part prefixedText=Template:Box X fullText=Template:Box X#Some part interwiki=',
    );
    assert.equal(wiki.run("return mw.title.new('Box', 'Template').prefixedText .. '|' .. mw.title.new('Box', 10).prefixedText .. '|' .. mw.title.new(':Box', 10).prefixedText").text, 'Template:Box|Template:Box|Box');
    assert.equal(wiki.run("return tostring(mw.title.new('A&amp;B'))").text, 'A&B');
  });

  test('invalid titles give nil', () => {
    assert.equal(wiki.run("return tostring(mw.title.new('')) .. tostring(mw.title.new('A[b]')) .. tostring(mw.title.new('Template:'))").text, 'nilnilnil');
  });

  test('an unknown namespace argument is an error naming the function', () => {
    assert.match(wiki.runError("return mw.title.new('X', 'Nowhere')"), /bad argument #2 to 'title.new' \(unrecognized namespace name 'Nowhere'\)/);
    assert.match(wiki.runError("return mw.title.new('X', 77)"), /bad argument #2 to 'title.new' \(unrecognized namespace number '77'\)/);
    assert.match(wiki.runError('return mw.title.new(true)'), /bad argument #1 to 'title.new' \(number or string expected, got boolean\)/);
  });

  test('subpage names apply only in namespaces with subpages', () => {
    assert.equal(
      fields("mw.title.new('User:Ann/Drafts/One')", ['isSubpage', 'rootText', 'baseText', 'subpageText']),
      'isSubpage=true rootText=Ann baseText=Ann/Drafts subpageText=One',
    );
    assert.equal(fields("mw.title.new('A/B')", ['isSubpage', 'rootText', 'baseText', 'subpageText']), 'isSubpage=false rootText=A/B baseText=A/B subpageText=A/B');
    assert.equal(
      wiki.run("local t = mw.title.new('User:Ann/Drafts/One'); return t.basePageTitle.fullText .. '|' .. t.rootPageTitle.fullText .. '|' .. t:subPageTitle('Two').fullText .. '|' .. tostring(t:isSubpageOf(mw.title.new('User:Ann')))").text,
      'User:Ann/Drafts|User:Ann|User:Ann/Drafts/One/Two|true',
    );
  });

  test('namespace facts: talk and subject pages, content and special pages', () => {
    assert.equal(
      fields("mw.title.new('Template talk:Box')", ['isTalkPage', 'canTalk', 'subjectNsText', 'talkNsText', 'isContentPage', 'isSpecialPage', 'isExternal', 'isLocal']),
      'isTalkPage=true canTalk=true subjectNsText=Template talkNsText=Template talk isContentPage=false isSpecialPage=false isExternal=false isLocal=true',
    );
    assert.equal(
      wiki.run("local t = mw.title.new('Template:Box'); return t.talkPageTitle.fullText .. '|' .. t.talkPageTitle.subjectPageTitle.fullText .. '|' .. tostring(t.subjectPageTitle == t)").text,
      'Template talk:Box|Template:Box|true',
    );
    assert.equal(fields("mw.title.new('Special:Random')", ['isSpecialPage', 'canTalk', 'talkPageTitle', 'exists']), 'isSpecialPage=true canTalk=false talkPageTitle=nil exists=true');
    assert.equal(fields("mw.title.new('Foo')", ['isContentPage']), 'isContentPage=true');
  });

  test('inNamespace, inNamespaces and hasSubjectNamespace take numbers or names', () => {
    assert.equal(
      wiki.run("local t = mw.title.new('Template talk:Box'); return tostring(t:inNamespace(11)) .. tostring(t:inNamespace('Template_talk')) .. tostring(t:inNamespaces(0, 10)) .. tostring(t:inNamespaces('', 'template talk')) .. tostring(t:hasSubjectNamespace('Template'))").text,
      'truetruefalsetruetrue',
    );
  });

  test('interwiki titles are external; isLocal follows the interwiki table', () => {
    assert.equal(fields("mw.title.new('de:Berlin')", ['interwiki', 'isExternal', 'isLocal', 'prefixedText', 'text']), 'interwiki=de isExternal=true isLocal=true prefixedText=de:Berlin text=Berlin');
    assert.equal(fields("mw.title.new('wikipedia:Berlin')", ['isLocal']), 'isLocal=false');
  });

  test('makeTitle builds from parts; text naming another namespace moves it there, as Title::makeTitleSafe', () => {
    assert.equal(wiki.run("return mw.title.makeTitle('Template', 'Box', 'frag').fullText").text, 'Template:Box#frag');
    assert.equal(wiki.run("return mw.title.makeTitle(0, 'Talk:Box').fullText").text, 'Talk:Box');
    assert.equal(wiki.run("return mw.title.makeTitle(0, 'Berlin', '', 'de').prefixedText").text, 'de:Berlin');
    assert.equal(wiki.run("return tostring(mw.title.makeTitle(10, ''))").text, 'nil');
  });

  test('getCurrentTitle is the page being parsed; equals, compare, == and < order by interwiki, namespace, text', () => {
    assert.equal(wiki.run('return mw.title.getCurrentTitle().fullText', 'Template:Box').text, 'Template:Box');
    assert.equal(
      wiki.run("local a, b = mw.title.new('Foo'), mw.title.new('Talk:Foo'); return tostring(a == mw.title.new('foo')) .. tostring(a < b) .. mw.title.compare(b, a) .. tostring(mw.title.equals(a, b))").text,
      'truetrue1false',
    );
  });

  test('fragment is the one writable field; the others are read-only', () => {
    assert.equal(wiki.run("local t = mw.title.new('Foo'); t.fragment = 'a_b  c '; return t.fullText").text, 'Foo#a b c');
    assert.match(wiki.runError("local t = mw.title.new('Foo'); t.text = 'x'"), /index 'text' is read only/);
  });

  test('mw.clone of a title is a title of its own', () => {
    assert.equal(wiki.run("local t = mw.title.new('Foo#a'); local c = mw.clone(t); c.fragment = 'b'; return c.fullText .. '|' .. t.fullText .. '|' .. tostring(c == t) .. '|' .. c.talkPageTitle.fullText").text, 'Foo#b|Foo#a|true|Talk:Foo');
  });

  test('a method called with a dot is explained', () => {
    assert.match(wiki.runError("local t = mw.title.new('Foo'); return t.inNamespace(0)"), /invalid title object\. Did you call inNamespace with a dot instead of a colon/);
  });

  test('URLs: localUrl, fullUrl (protocol-relative by default), canonicalUrl, partialUrl', () => {
    assert.equal(
      wiki.run("local t = mw.title.new('Foo bar/ä?#Top'); return table.concat({ t:localUrl(), t:localUrl({ action = 'edit' }), t:fullUrl(), t:fullUrl('a=b', 'https'), t:canonicalUrl(), t:partialUrl() }, ' ')").text,
      '/wiki/Foo_bar/%C3%A4%3F /w/index.php?title=Foo_bar/%C3%A4%3F&action=edit //test.example.org/wiki/Foo_bar/%C3%A4%3F#Top ' +
        'https://test.example.org/w/index.php?title=Foo_bar/%C3%A4%3F&a=b#Top http://test.example.org/wiki/Foo_bar/%C3%A4%3F#Top Foo_bar/%C3%A4%3F',
    );
    assert.equal(wiki.run("return mw.title.new('de:Berlin Mitte'):fullUrl()").text, 'https://de.wikipedia.org/wiki/Berlin_Mitte');
  });
});

describe('what asking a title records, as Scribunto records it', { skip }, () => {
  before(() => configureScribunto({}));
  after(() => stopScribuntoEngine());

  const wiki = siteWiki(PAGES, ['Here.png']);

  test('a title that is only made records nothing', () => {
    const r = wiki.run("local t = mw.title.new('Foo bar'); return t.prefixedText .. t.text .. t.nsText .. tostring(t.isLocal) .. t:fullUrl()");
    assert.deepEqual(r.links, []);
    assert.deepEqual(r.templates, []);
  });

  test('exists, id, isRedirect and contentModel are expensive: a pagelinks row for the title', () => {
    const r = wiki.run(
      "local a, b, c = mw.title.new('Foo bar'), mw.title.new('Missing page'), mw.title.new('Redirect here')\n" +
        "return table.concat({ tostring(a.exists), a.id, tostring(b.exists), b.id, tostring(c.isRedirect), tostring(a.isRedirect), mw.title.new('Module:Util').contentModel, a.contentModel }, ' ')",
    );
    assert.equal(r.text, 'true 2 false 0 true false Scribunto wikitext');
    assert.deepEqual(r.links.sort(), ['0:Foo_bar', '0:Missing_page', '0:Redirect_here', '828:Util']);
  });

  test('the page asking about itself records no link', () => {
    const r = wiki.run('local t = mw.title.getCurrentTitle(); return tostring(t.exists) .. t.id', 'Foo bar');
    assert.equal(r.text, 'true2');
    assert.deepEqual(r.links, []);
  });

  test('a Media: title exists when its file does; a File: title when its description page does', () => {
    const r = wiki.run("return tostring(mw.title.new('Media:Here.png').exists) .. tostring(mw.title.new('Media:Nope.png').exists) .. tostring(mw.title.new('File:Here.png').exists)");
    assert.equal(r.text, 'truefalsetrue');
  });

  test('title.file: found files are imagelinks rows (a redirect leads to its target); missing ones record nothing', () => {
    const r = wiki.run(
      "local f = mw.title.new('File:Here.png').file\nlocal g = mw.title.new('File:Old name.png').file\nlocal m = mw.title.new('File:Missing.png').file\n" +
        "return table.concat({ tostring(f.exists), f.width, f.height, f.mimeType, f.size, tostring(g.exists), tostring(m.exists), tostring(mw.title.new('Foo').file), tostring(mw.title.new('File:Here.png').fileExists) }, ' ')",
    );
    assert.equal(r.text, 'true 640 480 image/png 12345 true false nil true');
    assert.deepEqual(r.images.sort(), ['Here.png']);
  });

  test('getContent gives the wikitext and records a templatelinks row, even for a missing page', () => {
    const r = wiki.run("return tostring(mw.title.new('Template:Box'):getContent()) .. '|' .. tostring(mw.title.new('Template:Nothing'):getContent())");
    assert.equal(r.text, '{{{1}}} in a box|nil');
    assert.deepEqual(r.templates.sort(), ['10:Box', '10:Nothing']);
    assert.deepEqual(r.links, []);
  });

  test('redirectTarget reads the page (a transclusion) and gives the target with its fragment, or false', () => {
    const r = wiki.run("return mw.title.new('Redirect here').redirectTarget.fullText .. '|' .. tostring(mw.title.new('Foo bar').redirectTarget)");
    assert.equal(r.text, 'Foo bar#Part|false');
    assert.deepEqual(r.templates.sort(), ['0:Foo_bar', '0:Redirect_here']);
  });

  test('mw.title.new(id) finds the page by id and records a link to it', () => {
    const r = wiki.run("return mw.title.new(4).prefixedText .. '|' .. tostring(mw.title.new(9999))");
    assert.equal(r.text, 'Template:Box|nil');
    assert.deepEqual(r.links, ['10:Box']);
  });

  test('protectionLevels of an unprotected page list its actions with no levels, of a missing page none; cascading protection is empty', () => {
    const r = wiki.run(
      "local p = mw.title.new('Foo bar').protectionLevels\nlocal q = mw.title.new('Nowhere').protectionLevels\nlocal c = mw.title.new('Foo bar').cascadingProtection\n" +
        'return #p.edit .. #p.move .. tostring(p.create) .. tostring(next(q)) .. #c.sources .. type(c.restrictions)',
    );
    assert.equal(r.text, '00nilnil0table');
    assert.deepEqual(r.links, []);
  });

  test('pairs over a title lists its fields (reading the expensive ones too)', () => {
    const r = wiki.run("local n = 0\nfor k, v in pairs(mw.title.new('Foo bar')) do if k == 'exists' then n = n + 10 end; n = n + 1 end\nreturn n");
    assert.ok(Number(r.text) > 40);
    assert.deepEqual(r.links, ['0:Foo_bar']);
  });
});
