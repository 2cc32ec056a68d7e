// prop=templates and generator=templates (templatelinks read through linktarget), checked on MediaWiki 1.39.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { SqlLinkStore } from '../../src/store/sql/links.ts';
import { skipWithoutFixture, useFixtureServer, fixtureDb } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;


describe('prop=templates', { skip }, () => {
  const { api } = useFixtureServer();

  test('lists transcluded pages in order and continues with "pageid|ns|title"', async () => {
    const r = await api('prop=templates&titles=Earth|Mars&tllimit=3');
    assert.deepEqual(r.query.pages['75'].templates, [
      { ns: 10, title: 'Template:Cite web' },
      { ns: 10, title: 'Template:Infobox' },
      { ns: 10, title: 'Template:Infobox/row' },
    ]);
    assert.deepEqual(r.continue, { tlcontinue: '75|10|Navbox_planets', continue: '||' });
  });

  test('tldir=descending with tlnamespace continues backwards', async () => {
    const r = await api('prop=templates&titles=Earth&tlnamespace=10&tllimit=2&tldir=descending');
    assert.deepEqual(r.query.pages['75'].templates, [
      { ns: 10, title: 'Template:Navbox planets' },
      { ns: 10, title: 'Template:Infobox/row' },
    ]);
    assert.equal(r.continue.tlcontinue, '75|10|Infobox');
  });

  test('tltemplates titles default to the main namespace, as in MediaWiki', async () => {
    const r = await api('prop=templates&titles=Earth&tltemplates=Infobox|Template:infobox');
    assert.deepEqual(r.query.pages['75'].templates, [{ ns: 10, title: 'Template:Infobox' }]);
  });

  test('tltemplates that no page transcludes give nothing', async () => {
    const r = await api('prop=templates&titles=Earth&tltemplates=Template:Stub');
    assert.equal(r.query.pages['75'].templates, undefined);
  });

  test('generator=templates yields the transcluded pages', async () => {
    const r = await api('generator=templates&titles=Jupiter|Mercury|Berlin&gtllimit=max&gtltemplates=Template:Nonexistent_template|Template:Stub');
    assert.deepEqual(r.query.pages, { '10': { pageid: 10, ns: 10, title: 'Template:Stub' } });
  });
});

describe('LinkStore.from over templatelinks', { skip }, () => {
  const db = skip ? null : new SqliteDatabase(fixtureDb);
  const store = db ? new SqlLinkStore(db) : null;
  after(() => db?.close());

  test('reads targets through linktarget, in namespace and title order', async () => {
    const rows = await store!.from('templatelinks', {
      fromIds: [75], namespaces: [10], targets: null, continueAt: { from: 75, ns: 10, title: 'Infobox' },
      descending: false, limit: 2,
    });
    assert.deepEqual(rows, [
      { pl_from: 75, pl_namespace: 10, pl_title: 'Infobox' },
      { pl_from: 75, pl_namespace: 10, pl_title: 'Infobox/row' },
    ]);
  });

  test('filters by target through the linktarget index', async () => {
    const rows = await store!.from('templatelinks', {
      fromIds: [75, 76], namespaces: null, targets: [{ ns: 10, dbKey: 'Infobox' }], continueAt: null,
      descending: false, limit: 10,
    });
    assert.deepEqual(rows.map((r) => r.pl_from), [75, 76]);
  });
});
