// Is an API answer well-formed in its format, and free of server internals (stack traces, source paths)?
// Is every answer on a raw connection one the request deserved?
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RawAnswer, WireResult } from './raw-http.ts';

/** Where the repository and the fixture beside it live: a path under it in an answer is a leak. */
const CHECKOUT_PARENT = dirname(fileURLToPath(new URL('../../', import.meta.url)));

/** Lines and fragments that only an escaped exception would put in an answer. */
const INTERNALS: readonly RegExp[] = [
  /^\s*at (?:async )?(?:\S+ (?:\[as \S+\] )?\()?(?:file:\/\/|node:|\/)[^\s)]*:\d+:\d+\)?\s*$/m,
  /\bat (?:async )?[\w$.<>[\] ]+ \((?:file:\/\/|node:|\/)[^)]*:\d+:\d+\)/,
  /\.(?:ts|mjs|cjs|js):\d+:\d+/,
  /\bnode:internal\b/,
  // MediaWiki's own internal errors for bad input (an unreadable continuation timestamp, a value
  // its database refuses, the time limit, no database, allrevisions with only unknown namespaces,
  // generator=alldeletedrevisions with a user) are its answers too; any other is a leak.
  /\binternal_api_error_(?!Wikimedia\\{1,2}Timestamp\\{1,2}TimestampException|Wikimedia\\{1,2}RequestTimeout|DBQueryError|DBConnectionError|InvalidArgumentException|Wikimedia\\{1,2}Assert\\{1,2}ParameterTypeException)/,
  /\bSqliteError\b/,
  /\bSQLITE_[A-Z_]+\b/,
  /\b(?:ENOENT|EACCES|EMFILE|ENFILE|EISDIR)\b/,
  /\/node_modules\//,
  /\bfile:\/\/\//,
  // A database file's name; not the www.sqlite.org of MediaWiki's own messages (version-db-sqlite-url).
  /\.sqlite\b(?!\.)/,
  ...(CHECKOUT_PARENT.length > 1 ? [new RegExp(`${CHECKOUT_PARENT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`)] : []),
];

/** The first sign of a server internal in the text, or null. */
export function findInternals(text: string): string | null {
  for (const pattern of INTERNALS) {
    const m = pattern.exec(text);
    if (m) return m[0];
  }
  return null;
}

export type BodyKind = 'json' | 'jsonp' | 'xml' | 'php' | 'html' | 'wrapped' | 'none';

/** What the Content-Type says the body is. */
export function bodyKindOf(contentType: string): BodyKind | null {
  const type = contentType.split(';')[0].trim().toLowerCase();
  switch (type) {
    case 'application/json':
      return 'json';
    case 'text/javascript':
      return 'jsonp';
    case 'text/xml':
      return 'xml';
    case 'application/vnd.php.serialized':
      return 'php';
    case 'text/html':
      return 'html';
    case 'text/mediawiki-api-prettyprint-wrapped':
      return 'wrapped';
    case 'text/plain':
      return 'none';
    default:
      return null;
  }
}

/** Null when the body parses as its kind; otherwise why not. JSON kinds return the parsed value too. */
export function checkBody(kind: BodyKind, body: string): { problem: string | null; json?: unknown } {
  switch (kind) {
    case 'json':
    case 'wrapped':
      return parseJson(body);
    case 'jsonp': {
      const m = /^\/\*\*\/[\][.\w$]*\(([\s\S]*)\)$/.exec(body);
      return m ? parseJson(m[1]) : { problem: 'JSONP body is not /**/callback(...)' };
    }
    case 'xml':
      return { problem: xmlProblem(body) };
    case 'php':
      return { problem: phpSerializedProblem(body) };
    case 'html':
      return { problem: /<html[\s>]/i.test(body) || /^<!DOCTYPE html>/i.test(body) || body.startsWith("'origin'") ? null : 'HTML page without <html>' };
    case 'none':
      return { problem: null };
  }
}

function parseJson(text: string): { problem: string | null; json?: unknown } {
  try {
    return { problem: null, json: JSON.parse(text) };
  } catch (e) {
    return { problem: `body is not JSON: ${(e as Error).message}` };
  }
}

/** Tag balance and character rules of XML 1.0 (enough to catch a truncated or raw-text answer). */
export function xmlProblem(body: string): string | null {
  if (!body.startsWith('<?xml version="1.0"?>')) return 'no XML declaration';
  if (/[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/.test(body)) return 'character not allowed in XML';
  const token = /<\?[^?]*\?>|<!--[\s\S]*?-->|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/y;
  const open: string[] = [];
  let at = 0;
  while (at < body.length) {
    const lt = body.indexOf('<', at);
    const text = body.slice(at, lt < 0 ? body.length : lt);
    if (/&(?![a-zA-Z]+;|#\d+;|#x[0-9a-fA-F]+;)/.test(text)) return `bare & in text near ${JSON.stringify(text.slice(0, 40))}`;
    if (lt < 0) break;
    token.lastIndex = lt;
    const m = token.exec(body);
    if (!m) return `malformed markup near ${JSON.stringify(body.slice(lt, lt + 60))}`;
    if (m[2] && m[1]) {
      if (open.pop() !== m[2]) return `unbalanced </${m[2]}>`;
    } else if (m[2] && !m[4]) {
      open.push(m[2]);
    }
    at = token.lastIndex;
  }
  return open.length ? `unclosed <${open[open.length - 1]}>` : null;
}

/** PHP serialize() syntax, string lengths counted in UTF-8 bytes. */
export function phpSerializedProblem(body: string): string | null {
  const bytes = Buffer.from(body, 'utf8');
  try {
    const end = readPhpValue(bytes, 0);
    return end === bytes.length ? null : `trailing data at byte ${end}`;
  } catch (e) {
    return `not PHP serialized: ${(e as Error).message}`;
  }
}

function readPhpValue(b: Buffer, at: number): number {
  const type = String.fromCharCode(b[at]);
  if (type === 'N') return expect(b, at + 1, ';');
  if (type === 'b' || type === 'i' || type === 'd') {
    const m = /^:(-?[\d.E+-]+|INF|-INF|NAN);/.exec(b.subarray(at + 1, at + 40).toString('latin1'));
    if (!m) throw new Error(`bad ${type} at byte ${at}`);
    return at + 1 + m[0].length;
  }
  if (type === 's') {
    const m = /^:(\d+):"/.exec(b.subarray(at + 1, at + 20).toString('latin1'));
    if (!m) throw new Error(`bad string header at byte ${at}`);
    const start = at + 1 + m[0].length;
    return expect(b, expect(b, start + Number(m[1]), '"'), ';');
  }
  if (type === 'a') {
    const m = /^:(\d+):\{/.exec(b.subarray(at + 1, at + 20).toString('latin1'));
    if (!m) throw new Error(`bad array header at byte ${at}`);
    let pos = at + 1 + m[0].length;
    for (let i = 0; i < Number(m[1]) * 2; i++) pos = readPhpValue(b, pos);
    return expect(b, pos, '}');
  }
  throw new Error(`unknown type ${JSON.stringify(type)} at byte ${at}`);
}

function expect(b: Buffer, at: number, ch: string): number {
  if (String.fromCharCode(b[at]) !== ch) throw new Error(`expected ${ch} at byte ${at}`);
  return at + 1;
}

/** Which bodies a correct answer may have, from the `format` the request asked for. */
function allowedKinds(format: string, status: number): BodyKind[] {
  if (status === 403) return ['html'];
  if (format === 'json') return ['json', 'jsonp'];
  if (format === 'xml') return ['xml'];
  if (format === 'php') return ['php'];
  if (format === 'none') return ['none'];
  return ['html', 'wrapped'];
}

/** A JSON error is MediaWiki's error object: `error` with a code (bc), or a list of `errors` with codes. */
function errorShapeProblems(json: Record<string, unknown>): string[] {
  const error = json.error as { code?: unknown } | undefined;
  const errors = json.errors as { code?: unknown }[] | undefined;
  if (error !== undefined && typeof error.code !== 'string') return ['an error object without a code'];
  if (errors !== undefined && (!Array.isArray(errors) || errors.some((e) => typeof e.code !== 'string'))) return ['an errors list without codes'];
  return [];
}

/**
 * Every promise about one API answer; the list of broken ones (empty when the answer is fine).
 * `format` null: the request may have lost or changed its format on the way, so any kind will do
 * as long as it is well-formed.
 */
export function judgeAnswer(answer: RawAnswer, allowedStatuses: readonly number[], format: string | null): string[] {
  const problems: string[] = [];
  if (!allowedStatuses.includes(answer.status)) problems.push(`HTTP status ${answer.status}`);
  const internals = findInternals(answer.body);
  if (internals) problems.push(`server internals in the body: ${JSON.stringify(internals)}`);
  const kind = bodyKindOf(String(answer.headers['content-type'] ?? ''));
  if (!kind) {
    problems.push(`unexpected Content-Type ${JSON.stringify(answer.headers['content-type'])}`);
    return problems;
  }
  if (format !== null && !allowedKinds(format, answer.status).includes(kind)) problems.push(`format=${format} answered as ${kind}`);
  const { problem, json } = checkBody(kind, answer.body);
  if (problem) problems.push(problem);
  if (json && typeof json === 'object') problems.push(...errorShapeProblems(json as Record<string, unknown>));
  const errorHeader = answer.headers['mediawiki-api-error'];
  const code = (json as { error?: { code?: string } } | undefined)?.error?.code;
  if (code !== undefined && errorHeader !== undefined && code !== errorHeader) problems.push(`error code ${code} but MediaWiki-API-Error: ${errorHeader}`);
  return problems;
}

/** Statuses the API itself answers with; the others come from the HTTP layer before the API sees the request. */
const API_STATUSES = new Set([200, 403]);

/** An answer of the HTTP layer (400, 404, 405, 408, 413, 414, 417, 431, 503...): short plain text, nothing internal. */
export function judgeRefusal(answer: RawAnswer, allowedStatuses: readonly number[]): string[] {
  const problems: string[] = [];
  if (!allowedStatuses.includes(answer.status)) problems.push(`HTTP status ${answer.status}`);
  const internals = findInternals(answer.body);
  if (internals) problems.push(`server internals in the body: ${JSON.stringify(internals)}`);
  const type = answer.headers['content-type'];
  if (answer.body.length > 0 && !/^text\/plain\b/i.test(String(type ?? ''))) problems.push(`a ${answer.status} answer with Content-Type ${JSON.stringify(type)}`);
  return problems;
}

/** The rule's format for an OPTIONS request: MediaWiki answers a CORS preflight with headers only. */
export const PREFLIGHT = 'preflight';

function judgePreflight(answer: RawAnswer, allowedStatuses: readonly number[]): string[] {
  const problems: string[] = [];
  if (!allowedStatuses.includes(answer.status)) problems.push(`HTTP status ${answer.status}`);
  if (answer.body.length > 0) problems.push(`a preflight answer with a body: ${JSON.stringify(answer.body.slice(0, 80))}`);
  return problems;
}

/** What one answer on a raw connection may be. */
export interface AnswerRule {
  statuses: readonly number[];
  /** The format the request asked for; null when any well-formed kind will do. */
  format: string | null;
}

/**
 * Every broken promise of a raw exchange: one answer per rule in order (the server may close
 * instead after `minAnswers` of them, as HTTP servers do after a protocol error), each well-formed
 * and allowed, no garbage on the wire, no hang.
 */
export function judgeWire(result: WireResult, rules: readonly AnswerRule[], minAnswers: number): string[] {
  const problems: string[] = [];
  result.answers.forEach((answer, i) => {
    const rule = rules[i];
    if (!rule) {
      problems.push(`an answer more than the ${rules.length} owed: ${answer.status}`);
      return;
    }
    const own = rule.format === PREFLIGHT
      ? judgePreflight(answer, rule.statuses)
      : API_STATUSES.has(answer.status) && rule.statuses.includes(answer.status) ? judgeAnswer(answer, rule.statuses, rule.format) : judgeRefusal(answer, rule.statuses);
    problems.push(...own.map((p) => (rules.length > 1 ? `answer ${i + 1}: ${p}` : p)));
  });
  if (result.malformed !== null) problems.push(`not HTTP after ${result.answers.length} answers: ${result.malformed}`);
  const got = result.answers.length;
  if (result.ending === 'timeout' && got >= rules.length) problems.push(`the connection stayed open ${Math.round(result.elapsedMs)} ms after an answer saying Connection: close`);
  else if (result.ending === 'timeout') problems.push(`no answer and no close: ${got} of ${rules.length} answers after ${Math.round(result.elapsedMs)} ms`);
  else if (got < minAnswers) problems.push(`${got} of ${rules.length} answers, then the connection was ${result.ending === 'reset' ? 'reset' : 'closed'}`);
  return problems;
}
