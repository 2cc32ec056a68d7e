// Real clients (mwn, nodemw from npm) against a running wikiquery over the fixture wiki:
// anonymous reading, logging in with the fixture's bot password or a main account, and the
// answers to what they would write.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Mwn } from 'mwn';
import wikijs from 'wikijs';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { call, nodemw } from '../support/nodemw.ts';

const skip = skipWithoutFixture;

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

  test('mwn searches the text of pages, with continuation to the end', async () => {
    const bot = new Mwn({ apiUrl: server.url, silent: true });
    const found = await bot.search('solar', 'max', ['size', 'snippet'], { srwhat: 'text' });
    assert.deepEqual(found.map((r) => r.title), ['Earth', 'Jupiter', 'Main Page', 'Mars', 'Mercury', 'Neptune', 'Pluto', 'Solar System', 'Uranus', 'Venus']);
    assert.equal(found[0]!.snippet, "[[Category:<span class='searchmatch'>Solar</span> System|3]]\n");
    const pages: string[] = [];
    for await (const response of bot.continuedQueryGen({ action: 'query', list: 'search', srsearch: 'fixture', srwhat: 'text', srlimit: 20, srprop: '' })) {
      pages.push(...(response.query?.search as { title: string }[]).map((r) => r.title));
    }
    assert.equal(pages.length, 85);
    assert.equal(new Set(pages).size, 85);
  });

  test('nodemw searches titles with every result', async () => {
    const client = nodemw(server.url);
    const results = await call<{ title: string; timestamp: string }[]>((cb) => client.search('page', cb));
    assert.deepEqual(results.map((r) => r.title), ['Apostrophe\'s page', 'Emoji 😀 page', 'Imported page', 'Main Page', 'Restored page', 'Tilde~page', 'Zzz last page']);
    assert.ok(results.some((r) => r.title === 'Main Page' && r.timestamp === '2025-01-15T06:08:35Z'));
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

  test('nodemw lists the pages transcluding a template, with continuation', async () => {
    const client = nodemw(server.url);
    const pages = await call<{ title: string }[]>((cb) => client.getPagesTranscluding('Template:Cite web', cb));
    assert.equal(pages.length, 81);
    assert.equal(new Set(pages.map((p) => p.title)).size, pages.length);
  });

  test('nodemw reads the categories of an article', async () => {
    const client = nodemw(server.url);
    const categories = await call<{ title: string }[]>((cb) => client.getArticleCategories('Mars', cb));
    assert.ok(categories.length > 0);
  });

  test('nodemw reads the properties of an article (prop=pageprops)', async () => {
    const client = nodemw(server.url);
    const properties = await call<Record<string, string>>((cb) => client.getArticleProperties('1984', cb));
    assert.deepEqual(properties, { displaytitle: '<i>1984</i>', index: '' });
  });

  test('nodemw lists the categories of the wiki (list=allcategories), with and without a prefix', async () => {
    const client = nodemw(server.url);
    const all = await call<string[]>((cb) => client.getCategories(cb));
    assert.ok(all.includes('Planets') && all.includes('Empty category'));
    assert.equal(new Set(all).size, all.length);
    const withP = await call<string[]>((cb) => client.getCategories('P', cb));
    assert.deepEqual(withP, ['Pages with broken file links', 'Planets', 'Programming languages']);
  });
});

/** The part of wikijs's API these tests use (its own typings declare the client as Object). */
interface WikijsPage {
  raw: { pageid: number; title: string };
  url(): string;
  links(aggregated?: boolean, limit?: number): Promise<string[]>;
  backlinks(aggregated?: boolean, limit?: number): Promise<string[]>;
  categories(): Promise<string[]>;
  langlinks(): Promise<{ lang: string; title: string; url: string }[]>;
}
interface WikijsResults {
  results: string[];
  next?: () => Promise<WikijsResults>;
}
interface Wikijs {
  page(title: string): Promise<WikijsPage>;
  prefixSearch(query: string, limit?: number): Promise<WikijsResults>;
  opensearch(query: string): Promise<string[]>;
  search(query: string): Promise<WikijsResults>;
  random(limit?: number): Promise<string[]>;
  allCategories(): Promise<string[]>;
  pagesInCategory(category: string): Promise<string[]>;
  api(params: Record<string, string>): Promise<Json>;
}

describe('wikijs', { skip }, () => {
  const server = useFixtureServer();
  const client = () => wikijs({ apiUrl: server.url }) as Wikijs;

  test('page() reads a page (prop=info|pageprops, redirects resolved)', async () => {
    const mars = await client().page('Mars');
    assert.equal(mars.raw.pageid, 76);
    assert.equal(mars.url(), 'http://127.0.0.1:8081/wiki/index.php/Mars');
    const earth = await client().page('Terra');
    assert.equal(earth.raw.title, 'Earth');
  });

  test('page().links() follows plcontinue to the end, each link once', async () => {
    const mars = await client().page('Mars');
    const links = await mars.links();
    assert.deepEqual(links, ['Earth', 'Horse', 'JavaScript', 'Jupiter', 'Mercury', 'Missing article', 'Neptune', 'Pluto', 'Saturn', 'Uranus', 'Venus']);
    assert.deepEqual(await mars.links(true, 3), links);
  });

  test('page().backlinks() follows blcontinue to the end, each page once', async () => {
    const earth = await client().page('Earth');
    const backlinks = await earth.backlinks();
    assert.ok(backlinks.includes('Mars') && backlinks.includes('Terra') && backlinks.includes('Talk:Earth'));
    assert.equal(new Set(backlinks).size, backlinks.length);
    assert.deepEqual(await earth.backlinks(true, 4), backlinks);
  });

  test('page().categories() lists the categories of a page', async () => {
    const mars = await client().page('Mars');
    assert.deepEqual(await mars.categories(), [
      'Category:Articles with unsourced statements',
      'Category:Pages with broken file links',
      'Category:Planets',
      'Category:Solar System',
    ]);
  });

  test('page().langlinks() lists the language links with their URLs (prop=langlinks, llprop=url)', async () => {
    const earth = await client().page('Earth');
    assert.deepEqual(await earth.langlinks(), [
      { lang: 'de', title: 'Erde', url: 'https://de.wikipedia.org/wiki/Erde' },
      { lang: 'es', title: 'Tierra', url: 'https://es.wikipedia.org/wiki/Tierra' },
      { lang: 'fr', title: 'Terre', url: 'https://fr.wikipedia.org/wiki/Terre' },
      { lang: 'ja', title: '地球', url: 'https://ja.wikipedia.org/wiki/%E5%9C%B0%E7%90%83' },
    ]);
  });

  test('prefixSearch() and opensearch() complete a title', async () => {
    const found = await client().prefixSearch('Ma');
    assert.deepEqual(found.results, ['Madrid', 'Main Page', 'Mars']);
    assert.equal(found.next, undefined);
    const paged = await client().prefixSearch('Ma', 2);
    assert.deepEqual(paged.results, ['Madrid', 'Main Page']);
    assert.deepEqual((await paged.next!()).results, ['Mars']);
    assert.deepEqual(await client().opensearch('Ma'), ['Madrid', 'Main Page', 'Mars']);
  });

  test('random() picks distinct articles of the main namespace', async () => {
    const titles = await client().random(5);
    assert.equal(titles.length, 5);
    assert.equal(new Set(titles).size, 5);
    const mainNamespace = await client().api({ action: 'query', titles: titles.join('|') });
    for (const page of Object.values(mainNamespace.query.pages) as { ns: number; missing?: string }[]) {
      assert.equal(page.ns, 0);
      assert.equal(page.missing, undefined);
    }
  });

  test('allCategories() and pagesInCategory() list with continuation', async () => {
    const categories = await client().allCategories();
    assert.ok(categories.includes('Planets'));
    assert.equal(new Set(categories).size, categories.length);
    const members = await client().pagesInCategory('Category:Planets');
    assert.ok(members.includes('Mars') && members.includes('File:Mars globe.png'));
  });

  test('search() reads list=search: titles by default, as MediaWiki\'s database search', async () => {
    const found = await client().search('planet');
    assert.deepEqual(found.results, ['Earth (planet)', 'Red planet', 'The Red Planet', 'Venus (planet)']);
    assert.deepEqual((await client().search('mars')).results, ['Mars']);
  });
});

const botName = 'FixtureBot@importer';
const botPassword = 'importerbotpassword0123456789abc';

/** How long a rejected promise took to reject, and what with. */
async function rejection(promise: Promise<unknown>): Promise<{ error: { code?: string; info?: string }; seconds: number }> {
  const started = performance.now();
  try {
    await promise;
  } catch (error) {
    return { error: error as { code?: string }, seconds: (performance.now() - started) / 1000 };
  }
  throw new Error('expected the call to fail');
}

describe('mwn logged in with a bot password', { skip }, () => {
  const server = useFixtureServer();

  async function loggedInBot(): Promise<Mwn> {
    return Mwn.init({ apiUrl: server.url, username: botName, password: botPassword, silent: true });
  }

  test('Mwn.init logs in and the session is the bot', async () => {
    const bot = await loggedInBot();
    assert.equal(bot.loggedIn, true);
    const me = await bot.userinfo({ uiprop: ['groups', 'rights'] });
    assert.equal(me.name, 'FixtureBot');
    assert.ok(me.groups.includes('bot'));
    assert.ok(me.rights.includes('apihighlimits'), 'the bot password grants highvolume');
    assert.notEqual(bot.csrfToken, '+\\', 'a logged-in session has a csrf token of its own');
    await bot.logout();
  });

  test('mwn reads as the bot: site info, a page, category members, continuation', async () => {
    const bot = await loggedInBot();
    await bot.getSiteInfo();
    const page = await bot.read('Mars');
    assert.match(page.revisions![0].content!, /planet/i);
    const members = await new bot.Category('Planets').members();
    assert.ok(members.some((m) => m.title === 'Mars'));
    const titles: string[] = [];
    for (const batch of await bot.continuedQuery({ action: 'query', list: 'allpages', aplimit: 7 }, 100)) {
      for (const p of batch.query!.allpages) titles.push(p.title);
    }
    assert.ok(titles.length > 100);
    assert.equal(new Set(titles).size, titles.length);
    // Every request of the session is still the bot's: assert=bot holds.
    const asBot = await bot.query({ meta: 'userinfo', assert: 'bot' });
    assert.equal(asBot.query.userinfo.name, 'FixtureBot');
    await bot.logout();
  });

  test('mwn lists the backlinks and transclusions of a page (prop=linkshere, transcludedin)', async () => {
    const bot = await loggedInBot();
    const backlinks = await new bot.Page('Mars').backlinks();
    assert.ok(backlinks.includes('Earth') && backlinks.includes('Talk:Mars'));
    assert.equal(new Set(backlinks).size, backlinks.length);
    const transclusions = await new bot.Page('Template:Welcome').transclusions();
    assert.ok(transclusions.includes('User talk:Bob'));
    await bot.logout();
  });

  test('mwn is told the wiki is read-only when it saves or edits, and gives up in bounded time', async () => {
    const bot = await loggedInBot();
    // mwn retries a readonly error maxRetries (3) times, retryPause (5 s) apart, since on
    // MediaWiki read-only mode is usually a short maintenance window; shorter pauses keep the
    // test quick while still going through those retries.
    bot.setOptions({ retryPause: 100 });
    const saved = await rejection(bot.save('Mars', 'replaced', 'e2e test'));
    assert.equal(saved.error.code, 'readonly');
    assert.ok(saved.seconds < 5, `save gave up after ${saved.seconds} s`);
    bot.setOptions({ maxRetries: 0 });
    const edited = await rejection(bot.edit('Mars', (rev) => rev.content + '\nappended'));
    assert.equal(edited.error.code, 'readonly');
    assert.ok(edited.seconds < 2, `edit gave up after ${edited.seconds} s`);
    await bot.logout();
  });

  test('mwn logs out: the session is anonymous again and its cookie names nothing', async () => {
    const bot = await loggedInBot();
    const cookies = await bot.cookieJar.getCookieString(server.url);
    await bot.logout();
    assert.equal(bot.loggedIn, false);
    const me = await bot.userinfo();
    assert.equal(me.anon, true);
    const replayed = await fetch(`${server.url}?action=query&meta=userinfo&format=json`, { headers: { cookie: cookies } });
    assert.equal((await replayed.json()).query.userinfo.anon, '');
  });

  test('mwn logs in with a main account (Alice), with MediaWiki\'s deprecation warning', async () => {
    const bot = new Mwn({ apiUrl: server.url, username: 'Alice', password: 'alice-fixture-pw', silent: true });
    const login = await bot.login();
    assert.equal(login.result, 'Success');
    assert.equal(login.lgusername, 'Alice');
    const me = await bot.userinfo({ uiprop: 'groups' });
    assert.ok(me.groups.includes('sysop'));
    await bot.logout();
  });
});

describe('nodemw logged in with a bot password', { skip }, () => {
  const server = useFixtureServer();

  async function loggedInClient() {
    const client = nodemw(server.url);
    const login = await call<{ result: string; lgusername: string }>((cb) => client.logIn(botName, botPassword, cb));
    assert.equal(login.result, 'Success');
    assert.equal(login.lgusername, 'FixtureBot');
    return client;
  }

  test('nodemw logs in and reads as the bot', async () => {
    const client = await loggedInClient();
    const me = await call<{ name: string; groups: string[] }>((cb) => client.whoami(cb));
    assert.equal(me.name, 'FixtureBot');
    assert.ok(me.groups.includes('bot'));
    const content = await call<string>((cb) => client.getArticle('Mars', cb));
    assert.match(content, /planet/i);
    const members = await call<{ title: string }[]>((cb) => client.getPagesInCategory('Planets', cb));
    assert.ok(members.some((m) => m.title === 'Mars'));
  });

  test('nodemw reports the wiki\'s readonly error to its callback when it edits', async () => {
    const client = await loggedInClient();
    const started = performance.now();
    await assert.rejects(
      call((cb) => client.edit('Mars', 'replaced', 'e2e test', cb)),
      (error: Error) => error.message === 'Error returned by API: The wiki is currently in read-only mode.',
    );
    assert.ok(performance.now() - started < 2000);
  });

  test('nodemw reports the API error of an unserved action (expandtemplates) to its callback', async () => {
    const client = nodemw(server.url);
    await assert.rejects(
      call((cb) => client.api.call({ action: 'expandtemplates', text: '{{Infobox planet}}', title: 'Mars', prop: 'wikitext' }, cb, 'POST')),
      (error: Error) => /^Error returned by API: The action "expandtemplates" is not available/.test(error.message),
    );
  });

  test(
    'nodemw expandTemplates gets the answer in its callback without its process ending',
    { todo: 'action=expandtemplates is not served; nodemw 0.27 reads raw.parsetree of the error answer (lib/bot.js expandTemplates), a TypeError thrown in its HTTP callback that ends the process: only serving the action avoids it' },
    async () => {
      const script = fileURLToPath(new URL('./nodemw-expand-templates.cjs', import.meta.url));
      const outcome = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(process.execPath, [script, server.url], { timeout: 20_000 }, (error, stdout, stderr) => {
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
        });
        child.stdin?.end();
      });
      assert.equal(outcome.code, 0, `nodemw's process ended: ${outcome.stderr.split('\n').find((line) => line.startsWith('TypeError')) ?? outcome.stderr}`);
      const result = JSON.parse(outcome.stdout.trim().split('\n').pop()!);
      assert.equal(result.error, null);
      assert.match(result.parsetree, /<root>/);
    },
  );
});
