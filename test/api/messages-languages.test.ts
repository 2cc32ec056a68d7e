// Messages in other languages: plural rules along the fallbacks, number formats, the wiki's
// MediaWiki: pages over the software's texts (MessageCache::get) and the keys of unloaded extensions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { convertPlural, formatNum, parseFormattedNumber } from '../../src/wiki/language-rules.ts';
import { MessageLookup, fillMessage, keysOfUnloadedExtensions, normalizeMessageKey } from '../../src/api/i18n/message-lookup.ts';

test('plural forms follow the language, and languages without rules use their fallbacks\'', () => {
  assert.equal(convertPlural(1, ['one', 'other'], 'en'), 'one');
  assert.equal(convertPlural(3, ['one', 'other'], 'en'), 'other');
  // Japanese has only `other`: MediaWiki then reads English's rules.
  assert.equal(convertPlural(3, ['one', 'other'], 'ja'), 'other');
  assert.equal(convertPlural(1, ['one', 'other'], 'ja'), 'one');
  // Arabic: zero, one, two, few, many, other.
  assert.equal(convertPlural(2, ['0', '1', '2', 'few', 'many', 'other'], 'ar'), '2');
  assert.equal(convertPlural(11, ['0', '1', '2', 'few', 'many', 'other'], 'ar'), 'many');
  assert.equal(convertPlural(5, ['5=five', 'one', 'other'], 'en'), 'five');
});

test('numbers are written and read with the language\'s separators', () => {
  assert.equal(formatNum(1234567, 'en'), '1,234,567');
  assert.equal(formatNum(1234567, 'de'), '1.234.567');
  assert.equal(parseFormattedNumber('1.234', 'de'), 1234);
  assert.equal(parseFormattedNumber('3 hours', 'en'), 3);
  assert.equal(parseFormattedNumber('Bob', 'en'), 0);
});

test('keys are normalised and parameters filled as Message::plain does', () => {
  assert.equal(normalizeMessageKey('Main page'), 'main_page');
  assert.equal(fillMessage('($*)', 'edit', 'qqx', ['a', 'b']), '(edit: a, b)');
  assert.equal(fillMessage('$1 and $3', 'x', 'en', ['a']), 'a and $3');
});

test('the keys of an extension the wiki does not load are not messages', () => {
  const off = keysOfUnloadedExtensions(['Gadgets', 'Cite', 'ParserFunctions']);
  assert.ok(off.has('scribunto-common-nosuchmodule'));
  assert.ok(!off.has('cite_error'));
  assert.ok(!keysOfUnloadedExtensions(['Scribunto']).has('scribunto-common-nosuchmodule'));
});

test('MediaWiki: pages of a language and of its fallbacks come before a fallback\'s text', async () => {
  const pages = new Map([
    ['Sitenotice', 'Local notice'],
    ['Mainpage/de', 'Startseite'],
    ['Edit', 'Local edit'],
  ]);
  const store = {
    pages: {
      allPages: async () => [...pages.keys()].map((title, i) => ({ page_id: i + 1, page_namespace: 8, page_title: title, page_is_redirect: 0 })),
      byTitles: async (titles: { dbKey: string }[]) => titles.filter((t) => pages.has(t.dbKey)).map((t) => ({ page_namespace: 8, page_title: t.dbKey, page_is_redirect: 0 })),
    },
    revisions: {
      currentMainAddress: async (title: { dbKey: string }) => (pages.has(title.dbKey) ? title.dbKey : null),
      texts: async (addresses: string[]) => new Map(addresses.map((a) => [a, pages.get(a)!])),
    },
  } as unknown as ConstructorParameters<typeof MessageLookup>[0]['store'];
  const lookup = new MessageLookup({ store, contentLanguage: 'en', extensions: [] });
  assert.equal(await lookup.get('mainpage', 'de'), 'Startseite');
  // German has no sitenotice of its own: the page of its fallback (English, the content language) wins.
  assert.equal(await lookup.get('sitenotice', 'de'), 'Local notice');
  // German has its own `edit`: the English page does not count.
  assert.equal(await lookup.get('edit', 'de'), 'Bearbeiten');
  assert.equal(await lookup.get('edit', 'en'), 'Local edit');
  assert.equal(await lookup.get('edit', 'en', false), 'Edit');
  assert.equal(await lookup.get('edit', 'qqx'), '($*)');
  assert.equal(await lookup.get('nonexistent-xyz', 'fr'), false);
  assert.equal(await lookup.get('portal', 'de'), 'Gemeinschafts\u00adportal');
});

test('API messages are rendered in the error language, qqx with its keys, English as before', async () => {
  const { msg, toPlaintext, toWikitext, toHtml } = await import('../../src/api/i18n/messages.ts');
  const mix = msg('apierror-invalidparammix', { list: ['<var>a</var>', '<var>b</var>'], type: 'text' }, 2);
  assert.equal(toPlaintext(mix), 'The parameters "a" and "b" can not be used together.');
  assert.equal(toWikitext(mix, 'qqx'), '(apierror-invalidparammix: <var>a</var>(and)(word-separator)<var>b</var>, 2)');
  assert.match(toPlaintext(msg('paramvalidator-outofrange-minmax', 'aplimit', '600', { num: 1 }, { num: 500 }), 'ar'), /١.*٥٠٠/);
  assert.equal(toHtml(msg('paramvalidator-badinteger', 'aplimit', 'abc'), (t) => `/wiki/${t}`, 'fr').includes('&#160;'), true);
});

test('parameters are replaced as strtr does: $10 with four parameters is $1 and a 0', async () => {
  const { substituteParams } = await import('../../src/api/i18n/messages.ts');
  const params = ['a', 'b', 'c', 'd'];
  assert.equal(substituteParams('$1 $4 $10 $5 $0', 4, (i) => params[i]!), 'a d a0 $5 $0');
  assert.equal(substituteParams('$12', 12, (i) => `p${i + 1}`), 'p12');
});
