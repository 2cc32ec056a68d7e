// The model a page gets from its title (src/wiki/content-models.ts), one rule for the server's prop=info and the importer.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defaultContentModel } from '../../src/wiki/content-models.ts';
import { Namespaces, defaultNamespaces } from '../../src/wiki/namespaces.ts';
import { scribuntoModelHook } from '../../src/wiki/scribunto-pages.ts';
import { TitleCodec } from '../../src/wiki/titles.ts';

// prop=info&titles=... on the reference MediaWiki 1.39 (no Scribunto), missing pages included.
const RECORDED_CORE: ReadonlyArray<readonly [number, string, string]> = [
  [2, 'Foo.js', 'wikitext'],
  [2, 'Foo/x.js', 'javascript'],
  [2, 'Foo/x.css', 'css'],
  [2, 'Foo/x.json', 'json'],
  [3, 'Foo/x.js', 'wikitext'],
  [8, 'X.js', 'javascript'],
  [8, 'X.css', 'css'],
  [8, 'X.json', 'json'],
  [0, 'Main/x.js', 'wikitext'],
];

// Scribunto's ContentHandlerDefaultModelFor hook (extensions/Scribunto/includes/Hooks.php), as a
// MediaWiki 1.39 with Scribunto answers prop=info (test/wiki/scribunto-facts.test.ts).
const RECORDED_SCRIBUNTO: ReadonlyArray<readonly [number, string, string]> = [
  [828, 'X', 'Scribunto'],
  [828, 'X.json', 'json'],
  [828, 'X/doc', 'wikitext'],
  [829, 'X', 'wikitext'],
];

function moduleCodec(): TitleCodec {
  const core = defaultNamespaces('Test_Wiki');
  const modules = [
    { id: 828, name: 'Module', canonical: 'Module', case: 'first-letter' as const, subpages: true, content: false, nonincludable: false },
    { id: 829, name: 'Module talk', canonical: 'Module talk', case: 'first-letter' as const, subpages: true, content: false, nonincludable: false },
  ];
  return new TitleCodec(new Namespaces([...core.namespaces, ...modules], core.aliases), true, () => false);
}

describe('defaultContentModel', () => {
  test('code pages in MediaWiki:, code on user subpages only (the importer gave User:Foo.js javascript)', () => {
    for (const [ns, text, model] of RECORDED_CORE) assert.equal(defaultContentModel(ns, text), model, `${ns}:${text}`);
  });

  test("with Scribunto's hook: modules, .json modules (the importer said Scribunto), documentation", () => {
    const extensionModel = scribuntoModelHook('Module:$1/doc', moduleCodec());
    for (const [ns, text, model] of RECORDED_SCRIBUNTO) assert.equal(defaultContentModel(ns, text, { extensionModel }), model, `${ns}:${text}`);
  });

  test("a namespace's model, overridden by code suffixes; an unknown model without suffix stays", () => {
    const namespaceModel = (ns: number) => (ns === 2302 ? 'GadgetDefinition' : ns === 8 ? 'text' : undefined);
    assert.equal(defaultContentModel(2302, 'Foo', { namespaceModel }), 'GadgetDefinition');
    assert.equal(defaultContentModel(8, 'Foo', { namespaceModel }), 'text');
    assert.equal(defaultContentModel(8, 'Foo.css', { namespaceModel }), 'css');
  });
});
