// mw.language for a Latgalian wiki (lv rules and separators) and for English, through a stub host (outputs checked against MediaWiki 1.39 + Scribunto).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { haveLua, runLua } from './text-harness.ts';

const DUMP = String.raw`
local function dump(v)
  if type(v) == 'string' then return string.format('%q', v) end
  if type(v) ~= 'table' then return tostring(v) end
  local keys, parts = {}, {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do parts[#parts + 1] = '[' .. dump(k) .. ']=' .. dump(v[k]) end
  return '{' .. table.concat(parts, ',') .. '}'
end`;

/** The values of a Lua expression list on a wiki whose content language is `lang`, dumped and joined with ' | '. */
async function values(expressions: string, lang = 'ltg'): Promise<string> {
  const code = `${DUMP}
  local r = { pcall(function() return ${expressions} end) }
  if not r[1] then return 'ERR ' .. tostring(r[2]) end
  local parts = {}
  for k = 2, table.maxn(r) do parts[#parts + 1] = dump(r[k]) end
  return table.concat(parts, ' | ')`;
  return String((await runLua(code, { lang }))[0]);
}

const skip = haveLua ? false : 'lua5.1 is not installed';

describe('mw.language', { skip }, () => {
  test('the content language is the wiki\'s; getLanguage makes any other', async () => {
    assert.equal(await values('mw.getContentLanguage():getCode(), mw.language.getContentLanguage().code, mw.getLanguage("en"):getCode()'), '"ltg" | "ltg" | "en"');
    assert.equal(await values('mw.language.new()'), 'ERR too few arguments to mw.language.new()');
  });

  test('formatNum groups digits with the language\'s separators and writes a real minus sign', async () => {
    assert.equal(
      await values('mw.getContentLanguage():formatNum(1234567.891), mw.getContentLanguage():formatNum(1234), mw.getContentLanguage():formatNum(-0.5), mw.getContentLanguage():formatNum(1234.5, {noCommafy = true}), mw.getLanguage("en"):formatNum(1234567.25), mw.getLanguage("en"):formatNum(1e20)'),
      '"1\u00a0234\u00a0567,891" | "1\u00a0234" | "\u22120,5" | "1234.5" | "1,234,567.25" | "100,000,000,000,000,000,000"',
    );
    assert.equal(await values('mw.getLanguage("en"):parseFormattedNumber("1,234.5"), mw.getLanguage("en"):parseFormattedNumber("abc"), mw.getLanguage("en"):parseFormattedNumber(12)'), '1234.5 | nil | 12');
  });

  test('convertPlural follows the language\'s plural rules, explicit n= forms first', async () => {
    assert.equal(
      await values('mw.getContentLanguage():convertPlural(1, {"a","b","c"}), mw.getContentLanguage():convertPlural(11, {"a","b","c"}), mw.getContentLanguage():convertPlural(2, "a", "b", "c"), mw.getLanguage("en"):plural(1, "x", "y"), mw.getLanguage("en"):plural(2, "x", "y"), mw.getLanguage("en"):plural(5, "5=five", "x", "y"), mw.getLanguage("ru"):plural(5, "a", "b", "c"), mw.getLanguage("ru"):plural(22, "a", "b", "c")'),
      '"b" | "a" | "c" | "x" | "y" | "five" | "c" | "b"',
    );
  });

  test('formatDuration and getDurationIntervals', async () => {
    assert.equal(
      await values('mw.getContentLanguage():formatDuration(3700), mw.getLanguage("en"):formatDuration(3700), mw.getLanguage("en"):formatDuration(0), mw.getLanguage("en"):formatDuration(90061, {"days", "hours"}), mw.getLanguage("en"):getDurationIntervals(3700)'),
      '"1 stunda, 1 minūte i 40 sekundes" | "1 hour, 1 minute and 40 seconds" | "0 seconds" | "1 day and 1 hour" | {["hours"]=1,["minutes"]=1,["seconds"]=40}',
    );
  });

  test('formatDate uses the language\'s month names; an unreadable date is an error', async () => {
    assert.equal(
      await values('mw.getLanguage("en"):formatDate("Y-m-d H:i", "2020-05-17 13:45:00"), mw.getContentLanguage():formatDate("j F Y", "2020-05-17"), mw.getLanguage("en"):formatDate("Y", "1999"), mw.getLanguage("en"):formatDate("D, d M Y", "@86400")'),
      '"2020-05-17 13:45" | "17 lopu mieness 2020" | "1999" | "Fri, 02 Jan 1970"',
    );
    assert.match(await values('mw.getLanguage("en"):formatDate("Y", "garbage")'), /bad argument #2 to 'formatDate' \(not a valid timestamp\)/);
  });

  test('case functions are Unicode; ustring.upper/lower are the content language\'s', async () => {
    assert.equal(
      await values('mw.getContentLanguage():uc("ābc ß"), mw.getContentLanguage():lc("ĀBC"), mw.getContentLanguage():ucfirst("ābc"), mw.getContentLanguage():lcfirst("ĀBC"), mw.getContentLanguage():ucfirst("abc"), mw.getContentLanguage():caseFold("aB")'),
      '"ĀBC SS" | "ābc" | "Ābc" | "āBC" | "Abc" | "AB"',
    );
    assert.equal(await values('mw.ustring.upper("ābc ǆ"), mw.ustring.lower("ĀBC"), ("ā"):uupper()'), '"ĀBC Ǆ" | "ābc" | "Ā"');
  });

  test('direction, fallbacks, names and code checks', async () => {
    assert.equal(
      await values('mw.getContentLanguage():isRTL(), mw.getLanguage("he"):isRTL(), mw.getLanguage("ar"):getDir(), mw.getLanguage("en"):getDirMark(), mw.getLanguage("he"):getDirMarkEntity(), mw.getLanguage("he"):getArrow(), mw.getLanguage("en"):getArrow("up")'),
      'false | true | "rtl" | "\u200e" | "&rlm;" | "←" | "↑"',
    );
    assert.equal(await values('mw.getContentLanguage():getFallbackLanguages(), mw.language.getFallbacksFor("en"), mw.language.getFallbacksFor("de-at")'), '{[1]="lv",[2]="en"} | {} | {[1]="de",[2]="en"}');
    assert.equal(await values('mw.language.fetchLanguageName("ltg"), mw.language.fetchLanguageName("en"), mw.language.fetchLanguageName("xx-bogus"), mw.language.fetchLanguageName("de", "en"), mw.language.fetchLanguageNames()["lv"]'), '"latgaļu" | "English" | "" | "Deutsch" | "latviešu"');
    assert.equal(
      await values('mw.language.isKnownLanguageTag("ltg"), mw.language.isKnownLanguageTag("xx"), mw.language.isValidCode("a:b"), mw.language.isValidCode("foo"), mw.language.isValidBuiltInCode("foo_bar"), mw.language.isSupportedLanguage("ltg"), mw.language.isSupportedLanguage("xyz")'),
      'true | false | false | true | false | true | false',
    );
    // Only built-in (lower-case) codes have fallbacks or are known; core's JSON messages make a language supported; `%` is invalid only before two hex digits.
    assert.equal(
      await values('mw.language.getFallbacksFor("DE"), mw.language.getFallbacksFor(" de"), mw.language.isKnownLanguageTag("DE"), mw.language.isValidBuiltInCode("DE"), mw.language.fetchLanguageName("DE"), mw.language.isValidCode("a%b"), mw.language.isValidCode("a%2F"), mw.language.new("a%b"):getCode(), mw.language.isSupportedLanguage("aae"), mw.language.isSupportedLanguage("qqx")'),
      '{} | {} | false | false | "Deutsch" | true | false | "a%b" | true | false',
    );
    assert.equal(await values('(function() local n = 0 for _ in pairs(mw.language.fetchLanguageNames(nil, "mwfile")) do n = n + 1 end return n end)()'), '469');
  });

  test('gender without user data gives the neutral form; grammar leaves the word', async () => {
    assert.equal(
      await values('mw.getContentLanguage():gender("", "m", "f", "n"), mw.getContentLanguage():gender("male", {"m", "f"}), mw.getContentLanguage():gender("female", "m", "f"), mw.getContentLanguage():gender("x", "m"), mw.getContentLanguage():grammar("genitive", "Rīga")'),
      '"n" | "m" | "f" | "m" | "Rīga"',
    );
  });

  test('listToText uses the content language\'s words', async () => {
    assert.equal(await values('mw.text.listToText({"a","b","c"})'), '"a, b i c"');
    assert.equal(await values('mw.text.listToText({"a","b","c"})', 'en'), '"a, b and c"');
  });
});
