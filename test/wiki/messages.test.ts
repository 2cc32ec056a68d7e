// MediaWiki's interface messages and language-file facts come from the repository's data, merged as LocalisationCache merges them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isRightToLeft, numberFormat } from '../../src/wiki/languages.ts';
import { interfaceMessages, isDisabledMessage, ownMessages } from '../../src/wiki/messages.ts';
import { formatNum } from '../../src/import/wikitext/numbers.ts';

test("a language's messages fall back along its $fallback list, then to English", () => {
  const ltg = interfaceMessages('ltg');
  assert.equal(ltg['january'], 'jaunagods mieness');
  // Latgalian has no translation of tog-underline: Latvian's.
  assert.equal(ownMessages('ltg')['tog-underline'], undefined);
  assert.equal(ltg['tog-underline'], ownMessages('lv')['tog-underline']);
  // Nor Latvian of Scribunto's documentation page name: English.
  assert.equal(ltg['scribunto-doc-page-name'], 'Module:$1/doc');
});

test("every folder LocalisationCache reads is there: core's, the API's, the skin's and the extensions'", () => {
  const en = interfaceMessages('en');
  for (const key of ['mainpage', 'exif-imagewidth', 'apihelp-query-summary', 'paramvalidator-baduser', 'vector-action-move', 'gadgets-title', 'cite-tracking-category-cite-error', 'pfunc_time_error', 'scribunto-common-error-category']) {
    assert.equal(typeof en[key], 'string', key);
  }
  assert.equal(en['@metadata'], undefined);
});

test('a code MediaWiki has no messages in gets English, and no code reaches outside the data folder', () => {
  assert.deepEqual(interfaceMessages('qqx'), ownMessages('en'));
  // Shared, not copied: any code may be asked for, and each would otherwise hold a copy of English.
  assert.equal(interfaceMessages('no-such-code'), interfaceMessages('en'));
  assert.deepEqual(ownMessages('../../../package'), {});
  assert.deepEqual(ownMessages('constructor'), {});
});

test('a message is disabled when it is missing, empty or a dash (Message::isDisabled)', () => {
  for (const text of [undefined, null, '', '-']) assert.equal(isDisabledMessage(text), true, String(text));
  for (const text of [' ', '--', '- ', '0', 'Module:$1/doc']) assert.equal(isDisabledMessage(text), false, text);
});

test('number formats follow the language file, then its $fallback list (not the fallbacks of its fallbacks)', () => {
  assert.deepEqual(numberFormat('ltg'), { separators: { ',': '\u00a0', '.': ',' }, minimumGroupingDigits: 0 });
  // Each as the reference MediaWiki 1.39 formats {{formatnum:1234567.891}} {{formatnum:1234}}.
  const reference: Record<string, string> = {
    en: '1,234,567.891 1,234',
    de: '1.234.567,891 1.234',
    avk: '1\u00a0234\u00a0567,891 1234',
    // aeb falls back to aeb-arab only; aeb-arab's own fallback (ar) is not followed.
    aeb: '1,234,567.891 1,234',
    'ban-bali': '1,234,567.891 1,234',
    bbc: '1,234,567.891 1,234',
    dsb: '1.234.567,891 1.234',
    hsb: '1.234.567,891 1.234',
  };
  for (const [code, expected] of Object.entries(reference)) {
    assert.equal(`${formatNum('1234567.891', '', code)} ${formatNum('1234', '', code)}`, expected, code);
  }
});

test('writing direction follows the language file, then its fallbacks', () => {
  assert.equal(isRightToLeft('ar'), true);
  assert.equal(isRightToLeft('arz'), true);
  assert.equal(isRightToLeft('lv'), false);
  // A Language object's code that is no built-in code reads the file of its file name, as the localisation cache does.
  assert.equal(isRightToLeft('Ar'), true);
});
