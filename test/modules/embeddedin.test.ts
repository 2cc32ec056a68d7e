// list=embeddedin and generator=embeddedin over the fixture wiki, with facts checked on MediaWiki 1.39.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlLinkStore } from '../../src/store/sql/links.ts';
import { skipWithoutFixture, useFixtureServer, fixtureDb, type Json } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

const titles = (r: Json): string[] => r.query.embeddedin.map((p: Json) => p.title);

describe('list=embeddedin', { skip }, () => {
  const { api } = useFixtureServer({ params: 'action=query&format=json&formatversion=2' });

  test('a template redirect lists the pages that transclude it through the redirect', async () => {
    const r = await api('list=embeddedin&eititle=Template:Inf&eilimit=3');
    assert.deepEqual(r.query.embeddedin, [
      { pageid: 101, ns: 0, title: 'Paris' },
      { pageid: 102, ns: 0, title: 'London' },
      { pageid: 103, ns: 0, title: 'Berlin' },
    ]);
    assert.deepEqual(r.continue, { eicontinue: '0|104', continue: '-||' });
  });

  test('several namespaces continue with the namespace of the next page', async () => {
    const r = await api('list=embeddedin&eititle=Template:Welcome&einamespace=2|3&eilimit=3');
    assert.deepEqual(titles(r), ['User:Alice', 'User:Bob', 'User:Carol']);
    assert.equal(r.continue.eicontinue, '2|192');
  });

  test('a title never used as a template lists nothing', async () => {
    const r = await api('list=embeddedin&eititle=Template:No_such_template');
    assert.deepEqual(r.query.embeddedin, []);
  });

  test('embeddedin has no redirect parameter', async () => {
    const r = await api('list=embeddedin&eititle=Template:Infobox&eiredirect=1&eilimit=1');
    assert.equal(r.warnings.main.warnings, 'Unrecognized parameter: eiredirect.');
  });

  test('a continuation walk lists every page once', async () => {
    const all = titles(await api('list=embeddedin&eititle=Template:Cite_web&eilimit=max'));
    const walked: string[] = [];
    let cont = '';
    for (let i = 0; i < 100; i++) {
      const r = await api(`list=embeddedin&eititle=Template:Cite_web&eilimit=7${cont}`);
      walked.push(...titles(r));
      if (!r.continue) break;
      cont = `&eicontinue=${encodeURIComponent(r.continue.eicontinue)}&continue=${encodeURIComponent(r.continue.continue)}`;
    }
    assert.deepEqual(walked, all);
  });
});

describe('embeddedin store', { skip }, () => {
  test('every embeddedin query reads templatelinks through an index', async () => {
    const db = new SqliteDatabase(fixtureDb);
    const statements: [string, unknown[]][] = [];
    db.onQuery = (sql, params) => statements.push([sql, params]);
    const store = new SqlLinkStore(db);
    const base = { table: 'templatelinks', target: { ns: 10, dbKey: 'Infobox' }, redirects: 'redirects', limit: 11 } as const;
    await store.to({ ...base, fromNamespaces: null, byFromNamespace: false, descending: false, after: { fromNs: 0, from: 5 } });
    await store.to({ ...base, fromNamespaces: [0, 10], byFromNamespace: true, descending: true, after: { fromNs: 0, from: 5 } });
    for (const [sql, params] of statements) {
      const plan = (db.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
      assert.doesNotMatch(plan, /\bSCAN (templatelinks|page)\b/, `${sql}\n${plan}`);
    }
    // Each query looks its target up in linktarget, then lists the pages.
    assert.equal(statements.length, 4);
    db.close();
  });
});
