// Language facts of the domain core, each as the reference MediaWiki 1.39 answers it (LanguageFallback, LanguageNameUtils, LanguageCode).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languageFallbacks, localisationChain } from '../../src/wiki/languages.ts';

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
