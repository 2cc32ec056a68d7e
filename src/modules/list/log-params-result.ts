// A log entry's parameters in the API's shape (src/wiki/log-params.ts) as a result tree: the
// `params` of list=logevents and the `logparams` of list=recentchanges.
import type { QueryRun } from '../../api/query/run.ts';
import { metaOf, setIndexedTagName, setType, type ResultMap, type ResultNode } from '../../api/result.ts';
import { IncompleteObject, PhpArray, logParamsForApi, type LogEntryFacts, type PhpValue } from '../../wiki/log-params.ts';

/** A log entry's parameters as the API shows them. */
export function apiLogParams(run: QueryRun, entry: LogEntryFacts): ResultMap {
  return logParamsResult(logParamsForApi({ titles: run.services.titles }, entry));
}

/**
 * PHP arrays become ordered maps (lists when their keys are 0..n-1, as PHP's are printed); every
 * boolean is one of ApiResult's: `""` or absent in formatversion 1, a real boolean in 2.
 */
export function logParamsResult(value: PhpArray): ResultMap {
  return convert(value) as ResultMap;
}

function convert(value: PhpValue): ResultNode {
  if (!(value instanceof PhpArray)) return value instanceof IncompleteObject ? null : value;
  const out: ResultMap = new Map();
  for (const [key, entry] of value.map) {
    if (entry instanceof IncompleteObject) continue;
    if (typeof entry === 'boolean') (metaOf(out).bcBools ??= new Set()).add(String(key));
    out.set(key, convert(entry));
  }
  if (value.arrayType) setType(out, value.arrayType);
  if (value.indexedTag) setIndexedTagName(out, value.indexedTag);
  return out;
}
