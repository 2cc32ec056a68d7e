// Nothing leaks: an anonymous caller never sees deleted, suppressed or hidden data, only MediaWiki's flags for it.
//
// Secrets come from the fixture database (fixture-secrets.ts); every answer of this file is searched
// for all of them. Expected shapes were checked against MediaWiki 1.39 over the same fixture.
// A test whose module answers `notimplemented` is skipped with that reason.
import { before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureDb, skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { DELETED_COMMENT, DELETED_RESTRICTED, DELETED_TEXT, DELETED_USER, readFixtureSecrets, type FixtureSecrets, type HiddenRevision } from './fixture-secrets.ts';

const skip = skipWithoutFixture;
/** A query as a reader writes it, for test names. */
function show(params: Record<string, string>): string {
  return Object.entries(params).map(([k, v]) => `${k}=${v}`).join('&');
}

const ALL_RVPROPS = 'ids|flags|timestamp|user|userid|size|slotsize|sha1|slotsha1|contentmodel|comment|parsedcomment|content|tags|roles';

/**
 * PERMISSIONS_API=http://127.0.0.1:8091/wiki/api.php runs the same tests against another API (the
 * MediaWiki reference), to check that the expectations are MediaWiki's.
 */
const otherApi = process.env.PERMISSIONS_API;

describe('an anonymous caller', { skip }, () => {
  const ours = otherApi ? undefined : useFixtureServer();
  let secrets: FixtureSecrets;
  before(() => {
    secrets = readFixtureSecrets(fixtureDb);
  });

  /** Every string of the answer: the raw body can escape what the decoded values show. */
  function answerTexts(body: string, json: Json): string[] {
    const out = [body];
    const walk = (v: unknown): void => {
      if (typeof v === 'string') out.push(v);
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) (out.push(k), walk(x));
    };
    walk(json);
    return out;
  }

  function assertNoSecret(body: string, json: Json, params: Record<string, string>): void {
    const asked = Object.values(params).join('\n');
    const texts = answerTexts(body, json);
    for (const secret of secrets.strings) {
      if (asked.includes(secret)) continue;
      const leak = texts.find((t) => t.includes(secret));
      assert.equal(leak, undefined, `the answer to ${JSON.stringify(params)} shows hidden data ${JSON.stringify(secret)}`);
    }
  }

  /** GET with format=json&formatversion=2; null (and the test skipped) when a module is not implemented. */
  async function ask(t: TestContext, params: Record<string, string>): Promise<Json | null> {
    const all = { action: 'query', format: 'json', formatversion: '2', ...params };
    const res = await fetch(`${otherApi ?? ours?.url}?${new URLSearchParams(all)}`);
    const body = await res.text();
    assert.equal(res.status, 200, body);
    const json = JSON.parse(body);
    if (json.error?.code === 'notimplemented') {
      t.skip(`not implemented yet: ${json.error.info}`);
      return null;
    }
    assertNoSecret(body, json, all);
    return json;
  }

  /** Follows `continue` until the end (bounded), giving every answer. */
  async function askAll(t: TestContext, params: Record<string, string>, maxRounds = 30): Promise<Json[] | null> {
    const answers: Json[] = [];
    let cont: Record<string, string> = {};
    for (let round = 0; round < maxRounds; round++) {
      const json = await ask(t, { ...params, ...cont });
      if (!json) return null;
      answers.push(json);
      if (!json.continue) return answers;
      cont = json.continue;
    }
    assert.fail(`no end of continuation after ${maxRounds} rounds for ${JSON.stringify(params)}`);
  }

  function expectError(json: Json, code: string): void {
    assert.equal(json.error?.code, code, JSON.stringify(json));
  }

  function hidden(bit: number): HiddenRevision[] {
    return secrets.hiddenRevisions.filter((r) => r.deleted & bit);
  }

  function deletedTitles(): string[] {
    return secrets.deletedPages.map((p) => p.title);
  }

  function revisionById(json: Json): Map<number, Json> {
    const out = new Map<number, Json>();
    for (const page of json.query?.pages ?? []) for (const rev of page.revisions ?? []) out.set(rev.revid, rev);
    return out;
  }

  /** The flags MediaWiki shows for each hidden part, and the values it leaves out. */
  function assertRevisionHidesAsMediaWiki(rev: Json, hiddenRev: HiddenRevision): void {
    const where = `revision ${hiddenRev.revId} of ${hiddenRev.title}`;
    const main = rev.slots?.main ?? {};
    if (hiddenRev.deleted & DELETED_TEXT) {
      assert.equal(main.texthidden, true, `${where}: texthidden`);
      assert.equal(main.content, undefined, `${where}: no content`);
      assert.equal(rev.sha1hidden, true, `${where}: sha1hidden`);
      assert.equal(rev.sha1, undefined, `${where}: no sha1`);
    } else {
      assert.equal(typeof main.content, 'string', `${where}: content is visible`);
      assert.equal(rev.sha1, hiddenRev.sha1, `${where}: sha1 is visible`);
    }
    if (hiddenRev.deleted & DELETED_COMMENT) {
      assert.equal(rev.commenthidden, true, `${where}: commenthidden`);
      assert.equal(rev.comment, undefined, `${where}: no comment`);
      assert.equal(rev.parsedcomment, undefined, `${where}: no parsedcomment`);
    } else {
      assert.equal(rev.comment, hiddenRev.comment, `${where}: comment is visible`);
    }
    if (hiddenRev.deleted & DELETED_USER) {
      assert.equal(rev.userhidden, true, `${where}: userhidden`);
      assert.equal(rev.user, undefined, `${where}: no user`);
      assert.equal(rev.userid, undefined, `${where}: no userid`);
    } else {
      assert.equal(rev.user, hiddenRev.user, `${where}: user is visible`);
      assert.equal(rev.userid, hiddenRev.userId, `${where}: userid is visible`);
    }
    assert.equal(rev.suppressed, hiddenRev.deleted & DELETED_RESTRICTED ? true : undefined, `${where}: suppressed`);
  }

  test('the leak check itself finds a secret in a body and in an escaped JSON value', () => {
    const secret = 'VANDALISM with private info 555-1234';
    assert.throws(() => assertNoSecret(`{"x":"${secret}"}`, {}, {}));
    assert.throws(() => assertNoSecret('{"x":"\\u0056ANDALISM with private info 555-1234"}', { x: secret }, {}));
    assert.doesNotThrow(() => assertNoSecret('{"x":"Mars"}', { x: 'Mars' }, {}));
  });

  describe('revisions with hidden parts (Mars, Jupiter, Saturn)', () => {
    test('the fixture has text-, comment-, user-hidden and suppressed revisions', () => {
      assert.ok(hidden(DELETED_TEXT).length && hidden(DELETED_COMMENT).length && hidden(DELETED_USER).length && hidden(DELETED_RESTRICTED).length);
      assert.ok(secrets.strings.includes('VANDALISM with private info 555-1234'));
    });

    test('prop=revisions by revid shows texthidden, commenthidden, userhidden, sha1hidden and suppressed, never the values', async (t) => {
      const revids = secrets.hiddenRevisions.map((r) => r.revId).join('|');
      const json = await ask(t, { prop: 'revisions', revids, rvprop: ALL_RVPROPS, rvslots: 'main' });
      if (!json) return;
      const byId = revisionById(json);
      for (const hiddenRev of secrets.hiddenRevisions) {
        const rev = byId.get(hiddenRev.revId);
        assert.ok(rev, `revision ${hiddenRev.revId} is listed`);
        assertRevisionHidesAsMediaWiki(rev, hiddenRev);
      }
    });

    test('formatversion=1 shows the same flags as empty strings', async (t) => {
      const revids = secrets.hiddenRevisions.map((r) => r.revId).join('|');
      const json = await ask(t, { prop: 'revisions', revids, rvprop: ALL_RVPROPS, rvslots: 'main', formatversion: '1' });
      if (!json) return;
      const revs = Object.values(json.query.pages as Record<string, Json>).flatMap((p) => p.revisions ?? []);
      const saturn = revs.find((r) => r.revid === secrets.hiddenRevisions.find((h) => h.deleted & DELETED_RESTRICTED)!.revId);
      assert.equal(saturn.texthidden ?? saturn.slots?.main?.texthidden, '');
      assert.equal(saturn.commenthidden, '');
      assert.equal(saturn.userhidden, '');
      assert.equal(saturn.sha1hidden, '');
      assert.equal(saturn.suppressed, '');
      assert.equal(saturn.slots.main['*'], undefined);
    });

    test('the legacy format without rvslots hides the same way', async (t) => {
      const textHidden = hidden(DELETED_TEXT).map((r) => r.revId).join('|');
      const json = await ask(t, { prop: 'revisions', revids: textHidden, rvprop: 'content|comment|user|sha1' });
      if (!json) return;
      for (const rev of revisionById(json).values()) {
        assert.equal(rev.texthidden, true);
        assert.equal(rev.content, undefined);
      }
    });

    for (const title of ['Mars', 'Jupiter', 'Saturn']) {
      test(`the history of ${title} shows its hidden revisions only as flags`, async (t) => {
        const answers = await askAll(t, { prop: 'revisions', titles: title, rvprop: ALL_RVPROPS, rvslots: 'main', rvlimit: 'max' });
        if (!answers) return;
        const byId = new Map(answers.flatMap((a) => [...revisionById(a)]));
        const inHistory = secrets.hiddenRevisions.filter((r) => r.title === title);
        assert.ok(inHistory.length > 0);
        for (const hiddenRev of inHistory) {
          assert.ok(byId.has(hiddenRev.revId), `revision ${hiddenRev.revId} is in the history`);
          assertRevisionHidesAsMediaWiki(byId.get(hiddenRev.revId), hiddenRev);
        }
      });
    }

    test('rvuser does not find a revision whose user is hidden', async (t) => {
      for (const hiddenRev of hidden(DELETED_USER)) {
        const json = await ask(t, { prop: 'revisions', titles: hiddenRev.title, rvuser: hiddenRev.user, rvprop: 'ids|user', rvlimit: 'max' });
        if (!json) return;
        assert.ok(!revisionById(json).has(hiddenRev.revId), `rvuser=${hiddenRev.user} finds revision ${hiddenRev.revId}`);
      }
    });

    test('rvexcludeuser leaves out revisions whose user is hidden, as MediaWiki does', async (t) => {
      const saturn = hidden(DELETED_RESTRICTED)[0];
      const json = await ask(t, { prop: 'revisions', titles: saturn.title, rvexcludeuser: 'Frank', rvprop: 'ids|user', rvlimit: 'max' });
      if (!json) return;
      assert.ok(!revisionById(json).has(saturn.revId));
    });

    test('rvcontinue through a hidden revision works and leaks nothing', async (t) => {
      const answers = await askAll(t, { prop: 'revisions', titles: 'Mars', rvprop: ALL_RVPROPS, rvslots: 'main', rvlimit: '1' }, 100);
      if (!answers) return;
      const seen = answers.flatMap((a) => [...revisionById(a).keys()]);
      assert.ok(seen.includes(hidden(DELETED_TEXT).find((r) => r.title === 'Mars')!.revId));
    });

    for (const extra of ['rvsection=1', 'rvparse=1', 'rvexpandtemplates=1', 'rvgeneratexml=1', 'rvcontentformat=text/x-wiki', 'rvsection=1&rvslots=main']) {
      test(`${extra} on hidden text shows only texthidden`, async (t) => {
        const mars = hidden(DELETED_TEXT).find((r) => r.title === 'Mars')!;
        const json = await ask(t, { prop: 'revisions', revids: String(mars.revId), rvprop: 'content', ...Object.fromEntries(new URLSearchParams(extra)) });
        if (!json) return;
        const rev = json.query.pages[0].revisions[0];
        assert.equal(rev.slots ? rev.slots.main.texthidden : rev.texthidden, true);
        assert.equal(rev.content ?? rev.slots?.main?.content, undefined);
      });
    }

    test('diffs never include hidden text (rvdiffto, rvdifftotext)', async (t) => {
      const mars = hidden(DELETED_TEXT).find((r) => r.title === 'Mars')!;
      const next = await ask(t, { prop: 'revisions', titles: 'Mars', rvstartid: String(mars.revId), rvdir: 'newer', rvlimit: '2', rvprop: 'ids' });
      if (!next) return;
      const after = [...revisionById(next).keys()].find((id) => id > mars.revId);
      const asks: Record<string, string>[] = [
        { revids: String(after), rvdiffto: 'prev' },
        { revids: String(mars.revId), rvdiffto: 'next' },
        { revids: String(mars.revId), rvdiffto: 'cur' },
        { revids: String(mars.revId), rvdifftotext: 'hello' },
      ];
      for (const params of asks) {
        const json = await ask(t, { prop: 'revisions', rvprop: 'ids', ...params });
        if (!json) return;
        for (const rev of revisionById(json).values()) {
          if (rev.diff === undefined) continue;
          assert.ok(rev.diff.body === undefined || rev.diff.body === false, `a diff body for ${JSON.stringify(params)}`);
        }
      }
    });
  });

  describe('deleted pages (Deleted page, Spam page, ...)', () => {
    test('their revisions are bad revids, not revisions', async (t) => {
      const revids = secrets.deletedPages.flatMap((p) => p.revIds);
      const json = await ask(t, { prop: 'revisions', revids: revids.join('|'), rvprop: 'content|comment|user|sha1', rvslots: 'main' });
      if (!json) return;
      assert.equal(json.query.pages, undefined);
      for (const id of revids) assert.equal(json.query.badrevids?.[id]?.missing, true, `revid ${id}`);
    });

    test('their titles are missing pages, without page id or last revision', async (t) => {
      const json = await ask(t, { titles: deletedTitles().join('|') });
      if (!json) return;
      for (const page of json.query.pages) {
        assert.equal(page.missing, true, page.title);
        assert.equal(page.pageid, undefined, page.title);
      }
    });

    test('prop=info shows them missing, with only the restrictions of a missing page', async (t) => {
      const json = await ask(t, { prop: 'info', titles: deletedTitles().join('|'), inprop: 'protection|url|displaytitle|talkid|subjectid|varianttitles|preload' });
      if (!json) return;
      for (const page of json.query.pages) {
        assert.equal(page.missing, true, page.title);
        assert.deepEqual(page.protection, [], page.title);
        assert.deepEqual(page.restrictiontypes, page.ns === 6 ? ['create', 'upload'] : ['create'], page.title);
        assert.equal(page.lastrevid, undefined, page.title);
        assert.equal(page.length, undefined, page.title);
        assert.equal(page.touched, undefined, page.title);
      }
    });

    test('list=allpages never lists them, in any namespace', async (t) => {
      const namespaces = [...new Set(secrets.deletedPages.map((p) => p.ns))];
      for (const ns of namespaces) {
        const answers = await askAll(t, { list: 'allpages', apnamespace: String(ns), aplimit: 'max' });
        if (!answers) return;
        const titles = answers.flatMap((a) => a.query.allpages.map((p: Json) => p.title));
        assert.ok(titles.length > 0);
        for (const title of deletedTitles()) assert.ok(!titles.includes(title), `allpages lists ${title}`);
      }
    });

    test('generator=allpages with prop=revisions reaches no deleted revision', async (t) => {
      const answers = await askAll(t, { generator: 'allpages', gapprefix: 'D', gaplimit: 'max', prop: 'revisions', rvprop: 'ids|content|comment', rvslots: 'main' });
      if (!answers) return;
      const deletedRevIds = new Set(secrets.deletedPages.flatMap((p) => p.revIds));
      for (const a of answers) for (const id of revisionById(a).keys()) assert.ok(!deletedRevIds.has(id));
    });

    const linkLists: Record<string, string>[] = [
        { list: 'backlinks', bltitle: 'Earth', bllimit: 'max', blredirect: '1' },
        { list: 'backlinks', bltitle: 'Another missing page', bllimit: 'max' },
        { list: 'backlinks', bltitle: 'Category:Planets', bllimit: 'max', blfilterredir: 'redirects' },
        { list: 'embeddedin', eititle: 'Template:Stub', eilimit: 'max' },
        { list: 'categorymembers', cmtitle: 'Category:Planets', cmlimit: 'max' },
        { list: 'categorymembers', cmtitle: 'Category:Solar System', cmlimit: 'max' },
      { prop: 'linkshere', titles: 'Earth', lhlimit: 'max' },
      { prop: 'redirects', titles: 'Category:Planets|Another missing page', rdlimit: 'max' },
      { prop: 'categoryinfo', titles: 'Category:Planets|Category:Old planets' },
    ];
    for (const params of linkLists) {
      test(`${show(params)} does not count them`, async (t) => {
        const answers = await askAll(t, params);
        if (!answers) return;
        const listed = JSON.stringify(answers.map((a) => a.query?.[params.list ?? 'pages']));
        const asked = Object.values(params).join('|');
        for (const title of deletedTitles()) {
          if (!asked.includes(title)) assert.ok(!listed.includes(`"${title}"`), `lists ${title}`);
        }
      });
    }

    test('prop=categories, links and templates of a deleted title give nothing', async (t) => {
      const json = await ask(t, { titles: deletedTitles().join('|'), prop: 'categories|links|templates|revisions' });
      if (!json) return;
      for (const page of json.query.pages) {
        assert.equal(page.categories, undefined, page.title);
        assert.equal(page.links, undefined, page.title);
        assert.equal(page.templates, undefined, page.title);
        assert.equal(page.revisions, undefined, page.title);
      }
    });

    const finders: Record<string, string>[] = [
        { list: 'search', srsearch: 'Deleted page revision', srwhat: 'text' },
        { list: 'search', srsearch: 'VANDALISM private', srwhat: 'text' },
        { list: 'search', srsearch: 'cheap stuff', srwhat: 'text' },
        { list: 'search', srsearch: 'Deleted', srwhat: 'title' },
        { list: 'prefixsearch', pssearch: 'Deleted', pslimit: 'max' },
        { list: 'random', rnnamespace: '0', rnlimit: 'max' },
        { list: 'exturlusage', euquery: 'spam.example.com', eulimit: 'max' },
        { list: 'allimages', ailimit: 'max' },
        { list: 'allcategories', aclimit: 'max' },
      { list: 'allredirects', arnamespace: '0', arlimit: 'max', arprop: 'ids|title' },
    ];
    for (const params of finders) {
      test(`${show(params)} does not reach them`, async (t) => {
        const json = await ask(t, params);
        if (!json) return;
        const listed = JSON.stringify(json.query);
        for (const title of deletedTitles()) assert.ok(!listed.includes(`"${title}"`), `lists ${title}`);
      });
    }

    const refused: Record<string, string>[] = [
      { prop: 'deletedrevisions', titles: 'Deleted page', drvprop: 'ids|user|comment|content' },
      { list: 'alldeletedrevisions' },
      { list: 'deletedrevs' },
      { list: 'filearchive', faprop: 'description' },
      { list: 'filearchive', faprop: 'parseddescription' },
      { list: 'filearchive', faprop: 'metadata' },
    ];
    for (const params of refused) {
      test(`${show(params)} is refused with permissiondenied`, async (t) => {
        const json = await ask(t, params);
        if (!json) return;
        expectError(json, 'permissiondenied');
      });
    }
  });

  describe('users hidden by a block (Spammer1234)', () => {
    test('the fixture has one', () => {
      assert.deepEqual(secrets.hiddenUsers, ['Spammer1234']);
    });

    test('list=users says the name is missing and tells nothing else', async (t) => {
      const json = await ask(t, { list: 'users', ususers: 'Spammer1234', usprop: 'blockinfo|groups|groupmemberships|implicitgroups|rights|editcount|registration|emailable|gender|centralids' });
      if (!json) return;
      assert.deepEqual(json.query.users, [{ name: 'Spammer1234', missing: true }]);
    });

    const listings: Record<string, string>[] = [
        { list: 'allusers', aulimit: 'max' },
        { list: 'allusers', auprefix: 'Sp' },
        { list: 'blocks', bklimit: 'max', bkprop: 'id|user|userid|by|byid|timestamp|expiry|reason|range|flags|restrictions' },
        { list: 'blocks', bkids: '7' },
        { list: 'usercontribs', ucuserids: '14' },
        { list: 'logevents', lelimit: 'max', leprop: 'ids|title|type|user|userid|timestamp|comment|details|tags' },
      { list: 'recentchanges', rclimit: 'max', rcprop: 'user|userid|comment|title|ids|loginfo|sha1|flags' },
    ];
    for (const params of listings) {
      test(`${show(params)} does not show the name`, async (t) => {
        const answers = await askAll(t, params, 5);
        if (!answers) return;
        for (const a of answers) assert.ok(!JSON.stringify(a).includes('Spammer1234'));
      });
    }

    const filters: [Record<string, string>, string][] = [
        [{ list: 'blocks', bkusers: 'Spammer1234' }, 'blocks'],
        [{ list: 'usercontribs', ucuser: 'Spammer1234' }, 'usercontribs'],
        [{ list: 'logevents', leuser: 'Spammer1234' }, 'logevents'],
        [{ list: 'logevents', letitle: 'User:Spammer1234' }, 'logevents'],
      [{ list: 'recentchanges', rcuser: 'Spammer1234' }, 'recentchanges'],
      [{ list: 'allusers', auprefix: 'Spammer' }, 'allusers'],
    ];
    for (const [params, list] of filters) {
      test(`${show(params)} finds nothing`, async (t) => {
        const json = await ask(t, params);
        if (!json) return;
        assert.deepEqual(json.query[list], []);
      });
    }
  });

  describe('logs and recent changes', () => {
    test('the suppression log is empty for anonymous callers', async (t) => {
      const json = await ask(t, { list: 'logevents', letype: 'suppress', lelimit: 'max' });
      if (!json) return;
      assert.deepEqual(json.query.logevents, []);
    });

    test('no log entry of type suppress appears anywhere, and hidden parts are flags', async (t) => {
      const answers = await askAll(t, { list: 'logevents', lelimit: 'max', leprop: 'ids|title|type|user|userid|timestamp|comment|parsedcomment|details|tags' });
      if (!answers) return;
      const events = answers.flatMap((a) => a.query.logevents);
      assert.ok(events.length > 100);
      assert.ok(!events.some((e: Json) => e.type === 'suppress'));
      const spamDeletion = events.find((e: Json) => e.type === 'delete' && e.title === 'Spam page' && e.commenthidden);
      assert.ok(spamDeletion, 'the Spam page deletion shows commenthidden');
      assert.equal(spamDeletion.comment, undefined);
      const hiddenAccount = events.find((e: Json) => e.type === 'newusers' && e.actionhidden);
      assert.ok(hiddenAccount, 'the hidden account creation shows actionhidden');
      assert.equal(hiddenAccount.title, undefined);
      assert.equal(hiddenAccount.userhidden, true);
    });

    test('recent changes show the hidden revisions as flags', async (t) => {
      const json = await ask(t, { list: 'recentchanges', rctitle: 'Saturn', rclimit: 'max', rcprop: 'title|user|userid|comment|parsedcomment|ids|sha1|loginfo|flags' });
      if (!json) return;
      const saturn = hidden(DELETED_RESTRICTED)[0];
      const rc = json.query.recentchanges.find((r: Json) => r.revid === saturn.revId);
      assert.ok(rc);
      assert.equal(rc.userhidden, true);
      assert.equal(rc.commenthidden, true);
      assert.equal(rc.sha1hidden, true);
      assert.equal(rc.suppressed, true);
      assert.equal(rc.user, undefined);
    });

    test('every recent change leaks nothing', async (t) => {
      await askAll(t, { list: 'recentchanges', rclimit: 'max', rcprop: 'title|user|userid|comment|parsedcomment|ids|sha1|loginfo|flags|tags|sizes' });
    });
  });

  describe('contributions', () => {
    test('usercontribs does not attribute a user-hidden revision, and flags the rest', async (t) => {
      const json = await ask(t, { list: 'usercontribs', ucuser: 'Mallory', uclimit: 'max', ucprop: 'ids|title|comment|parsedcomment|size|flags|timestamp|tags' });
      if (!json) return;
      const ids = json.query.usercontribs.map((c: Json) => c.revid);
      for (const r of hidden(DELETED_USER).filter((h) => h.user === 'Mallory')) assert.ok(!ids.includes(r.revId), `revision ${r.revId}`);
      const mars = json.query.usercontribs.find((c: Json) => c.title === 'Mars' && c.texthidden);
      assert.ok(mars, 'the Mars vandalism is listed with texthidden');
      assert.equal(mars.commenthidden, true);
    });

    test('allrevisions with arvuser does not attribute a user-hidden revision', async (t) => {
      const json = await ask(t, { list: 'allrevisions', arvuser: 'Mallory', arvlimit: 'max', arvprop: 'ids|user|comment|sha1|content', arvslots: 'main' });
      if (!json) return;
      const ids = json.query.allrevisions.flatMap((p: Json) => p.revisions.map((r: Json) => r.revid));
      for (const r of hidden(DELETED_USER).filter((h) => h.user === 'Mallory')) assert.ok(!ids.includes(r.revId));
    });

    test('prop=contributors leaves out users whose every edit of the page is user-hidden', async (t) => {
      const json = await ask(t, { prop: 'contributors', titles: 'Jupiter|Saturn', pclimit: 'max' });
      if (!json) return;
      const names = (title: string) => (json.query.pages.find((p: Json) => p.title === title).contributors ?? []).map((c: Json) => c.name);
      assert.ok(!names('Jupiter').includes('Eve'));
      assert.ok(!names('Saturn').includes('Mallory'));
    });
  });

  describe('the modules of pages and links (issue 12) reach no deleted page and leak nothing', () => {
    // A deleted page's title may still be a link target (Uses deleted image shows File:Deleted
    // image.png), as in MediaWiki; what must never show is the page as existing (with a page id),
    // or anything only its hidden or deleted revisions hold (every answer is searched for those).
    const requests: Record<string, string>[] = [
      { prop: 'linkshere', titles: 'Earth|Deleted page|Venus', lhlimit: '3', lhprop: 'pageid|title|redirect' },
      { prop: 'transcludedin', titles: 'Template:Stub|Template:Infobox', tilimit: '5', tiprop: 'pageid|title|redirect' },
      { prop: 'fileusage', titles: 'File:Deleted image.png|File:Mars globe.png', fulimit: '2', fuprop: 'pageid|title|redirect' },
      { prop: 'redirects', titles: 'Earth|Deleted page|Mars', rdlimit: '2', rdprop: 'pageid|title|fragment' },
      { prop: 'pageprops', titles: `${'1984|IPhone|Stubs'}|Deleted page|Category:Old planets` },
      { prop: 'categoryinfo', generator: 'allcategories', gaclimit: '10' },
      { prop: 'images', titles: 'Uses deleted image|Deleted page|Earth', imlimit: '1' },
      { prop: 'langlinks', titles: 'Earth|Deleted page|Gold', lllimit: '2', llprop: 'url|langname|autonym' },
      { prop: 'iwlinks', generator: 'allpages', gaplimit: 'max', iwlimit: 'max', iwprop: 'url' },
      { prop: 'extlinks', generator: 'allpages', gaplimit: 'max', ellimit: 'max' },
      { list: 'imageusage', iutitle: 'File:Deleted image.png', iulimit: 'max' },
      { list: 'alllinks', alprop: 'ids|title', allimit: 'max' },
      { list: 'alllinks', alunique: '1', alprefix: 'D', allimit: '2' },
      { list: 'alltransclusions', atprop: 'ids|title', atlimit: 'max' },
      { list: 'allfileusages', afprop: 'ids|title', aflimit: 'max' },
      { list: 'allredirects', arprop: 'ids|title|fragment|interwiki', arlimit: 'max' },
      { list: 'allcategories', acprop: 'size|hidden', aclimit: '10' },
      { list: 'protectedtitles', ptprop: 'timestamp|user|userid|comment|parsedcomment|expiry|level', ptlimit: 'max' },
      { list: 'pagepropnames', ppnlimit: 'max' },
      { list: 'pageswithprop', pwppropname: 'displaytitle', pwpprop: 'ids|title|value', pwplimit: 'max' },
      { list: 'exturlusage', euprop: 'ids|title|url', eulimit: 'max' },
      { list: 'iwbacklinks', iwblprop: 'iwprefix|iwtitle', iwbllimit: 'max' },
      { list: 'langbacklinks', lblprop: 'lllang|lltitle', lbllimit: 'max' },
      { list: 'random', rnnamespace: '0|1|6|14', rnfilterredir: 'all', rnlimit: 'max' },
      { generator: 'random', grnnamespace: '0|14', grnlimit: 'max', prop: 'info' },
      { list: 'prefixsearch', pssearch: 'D', psnamespace: '0|1|6|14', pslimit: 'max' },
      { generator: 'prefixsearch', gpssearch: 'Sp', gpslimit: 'max', prop: 'info' },
      { action: 'opensearch', search: 'De', namespace: '0|1|6|14', limit: 'max' },
      { action: 'opensearch', search: 'Spam', format: 'xml' },
    ];
    const deleted = () => new Set(deletedTitles());

    /** Every object of the answer that names a deleted title and gives it a page id as if it existed. */
    function deletedAsExisting(json: Json): string[] {
      const found: string[] = [];
      const walk = (v: unknown): void => {
        if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === 'object') {
          const item = v as Record<string, unknown>;
          if (typeof item.title === 'string' && deleted().has(item.title) && typeof item.pageid === 'number' && item.pageid > 0) found.push(JSON.stringify(item));
          Object.values(item).forEach(walk);
        }
      };
      walk(json);
      return found;
    }

    for (const params of requests) {
      test(`${show(params)}`, async (t) => {
        if (params.format === 'xml') {
          // An XML answer is searched as text: no hidden or deleted data in it.
          const res = await fetch(`${otherApi ?? ours?.url}?${new URLSearchParams(params)}`);
          const body = await res.text();
          assert.equal(res.status, 200);
          for (const secret of secrets.strings) assert.ok(!body.includes(secret), `shows hidden data ${JSON.stringify(secret)}`);
          return;
        }
        const answers = await askAll(t, params, 60);
        if (!answers) return;
        for (const answer of answers) {
          assert.equal(answer.error, undefined, JSON.stringify(answer.error));
          assert.deepEqual(deletedAsExisting(answer), []);
        }
        if (params.action === 'opensearch') {
          for (const title of answers[0][1] as string[]) assert.ok(!deleted().has(title), `suggests ${title}`);
        }
      });
    }
  });

  describe('watchlists', () => {
    const needLogin: Record<string, string>[] = [{ list: 'watchlist' }, { list: 'watchlistraw' }, { generator: 'watchlistraw' }, { list: 'watchlist', wlowner: 'Alice' }];
    for (const params of needLogin) {
      test(`${show(params)} needs a login (notloggedin)`, async (t) => {
        const json = await ask(t, params);
        if (!json) return;
        expectError(json, 'notloggedin');
      });
    }

    const wrongToken: Record<string, string>[] = [
      { list: 'watchlist', wlowner: 'Alice', wltoken: 'wrong' },
      { list: 'watchlistraw', wrowner: 'Alice', wrtoken: 'wrong' },
    ];
    for (const params of wrongToken) {
      test(`${show(params)}: another user's watchlist needs the owner's token (bad_wltoken)`, async (t) => {
        const json = await ask(t, params);
        if (!json) return;
        expectError(json, 'bad_wltoken');
      });
    }
  });

  describe('site statistics', () => {
    test("siteinfo statistics are the wiki's counters, nothing more", async (t) => {
      const json = await ask(t, { meta: 'siteinfo', siprop: 'statistics' });
      if (!json) return;
      assert.deepEqual(json.query.statistics, { pages: 267, articles: 87, edits: 476, images: 21, users: 19, activeusers: 0, admins: 3, jobs: 0 });
    });

    test('userinfo of the anonymous caller names no one', async (t) => {
      const json = await ask(t, { meta: 'userinfo', uiprop: 'blockinfo|hasmsg|groups|groupmemberships|implicitgroups|rights|changeablegroups|options|editcount|ratelimits|email|realname|acceptlang|registrationdate|unreadcount|centralids|latestcontrib|cancreateaccount' });
      if (!json) return;
      assert.equal(json.query.userinfo.id, 0);
      assert.equal(json.query.userinfo.anon, true);
    });
  });
});
