// mw.ustring through the engine: code point positions, Unicode classes and Scribunto's pattern rules (outputs checked against MediaWiki 1.39 + Scribunto).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { configureScribunto, stopScribuntoEngine } from '../../../src/import/scribunto/engine.ts';
import { luaValues, skipWithoutLua } from './text-helpers.ts';

describe('mw.ustring', { skip: skipWithoutLua }, () => {
  before(() => configureScribunto({}));
  after(() => stopScribuntoEngine());

  test('len, sub and codepoint count characters, not bytes; invalid UTF-8 has no length', () => {
    assert.equal(luaValues('mw.ustring.len("aé"), mw.ustring.len("\\255"), mw.ustring.len(12.5)'), '2 | nil | 4');
    assert.equal(
      luaValues('mw.ustring.sub("héllo wörld", 2, 3), mw.ustring.sub("héllo", -3), mw.ustring.sub("héllo", 0), mw.ustring.sub("héllo", 4, 2), mw.ustring.sub("héllo", -100, 100)'),
      '"él" | "llo" | "héllo" | "" | "héllo"',
    );
    assert.equal(luaValues('mw.ustring.char(72, 233, 0x1F600), mw.ustring.codepoint("héllo", 1, -1)'), '"Hé😀" | 104 | 233 | 108 | 108 | 111');
    assert.equal(luaValues('mw.ustring.codepoint("ābc", -2, -1), mw.ustring.codepoint("", 1)'), '98');
  });

  test('upper and lower map every character fully (ß becomes SS), as the content language does', () => {
    assert.equal(luaValues('mw.ustring.upper("ßaéǆ"), mw.ustring.lower("ĀBC"), mw.ustring.upper("abc")'), '"SSAÉǄ" | "ābc" | "ABC"');
    assert.equal(luaValues('mw.ustring.upper(5)'), "ERR bad argument #1 to 'uc' (string expected, got number)");
  });

  test('find gives character positions and captures, position captures as numbers', () => {
    assert.equal(
      luaValues('{mw.ustring.find("añb ñ", "ñ", 3)}, {mw.ustring.find("añb", "(ñ)(b)")}, {mw.ustring.find("añb", "()ñ()")}'),
      '{[1]=5,[2]=5} | {[1]=2,[2]=3,[3]="ñ",[4]="b"} | {[1]=2,[2]=2,[3]=2,[4]=3}',
    );
    assert.equal(luaValues('{mw.ustring.find("añb", "ñ", 1, true)}, {mw.ustring.find("añb", "", 10, true)}, {mw.ustring.find("añb", "x")}'), '{[1]=2,[2]=2} | {[1]=4,[2]=3} | {}');
    assert.equal(luaValues('{mw.ustring.find("héllo", "l", -2)}, {mw.ustring.find("ābc", "", 10)}'), '{[1]=4,[2]=4} | {[1]=4,[2]=3}');
  });

  test('$ also matches before a final newline, as PCRE does', () => {
    assert.equal(luaValues('{mw.ustring.find("a\\n", "a$")}, {mw.ustring.match("abc\\n", "(%w+)$")}'), '{[1]=1,[2]=1} | {[1]="abc"}');
    assert.equal(luaValues('{mw.ustring.gsub("ā\\nb\\n", "\\n$", "")}, {mw.ustring.gsub("ā\\n", "$", "E")}'), '{[1]="ā\\\nb",[2]=1} | {[1]="āE\\\nE",[2]=2}');
  });

  test('classes are Unicode: %a letters, %d decimal digits, %s spaces with NBSP, %p punctuation without symbols, %x fullwidth hex too', () => {
    assert.equal(luaValues('mw.ustring.match("Ünïcödé wörds 123", "(%a+) (%a+)")'), '"Ünïcödé" | "wörds"');
    assert.equal(luaValues('{mw.ustring.match("x = ½", "%p")}, {mw.ustring.match("a+b", "%p")}, {mw.ustring.match("a, b", "%p")}'), '{} | {} | {[1]=","}');
    assert.equal(luaValues('mw.ustring.match("ÄBCdef", "%u+"), mw.ustring.match("ÄBCdef", "%l+")'), '"ÄBC" | "def"');
    assert.equal(luaValues('mw.ustring.match("a\\194\\160b", "a%sb"), mw.ustring.match("٣٤", "%d+"), mw.ustring.match("x²", "%d"), mw.ustring.match("a_b", "%w+")'), '"a\u00a0b" | "٣٤" | nil | "a"');
    assert.equal(luaValues('mw.ustring.match("０９ＡＦ", "%x+"), mw.ustring.match("a\\0b", "%z")'), '"０９ＡＦ" | "\\000"');
  });

  test('sets, ranges over code points, %b, %f and back references', () => {
    assert.equal(luaValues('mw.ustring.match("абв где", "[а-в]+"), mw.ustring.match("абв где", "[^а-в ]+"), mw.ustring.match("a]b", "[]a]+")'), '"абв" | "где" | "a]"');
    assert.equal(luaValues('mw.ustring.match("f(a(b)c)d", "%b()"), mw.ustring.match("THE (quick) fox", "%f[%a]%a+", 5), mw.ustring.match("hello hello", "(h%a+) %1")'), '"(a(b)c)" | "quick" | "hello"');
    assert.equal(luaValues('{mw.ustring.gsub("THE (quick) fox ā", "%f[%a]%a+", "W")}, {mw.ustring.gsub("ā ā", "%f[%A]", "|")}'), '{[1]="W (W) W W",[2]=4} | {[1]="ā| ā|",[2]=2}');
    assert.equal(luaValues('{mw.ustring.gsub("ā]bc", "[]]", "x")}, {mw.ustring.gsub("ābc", "[c-a]", "x")}'), '{[1]="āxbc",[2]=1} | {[1]="ābc",[2]=0}');
    assert.equal(luaValues('mw.ustring.gsub("ābc", "[]", "x")'), 'ERR Missing close-bracket for character set beginning at pattern character 1');
  });

  test('gsub with strings, tables and functions; an empty match is followed by a non-empty one at the same place (PCRE)', () => {
    assert.equal(luaValues('{mw.ustring.gsub("héllo", "(l)", "%1%1")}, {mw.ustring.gsub("héllo", "l", "%0%%")}, {mw.ustring.gsub("héllo", "l", "%a")}'), '{[1]="héllllo",[2]=2} | {[1]="hél%l%o",[2]=2} | {[1]="hé%a%ao",[2]=2}');
    assert.equal(luaValues('{mw.ustring.gsub("héllo", "(h)(é)", {h = "H", ["é"] = "E"})}'), '{[1]="Hllo",[2]=1}');
    assert.equal(luaValues('{mw.ustring.gsub("héllo", "(.)", function(c) if c == "l" then return "L" end end)}, {mw.ustring.gsub("héllo", "l", "L", 1)}'), '{[1]="héLLo",[2]=5} | {[1]="héLlo",[2]=1}');
    assert.equal(luaValues('{mw.ustring.gsub("āb", "()(.)", function(p, c) return p .. c end)}, {mw.ustring.gsub("āb", "ā", function() return 5 end)}'), '{[1]="1ā2b",[2]=2} | {[1]="5b",[2]=1}');
    assert.equal(luaValues('{mw.ustring.gsub("āāā", "ā-", "x")}, {mw.ustring.gsub("āb", ".-", "x")}, {mw.ustring.gsub("héllo wörld", "%w*", "x")}'), '{[1]="xxxxxxx",[2]=7} | {[1]="xxxxx",[2]=5} | {[1]="xx xx",[2]=4}');
    assert.equal(luaValues('{mw.ustring.gsub("aaa(aaaa", "([^a]-)", "<%0>")}, {mw.ustring.gsub("aaaa", "^%a-", "<%0>")}'), '{[1]="<>a<>a<>a<><(><>a<>a<>a<>a<>",[2]=10} | {[1]="<><a>aaa",[2]=2}');
    assert.equal(luaValues('mw.ustring.gsub("ābc", "ā", {["ā"] = {}})'), 'ERR invalid replacement value (a table)');
    assert.equal(luaValues('mw.ustring.gsub("ābc", "(ā)", "%2")'), 'ERR invalid capture index %2 in replacement string');
  });

  test('gmatch iterates captures', () => {
    assert.equal(luaValues('(function() local t = {} for a, b in mw.ustring.gmatch("ā=1, ē=2", "(%a)=(%d)") do t[#t+1] = a .. b end return t end)()'), '{[1]="ā1",[2]="ē2"}');
    assert.equal(luaValues('(function() local t = {} for a in mw.ustring.gmatch("^a^b", "^.") do t[#t+1] = a end return t end)()'), '{[1]="^a",[2]="^b"}');
    assert.equal(luaValues('(function() local t = {} for p in mw.ustring.gmatch("āāā", "()ā") do t[#t+1] = p end return t end)()'), '{[1]=1,[2]=2,[3]=3}');
  });

  test("malformed patterns raise Scribunto's errors", () => {
    assert.equal(luaValues('mw.ustring.find("ā", "(()")'), 'ERR Unclosed capture beginning at pattern character 1');
    assert.equal(luaValues('mw.ustring.find("ā", "%1")'), 'ERR invalid capture index %1 at pattern character 1');
    assert.equal(luaValues('mw.ustring.find("ā", "[ā")'), 'ERR Missing close-bracket for character set beginning at pattern character 1');
    assert.equal(luaValues('mw.ustring.find("ā", "ā)")'), 'ERR Unmatched close-paren at pattern character 2');
    assert.equal(luaValues('mw.ustring.find("ā", "%f")'), "ERR missing '[' after %f in pattern at pattern character 1");
    assert.equal(luaValues('mw.ustring.find("a")'), 'ERR too few arguments to mw.ustring.find');
  });

  test('isutf8, normalization, byteoffset, gcodepoint, limits', () => {
    assert.equal(luaValues('mw.ustring.isutf8("aé"), mw.ustring.isutf8("\\195"), mw.ustring.toNFC("e\\204\\129") == "\\195\\169", mw.ustring.toNFD("\\195\\169") == "e\\204\\129"'), 'true | false | true | true');
    assert.equal(luaValues('mw.ustring.byteoffset("héllo", 1), mw.ustring.byteoffset("héllo", 2), mw.ustring.byteoffset("héllo", 3), mw.ustring.byteoffset("héllo", 0, 3), mw.ustring.byteoffset("héllo", -1, 4)'), '1 | 2 | 4 | 2 | 2');
    assert.equal(luaValues('(function() local t = {} for c in mw.ustring.gcodepoint("aé😀") do t[#t+1] = c end return t end)()'), '{[1]=97,[2]=233,[3]=128512}');
    assert.equal(luaValues('mw.ustring.maxPatternLength, mw.ustring.maxStringLength, mw.ustring.format("%5.1f|%s", 3.14159, "ā"), mw.ustring.rep("ā", 3)'), '10000 | 2097152 | "  3.1|ā" | "āāā"');
  });
});
