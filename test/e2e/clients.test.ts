// Real clients (mwn, nodemw from npm) against a running wikiquery over the fixture wiki.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Mwn } from 'mwn';
// nodemw is CommonJS without ESM types.
import NodeMw from 'nodemw';
import { skipWithoutFixture, useFixtureServer } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

function nodemw(url: string) {
  const u = new URL(url);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return new (NodeMw as any)({ protocol: 'http', server: u.hostname, port: Number(u.port), path: '/wiki', debug: false, silent: true });
}

function call<T>(fn: (cb: (err: unknown, data: T) => void) => void): Promise<T> {
  return new Promise((ok, fail) => fn((err, data) => (err ? fail(err) : ok(data))));
}

describe('real clients', { skip }, () => {
  const server = useFixtureServer();

  test('mwn reads site info', async () => {
    const bot = new Mwn({ apiUrl: server.url, silent: true });
    await bot.getSiteInfo();
    const info = await bot.query({ meta: 'siteinfo', siprop: 'general|namespaces' });
    assert.equal(info.query.general.sitename, 'Fixture Wiki');
    assert.equal(info.query.namespaces['14'].name, 'Category');
  });

  test('mwn reads a page', async () => {
    const bot = new Mwn({ apiUrl: server.url, silent: true });
    const page = await bot.read('Mars');
    assert.equal(page.title, 'Mars');
    assert.match(page.revisions![0].content!, /planet/i);
  });

  test('mwn follows continuation to the end exactly once per item', async () => {
    const bot = new Mwn({ apiUrl: server.url, silent: true });
    const titles: string[] = [];
    for await (const batch of bot.continuedQueryGen({ action: 'query', list: 'allpages', aplimit: 7 })) {
      for (const p of batch.query!.allpages) titles.push(p.title);
    }
    assert.ok(titles.length > 100);
    assert.equal(new Set(titles).size, titles.length);
  });

  test('mwn lists categories and links of a page', async () => {
    const bot = new Mwn({ apiUrl: server.url, silent: true });
    await bot.getSiteInfo();
    const page = new bot.Page('Mars');
    const categories = await page.categories();
    assert.ok(categories.some((c) => String((c as unknown as { category?: string }).category ?? c) === 'Category:Planets'));
    const links = await page.links();
    assert.ok(links.length > 0);
  });

  test('mwn lists category members', async () => {
    const bot = new Mwn({ apiUrl: server.url, silent: true });
    await bot.getSiteInfo();
    const members = await new bot.Category('Planets').members();
    assert.ok(members.some((m) => m.title === 'Mars'));
  });

  test('nodemw reads site info and an article', async () => {
    const client = nodemw(server.url);
    const info = await call<Record<string, unknown>>((cb) => client.getSiteInfo(['general'], cb));
    assert.equal((info.general as { sitename: string }).sitename, 'Fixture Wiki');
    const content = await call<string>((cb) => client.getArticle('Mars', cb));
    assert.match(content, /planet/i);
  });

  test('nodemw lists all pages and category members with continuation', async () => {
    const client = nodemw(server.url);
    const pages = await call<{ title: string }[]>((cb) => client.getAllPages(cb));
    assert.ok(pages.length > 50);
    const members = await call<{ title: string }[]>((cb) => client.getPagesInCategory('Planets', cb));
    assert.ok(members.some((m) => m.title === 'Mars'));
  });

  test('nodemw reads the categories of an article', async () => {
    const client = nodemw(server.url);
    const categories = await call<{ title: string }[]>((cb) => client.getArticleCategories('Mars', cb));
    assert.ok(categories.length > 0);
  });
});
