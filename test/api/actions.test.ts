// The actions of MediaWiki 1.39 as declarations: one each, in ApiMain's order, with the facts the
// main module refuses unserved actions by; and the declarations built once per process.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiModulesFor } from '../../src/api/api.ts';
import { isServed } from '../../src/api/actions/action.ts';
import { queryModules } from '../../src/modules/index.ts';

const modules = apiModulesFor(queryModules);
const action = (name: string) => modules.actions.get(name)!;

describe('actions', () => {
  test('every action of MediaWiki 1.39, in its registration order', () => {
    const names = [...modules.actions.keys()];
    assert.equal(names.length, 50);
    assert.deepEqual(names.slice(0, 4), ['login', 'clientlogin', 'logout', 'createaccount']);
    assert.equal(names.at(-1), 'changecontentmodel');
    assert.deepEqual(modules.main.params.action.definitionOrder, names);
  });

  test('query, paraminfo, help, opensearch and the session actions are served; the others are declared only', () => {
    const served = [...modules.actions.values()].filter(isServed).map((a) => a.name);
    assert.deepEqual(served.sort(), ['checktoken', 'clientlogin', 'help', 'login', 'logout', 'opensearch', 'paraminfo', 'query']);
  });

  test('main lists internal actions last, as internal values', () => {
    const param = modules.main.params.action;
    assert.deepEqual(param.internalValues, ['cspreport', 'stashedit']);
    assert.deepEqual(Object.keys(param.submodules!).slice(-2), ['cspreport', 'stashedit']);
  });

  test('the token an action needs is its token parameter\'s type', () => {
    assert.equal(action('edit').needsToken, 'csrf');
    assert.equal(action('logout').needsToken, 'csrf');
    assert.equal(action('clientlogin').needsToken, 'login');
    assert.equal(action('rollback').needsToken, 'rollback');
    assert.equal(action('login').needsToken, undefined);
    assert.equal(action('purge').needsToken, undefined);
  });

  test('mustBePosted and isWriteMode as MediaWiki declares them', () => {
    assert.equal(action('validatepassword').mustBePosted, true);
    assert.equal(action('validatepassword').writeRights, false);
    assert.equal(action('purge').mustBePosted, true);
    assert.equal(action('edit').writeRights, true);
    assert.equal(action('parse').mustBePosted, false);
  });

  test('the actions that take pages choose generators among the query modules handed in', () => {
    const generators = queryModules.filter((m) => m.decl.generator).map((m) => m.decl.name).sort();
    assert.deepEqual(Object.keys(action('purge').params.generator.submodules!).sort(), generators);
    assert.deepEqual(action('purge').params.generator, action('query').params.generator);
  });

  test('the recorded declarations hold none of the fixture wiki\'s own values, only where they come from', () => {
    const params = [...modules.actions.values()].filter((a) => !isServed(a)).flatMap((a) => Object.values(a.params));
    const values = new Set(params.flatMap((p) => [...(Array.isArray(p.type) ? p.type : []), p.default, p.max]));
    for (const value of ['fixture-tag', 'needs-review', 'Moderators', 'suppress', 'GadgetDefinition', 'vector-2022', 'text/x-wiki', 104857600]) {
      assert.ok(!values.has(value), `${value} is recorded`);
    }
    assert.deepEqual(action('edit').params.tags.type, { fromSite: 'explicittags' });
    assert.deepEqual(action('userrights').params.add.type, { fromSite: 'allgroups' });
    assert.deepEqual(action('edit').params.contentmodel.type, { fromSite: 'contentmodels' });
    assert.equal(action('edit').params.watchlistexpiry.requiresSite, 'watchlistExpiry');
  });

  test('the declarations are built once for one list of query modules', () => {
    assert.equal(apiModulesFor(queryModules), modules);
    assert.notEqual(apiModulesFor([...queryModules]), modules);
  });
});
