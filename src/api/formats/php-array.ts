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
  /** Keys whose numbers are PHP floats (kept by every transformation: it is type, not metadata). */
  floats?: Set<PhpKey>;
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
export function dataEntries(node: ResultContainer, preserve: Set<string> | undefined): [PhpKey, ResultNode][] {
  const out: [PhpKey, ResultNode][] = [];
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) out.push([i, node[i]]);
    return out;
  }
  const source = node instanceof Map ? node.entries() : Object.entries(node);
  for (const [rawKey, v] of source) {
    if (v === undefined) continue;
    const k = phpKey(rawKey);
    if (isMetadataKey(k) && !preserve?.has(k as string)) continue;
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

/** The per-container state of one transformation step. */
interface Step {
  type: ContainerType | 'default';
  contentKey: string | undefined;
  armorKvp: string | undefined;
  data: [PhpKey, ResultNode][];
  /** Keys whose values become `{"*": value}` (formatversion 1 bcSubelements). */
  wrapped: Set<PhpKey> | undefined;
  flags: Set<string> | undefined;
  /** Whether `*` holds a flag that was moved there from the content key. */
  starIsFlag: boolean;
}

function isFlag(step: Step, k: PhpKey): boolean {
  if (k === '*' && step.starIsFlag) return true;
  return step.flags !== undefined && step.flags.has(String(k));
}

function transformContainer(node: ResultContainer, t: Transforms, isRoot = false): PhpValue {
  const meta = node[META];
  const step = startStep(node, meta, t, isRoot);
  const out = transformEntries(step, t);
  const kept = keptMeta(meta, step.contentKey, t);
  const floats = out.filter(([k, v]) => typeof v === 'number' && meta?.floats?.has(String(k)));
  if (floats.length) kept.floats = new Set(floats.map(([k]) => k));
  if (t.strip === 'none') {
    const realBools = step.data.filter(([k, v]) => typeof v === 'boolean' && typeof k === 'string' && !isFlag(step, k));
    if (realBools.length) kept.realBools = new Set(realBools.map(([k]) => k as string));
  }
  if (!t.types) return new PhpArray(out, false, kept);
  return applyType(resolveType(step, out), out, meta, kept, step.armorKvp, t);
}

function startStep(node: ResultContainer, meta: ResultMeta | undefined, t: Transforms, isRoot: boolean): Step {
  const step: Step = {
    type: declaredType(meta, isRoot),
    contentKey: meta?.contentKey,
    armorKvp: t.types?.armorKvp,
    data: dataEntries(node, meta?.preserveKeys),
    wrapped: undefined,
    flags: meta?.bcBools,
    starIsFlag: false,
  };
  if (t.bcAssocAsAssoc && step.type === 'BCassoc') step.type = 'assoc';
  if (!t.bc) return step;
  if (!t.bc.noStar && step.contentKey !== undefined && step.contentKey !== '*') {
    // A flag moved to `*` stays a flag.
    step.starIsFlag = isFlag(step, step.contentKey);
    step.data = moveContentToStar(step.data, step.contentKey);
    step.contentKey = '*';
  }
  if (!t.bc.noSub && meta?.bcSubelements) step.wrapped = new Set([...meta.bcSubelements].map(phpKey));
  if (step.type === 'BCarray' || step.type === 'BCassoc') step.type = 'default';
  else if (step.type === 'BCkvp') step.armorKvp = meta?.kvpKeyName ?? 'name';
  return step;
}

function transformEntries(step: Step, t: Transforms): [PhpKey, PhpValue][] {
  const convertBools = t.bc !== undefined && !t.bc.noBool;
  const out: [PhpKey, PhpValue][] = [];
  for (const [k, v] of step.data) {
    let value: PhpValue = isContainer(v) ? transformContainer(v, t) : v;
    if (convertBools && typeof value === 'boolean' && isFlag(step, k)) {
      if (!value) continue;
      value = '';
    }
    if (step.wrapped?.has(k) && value !== null) value = starWrapper(value, t);
    out.push([k, value]);
  }
  return out;
}

function resolveType(step: Step, out: [PhpKey, PhpValue][]): 'assoc' | 'array' | 'kvp' {
  const type = step.type === 'default' ? (isList(out) ? 'array' : 'assoc') : step.type;
  if (type === 'kvp' || type === 'BCkvp') return step.armorKvp ? 'kvp' : 'assoc';
  if (type === 'BCarray') return 'array';
  if (type === 'BCassoc') return 'assoc';
  return type;
}

function applyType(
  type: 'assoc' | 'array' | 'kvp',
  out: [PhpKey, PhpValue][],
  meta: ResultMeta | undefined,
  kept: PhpMeta,
  armorKvp: string | undefined,
  t: Transforms,
): PhpArray {
  if (type === 'assoc') {
    kept.type = 'assoc';
    return new PhpArray(out, t.types?.assocAsObject === true, kept);
  }
  kept.type = 'array';
  if (type === 'array') return new PhpArray(sortByPhpKey(out).map(([, v], i) => [i, v]), false, kept);
  return new PhpArray(armor(out, meta, armorKvp!, t), false, kept);
}

export function moveContentToStar(data: [PhpKey, ResultNode][], contentKey: string): [PhpKey, ResultNode][] {
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
