// The two ways MediaWiki's answers over a database server may differ from wikiquery's by the
// database alone, each checked precisely so that nothing else hides behind them:
// - a continuation value holds a timestamp as the database returns it (MediaWiki puts the raw
//   column value into rvcontinue/cmcontinue): `2025-01-11 04:09:03+00` from PostgreSQL's
//   TIMESTAMPTZ, `2025-01-08 06:30:18` from MySQL's TIMESTAMP, where wikiquery writes 14 digits;
// - rows the database returns in its own order (queries without ORDER BY): then the answers must
//   be the same up to the order of list items, XML elements or PHP entries.
import { isObject, type RecordedResponse } from '../lib/exchange.ts';

const DATABASE_TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(\+00)?(?=\|)/;
const DATABASE_TIMESTAMP_ANYWHERE = new RegExp(DATABASE_TIMESTAMP.source.slice(1));

function fourteenDigits(value: string): string {
  return value.replace(DATABASE_TIMESTAMP, (_match, y, mo, d, h, mi, s) => `${y}${mo}${d}${h}${mi}${s}`);
}

function rewriteContinueValues(values: unknown): void {
  if (!isObject(values)) return;
  for (const [key, value] of Object.entries(values)) {
    if (key !== 'continue' && key.endsWith('continue') && typeof value === 'string') values[key] = fourteenDigits(value);
  }
}

/** XML attributes `rvcontinue="…"` and PHP strings `s:11:"rvcontinue";s:N:"…"` (whose length changes). */
function rewriteText(text: string): string {
  const xml = text.replace(/(continue=")([^"|]*)(?=\|)/g, (_match, head: string, stamp: string) => head + fourteenDigits(`${stamp}|`).slice(0, -1));
  return xml.replace(/(s:\d+:"[a-z]*continue";s:)(\d+):"([^"]*)"/g, (match, head: string, _length: string, value: string) => {
    const rewritten = fourteenDigits(value);
    return rewritten === value ? match : `${head}${Buffer.byteLength(rewritten)}:"${rewritten}"`;
  });
}

/** MediaWiki's answer with the database timestamps of its continuation values written as 14 digits. */
export function withFourteenDigitContinuation(recorded: RecordedResponse): RecordedResponse {
  const copy = structuredClone(recorded);
  if (isObject(copy.json)) {
    rewriteContinueValues(copy.json.continue);
    const raw = copy.json['query-continue'];
    if (isObject(raw)) for (const moduleValues of Object.values(raw)) rewriteContinueValues(moduleValues);
  }
  if (typeof copy.text === 'string' && DATABASE_TIMESTAMP_ANYWHERE.test(copy.text)) copy.text = rewriteText(copy.text);
  return copy;
}

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
