// format=json in one walk over the result tree: exactly what encodeJson(transformResult(tree,
// JSON_V1 or JSON_V2)) prints, without building the transformed copy first. php-array.ts stays
// the reference (every other format uses it); this follows its steps for the JSON transforms only
// and hands the rare formatversion 1 key-value lists (BCkvp) back to it.

import { META, isContainer, type ResultContainer, type ResultNode, type ResultScalar } from '../result.ts';
import { encodeJson, encodeJsonString, encodeNumber } from './json-encode.ts';
import { JSON_V1, comparePhpKeys, dataEntries, moveContentToStar, phpKey, transformResult, type PhpKey } from './php-array.ts';

/** Compact JSON of a result tree in formatversion 1 (`bc`) or 2; `utf8` leaves non-ASCII unescaped. */
export function encodeResultJson(tree: ResultNode, formatVersion: 1 | 2, utf8: boolean): string {
  if (!isContainer(tree)) return encodeScalar(tree, utf8);
  return encodeContainer(tree, formatVersion === 1, utf8, true);
}

function encodeScalar(value: ResultScalar, utf8: boolean): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return encodeJsonString(value, utf8);
    case 'number':
      return encodeNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
  }
  throw new TypeError(`not a result value: ${String(value)}`);
}

/** What one container's walk needs to know besides the node. */
interface Walk {
  bc: boolean;
  utf8: boolean;
  flags: ReadonlySet<string> | undefined;
  /** Whether `*` holds a flag that was moved there from the content key. */
  starIsFlag: boolean;
  /** formatversion 1 bcSubelements: values written as `{"*": value}`. */
  wrapped: ReadonlySet<PhpKey> | undefined;
  keys: PhpKey[];
  parts: string[];
}

function encodeContainer(node: ResultContainer, bc: boolean, utf8: boolean, isRoot: boolean): string {
  const meta = node[META];
  let type = meta?.type ?? (isRoot ? 'assoc' : 'default');
  const walk: Walk = { bc, utf8, flags: meta?.bcBools, starIsFlag: false, wrapped: undefined, keys: [], parts: [] };
  const contentKey = bc ? meta?.contentKey : undefined;
  if (bc) {
    // formatversion 1 lists BCkvp containers as {name, *} items: php-array.ts's armor() does that.
    if (type === 'BCkvp') return encodeJson(transformResult(node, JSON_V1), { utf8 });
    if (meta?.bcSubelements) walk.wrapped = new Set([...meta.bcSubelements].map(phpKey));
    if (type === 'BCarray' || type === 'BCassoc') type = 'default';
  }
  if (contentKey !== undefined && contentKey !== '*') {
    // formatversion 1 moves the content to `*`, which reorders the entries.
    walk.starIsFlag = walk.flags !== undefined && walk.flags.has(contentKey);
    for (const [k, v] of moveContentToStar(dataEntries(node, meta?.preserveKeys), contentKey)) addEntry(walk, k, v);
  } else if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) addEntry(walk, i, node[i]);
  } else if (node instanceof Map) {
    for (const [rawKey, v] of node) addDataEntry(walk, phpKey(rawKey), v, meta?.preserveKeys);
  } else {
    // for...in lists own keys in the order Object.entries does (plain objects have no others).
    for (const rawKey in node) addDataEntry(walk, phpKey(rawKey), node[rawKey], meta?.preserveKeys);
  }

  // Without key-value armouring (formatversion 2, or 1 outside BCkvp) kvp containers are objects.
  const { keys, parts } = walk;
  const listed = type === 'array' || type === 'BCarray' || (type === 'default' && isList(keys));
  return listed ? encodeList(keys, parts) : encodeObject(keys, parts, utf8);
}

/** php-array.ts's dataEntries filter: no undefined values, no `_` metadata keys unless preserved. */
function addDataEntry(walk: Walk, k: PhpKey, v: ResultNode | undefined, preserve: ReadonlySet<string> | undefined): void {
  if (v === undefined) return;
  if (typeof k === 'string' && k.charCodeAt(0) === 95 && !preserve?.has(k)) return;
  addEntry(walk, k, v);
}

function addEntry(walk: Walk, k: PhpKey, v: ResultNode): void {
  let part: string;
  if (isContainer(v)) {
    part = encodeContainer(v, walk.bc, walk.utf8, false);
  } else if (walk.bc && typeof v === 'boolean' && isFlag(walk, k)) {
    // formatversion 1 flags: `""` when true, absent when false.
    if (!v) return;
    part = '""';
  } else {
    part = encodeScalar(v, walk.utf8);
  }
  if (walk.wrapped !== undefined && v !== null && walk.wrapped.has(k)) part = `{"*":${part}}`;
  walk.keys.push(k);
  walk.parts.push(part);
}

function isFlag(walk: Walk, k: PhpKey): boolean {
  if (k === '*' && walk.starIsFlag) return true;
  return walk.flags !== undefined && walk.flags.has(String(k));
}

/** Keys 0..n-1 in any order (a PHP array json_encode writes as a list once sorted). */
function isList(keys: readonly PhpKey[]): boolean {
  let max = -1;
  for (const k of keys) {
    if (typeof k === 'string') return false;
    if (k > max) max = k;
  }
  return max === keys.length - 1;
}

/** The values in PHP key order (MediaWiki's `array` type sorts by key). */
function encodeList(keys: readonly PhpKey[], parts: readonly string[]): string {
  if (parts.length === 0) return '[]';
  let inOrder = true;
  for (let i = 0; i < keys.length && inOrder; i++) inOrder = keys[i] === i;
  if (inOrder) return `[${parts.join(',')}]`;
  const order = keys.map((_, i) => i);
  // Integer keys (page ids) are the usual case; PHP compares those as numbers too.
  if (keys.every((k) => typeof k === 'number')) order.sort((a, b) => (keys[a] as number) - (keys[b] as number));
  else order.sort((a, b) => comparePhpKeys(keys[a], keys[b]));
  let out = '[';
  for (let i = 0; i < order.length; i++) out += (i > 0 ? ',' : '') + parts[order[i]];
  return out + ']';
}

function encodeObject(keys: readonly PhpKey[], parts: readonly string[], utf8: boolean): string {
  if (parts.length === 0) return '{}';
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    if (i > 0) out += ',';
    out += encodeKey(keys[i], utf8) + parts[i];
  }
  return out + '}';
}

/** Encoded `"key":` of the field names seen so far: a small vocabulary, looked up rather than escaped each time. */
const encodedKeys = [new Map<string, string>(), new Map<string, string>()];
const MAX_ENCODED_KEYS = 4096;

function encodeKey(key: PhpKey, utf8: boolean): string {
  if (typeof key === 'number') return `"${key}":`;
  const cache = encodedKeys[utf8 ? 1 : 0];
  let encoded = cache.get(key);
  if (encoded === undefined) {
    encoded = encodeJsonString(key, utf8) + ':';
    if (cache.size < MAX_ENCODED_KEYS) cache.set(key, encoded);
  }
  return encoded;
}
