// format=rawfm: the result tree before any transformation, metadata keys included, as pretty
// JSON in the HTML page (MediaWiki's debugging view of ApiResult's internal arrays).

import { META, OrderedObject, isContainer, type JsonValue, type ResultContainer, type ResultMeta, type ResultNode, type ResultObject } from '../result.ts';
import { isMetadataKey, phpKey, type PhpKey } from './php-array.ts';

function rawEntries(node: ResultContainer): [PhpKey, ResultNode][] {
  if (Array.isArray(node)) return node.map((v, i) => [i, v]);
  if (node instanceof Map) return [...node.entries()].map(([k, v]) => [phpKey(k), v]);
  const out: [PhpKey, ResultNode][] = [];
  for (const [k, v] of Object.entries(node)) if (v !== undefined) out.push([phpKey(k), v]);
  return out;
}

/** MediaWiki's metadata keys, written after the data as ApiResult re-appends them. */
function metadataEntries(meta: ResultMeta | undefined, data: [PhpKey, ResultNode][], isRoot: boolean): [string, JsonValue][] {
  const out: [string, JsonValue][] = [];
  const type = meta?.type ?? (isRoot ? 'assoc' : undefined);
  if (type) out.push(['_type', type]);
  if (meta?.kvpKeyName !== undefined) out.push(['_kvpkeyname', meta.kvpKeyName]);
  if (meta?.kvpMerge) out.push(['_kvpmerge', true]);
  if (meta?.indexedTagName !== undefined) out.push(['_element', meta.indexedTagName]);
  if (meta?.contentKey !== undefined) out.push(['_content', meta.contentKey]);
  if (meta?.subelements?.size) out.push(['_subelements', [...meta.subelements]]);
  if (meta?.bcSubelements?.size) out.push(['_BC_subelements', [...meta.bcSubelements]]);
  if (meta?.preserveKeys?.size) out.push(['_preservekeys', [...meta.preserveKeys]]);
  // The tree lists flags; MediaWiki lists the booleans that are not flags.
  const realBools = data.filter(([k, v]) => typeof v === 'boolean' && !meta?.bcBools?.has(String(k))).map(([k]) => String(k));
  if (realBools.length) out.push(['_BC_bools', realBools]);
  return out;
}

/** The raw view of a result node (what `format=rawfm` prints). */
export function rawView(node: ResultNode, isRoot = false): JsonValue {
  if (!isContainer(node)) return node;
  // Keys that look like metadata are re-appended after the data, as ApiResult does.
  const entries = rawEntries(node);
  const preserve = node[META]?.preserveKeys;
  const looksMeta = ([k]: [PhpKey, ResultNode]) => isMetadataKey(k) && !preserve?.has(k as string);
  const data = [...entries.filter((e) => !looksMeta(e)), ...entries.filter(looksMeta)];
  const meta = metadataEntries(node[META], data, isRoot);
  const isList = meta.length === 0 && data.every(([k], i) => k === i);
  if (isList) return data.map(([, v]) => rawView(v));
  return new OrderedObject([...data.map(([k, v]): [string, JsonValue] => [String(k), rawView(v)]), ...meta]);
}

export function rawRoot(tree: ResultObject): JsonValue {
  return rawView(tree, true);
}
