import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gadgetAllowed, gadgetEnabled, gadgetPages, gadgetsBySection, hasLegacyScripts, parseGadgetDefinitions } from '../../src/wiki/gadgets.ts';

const definition = [
  '* Early|Early.js',
  '== tools ==',
  '* Pack[ResourceLoader|package|default|rights=edit,move]|Pack.js|Pack.css|config.json|readme.txt',
  '* Data[ResourceLoader]|settings.json|Data.css',
  '== looks ==',
  '* Legacy|Legacy.js',
  '* StylesOnly|StylesOnly.css',
  '== tools ==',
  '* Late[hidden|default]|Late.js',
].join('\n');

test('gadget pages are sorted into scripts, styles and data; data counts for packages only', () => {
  const [, pack, data] = parseGadgetDefinitions(definition);
  assert.deepEqual(gadgetPages(pack!), {
    scripts: ['MediaWiki:Gadget-Pack.js'],
    styles: ['MediaWiki:Gadget-Pack.css'],
    datas: ['MediaWiki:Gadget-config.json'],
  });
  assert.deepEqual(gadgetPages(data!).datas, ['MediaWiki:Gadget-settings.json']);
});

test('legacy scripts: scripts of a gadget ResourceLoader does not load', () => {
  const byName = new Map(parseGadgetDefinitions(definition).map((g) => [g.name, g]));
  assert.equal(hasLegacyScripts(byName.get('Legacy')!), true);
  assert.equal(hasLegacyScripts(byName.get('StylesOnly')!), false);
  assert.equal(hasLegacyScripts(byName.get('Pack')!), false);
});

test('sections keep the order they first appear in, with the gadgets before any heading under ""', () => {
  const sections = gadgetsBySection(parseGadgetDefinitions(definition));
  assert.deepEqual([...sections].map(([name, members]) => [name, members.map((g) => g.name)]), [
    ['', ['Early']],
    ['tools', ['Pack', 'Data', 'Late']],
    ['looks', ['Legacy', 'StylesOnly']],
  ]);
});

test('allowed needs every right; enabled follows the stored preference, else the default', () => {
  const byName = new Map(parseGadgetDefinitions(definition).map((g) => [g.name, g]));
  const pack = byName.get('Pack')!;
  assert.equal(gadgetAllowed(pack, (right) => right === 'edit'), false);
  assert.equal(gadgetAllowed(pack, () => true), true);
  assert.equal(gadgetEnabled(pack, new Map()), true);
  assert.equal(gadgetEnabled(pack, new Map([['gadget-Pack', '0']])), false);
  assert.equal(gadgetEnabled(byName.get('Legacy')!, new Map([['gadget-Legacy', '1']])), true);
  assert.equal(gadgetEnabled(byName.get('Legacy')!, new Map([['gadget-Legacy', '']])), false);
  // A hidden gadget has no default preference, but its own default still counts.
  assert.equal(gadgetEnabled(byName.get('Late')!, new Map()), true);
});
