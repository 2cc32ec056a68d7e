// One result tree, two formatversions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OrderedObject, list, setContent, setFlag, setType, type JsonValue, type ResultMap, type ResultObject } from '../../src/api/result.ts';
import { jsonView as toJsonView } from '../../src/api/formats/index.ts';

function plain(v: JsonValue): unknown {
  if (v instanceof OrderedObject) return Object.fromEntries(v.entries.map(([k, x]) => [k, plain(x)]));
  if (Array.isArray(v)) return v.map(plain);
  return v;
}

test('flags are "" in formatversion 1 and true in 2, absent when false', () => {
  const page: ResultObject = { title: 'Moon' };
  setFlag(page, 'new', true);
  setFlag(page, 'redirect', false);
  assert.deepEqual(plain(toJsonView(page, 1)), { title: 'Moon', new: '' });
  assert.deepEqual(plain(toJsonView(page, 2)), { title: 'Moon', new: true });
});

test('content is * in formatversion 1 and keeps its name in 2', () => {
  const slot: ResultObject = { contentmodel: 'wikitext' };
  setContent(slot, 'content', 'Hello');
  assert.deepEqual(plain(toJsonView(slot, 1)), { contentmodel: 'wikitext', '*': 'Hello' });
  assert.deepEqual(plain(toJsonView(slot, 2)), { contentmodel: 'wikitext', content: 'Hello' });
});

test('pages are keyed by id in formatversion 1 and a list sorted by id in 2', () => {
  const pages: ResultMap = new Map();
  pages.set(-1, { title: 'Nonexist' });
  pages.set(146, { pageid: 146 });
  pages.set(76, { pageid: 76 });
  setType(pages, 'BCarray');
  const v1 = toJsonView(pages, 1) as OrderedObject;
  assert.deepEqual(v1.entries.map(([k]) => k), ['-1', '146', '76']);
  assert.deepEqual(plain(toJsonView(pages, 2)), [{ title: 'Nonexist' }, { pageid: 76 }, { pageid: 146 }]);
});

test('BCkvp lists key/value pairs in formatversion 1', () => {
  const limits: ResultObject = { a: 1, b: 2 };
  setType(limits, 'BCkvp', 'name');
  assert.deepEqual(plain(toJsonView(limits, 1)), [{ name: 'a', '*': 1 }, { name: 'b', '*': 2 }]);
  assert.deepEqual(plain(toJsonView(limits, 2)), { a: 1, b: 2 });
});

test('lists stay lists', () => {
  assert.deepEqual(plain(toJsonView({ items: list('p', [{ a: 1 }]) }, 1)), { items: [{ a: 1 }] });
});
