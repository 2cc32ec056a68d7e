// How a case file names the site settings its area is recorded and served with (`@site`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArea, parseCaseFile } from './lib/cases.ts';

test('an @site line before the first case names the area\'s settings; the cases are read as without it', () => {
  const text = '# about miser mode\n@site miser\n\nfirst\taction=query&format=json&list=allpages\n';
  const area = parseArea(text, 'example');
  assert.equal(area.site, 'miser');
  assert.deepEqual(area.cases.map((line) => [line.name, line.line]), [['first', 4]]);
  assert.deepEqual(parseCaseFile(text, 'example'), area.cases);
});

test('an area without @site uses the fixture as it is', () => {
  assert.equal(parseArea('action=query&format=json\n', 'example').site, undefined);
});

test('@site after a case or an @as line, twice, or naming unknown settings is refused', () => {
  assert.throws(() => parseArea('action=query\n@site miser\n', 'example'), /example\.txt:2: one @site line, before the first case/);
  assert.throws(() => parseArea('@as anon\n@site miser\naction=query\n', 'example'), /before the first case/);
  assert.throws(() => parseArea('@site miser\n@site miser\n', 'example'), /one @site line/);
  assert.throws(() => parseArea('@site huge\n', 'example'), /unknown site "huge" \(miser\)/);
});
