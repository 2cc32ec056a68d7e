// How MediaWiki's answers over a database server may differ from wikiquery's by the database
// alone, checked precisely so that nothing else hides behind it: rows the database returns in its
// own order (queries without ORDER BY), where the answers must be the same up to the order of list
// items, XML elements or PHP entries.
import { isObject } from '../lib/exchange.ts';

/** The answer with every list sorted and every object's keys sorted; texts as a sorted list of their pieces. */
function orderless(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('<') || value.includes(';') ? value.split(/(?=<)|[;{}]/).sort() : value;
  if (Array.isArray(value)) return value.map(orderless).map((item) => JSON.stringify(item)).sort();
  if (isObject(value)) return Object.fromEntries(Object.keys(value).sort().map((key) => [key, orderless(value[key])]));
  return value;
}

/** Whether two comparable views hold the same things, in whatever order. */
export function sameUpToOrder(ours: unknown, ref: unknown): boolean {
  return JSON.stringify(orderless(ours)) === JSON.stringify(orderless(ref));
}
