// Language facts of the domain core, each as the reference MediaWiki 1.39 answers it (LanguageFallback, LanguageNameUtils, LanguageCode).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bcp47, languageFallbacks, linkSettings, localisationChain } from '../../src/wiki/languages.ts';

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

test('LanguageCode::bcp47 and the link settings of language files', () => {
  assert.equal(bcp47('zh-hans'), 'zh-Hans');
  assert.equal(bcp47('simple'), 'en-simple');
  assert.equal(bcp47('de'), 'de');
  assert.deepEqual(linkSettings('en'), { linkTrail: '/^([a-z]+)(.*)$/sD', linkPrefixCharset: null });
  // Ukrainian joins the letters before a link to it; Russian, its fallback, does not.
  assert.notEqual(linkSettings('uk').linkPrefixCharset, null);
  assert.equal(linkSettings('ru').linkPrefixCharset, null);
});
