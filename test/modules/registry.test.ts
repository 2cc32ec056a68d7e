// The module registry: names, paths and groups come from where a module is defined.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { queryModules } from '../../src/modules/index.ts';

const modulesDir = fileURLToPath(new URL('../../src/modules/', import.meta.url));

describe('query module registry', () => {
  test('each module is src/modules/<group>/<name>.ts exporting <name>, registered as query+<name>', async () => {
    for (const { decl } of queryModules) {
      const file = `${modulesDir}${decl.group}/${decl.name}.ts`;
      assert.ok(existsSync(file), file);
      const exported = (await import(file))[decl.name];
      assert.equal(exported?.params, decl.params, `${file} exports ${decl.name}`);
      assert.equal(decl.path, `query+${decl.name}`);
    }
  });

  test('the modules whose answers depend on who asks make a response private', () => {
    const privateModules = queryModules.filter((m) => m.decl.cacheMode === 'private').map((m) => m.decl.name);
    assert.deepEqual(privateModules.sort(), [
      'alldeletedrevisions', 'deletedrevisions', 'deletedrevs', 'filearchive', 'mystashedfiles', 'stashimageinfo',
      'tokens', 'userinfo', 'watchlist', 'watchlistraw',
    ]);
  });
});
