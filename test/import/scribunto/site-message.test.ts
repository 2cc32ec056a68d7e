// mw.message as Scribunto's message library: texts from the wiki's MediaWiki: pages, then MediaWiki's own, with parameters.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { configureScribunto, findLua, stopScribuntoEngine } from '../../../src/import/scribunto/engine.ts';
import { siteWiki } from './site-harness.ts';

const skip = findLua() === null ? 'lua5.1 is not installed' : false;
const noGerman = existsSync('/usr/share/mediawiki/languages/i18n/de.json') ? false : 'MediaWiki is not installed here';

describe('mw.message', { skip }, () => {
  before(() => configureScribunto({}));
  after(() => stopScribuntoEngine());

  const wiki = siteWiki({
    'Test page': 'x',
    'MediaWiki:Mainpage': 'Start page',
    'MediaWiki:Custom-greeting': 'Hello $1, you have $2 {{PLURAL:$2|message|messages}}',
    'MediaWiki:Empty-message': '',
    'MediaWiki:Dash-message': '-',
  });
  const run = (body: string): string => wiki.run(body).text;

  test("plain() gives the wiki's MediaWiki: page, else MediaWiki's text, untransformed", () => {
    assert.equal(run("return mw.message.new('mainpage'):plain() .. '|' .. mw.message.new('blanknamespace'):plain()"), 'Start page|(Main)');
    assert.equal(run("return tostring(mw.message.new('Mainpage'))"), 'Start page');
  });

  test('parameters replace $1, $2...; numParam formats the number, rawParam passes as is', () => {
    assert.equal(run("return mw.message.new('custom-greeting', 'Ann', 3):plain()"), 'Hello Ann, you have 3 {{PLURAL:3|message|messages}}');
    assert.equal(run("return mw.message.new('custom-greeting'):params({ 'Bo', 1 }):plain()"), 'Hello Bo, you have 1 {{PLURAL:1|message|messages}}');
    assert.equal(run("return mw.message.newRawMessage('$1 / $2 / $3', mw.message.numParam(1234567.5), mw.message.rawParam('<b>'), 0.1 + 0.2):plain()"), '1,234,567.5 / <b> / 0.3');
    assert.equal(run("return mw.message.newRawMessage('$1$10 $2'):numParams(5):rawParams('r'):plain()"), '550 r');
  });

  test('mw.clone of a message keeps its parameters apart', () => {
    assert.equal(run("local m = mw.message.new('custom-greeting', 'Ann'); local c = mw.clone(m):params(2); return tostring(c) .. ' / ' .. m:plain()"), 'Hello Ann, you have 2 {{PLURAL:2|message|messages}} / Hello Ann, you have $2 {{PLURAL:$2|message|messages}}');
  });

  test('a missing message shows its key between ⧼⧽', () => {
    assert.equal(run("return mw.message.new('no-such-message-here'):plain()"), '⧼no-such-message-here⧽');
  });

  test('newFallbackSequence takes the first key with a text', () => {
    assert.equal(run("return mw.message.newFallbackSequence('no-such-message', 'empty-message', 'mainpage'):plain()"), 'Start page');
    assert.equal(run("return mw.message.newFallbackSequence('no-such-1', 'no-such-2'):plain()"), '⧼no-such-2⧽');
  });

  test('exists, isBlank, isDisabled', () => {
    const checks = (key: string): string => run(`local m = mw.message.new('${key}'); return tostring(m:exists()) .. ' ' .. tostring(m:isBlank()) .. ' ' .. tostring(m:isDisabled())`);
    assert.equal(checks('mainpage'), 'true false false');
    assert.equal(checks('empty-message'), 'true true true');
    assert.equal(checks('dash-message'), 'true false true');
    assert.equal(checks('no-such-message'), 'false true true');
    assert.equal(run("return tostring(mw.message.newRawMessage(''):exists())"), 'true');
  });

  test('useDatabase(false) skips the wiki\'s pages', () => {
    assert.equal(run("return mw.message.new('mainpage'):useDatabase(false):plain()"), 'Main Page');
  });

  test('inLanguage reads the translation', { skip: noGerman }, () => {
    assert.equal(run("return mw.message.new('blanknamespace'):inLanguage('de'):plain()"), '(Seiten)');
  });

  test('getDefaultLanguage is the content language', () => {
    assert.equal(run('local l = mw.message.getDefaultLanguage(); return type(l) == "table" and l:getCode() or l'), 'en');
  });

  test('parameters must be strings or numbers', () => {
    assert.match(wiki.runError("return mw.message.new('mainpage', true)"), /bad argument #1 to 'params' \(string or number expected, got boolean\)/);
    assert.match(wiki.runError("return mw.message.new('mainpage').plain()"), /invalid message object\. Did you call plain with a dot instead of a colon/);
  });
});
