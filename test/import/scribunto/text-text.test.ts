// mw.text through the engine: trim, split, listToText, nowiki, encode/decode, tag, truncate, markers, JSON (outputs checked against MediaWiki 1.39 + Scribunto).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { configureScribunto, stopScribuntoEngine } from '../../../src/import/scribunto/engine.ts';
import { luaValues, skipWithoutLua } from './text-helpers.ts';

describe('mw.text', { skip: skipWithoutLua }, () => {
  before(() => configureScribunto({}));
  after(() => stopScribuntoEngine());

  test('trim removes ASCII whitespace, or the characters of a given set', () => {
    assert.equal(luaValues('mw.text.trim("  \\t a b \\n "), mw.text.trim("xxaxx", "x"), mw.text.trim("ā a ā", "ā "), mw.text.trim("")'), '"a b" | "a" | "a" | ""');
    // The trailing set is matched before a final newline, as PCRE's $ allows.
    assert.equal(luaValues('mw.text.trim("a \\n", " ")'), '"a\\\n"');
  });

  test('split and gsplit: patterns or plain separators; an empty separator splits characters', () => {
    assert.equal(
      luaValues('mw.text.split("a,b,,c", ","), mw.text.split("abc", ""), mw.text.split("a1b22c", "%d+"), mw.text.split("ā.ē", ".", true), mw.text.split("", ",")'),
      '{[1]="a",[2]="b",[3]="",[4]="c"} | {[1]="a",[2]="b",[3]="c"} | {[1]="a",[2]="b",[3]="c"} | {[1]="ā",[2]="ē"} | {[1]=""}',
    );
  });

  test("listToText joins with the content language's comma and 'and'", () => {
    assert.equal(luaValues('mw.text.listToText({}), mw.text.listToText({"a"}), mw.text.listToText({"a","b"}), mw.text.listToText({"a","b","c"}), mw.text.listToText({"a","b","c"}, "; ", " & ")'), '"" | "a" | "a and b" | "a, b and c" | "a; b & c"');
  });

  test('nowiki escapes wiki syntax, line starts, ----, __, ://, magic links and colon protocols', () => {
    assert.equal(luaValues('mw.text.nowiki("[[a]] {{b}} \'c\' <d> e=f | & \\"g\\"")'), '"&#91;&#91;a&#93;&#93; &#123;&#123;b&#125;&#125; &#39;c&#39; &#60;d&#62; e&#61;f &#124; &#38; &#34;g&#34;"');
    assert.equal(luaValues('mw.text.nowiki("#x\\n*y\\n:z\\n;w\\n x\\n\\nq\\r\\nr")'), '"&#35;x\\\n&#42;y\\\n&#58;z\\\n&#59;w\\\n&#32;x\\\n&#10;q&#13;\\\nr"');
    assert.equal(luaValues('mw.text.nowiki("----\\n----"), mw.text.nowiki("__TOC__ http://x ISBN 123 mailto:a Tel:1")'), '"&#45;---\\\n&#45;---" | "_&#95;TOC_&#95; http&#58;//x ISBN&#32;123 mailto&#58;a Tel&#58;1"');
  });

  test('encode and decode HTML entities; named ones beyond the basic six only on request', () => {
    assert.equal(luaValues('mw.text.encode("<a href=\'x\'>&nbsp;\\194\\160</a>"), mw.text.encode("āb", "ā")'), '"&lt;a href=&#039;x&#039;&gt;&amp;nbsp;&nbsp;&lt;/a&gt;" | "&#257;b"');
    assert.equal(luaValues('mw.text.decode("&lt;&amp;&#65;&#x42;&nbsp;&hellip;&#1234567;&bogus;") == "<&AB\\194\\160&hellip;&#1234567;&bogus;"'), 'true');
    assert.equal(luaValues('mw.text.decode("&hellip;&copy;&Aacute;&NotEqualTilde;", true)'), '"…©Á&NotEqualTilde;"');
  });

  test('tag writes an element with encoded attributes, open, empty or with content', () => {
    assert.equal(luaValues('mw.text.tag("br"), mw.text.tag("div", {class = "x"}, "y"), mw.text.tag("br", nil, false), mw.text.tag({name = "span", attrs = {title = "a\\"b"}, content = 5}), mw.text.tag("x", {hidden = true})'), '"<br>" | "<div class=\\"x\\">y</div>" | "<br />" | "<span title=\\"a&quot;b\\">5</span>" | "<x hidden>"');
  });

  test('truncate counts characters and keeps the text when the ellipsis would not make it shorter', () => {
    assert.equal(luaValues('mw.text.truncate("abcdefghij", 5), mw.text.truncate("abcdefghij", -5), mw.text.truncate("abcdefghij", 5, "…", true), mw.text.truncate("abc", 5), mw.text.truncate("abcdef", 5, nil, true)'), '"abcde..." | "...fghij" | "abcd…" | "abc" | "ab..."');
  });

  test('killMarkers and unstrip remove strip markers', () => {
    assert.equal(luaValues('mw.text.killMarkers("a\\127\'\\"`UNIQ--nowiki-00000001-QINU`\\"\'\\127b"), mw.text.unstrip("abc"), mw.text.unstripNoWiki("abc")'), '"ab" | "abc" | "abc"');
  });

  test('jsonEncode: sequences become arrays, other tables objects; flags keep keys and pretty-print', () => {
    assert.equal(luaValues('mw.text.jsonEncode({1, 2, {a = 1}}), mw.text.jsonEncode({[1] = 1, [2] = 2}, mw.text.JSON_PRESERVE_KEYS), mw.text.jsonEncode({}), mw.text.jsonEncode("a/b\\"ā\\n"), mw.text.jsonEncode(1.5), mw.text.jsonEncode({[1] = "a", [3] = "c"})'), '"[1,2,{\\"a\\":1}]" | "{\\"1\\":1,\\"2\\":2}" | "[]" | "\\"a/b\\\\\\"ā\\\\n\\"" | "1.5" | "{\\"1\\":\\"a\\",\\"3\\":\\"c\\"}"');
    assert.equal(luaValues('mw.text.jsonEncode({a = {1, 2}, b = true}, mw.text.JSON_PRETTY)'), '"{\\\n    \\"a\\": [\\\n        1,\\\n        2\\\n    ],\\\n    \\"b\\": true\\\n}"');
    assert.equal(luaValues('mw.text.jsonEncode({1, function() end})'), "ERR mw.text.jsonEncode: Cannot encode type 'function'");
  });

  test('jsonDecode: arrays become sequences from 1 (from 0 when keys are kept), nulls are dropped', () => {
    assert.equal(luaValues('mw.text.jsonDecode(\'[1,2,{"a":null,"b":[true]}]\'), mw.text.jsonDecode(\'{"1":"a","2":"b"}\'), mw.text.jsonDecode(\'[1,2]\', mw.text.JSON_PRESERVE_KEYS), mw.text.jsonDecode(\'{"0":"a","1":"b"}\')'), '{[1]=1,[2]=2,[3]={["b"]={[1]=true}}} | {[1]="a",[2]="b"} | {[0]=1,[1]=2} | {[1]="a",[2]="b"}');
    assert.equal(luaValues('mw.text.jsonDecode(\'[1,2,]\', mw.text.JSON_TRY_FIXING)'), '{[1]=1,[2]=2}');
    assert.equal(luaValues('mw.text.jsonDecode(\'[1,2,]\')'), 'ERR mw.text.jsonDecode: Syntax error');
  });
});
