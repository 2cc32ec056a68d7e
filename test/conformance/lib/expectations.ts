// Which conformance cases are allowed to differ for now: listed known differences and modules
// our server declares but does not implement yet.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFORMANCE_DIR } from './cases.ts';
import { isObject, type RecordedResponse } from './exchange.ts';
import { normaliseText } from './normalise.ts';

/** `{ "<area>": "reason" }` or `{ "<area>|<case>": "reason" }`; keys starting with `_` are comments. */
export type KnownDifferences = Record<string, string>;

export const KNOWN_DIFFERENCES_FILE = join(CONFORMANCE_DIR, 'known-differences.json');

export function loadKnownDifferences(file = KNOWN_DIFFERENCES_FILE): KnownDifferences {
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isObject(parsed)) throw new Error(`${file}: expected an object`);
  const known: KnownDifferences = {};
  for (const [key, reason] of Object.entries(parsed)) if (!key.startsWith('_')) known[key] = String(reason);
  return known;
}

export function knownDifference(known: KnownDifferences, area: string, caseName: string): string | undefined {
  return known[`${area}|${caseName}`] ?? known[area];
}

/** Module names a request asks for: action, list, prop, meta and generator values. */
export function requestedModules(query: string): string[] {
  const params = new URLSearchParams(query);
  const names: string[] = [];
  for (const key of ['action', 'list', 'prop', 'meta', 'generator']) {
    for (const value of params.getAll(key)) names.push(...value.replace(/^\u001f/, '').split(/[|\u001f]/));
  }
  return names.filter(Boolean);
}

/** Our "declared but not implemented" errors, and the actions this read-only server does not serve (yet). */
const NOT_IMPLEMENTED = /not[\s_-]?(yet[\s_-]?)?implemented|unimplemented|actionnotsupported/i;

/**
 * The module our server answered "not implemented" for, if it did and MediaWiki did not fail
 * the same way: such cases wait for the module instead of failing the suite.
 */
export function unimplementedModule(ours: RecordedResponse, ref: RecordedResponse, query: string): string | undefined {
  const ourErrors = errorTexts(answerJson(ours));
  const refCodes = new Set(errorCodes(answerJson(ref)));
  for (const { code, text } of ourErrors) {
    if (refCodes.has(code) || !NOT_IMPLEMENTED.test(`${code} ${text}`)) continue;
    const named = requestedModules(query).find((module) => text.includes(module) || code.includes(module));
    if (named) return named;
  }
  return undefined;
}

/** The JSON of an answer, also when it came wrapped in a JSONP callback. */
function answerJson(response: RecordedResponse): unknown {
  if (response.json !== undefined) return response.json;
  const body = normaliseText(response.text ?? '');
  return isObject(body) && 'jsonpCallback' in body ? body.json : undefined;
}

interface ErrorText {
  code: string;
  text: string;
}

/** Errors in every errorformat: `error` (bc) or the `errors` list (plaintext, wikitext, html, raw, none). */
function errorTexts(json: unknown): ErrorText[] {
  if (!isObject(json)) return [];
  const found: ErrorText[] = [];
  if (isObject(json.error)) found.push({ code: String(json.error.code ?? ''), text: JSON.stringify(json.error) });
  if (Array.isArray(json.errors)) {
    for (const error of json.errors) if (isObject(error)) found.push({ code: String(error.code ?? ''), text: JSON.stringify(error) });
  }
  return found;
}

function errorCodes(json: unknown): string[] {
  return errorTexts(json).map((error) => error.code);
}
