// The result tree: one tree per request, with the metadata that lets formatversion 1 and 2
// (and XML) be derived from it. Modules build plain objects and arrays and mark them here.

export const META: unique symbol = Symbol('wikiquery.resultMeta');

/**
 * How a container is shown:
 * - `assoc`: an object in every format.
 * - `array`: a list in every format (an object's values, in key order).
 * - `BCarray`: formatversion 1 keeps the keys (object), 2 lists the values sorted by key
 *   (`query.pages`).
 * - `BCassoc`: formatversion 1 lists the values, 2 keeps the keys.
 * - `kvp`: an object in JSON formatversion 2; formatversion 1 and XML list `{name: key, *: value}`.
 * - `BCkvp`: formatversion 1 lists `{<kvpKeyName>: key, *: value}`, 2 is an object.
 */
export type ContainerType = 'assoc' | 'array' | 'BCarray' | 'BCassoc' | 'kvp' | 'BCkvp';

export interface ResultMeta {
  type?: ContainerType;
  /** kvp/BCkvp: name of the key field in the listed form. */
  kvpKeyName?: string;
  /** kvp/BCkvp: when listed (XML), an associative value gets the key added to it rather than
   * being wrapped in `{key, value}` (MediaWiki's META_KVP_MERGE, used by `rvslots`). */
  kvpMerge?: boolean;
  /** The key holding this node's text: `*` in formatversion 1, its own name in 2. */
  contentKey?: string;
  /** Keys shown as `""` when true and left out when false in formatversion 1; real booleans in 2. */
  bcBools?: Set<string>;
  /** XML: element name of list items. */
  indexedTagName?: string;
  /** XML: keys written as child elements rather than attributes. */
  subelements?: Set<string>;
  /** XML: preserve these keys even though they look like metadata. */
  preserveKeys?: Set<string>;
  /** Content that must not be converted to the array form (e.g. JSON blobs in fv2). */
  bcSubelements?: Set<string>;
  /** Keys whose numbers PHP holds as floats: serialize() writes `d:1;` where an int is `i:1;`
   * (JSON and XML print both as `1`). */
  floats?: Set<string>;
}

export type ResultScalar = string | number | boolean | null;
export type ResultNode = ResultScalar | ResultContainer;
export type ResultObject = { [key: string]: ResultNode | undefined; [META]?: ResultMeta };
export type ResultList = ResultNode[] & { [META]?: ResultMeta };
export type ResultMap = Map<string | number, ResultNode> & { [META]?: ResultMeta };
export type ResultContainer = ResultObject | ResultList | ResultMap;

export function isContainer(v: unknown): v is ResultContainer {
  return typeof v === 'object' && v !== null;
}

export function metaOf(node: ResultContainer): ResultMeta {
  let m = node[META];
  if (!m) {
    m = {};
    Object.defineProperty(node, META, { value: m, enumerable: false, writable: true, configurable: true });
  }
  return m;
}

export function setType<T extends ResultContainer>(node: T, type: ContainerType, kvpKeyName?: string): T {
  const m = metaOf(node);
  m.type = type;
  if (kvpKeyName !== undefined) m.kvpKeyName = kvpKeyName;
  return node;
}

export function setIndexedTagName<T extends ResultContainer>(node: T, tag: string): T {
  metaOf(node).indexedTagName = tag;
  return node;
}

/** A list whose items are `tag` elements in XML: the usual shape of a module's output. */
export function list<T extends ResultNode>(tag: string, items: T[] = []): T[] & ResultList {
  return setIndexedTagName(items as T[] & ResultList, tag);
}

/** Sets `node[key] = text` as the node's content (formatversion 1 `*`, XML text). */
export function setContent(node: ResultObject, key: string, text: ResultScalar): void {
  node[key] = text;
  metaOf(node).contentKey = key;
}

/**
 * Sets a flag the MediaWiki way: formatversion 1 shows `""` when true and nothing when false,
 * formatversion 2 shows `true`/`false`. Pass `onlyWhenTrue` to leave it out entirely when false
 * (what most modules do with `if ($x) $vals['minor'] = true`).
 */
export function setFlag(node: ResultObject, key: string, value: boolean, onlyWhenTrue = true): void {
  if (!value && onlyWhenTrue) {
    delete node[key];
    return;
  }
  node[key] = value;
  const m = metaOf(node);
  (m.bcBools ??= new Set()).add(key);
}

/** Sets a number that MediaWiki holds as a PHP float, even when it is whole (`1.0`). */
export function setFloat(node: ResultObject, key: string, value: number): void {
  node[key] = value;
  (metaOf(node).floats ??= new Set()).add(key);
}

export function markSubelements(node: ResultObject, ...keys: string[]): void {
  const m = metaOf(node);
  m.subelements ??= new Set();
  for (const k of keys) m.subelements.add(k);
}

/** Merges `from` into `into`, keeping metadata of both (used when several modules add to one page). */
export function mergeInto(into: ResultObject, from: ResultObject): void {
  for (const [k, v] of Object.entries(from)) if (v !== undefined) into[k] = v;
  const fm = from[META];
  if (!fm) return;
  const m = metaOf(into);
  if (fm.bcBools) for (const k of fm.bcBools) (m.bcBools ??= new Set()).add(k);
  if (fm.subelements) for (const k of fm.subelements) (m.subelements ??= new Set()).add(k);
  if (fm.floats) for (const k of fm.floats) (m.floats ??= new Set()).add(k);
  if (fm.contentKey && !m.contentKey) m.contentKey = fm.contentKey;
  if (fm.indexedTagName && !m.indexedTagName) m.indexedTagName = fm.indexedTagName;
  if (fm.type && !m.type) m.type = fm.type;
}

// ---------------------------------------------------------------------------------------------
// The JSON view: what `format=json` (and php) show for a formatversion.

/** An object whose key order must be kept as built (integer-like keys included). */
export class OrderedObject {
  constructor(public readonly entries: [string, JsonValue][]) {}
}
export type JsonValue = string | number | boolean | null | JsonValue[] | OrderedObject;

const UNSAFE_CHARS = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/;
const UNSAFE_CHARS_ALL = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;

/**
 * MediaWiki cleans every string it adds to a result (ApiResult::validateValue): control
 * characters and non-characters become U+FFFD, so that every format (XML above all) can carry
 * them. Cleans the finished tree in place.
 */
export function cleanResultStrings(node: ResultNode): void {
  if (!isContainer(node)) return;
  if (node instanceof Map) {
    for (const [k, v] of node) {
      if (typeof v === 'string') {
        if (UNSAFE_CHARS.test(v)) node.set(k, v.replace(UNSAFE_CHARS_ALL, '\ufffd'));
      } else cleanResultStrings(v);
    }
    return;
  }
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const v = node[i];
      if (typeof v === 'string') {
        if (UNSAFE_CHARS.test(v)) node[i] = v.replace(UNSAFE_CHARS_ALL, '\ufffd');
      } else cleanResultStrings(v);
    }
    return;
  }
  for (const k in node) {
    const v = node[k];
    if (typeof v === 'string') {
      if (UNSAFE_CHARS.test(v)) node[k] = v.replace(UNSAFE_CHARS_ALL, '\ufffd');
    } else if (v !== undefined) cleanResultStrings(v);
  }
}
