// mw.title, mw.site, mw.uri and mw.message answer as MediaWiki 1.39 with Scribunto answered the same probe (recorded in site-probe-mediawiki.json).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { configureScribunto, findLua, stopScribuntoEngine } from '../../../src/import/scribunto/engine.ts';
import { siteWiki } from './site-harness.ts';

const skip = findLua() === null ? 'lua5.1 is not installed' : false;

const probe = readFileSync(new URL('./site-probe.lua', import.meta.url), 'utf8');
const recorded = JSON.parse(readFileSync(new URL('./site-probe-mediawiki.json', import.meta.url), 'utf8')) as {
  outputs: Record<string, string>;
  links: Record<string, { value: string; pagelinks: string[]; templatelinks: string[]; imagelinks: string[] }>;
};

/**
 * Where the probe's answers cannot agree: MediaWiki's wiki also had the Gadgets extension's
 * namespaces (2300-2303), and its page ids are its own.
 */
const NOT_COMPARED = new Set(['s-count', 's-lists', 'id']);
// Translations come from an installed MediaWiki; without one, English stands in.
if (!existsSync('/usr/share/mediawiki/languages/i18n/de.json')) NOT_COMPARED.add('m-lang');

/** Error locations name lines of different files (Scribunto's mw.title.lua, our module's wrapper). */
function withoutLocation(value: string): string {
  return value.replace(/^ERROR (?:Module:[^:]+|mw\.\w+\.lua):\d+: /, 'ERROR ');
}

describe('the probe MediaWiki answered', { skip }, () => {
  before(() => configureScribunto({}));
  after(() => stopScribuntoEngine());

  const wiki = siteWiki(
    {
      'Probe page': 'x',
      'Foo bar': 'Foo text',
      'Redirect here': '#REDIRECT [[Foo bar#Part]]',
      'Redirect target one': '#REDIRECT [[Foo bar]]',
      'Model page': 'x',
      'Id page': 'x',
      'Template:Box': '{{{1}}} in a box',
      'MediaWiki:Mainpage': 'Start page',
      'MediaWiki:Custom-greeting': 'Hello $1, you have $2 {{PLURAL:$2|message|messages}}',
      'MediaWiki:Empty-message': '',
      'MediaWiki:Dash-message': '-',
      'User:Ann/Drafts/One': 'draft',
      'Module:Probe': 'return {}',
      ...Object.fromEntries(Object.keys(recorded.links).map((action) => [`Links ${action}`, 'x'])),
    },
    [],
    'http://test.example.org',
  );

  test('every case gives the string MediaWiki gave', () => {
    const body = `local probe = (function()\n${probe}\nend)()\nlocal out = {}\nfor _, c in ipairs(probe.cases) do\n  local ok, v = pcall(c[2])\n  out[#out + 1] = c[1] .. '\\1' .. (ok and tostring(v) or ('ERROR ' .. tostring(v)))\nend\nreturn table.concat(out, '\\2')`;
    const ours = new Map(wiki.run(body, 'Probe page').text.split('\u0002').map((line) => line.split('\u0001') as [string, string]));
    for (const [name, value] of Object.entries(recorded.outputs)) {
      if (NOT_COMPARED.has(name)) continue;
      assert.equal(withoutLocation(ours.get(name) ?? '(no answer)'), withoutLocation(value), name);
    }
  });

  for (const [action, expected] of Object.entries(recorded.links)) {
    test(`${action}: the same answer and the same pagelinks, templatelinks and imagelinks rows`, () => {
      const body = `local probe = (function()\n${probe}\nend)()\nlocal ok, v = pcall(probe.actions['${action}'])\nreturn ok and tostring(v) or ('ERROR ' .. tostring(v))`;
      const r = wiki.run(body, `Links ${action}`);
      if (!NOT_COMPARED.has(action)) assert.equal(withoutLocation(r.text), withoutLocation(expected.value));
      assert.deepEqual(r.links.sort(), expected.pagelinks);
      assert.deepEqual(r.templates.sort(), expected.templatelinks);
      assert.deepEqual(r.images.sort(), expected.imagelinks);
    });
  }
});
