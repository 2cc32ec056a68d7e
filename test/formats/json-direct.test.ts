// format=json is printed in one walk (json-direct.ts); it must give exactly the bytes of the
// general path, transformResult then encodeJson, for any tree a module can build.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { encodeResultJson } from '../../src/api/formats/json-direct.ts';
import { encodeJson, JSON_V1, JSON_V2, transformResult } from '../../src/api/formats/index.ts';
import { META, type ContainerType, type ResultMeta, type ResultNode, type ResultObject } from '../../src/api/result.ts';
import { caseNames, loadCase } from './helpers.ts';

function generalPath(tree: ResultNode, formatVersion: 1 | 2, utf8: boolean): string {
  return encodeJson(transformResult(tree, formatVersion === 1 ? JSON_V1 : JSON_V2), { utf8 });
}

function assertSameBytes(tree: ResultNode, label: string): void {
  for (const formatVersion of [1, 2] as const) {
    for (const utf8 of [false, true]) {
      const expected = generalPath(tree, formatVersion, utf8);
      assert.equal(encodeResultJson(tree, formatVersion, utf8), expected, `${label}, formatversion ${formatVersion}, utf8 ${utf8}`);
    }
  }
}

/** A small deterministic generator (mulberry32), so a failure names a seed that repeats it. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ['title', 'ns', '*', 'missing', '_private', '_idx', '0', '1', '2', '10', '-1', '076', 'é', 'a b', 'content', 'x\u2028'];
const TYPES: (ContainerType | undefined)[] = [undefined, undefined, 'assoc', 'array', 'BCarray', 'BCassoc', 'kvp', 'BCkvp'];
const STRINGS = ['', 'Mars', 'Zürich', '"quoted"\\', 'tab\there', '\u2028', '😀', '<&>', '1.5'];
const NUMBERS = [0, 1, -1, 76, 1.5, 1e21, 0.1, 2 ** 53, -0];

function randomTree(next: () => number, depth: number): ResultNode {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const roll = next();
  if (depth === 0 || roll < 0.35) {
    const kind = next();
    if (kind < 0.35) return pick(STRINGS);
    if (kind < 0.65) return pick(NUMBERS);
    if (kind < 0.9) return next() < 0.5;
    return null;
  }
  const size = Math.floor(next() * 5);
  let node: ResultNode;
  if (roll < 0.55) {
    node = Array.from({ length: size }, () => randomTree(next, depth - 1));
  } else if (roll < 0.7) {
    const map = new Map<string | number, ResultNode>();
    for (let i = 0; i < size; i++) map.set(next() < 0.5 ? Math.floor(next() * 200) - 2 : pick(KEYS), randomTree(next, depth - 1));
    node = map;
  } else {
    const object: ResultObject = {};
    for (let i = 0; i < size; i++) object[pick(KEYS)] = next() < 0.05 ? undefined : randomTree(next, depth - 1);
    node = object;
  }
  if (next() < 0.7) {
    const keys = Array.from({ length: 3 }, () => pick(KEYS));
    const meta: ResultMeta = { type: pick(TYPES) };
    if (next() < 0.4) meta.contentKey = pick(KEYS);
    if (next() < 0.5) meta.bcBools = new Set(keys);
    if (next() < 0.3) meta.bcSubelements = new Set(keys);
    if (next() < 0.3) meta.preserveKeys = new Set(['_private', '_idx']);
    if (next() < 0.3) meta.kvpKeyName = 'key';
    if (next() < 0.2) meta.kvpMerge = true;
    Object.defineProperty(node, META, { value: meta, enumerable: false });
  }
  return node;
}

describe('format=json in one walk', () => {
  it('prints the raw result tree of every recorded MediaWiki answer as the general path does', () => {
    for (const name of caseNames()) assertSameBytes(loadCase(name).tree(), name);
  });

  it('prints random trees with every kind of metadata as the general path does', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const next = random(seed);
      const root: ResultObject = { query: randomTree(next, 4), batchcomplete: next() < 0.5 };
      if (next() < 0.5) Object.defineProperty(root, META, { value: { bcBools: new Set(['batchcomplete']) }, enumerable: false });
      assertSameBytes(root, `seed ${seed}`);
    }
  });
});
