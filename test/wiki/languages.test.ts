// Language facts of the domain core, each as the reference MediaWiki 1.39 answers it (LanguageFallback, LanguageNameUtils, LanguageCode).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bcp47, isSupportedLanguage, isValidBuiltInLanguageCode, isValidLanguageCode, languageFallbacks, languageName, languageNames, linkSettings,
  localisationChain,
} from '../../src/wiki/languages.ts';

test('LanguageFallback::getAll in its MESSAGES and STRICT modes', () => {
  // [code, MESSAGES, STRICT] as LanguageFallback::getAll gives them.
  const reference: [string, string[], string[]][] = [
    ['en', [], []],
    ['de', ['en'], []],
    ['ltg', ['lv', 'en'], ['lv']],
    ['ab', ['ru', 'en'], ['ru']],
    ['sco', ['en'], ['en']],
    ['zh-tw', ['zh-hant', 'zh-hk', 'zh', 'zh-hans', 'en'], ['zh-hant', 'zh-hk', 'zh', 'zh-hans']],
    ['qqx', ['en'], []],
    ['xx', ['en'], []],
    // No built-in code, no fallbacks (the importer's mw.language.getFallbacksFor gave these English).
    ['DE', [], []],
    ['Ab', [], []],
    [' de', [], []],
    ['de_DE', [], []],
    ['', [], []],
  ];
  for (const [code, messages, strict] of reference) {
    assert.deepEqual(languageFallbacks(code), messages, `${code} messages`);
    assert.deepEqual(languageFallbacks(code, 'strict'), strict, `${code} strict`);
  }
});

test("the localisation cache's sequence: the code, its fallbacks, English once at the end", () => {
  assert.deepEqual(localisationChain('en'), ['en']);
  assert.deepEqual(localisationChain('ltg'), ['ltg', 'lv', 'en']);
  assert.deepEqual(localisationChain('sco'), ['sco', 'en']);
  assert.deepEqual(localisationChain('xx'), ['xx', 'en']);
  // A Language object of `Ab` reads MessagesAb.php, as `ab` does.
  assert.deepEqual(localisationChain('Ab'), ['Ab', 'ru', 'en']);
});

test('valid, built-in and supported codes as LanguageNameUtils tells them', () => {
  // [code, isValidCode, isValidBuiltInCode, isSupportedLanguage]
  const reference: [string, boolean, boolean, boolean][] = [
    ['de', true, true, true],
    ['DE', true, false, false],
    ['Zh-hans', true, false, false],
    ['zh-hans', true, true, true],
    // Core's JSON messages make a language supported without a Messages file.
    ['aae', true, true, true],
    ['qqx', true, true, false],
    ['qqq', true, true, false],
    ['xx', true, true, false],
    ['simple', true, true, false],
    ['a%b', true, false, false],
    ['a%2', true, false, false],
    ['a%2F', false, false, false],
    ['', true, false, false],
    ['x~y', true, false, false],
    ['a b', true, false, false],
    ['é', true, false, false],
    ['a+b', true, false, false],
    ['de_DE', true, false, false],
    ['d', true, false, false],
    ['a#b', false, false, false],
    ['a\x7f', false, false, false],
    ['en/x', false, false, false],
    ['a<b', false, false, false],
  ];
  for (const [code, valid, builtIn, supported] of reference) {
    assert.equal(isValidLanguageCode(code), valid, `isValidCode ${code}`);
    assert.equal(isValidBuiltInLanguageCode(code), builtIn, `isValidBuiltInCode ${code}`);
    assert.equal(isSupportedLanguage(code), supported, `isSupportedLanguage ${code}`);
  }
});

test('Names.php: autonyms in the file order; those with messages of their own are 469', () => {
  assert.equal(languageNames().length, 493);
  assert.deepEqual(languageNames().slice(0, 3).map(([code]) => code), ['aa', 'ab', 'abs']);
  assert.equal(languageName('ltg'), 'latgaļu');
  assert.equal(languageName('en'), 'English');
  assert.equal(languageName('aae'), undefined);
  assert.equal(languageNames().filter(([code]) => isSupportedLanguage(code)).length, 469);
  assert.deepEqual(languageNames().filter(([code]) => isSupportedLanguage(code)).slice(0, 8).map(([code]) => code), ['ab', 'abs', 'ace', 'ady', 'ady-cyrl', 'aeb', 'aeb-arab', 'aeb-latn']);
});

test('LanguageCode::bcp47 and the link settings of language files', () => {
  assert.equal(bcp47('zh-hans'), 'zh-Hans');
  assert.equal(bcp47('simple'), 'en-simple');
  assert.equal(bcp47('de'), 'de');
  assert.deepEqual(linkSettings('en'), { linkTrail: '/^([a-z]+)(.*)$/sD', linkPrefixCharset: null });
  // Ukrainian joins the letters before a link to it; Russian, its fallback, does not.
  assert.notEqual(linkSettings('uk').linkPrefixCharset, null);
  assert.equal(linkSettings('ru').linkPrefixCharset, null);
});
