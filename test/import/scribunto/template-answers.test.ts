// frame:expandTemplate answers Lua keeps across pages: used only where expanding again would give the same text and records.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { configureScribunto, findLua, stopScribuntoEngine } from '../../../src/import/scribunto/engine.ts';
import { allCallbacks } from '../../../src/import/scribunto/libraries.ts';
import type { CallbackMap } from '../../../src/import/scribunto/types.ts';
import { testWiki } from './engine-helpers.ts';

const skip = findLua() === null ? 'lua5.1 is not installed' : false;

describe('kept frame:expandTemplate answers', { skip }, () => {
  let asked = 0;
  before(() => {
    const counting: CallbackMap = { ...allCallbacks };
    const expand = allCallbacks['engine.expandTemplate']!;
    counting['engine.expandTemplate'] = (ctx, args) => {
      asked++;
      return expand(ctx, args);
    };
    configureScribunto({ callbacks: counting });
  });
  after(() => stopScribuntoEngine());

  const templates = (result: { expander: { out: { templates: Map<string, unknown> } } }): string[] => [...result.expander.out.templates.keys()];
  const count = (run: () => void): number => {
    const before = asked;
    run();
    return asked - before;
  };

  const pages = {
    'Module:Map': `
      local p = {}
      function p.data(frame)
        local name = frame.args[1]
        return frame:expandTemplate{ title = name, args = { frame.args[2] } } .. ',' .. frame:expandTemplate{ title = name, args = { frame.args[2] } }
      end
      function p.big() return string.rep('x', 4200000) end
      function p.overflow(frame)
        local big = frame:expandTemplate{ title = 'Big' }
        return #big .. '|' .. frame:expandTemplate{ title = 'Data', args = { 'top' } }
      end
      return p`,
    'Template:Data': '{{#switch:{{{1}}}|top=58.1|left=20|#default=?}}',
    'Template:Alias': '#REDIRECT [[Template:Data]]',
    'Template:Named': '{{PAGENAME}}:{{{1}}}',
    'Template:Nested': '[{{Data|{{{1}}}}}]',
    'Template:Self': '{{#invoke:Map|data|Self|top}}',
    'Template:Big': '{{#invoke:Map|big}}',
  };

  test('a template of #switch over its arguments is asked once, then answered in Lua, its transclusion still recorded', () => {
    const wiki = testWiki(pages);
    let first!: ReturnType<typeof wiki.expand>;
    assert.equal(count(() => (first = wiki.expand('{{#invoke:Map|data|Data|top}}', 'Page one'))), 1);
    assert.equal(first.text, '58.1,58.1');
    assert.deepEqual(templates(first), ['828:Map', '10:Data']);
    let second!: ReturnType<typeof wiki.expand>;
    assert.equal(count(() => (second = wiki.expand('{{#invoke:Map|data|Data|top}}', 'Page two'))), 0);
    assert.equal(second.text, '58.1,58.1');
    assert.deepEqual(templates(second), ['828:Map', '10:Data']);
    // Other arguments are another answer.
    assert.equal(count(() => assert.equal(wiki.expand('{{#invoke:Map|data|Data|left}}', 'Page three').text, '20,20')), 1);
  });

  test('through a redirect both titles are recorded, on every page', () => {
    const wiki = testWiki(pages);
    for (const title of ['One', 'Two']) {
      const result = wiki.expand('{{#invoke:Map|data|Alias|top}}', title);
      assert.equal(result.text, '58.1,58.1');
      assert.deepEqual(templates(result), ['828:Map', '10:Alias', '10:Data']);
    }
  });

  test('templates that read the page or transclude others are asked every time', () => {
    const wiki = testWiki(pages);
    assert.equal(count(() => assert.equal(wiki.expand('{{#invoke:Map|data|Named|a}}', 'First').text, 'First:a,First:a')), 2);
    assert.equal(count(() => assert.equal(wiki.expand('{{#invoke:Map|data|Named|a}}', 'Second').text, 'Second:a,Second:a')), 2);
    assert.equal(count(() => wiki.expand('{{#invoke:Map|data|Nested|top}}', 'First')), 2);
    const again = wiki.expand('{{#invoke:Map|data|Nested|top}}', 'Second');
    assert.equal(again.text, '[58.1],[58.1]');
    assert.deepEqual(templates(again), ['828:Map', '10:Nested', '10:Data']);
  });

  test('a template among the calling frames is still a loop', () => {
    const wiki = testWiki(pages);
    wiki.expand('{{#invoke:Map|data|Self|top}}', 'Warm');
    const looped = wiki.expand('{{Self}}', 'Looping');
    assert.match(looped.text, /template loop detected/);
  });

  test('past the output limit the kept answer is not used: the functions inside give nothing, as MediaWiki', () => {
    const wiki = testWiki(pages);
    wiki.expand('{{#invoke:Map|data|Data|top}}', 'Warm');
    const over = wiki.expand('{{#invoke:Map|overflow}}', 'Over');
    assert.equal(over.text, '4200000|');
    assert.ok(over.expander.out.tracking.has('post-expand-template-inclusion-category'));
  });
});
