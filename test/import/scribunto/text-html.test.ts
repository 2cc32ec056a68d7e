// mw.html through the engine: the exact text HtmlBuilder-style modules get (checked against MediaWiki 1.39 + Scribunto).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { configureScribunto, stopScribuntoEngine } from '../../../src/import/scribunto/engine.ts';
import { testWiki } from './engine-helpers.ts';
import { invokeBody, luaValues, skipWithoutLua } from './text-helpers.ts';

describe('mw.html', { skip: skipWithoutLua }, () => {
  before(() => configureScribunto({}));
  after(() => stopScribuntoEngine());

  const html = (expression: string): string => invokeBody(`return tostring(${expression})`);

  test('attributes are escaped, classes joined, styles joined with ;, void elements self-close', () => {
    assert.equal(
      html('mw.html.create("div"):attr("id", "a<b\\"&c"):addClass("x"):addClass("y"):css("color", "red"):css("font-size", "1em"):wikitext("hi"):tag("br"):done():tag("span"):wikitext("s"):allDone()'),
      '<div id="a&lt;b&quot;&amp;c" class="x y" style="color:red;font-size:1em">hi<br /><span>s</span></div>',
    );
  });

  test('a table built row by row', () => {
    assert.equal(
      invokeBody('local t = mw.html.create("table"):addClass("wikitable") local r = t:tag("tr") r:tag("th"):wikitext("H") r:tag("td"):attr("colspan", 2):wikitext("[[Link]]") return tostring(t)'),
      '<table class="wikitable"><tr><th>H</th><td colspan="2">[[Link]]</td></tr></table>',
    );
  });

  test("css() escapes ':', ';' and characters outside ASCII as CSS escapes; cssText and style= are kept as written", () => {
    assert.equal(
      html('mw.html.create("table"):attr("style", "a:b"):cssText("c:d;"):css("background", "url(http://x/é.png)"):css("width", "5px")'),
      '<table style="a:b;c:d;;background:url(http\\3A //x/\\E9 .png);width:5px"></table>',
    );
    assert.equal(html('mw.html.create("div"):css("x;y", "a:b;c"):cssText(nil):cssText(5)'), '<div style="x\\3B y:a\\3A b\\3B c;5"></div>');
  });

  test('a builder without a tag is just its children; selfClosing on request; nil removes attributes and styles', () => {
    assert.equal(html('mw.html.create():wikitext("a", 1, "b"):newline():node(mw.html.create("hr")):node(nil)'), 'a1b\n<hr />');
    assert.equal(invokeBody('return tostring(mw.html.create("img", {selfClosing = true}):attr("src", "x")) .. "|" .. tostring(mw.html.create("div", {selfClosing = true})) .. "|" .. tostring(mw.html.create(""))'), '<img src="x" />|<div />|');
    assert.equal(html('mw.html.create("div"):attr({a = "1"}):attr("a", nil):attr("b", 2)'), '<div b="2"></div>');
    assert.equal(html('mw.html.create("div"):css("color", "red"):css("color", nil)'), '<div></div>');
    assert.equal(invokeBody('return mw.html.create("div"):attr("k", "v"):getAttr("k")'), 'v');
  });

  test('strip markers in attribute values keep their quotes', () => {
    assert.equal(html('mw.html.create("div"):addClass(nil):addClass(5):attr("title", "a\\127\'\\"`UNIQ--ref-1-QINU`\\"\'\\127")'), '<div class="5" title="a\x7f\'"`UNIQ--ref-1-QINU`"\'\x7f"></div>');
  });

  test("errors: children of void elements, bad tag and attribute names", () => {
    assert.equal(luaValues('mw.html.create("br"):wikitext("x")'), "ERR self-closing tags can't have child nodes");
    assert.equal(luaValues('mw.html.create("bad tag")'), "ERR invalid tag name 'bad tag'");
    assert.equal(luaValues('mw.html.create("div"):attr("bad name", "x")'), "ERR bad argument #1 to 'attr' (invalid attribute name 'bad name')");
  });

  test('a navbox-like module: links in the built HTML are the page\'s links, its categories its categories', () => {
    const wiki = testWiki({
      'Module:Box': `local p = {}
function p.box(frame)
  local args = frame:getParent().args
  local box = mw.html.create('div'):addClass('navbox'):css('width', '100%')
  local list = box:tag('ul')
  for _, item in ipairs(mw.text.split(args.items or '', '%s*,%s*')) do
    list:tag('li'):wikitext('[[' .. mw.text.trim(item) .. ']]')
  end
  box:wikitext('[[Category:' .. mw.ustring.upper(mw.ustring.sub(args.topic, 1, 1)) .. mw.ustring.sub(args.topic, 2) .. ']]')
  return tostring(box)
end
return p`,
      'Template:Box': '{{#invoke:Box|box}}',
    });
    const page = wiki.analyze('{{Box|items=Rīga , Daugavpiļs,Rēzekne|topic=ļatgola}}');
    assert.deepEqual([...page.links.pageLinks.keys()].sort(), ['0:Daugavpiļs', '0:Rēzekne', '0:Rīga'].sort());
    assert.deepEqual([...page.links.categories.keys()], ['Ļatgola']);
    assert.deepEqual([...page.templates.keys()].sort(), ['10:Box', '828:Box']);
  });
});
