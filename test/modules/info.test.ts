// prop=info over the fixture wiki, with facts checked on MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;


describe('prop=info', { skip }, () => {
  const { api } = useFixtureServer();

  test('an existing page has its content model, language, touched, last revision and length', async () => {
    const r = await api('prop=info&titles=Earth');
    assert.deepEqual(r.query.pages['75'], {
      pageid: 75, ns: 0, title: 'Earth', contentmodel: 'wikitext', pagelanguage: 'en', pagelanguagehtmlcode: 'en',
      pagelanguagedir: 'ltr', touched: '2025-01-16T05:23:03Z', lastrevid: 470, length: 899,
    });
  });

  test('a missing page gets the default content model of its title', async () => {
    const r = await api('formatversion=2&prop=info&titles=MediaWiki:Nope.css|User:Alice/nope.js|Nope');
    const models = Object.fromEntries(r.query.pages.map((p: Json) => [p.title, p.contentmodel]));
    assert.deepEqual(models, { 'MediaWiki:Nope.css': 'css', 'User:Alice/nope.js': 'javascript', Nope: 'wikitext' });
  });

  test('MediaWiki: subpages are in the language their suffix names', async () => {
    const r = await api('prop=info&titles=MediaWiki:Mainpage/de');
    assert.equal(r.query.pages['243'].pagelanguage, 'de');
  });

  test('inprop=protection lists own, cascading and create protections', async () => {
    const r = await api('formatversion=2&prop=info&inprop=protection&titles=Template:Protected_by_cascade|Forbidden_title|File:Protected_logo.png');
    const byTitle = Object.fromEntries(r.query.pages.map((p: Json) => [p.title, p]));
    assert.deepEqual(byTitle['Template:Protected by cascade'].protection, [{ type: 'edit', level: 'sysop', expiry: 'infinity', source: 'Fixture Wiki:Cascade' }]);
    assert.deepEqual(byTitle['Forbidden title'].restrictiontypes, ['create']);
    assert.deepEqual(byTitle['File:Protected logo.png'].restrictiontypes, ['edit', 'move', 'upload']);
  });

  test('watch fields for an anonymous caller: not watched, no counts', async () => {
    const r = await api('formatversion=2&prop=info&inprop=watched|watchers|visitingwatchers|notificationtimestamp&titles=Earth');
    const page = r.query.pages[0];
    assert.equal(page.watched, false);
    assert.equal(page.notificationtimestamp, '');
    assert.equal('watchers' in page, false);
  });

  test('testactions: protected pages cannot be edited by anonymous callers', async () => {
    const r = await api('formatversion=2&prop=info&intestactions=edit|read&titles=Earth|Nonexistent_page');
    const actions = Object.fromEntries(r.query.pages.map((p: Json) => [p.title, p.actions]));
    assert.deepEqual(actions, { 'Nonexistent page': { edit: true, read: true }, Earth: { edit: false, read: true } });
  });

  test('testactionsdetail=full gives MediaWiki\'s permission errors', async () => {
    const r = await api('formatversion=2&prop=info&intestactions=create&intestactionsdetail=full&titles=Forbidden_title');
    assert.deepEqual(r.query.pages[0].actions.create, [
      { code: 'protectedpage', text: 'This page has been protected to prevent editing or other actions.' },
      { code: 'protectedtitle', text: 'This title has been protected from creation by [[User:Admin|Admin]]. The reason given is Salted title.' },
    ]);
  });

  test('once 50 actions are tested the next page continues with incontinue=ns|title', async () => {
    const actions = Array.from({ length: 30 }, (_, i) => `a${i}`).join('|');
    const r = await api(`prop=info&intestactions=${actions}&titles=Earth|Mars|Venus`);
    assert.deepEqual(r.continue, { incontinue: '0|Venus', continue: '||' });
    assert.deepEqual(r.query.pages['76'].actions, []);
    const next = await api(`prop=info&intestactions=${actions}&titles=Earth|Mars|Venus&incontinue=0|Venus&continue=||`);
    assert.equal(next.query.pages['75'].actions, undefined);
    assert.deepEqual(next.query.pages['74'].actions, []);
  });

  test("incontinue's namespace is PHP's (int): 1e3 names no namespace, 0.5e1x names 5", async () => {
    assert.equal((await api('prop=info&titles=Mars|Talk:Mars|Earth&incontinue=1e3|Mars')).error.code, 'badcontinue');
    const r = await api('formatversion=2&prop=info&titles=Mars|Talk:Mars|Earth&incontinue=0.5e1x|Mars');
    assert.deepEqual(r.query.pages.map((p: Json) => p.lastrevid), [undefined, undefined, undefined]);
  });
});
