// How MediaWiki's ApiResult::applyTransformations turns the result tree into what a format prints.
//
// MediaWiki keeps results as PHP arrays: ordered, with integer keys for integer-like strings,
// and `_`-prefixed metadata keys. Each format asks for a different transformation (JSON
// formatversion 1/2, PHP 1/2, XML). This module reproduces those transformations on our tree so
// every format sees exactly the array MediaWiki would have serialized.

import { META, isContainer, type ContainerType, type ResultContainer, type ResultMeta, type ResultNode } from '../result.ts';

export type PhpKey = string | number;
export type PhpScalar = string | number | boolean | null;
export type PhpValue = PhpScalar | PhpArray;

/** Metadata MediaWiki keeps on an array when a transformation does not strip it (XML). */
export interface PhpMeta {
  type?: 'assoc' | 'array';
  contentKey?: string;
  indexedTagName?: string;
  subelements?: string[];
  preserveKeys?: string[];
  /** Keys whose booleans stay booleans where MediaWiki would write 'true'/'false' (its
   * META_BC_BOOLS): the tree's booleans that are not flags (its bcBools lists the flags). */
  realBools?: Set<string>;
}

export class PhpArray {
  constructor(
    public entries: [PhpKey, PhpValue][],
    /** A PHP object (stdClass): json_encode always prints `{}` for it. */
    public isObject = false,
    public meta: PhpMeta = {},
  ) {}
}

export interface Transforms {
  /** formatversion 1 compatibility; the flags MediaWiki's XML printer passes. */
  bc?: { noBool?: boolean; noStar?: boolean; noSub?: boolean };
  /** Types transformation; absent means types are left alone. */
  types?: { assocAsObject?: boolean; armorKvp?: string };
  /** Whether metadata is stripped (`all`) or kept (`none`). */
  strip: 'all' | 'none';
  /** XML's custom step: BCassoc is treated as assoc so `_idx` is written. */
  bcAssocAsAssoc?: boolean;
}

export const JSON_V1: Transforms = { bc: {}, types: { assocAsObject: true }, strip: 'all' };
export const JSON_V2: Transforms = { types: { assocAsObject: true }, strip: 'all' };
export const PHP_V1: Transforms = { bc: {}, types: {}, strip: 'all' };
export const PHP_V2: Transforms = { types: {}, strip: 'all' };
export const XML_TRANSFORMS: Transforms = {
  bc: { noBool: true, noStar: true, noSub: true },
  types: { armorKvp: '_name' },
  strip: 'none',
  bcAssocAsAssoc: true,
};

const INT_KEY = /^(?:0|-?[1-9][0-9]*)$/;

/** PHP stores integer-like string keys as integers ("76" is 76, "076" and "-0" stay strings). */
export function phpKey(key: string | number): PhpKey {
  if (typeof key === 'number') return Number.isSafeInteger(key) ? key : String(key);
  const c = key.charCodeAt(0);
  if (!((c >= 48 && c <= 57) || c === 45)) return key;
  if (INT_KEY.test(key) && key.length <= 19) {
    const n = Number(key);
    if (Number.isSafeInteger(n)) return n;
  }
  return key;
}

export function isMetadataKey(key: PhpKey): boolean {
  return typeof key === 'string' && key.charCodeAt(0) === 95;
}

/** The node's entries with PHP keys, without `_` keys unless preserved (they are metadata). */
function dataEntries(node: ResultContainer, preserve: Set<string> | undefined): [PhpKey, ResultNode][] {
  const out: [PhpKey, ResultNode][] = [];
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) out.push([i, node[i]]);
    return out;
  }
  const source = node instanceof Map ? node.entries() : Object.entries(node);
  for (const [rawKey, v] of source) {
    if (v === undefined) continue;
    const k = phpKey(rawKey);
    if (typeof k === 'string' && k.charCodeAt(0) === 95 && !preserve?.has(k)) continue;
    out.push([k, v]);
  }
  return out;
}

/**
 * A container without a declared type is a plain PHP array: a list when its keys are 0..n-1
 * (so an empty one is `[]`), else an object. The root is always assoc, as ApiResult makes it.
 */
function declaredType(meta: ResultMeta | undefined, isRoot: boolean): ContainerType | 'default' {
  return meta?.type ?? (isRoot ? 'assoc' : 'default');
}

/** Applies one of MediaWiki's transformations to a result node. */
export function transformResult(node: ResultNode, t: Transforms): PhpValue {
  if (!isContainer(node)) return node;
  return transformContainer(node, t, true);
}

function transformContainer(node: ResultContainer, t: Transforms, isRoot = false): PhpValue {
  const meta = node[META];
  const preserve = meta?.preserveKeys;
  let type = declaredType(meta, isRoot);
  if (t.bcAssocAsAssoc && type === 'BCassoc') type = 'assoc';
  let contentKey = meta?.contentKey;
  const flags = meta?.bcBools;
  let armorKvp = t.types?.armorKvp;

  let data = dataEntries(node, preserve);
  const wrapped = new Set<PhpKey>();
  // A flag moved to `*` stays a flag.
  let starFlag = false;
  if (t.bc) {
    if (!t.bc.noStar && contentKey !== undefined && contentKey !== '*') {
      starFlag = flags?.has(contentKey) === true;
      data = moveContentToStar(data, contentKey);
      contentKey = '*';
    }
    if (!t.bc.noSub && meta?.bcSubelements) {
      for (const k of meta.bcSubelements) wrapped.add(phpKey(k));
    }
    if (type === 'BCarray' || type === 'BCassoc') type = 'default';
    else if (type === 'BCkvp') armorKvp = meta?.kvpKeyName ?? 'name';
  }

  const convertBools = t.bc !== undefined && !t.bc.noBool;
  const out: [PhpKey, PhpValue][] = [];
  for (const [k, v] of data) {
    let value: PhpValue = isContainer(v) ? transformContainer(v, t) : v;
    if (convertBools && typeof value === 'boolean' && (k === '*' && starFlag ? true : flags?.has(String(k)))) {
      if (!value) continue;
      value = '';
    }
    if (wrapped.has(k) && value !== null) value = starWrapper(value, t);
    out.push([k, value]);
  }

  const kept = keptMeta(meta, contentKey, t);
  if (t.strip === 'none') {
    const realBools = data.filter(([k, v]) => typeof v === 'boolean' && typeof k === 'string' && !flags?.has(k)).map(([k]) => k as string);
    if (realBools.length) kept.realBools = new Set(realBools);
  }
  if (!t.types) return new PhpArray(out, false, kept);
  if (type === 'default') type = isList(out) ? 'array' : 'assoc';
  if ((type === 'kvp' || type === 'BCkvp') && !armorKvp) type = 'assoc';
  else if (type === 'BCarray') type = 'array';
  else if (type === 'BCassoc') type = 'assoc';

  switch (type) {
    case 'assoc':
      kept.type = 'assoc';
      return new PhpArray(out, t.types.assocAsObject === true, kept);
    case 'array':
      kept.type = 'array';
      return new PhpArray(sortByPhpKey(out).map(([, v], i) => [i, v]), false, kept);
    default:
      kept.type = 'array';
      return new PhpArray(armor(out, meta, armorKvp!, t), false, kept);
  }
}

function moveContentToStar(data: [PhpKey, ResultNode][], contentKey: string): [PhpKey, ResultNode][] {
  const key = phpKey(contentKey);
  const at = data.findIndex(([k]) => k === key);
  if (at < 0) return data;
  const value = data[at][1];
  const rest = data.filter((_, i) => i !== at);
  // PHP's `$data['*'] = $data[$k]` overwrites an existing `*` in place, else appends.
  const star = rest.findIndex(([k]) => k === '*');
  if (star >= 0) rest[star] = ['*', value];
  else rest.push(['*', value]);
  return rest;
}

function starWrapper(value: PhpValue, t: Transforms): PhpArray {
  const meta: PhpMeta = t.strip === 'none' ? { contentKey: '*', type: 'assoc' } : {};
  return new PhpArray([['*', value]], t.types?.assocAsObject === true, meta);
}

function keptMeta(meta: ResultMeta | undefined, contentKey: string | undefined, t: Transforms): PhpMeta {
  if (t.strip === 'all' || !meta) return {};
  const kept: PhpMeta = {};
  if (contentKey !== undefined) kept.contentKey = contentKey;
  if (meta.indexedTagName !== undefined) kept.indexedTagName = meta.indexedTagName;
  const subs = [...(meta.subelements ?? []), ...(meta.bcSubelements ?? [])];
  if (subs.length) kept.subelements = subs;
  if (meta.preserveKeys?.size) kept.preserveKeys = [...meta.preserveKeys];
  return kept;
}

function isList(entries: [PhpKey, PhpValue][]): boolean {
  let max = -1;
  for (const [k] of entries) {
    if (typeof k === 'string') return false;
    if (k > max) max = k;
  }
  return max === entries.length - 1;
}

function armor(entries: [PhpKey, PhpValue][], meta: ResultMeta | undefined, keyName: string, t: Transforms): [PhpKey, PhpValue][] {
  const name = meta?.kvpKeyName ?? keyName;
  const valKey = t.bc ? '*' : 'value';
  const keepMeta = t.strip === 'none';
  const asObject = t.types?.assocAsObject === true;
  return entries.map(([k, v], i): [PhpKey, PhpValue] => {
    if (meta?.kvpMerge && v instanceof PhpArray && mergesAsAssoc(v, keepMeta)) {
      const merged = v.entries.some(([ek]) => ek === name) ? v.entries : [...v.entries, [name, k] as [PhpKey, PhpValue]];
      const itemMeta: PhpMeta = { ...v.meta };
      if (keepMeta) itemMeta.preserveKeys = [...new Set([...(v.meta.preserveKeys ?? []), name])];
      return [i, new PhpArray(merged, asObject, itemMeta)];
    }
    const itemMeta: PhpMeta = keepMeta ? { preserveKeys: [name], contentKey: valKey, type: 'assoc' } : {};
    return [i, new PhpArray([[name, k], [valKey, v]], asObject, itemMeta)];
  });
}

/** MediaWiki merges a kvp value into its item only when the value is an associative array. */
function mergesAsAssoc(v: PhpArray, metadataKept: boolean): boolean {
  if (metadataKept) return v.meta.type === 'assoc';
  if (v.isObject) return true;
  const keys = v.entries.map(([k]) => k);
  if (keys.some((k) => typeof k === 'string')) return true;
  const sorted = (keys as number[]).sort((a, b) => a - b);
  return !sorted.every((k, i) => k === i);
}

function isNumericString(s: string): boolean {
  return /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/.test(s);
}

/** PHP 8.2 key ordering used by MediaWiki's `array` type (T326480). */
export function comparePhpKeys(a: PhpKey, b: PhpKey): number {
  const numA = typeof a === 'number' || isNumericString(a.trim());
  const numB = typeof b === 'number' || isNumericString(b.trim());
  if (numA !== numB) return compareStrings(String(a), String(b));
  if (numA) return Math.sign(Number(typeof a === 'string' ? a.trim() : a) - Number(typeof b === 'string' ? b.trim() : b));
  return compareStrings(String(a), String(b));
}

/** Byte order of the UTF-8 forms, which is code point order. */
function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.codePointAt(i)!, cb = b.codePointAt(i)!;
    if (ca !== cb) return ca < cb ? -1 : 1;
    if (ca > 0xffff) i++;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function sortByPhpKey<T>(entries: [PhpKey, T][]): [PhpKey, T][] {
  if (entries.every(([k], i) => k === i)) return entries;
  return [...entries].sort(([a], [b]) => comparePhpKeys(a, b));
}
