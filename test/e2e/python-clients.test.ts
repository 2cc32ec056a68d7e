// Python clients against a running wikiquery over the fixture wiki: mwclient (Debian's
// python3-mwclient, which .ci/run installs) logs in with the fixture's bot password and a main
// account and does its everyday calls in test/e2e/mwclient_session.py; pywikibot cannot be
// installed here.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { findPythonWithMwclient, runMwclientScript, type MwclientStep } from '../support/mwclient.ts';

const sessionScript = fileURLToPath(new URL('./mwclient_session.py', import.meta.url));

const found = findPythonWithMwclient();
const skipMwclient: false | string = skipWithoutFixture || ('missing' in found ? found.missing : false);
if (skipMwclient && !skipWithoutFixture) console.warn(`mwclient tests skipped: ${skipMwclient}`);

describe('mwclient', { skip: skipMwclient }, () => {
  const server = useFixtureServer();
  let steps: Record<string, MwclientStep> = {};

  before(async () => {
    steps = (await runMwclientScript((found as { python: string }).python, sessionScript, server.url, 25)).steps;
  });

  function succeeded(name: string): Json {
    const step = steps[name];
    assert.ok(step, `no step ${name}`);
    assert.ok(step.ok, `${name} failed: ${JSON.stringify(step.error)}`);
    return step.value;
  }

  test('connects: site info of MediaWiki 1.39 with the write API, anonymous', () => {
    const site = succeeded('connect');
    assert.deepEqual(site.version, [1, 39, 17]);
    assert.equal(site.writeapi, true);
    assert.equal(site.username, '127.0.0.1');
  });

  test('logs in with the bot password, and its calls are the bot\'s', () => {
    const login = succeeded('bot_login');
    assert.equal(login.username, 'FixtureBot');
    assert.equal(login.logged_in, true);
    assert.ok(login.groups.includes('bot'));
    assert.ok(login.rights.includes('edit'));
    const me = succeeded('userinfo');
    assert.equal(me.name, 'FixtureBot');
  });

  test('logs in with a main account', () => {
    const login = succeeded('main_account_login');
    assert.equal(login.username, 'Alice');
    assert.equal(login.logged_in, true);
    assert.ok(login.groups.includes('sysop'));
  });

  test('a wrong password is a LoginError at once', () => {
    const step = steps.wrong_password!;
    assert.equal(step.ok, false);
    assert.equal(step.error!.type, 'LoginError');
    assert.equal(step.error!.code, 'Failed');
    assert.ok(step.seconds < 5);
  });

  test('reads the text of a page and of a missing page', () => {
    const page = succeeded('page_text');
    assert.equal(page.exists, true);
    assert.match(page.text, /'''Mars''' is a planet/);
    const missing = succeeded('missing_page_text');
    assert.deepEqual(missing, { exists: false, text: '' });
  });

  test('lists all pages in batches of 7, each once (generator=False)', () => {
    const titles: string[] = succeeded('allpages_list');
    assert.equal(titles.length, 120);
    assert.equal(new Set(titles).size, titles.length);
    assert.ok(titles.includes('Mars'));
  });

  test('searches titles, and text in batches of 3 with its snippets (list=search)', () => {
    assert.deepEqual(succeeded('search_titles'), ['Earth (planet)', 'Red planet', 'The Red Planet', 'Venus (planet)']);
    const text = succeeded('search_text') as [string, string][];
    assert.deepEqual(text.map(([title]) => title), ['Earth', 'Jupiter', 'Main Page', 'Mars', 'Mercury', 'Neptune', 'Pluto', 'Solar System', 'Uranus', 'Venus']);
    assert.equal(text[2]![1], "* [[<span class='searchmatch'>Solar</span> System]]\n");
  });

  test('lists category members and a page\'s links (generator=False)', () => {
    const members: string[] = succeeded('category_members_list');
    assert.ok(members.includes('Mars') && members.includes('File:Mars globe.png'));
    const links: string[] = succeeded('links_list');
    assert.ok(links.includes('Earth') && links.includes('Missing article'));
  });

  test('lists the backlinks of a page in batches of 5, each once (generator=False)', () => {
    const titles: string[] = succeeded('backlinks_list');
    assert.ok(titles.includes('Earth') && titles.includes('Talk:Mars') && titles.includes('Red planet'));
    assert.equal(titles.length, 17);
    assert.equal(new Set(titles).size, titles.length);
  });

  test('lists the pages transcluding a template in batches of 2, each once (generator=False)', () => {
    const titles: string[] = succeeded('embeddedin_list');
    assert.ok(titles.includes('User talk:Bob') && titles.includes('User:Alice'));
    assert.equal(titles.length, 16);
    assert.equal(new Set(titles).size, titles.length);
  });

  test('lists every category in batches of 7, each once (generator=False)', () => {
    const names: string[] = succeeded('allcategories_list');
    assert.ok(names.includes('Planets') && names.includes('Empty category'));
    assert.equal(new Set(names).size, names.length);
    assert.deepEqual(names, [...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
  });

  test('lists the external links of a page (prop=extlinks)', () => {
    assert.deepEqual(succeeded('extlinks'), ['//cdn.example.net/assets/Earth.png', 'https://example.org/Earth']);
  });

  test('lists the language links of a page (prop=langlinks), also one a request', () => {
    assert.deepEqual(succeeded('langlinks'), [['de', 'Erde'], ['es', 'Tierra'], ['fr', 'Terre'], ['ja', '地球']]);
    assert.deepEqual(succeeded('langlinks_continued'), [['de', 'Gold'], ['es', 'Oro'], ['fr', 'Or']]);
  });

  test('iterates page.backlinks(), page.embeddedin() and site.allcategories() as Page objects (generator=True: prop=info|imageinfo beside)', () => {
    assert.ok((succeeded('backlinks') as string[]).includes('Earth'));
    assert.ok((succeeded('embeddedin') as string[]).includes('User talk:Bob'));
    assert.ok((succeeded('allcategories') as string[]).includes('Category:Planets'));
  });

  test('lists a page\'s revisions in batches of 5 with continuation', () => {
    const revisions: number[] = succeeded('revisions');
    assert.ok(revisions.length > 5);
    assert.equal(new Set(revisions).size, revisions.length);
  });

  test('an edit is refused with MediaWiki\'s readonly APIError, at once', () => {
    const step = steps.edit!;
    assert.equal(step.ok, false, 'the edit was saved?');
    assert.equal(step.error!.type, 'APIError');
    assert.equal(step.error!.code, 'readonly');
    assert.equal(step.error!.info, 'The wiki is currently in read-only mode.');
    assert.ok(step.seconds < 5, `the edit took ${step.seconds} s`);
  });

  test('an action the server does not serve (expandtemplates) is an APIError at once', () => {
    const step = steps.expandtemplates!;
    assert.equal(step.ok, false);
    assert.equal(step.error!.type, 'APIError');
    assert.equal(step.error!.code, 'actionnotsupported');
    assert.match(step.error!.info!, /expandtemplates/);
    assert.ok(step.seconds < 5, `expandtemplates took ${step.seconds} s`);
  });

  test('iterates all pages as Page objects with continuation', () => {
    const titles: string[] = succeeded('allpages');
    assert.equal(titles.length, 120);
    assert.equal(new Set(titles).size, titles.length);
  });

  test('iterates the members of Category:Planets as Page objects', () => {
    const members: string[] = succeeded('category_members');
    assert.ok(members.includes('Mars') && members.includes('File:Mars globe.png'));
  });

  test('iterates page.links() and page.categories()', () => {
    const links: string[] = succeeded('links');
    assert.ok(links.includes('Earth'));
    const categories: string[] = succeeded('categories_of_page');
    assert.ok(categories.includes('Category:Planets'));
  });
});

describe('pywikibot', () => {
  test('logs in and reads', {
    skip:
      'pywikibot cannot be installed here: Debian bookworm has no pywikibot package (apt-cache search pywikibot finds nothing) and npm has none; ' +
      'only PyPI has it, and this project installs from Debian and npm alone',
  }, () => {});
});
