// How one conformance request is sent and what of its answer is kept (for recording and replay).
import type { Caller, SiteVariant } from './cases.ts';

/** One HTTP answer as kept in test/conformance/recorded/<area>.json. */
export interface RecordedResponse {
  query: string;
  status: number;
  contentType: string | null;
  /** Only the headers that describe API behaviour (see HEADERS_OF_INTEREST), names lower-cased. */
  headers: Record<string, string>;
  json?: unknown;
  text?: string;
  /**
   * How non-ASCII characters are written in a JSON body (parsing erases it): `escaped` as
   * \uXXXX (formatversion 1 without utf8, ascii=1), `raw` as UTF-8, `mixed`; absent when none.
   */
  nonAscii?: NonAsciiStyle;
}

export type NonAsciiStyle = 'escaped' | 'raw' | 'mixed';

/** Who sent a case and how (absent: anonymous GET without cookies, as every case used to be). */
export interface CaseSending {
  caller?: Caller;
  /** Sent as a form body (application/x-www-form-urlencoded). */
  post?: true;
  /** The anonymous caller started over without cookies before this case (`@as anon`). */
  newSession?: true;
}

export interface RecordedSingle extends RecordedResponse, CaseSending {
  case: string;
}

export interface RecordedWalk extends CaseSending {
  case: string;
  query: string;
  walk: true;
  pages: RecordedResponse[];
}

export type RecordedCase = RecordedSingle | RecordedWalk;

export interface RecordedArea {
  area: string;
  /** `generator` of the reference's siteinfo, to say which MediaWiki answered. */
  reference: string;
  /** The `@site` line of the case file: the reference's settings when it was recorded. */
  site?: SiteVariant;
  cases: RecordedCase[];
}

export function isWalk(recorded: RecordedCase): recorded is RecordedWalk {
  return (recorded as RecordedWalk).walk === true;
}

/**
 * Headers MediaWiki sets from API logic (caching, CORS, error code, lag, output format);
 * transport headers (Date, X-Request-Id, X-Powered-By, Connection) are left out.
 */
const HEADERS_OF_INTEREST = new Set([
  'cache-control',
  'content-type',
  'content-disposition',
  'mediawiki-api-error',
  'mediawiki-login-suppressed',
  'retry-after',
  'x-database-lag',
  'x-frame-options',
  'x-content-type-options',
]);

export function headersOfInterest(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  const names = [...headers.keys()].filter((name) => HEADERS_OF_INTEREST.has(name) || name.startsWith('access-control-'));
  for (const name of names.sort()) kept[name] = headers.get(name) ?? '';
  return kept;
}

export const USER_AGENT = 'wikiquery-conformance/1.0';
export const REQUEST_TIMEOUT_MS = 10_000;

/** The cookies of one caller's session: sent with each request, updated from each answer. */
export interface CookieStore {
  header(): string;
  keep(headers: Headers): void;
}

export interface SendOptions {
  /** The query as a form body instead of a query string. */
  post?: boolean;
  cookies?: CookieStore;
  /** What `query` is recorded as (the case as written, with its `{token:TYPE}` placeholders). */
  recordAs?: string;
  timeoutMs?: number;
}

export async function fetchCase(apiUrl: string, query: string, options: SendOptions = {}): Promise<RecordedResponse> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT };
  const cookie = options.cookies?.header();
  if (cookie) headers.cookie = cookie;
  if (options.post) headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(options.post ? apiUrl : `${apiUrl}?${query}`, {
    method: options.post ? 'POST' : 'GET',
    headers,
    ...(options.post ? { body: query } : {}),
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
  });
  options.cookies?.keep(response.headers);
  query = options.recordAs ?? query;
  const body = await response.text();
  const contentType = response.headers.get('content-type');
  const recorded: RecordedResponse = { query, status: response.status, contentType, headers: headersOfInterest(response.headers) };
  const json = contentType?.includes('json') ? tryParseJson(body) : undefined;
  if (json !== undefined) recorded.json = json;
  else recorded.text = body;
  const style = json !== undefined || contentType?.includes('javascript') ? nonAsciiStyle(body) : undefined;
  if (style) recorded.nonAscii = style;
  return recorded;
}

/** A \uXXXX escape of a character above U+007F (control characters are always escaped). */
const ESCAPED_NON_ASCII = /\\u(?!00[0-7][0-9a-fA-F])[0-9a-fA-F]{4}/;
const RAW_NON_ASCII = /[^\x00-\x7f]/;

export function nonAsciiStyle(body: string): NonAsciiStyle | undefined {
  const escaped = ESCAPED_NON_ASCII.test(body);
  const raw = RAW_NON_ASCII.test(body);
  if (escaped && raw) return 'mixed';
  if (escaped) return 'escaped';
  return raw ? 'raw' : undefined;
}

function tryParseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export const MAX_WALK_PAGES = 200;

/**
 * The query string of the next page: the previous query with the values of `continue`
 * (or, with rawcontinue, of every module under `query-continue`) put in.
 */
export function nextWalkQuery(query: string, json: unknown): string | null {
  const values = continuationValues(json);
  if (!values) return null;
  const replaced = new Set(Object.keys(values));
  const kept = query.split('&').filter((pair) => pair && !replaced.has(decodeKey(pair)));
  for (const [key, value] of Object.entries(values)) kept.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  return kept.join('&');
}

function decodeKey(pair: string): string {
  const key = pair.split('=')[0] ?? '';
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

function continuationValues(json: unknown): Record<string, string> | null {
  if (!isObject(json)) return null;
  if (isObject(json.continue)) return stringValues(json.continue);
  const raw = json['query-continue'];
  if (!isObject(raw)) return null;
  const values: Record<string, string> = {};
  for (const moduleValues of Object.values(raw)) if (isObject(moduleValues)) Object.assign(values, stringValues(moduleValues));
  return Object.keys(values).length ? values : null;
}

function stringValues(object: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(object)) values[key] = String(value);
  return values;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows continuation from `query` until an answer has none; every page is kept. */
export function fetchWalk(apiUrl: string, query: string): Promise<RecordedResponse[]> {
  return walkPages(query, (next) => fetchCase(apiUrl, next));
}

/** A walk whose pages are sent by `send` (as a caller, with its cookies). */
export async function walkPages(query: string, send: (query: string) => Promise<RecordedResponse>): Promise<RecordedResponse[]> {
  const pages: RecordedResponse[] = [];
  let next: string | null = query;
  while (next !== null) {
    if (pages.length >= MAX_WALK_PAGES) throw new Error(`walk did not end after ${MAX_WALK_PAGES} pages: ${query}`);
    const page = await send(next);
    pages.push(page);
    next = nextWalkQuery(next, page.json);
  }
  return pages;
}
