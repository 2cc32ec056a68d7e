// Timestamps in continuation values (and query-page values) as 14 digits. MediaWiki puts a timestamp column's raw value into
// rvcontinue/cmcontinue: `2025-01-11 04:09:03+00` from PostgreSQL's TIMESTAMPTZ, `2025-01-08 06:30:18`
// from MySQL's TIMESTAMP cl_timestamp, 14 digits from SQLite; wikiquery does the same on each
// database. Answers from a server database compared with recordings made over SQLite are
// rewritten with this first.
import { isObject, type RecordedResponse } from './exchange.ts';

/** A database timestamp as one `|`-separated field of a continuation value (first or not: facontinue's is second). */
const DATABASE_TIMESTAMP = /(^|\|)(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(\+00)?(?=\||$)/g;
const DATABASE_TIMESTAMP_ANYWHERE = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/;

function fourteenDigits(value: string): string {
  return value.replace(DATABASE_TIMESTAMP, (_match, before, y, mo, d, h, mi, s) => `${before}${y}${mo}${d}${h}${mi}${s}`);
}

function rewriteContinueValues(values: unknown): void {
  if (!isObject(values)) return;
  for (const [key, value] of Object.entries(values)) {
    if (key !== 'continue' && key.endsWith('continue') && typeof value === 'string') values[key] = fourteenDigits(value);
  }
}

/** XML attributes `rvcontinue="…"` and PHP strings `s:11:"rvcontinue";s:N:"…"` (whose length changes). */
function rewriteText(text: string): string {
  const xml = text
    .replace(/(continue=")([^"]*)"/g, (_match, head: string, value: string) => `${head}${fourteenDigits(value)}"`)
    .replace(/( value=")(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\+00)?)"/g, (_match, head: string, value: string) => `${head}${fourteenDigits(value)}"`);
  return xml.replace(/(s:\d+:"[a-z]*continue";s:)(\d+):"([^"]*)"/g, (match, head: string, _length: string, value: string) => {
    const rewritten = fourteenDigits(value);
    return rewritten === value ? match : `${head}${Buffer.byteLength(rewritten)}:"${rewritten}"`;
  });
}

/**
 * list=querypage's `value` of a page ordered by a timestamp (Ancientpages, Unusedimages) is the
 * column as the database returns it, as in MediaWiki's answer.
 */
function rewriteQueryPageValues(query: unknown): void {
  if (!isObject(query) || !isObject(query.querypage) || !Array.isArray(query.querypage.results)) return;
  for (const item of query.querypage.results) {
    if (isObject(item) && typeof item.value === 'string') item.value = fourteenDigits(item.value);
  }
}

/** The answer with the database timestamps of its continuation values written as 14 digits. */
export function withFourteenDigitContinuation(recorded: RecordedResponse): RecordedResponse {
  const copy = structuredClone(recorded);
  if (isObject(copy.json)) {
    rewriteContinueValues(copy.json.continue);
    rewriteQueryPageValues(copy.json.query);
    const raw = copy.json['query-continue'];
    if (isObject(raw)) for (const moduleValues of Object.values(raw)) rewriteContinueValues(moduleValues);
  }
  if (typeof copy.text === 'string' && DATABASE_TIMESTAMP_ANYWHERE.test(copy.text)) copy.text = rewriteText(copy.text);
  return copy;
}

