// What of an API answer may legitimately differ between two servers, replaced by placeholders
// so that shape and presence are still compared but values that depend on the clock, the host
// or chance are not.
import { isObject, type RecordedResponse } from './exchange.ts';

/** The part of an answer that is compared: status, headers of interest and the body. */
export interface ComparableView {
  status: number;
  headers: Record<string, string>;
  /** How non-ASCII characters are written in JSON (`none` when there are none). */
  nonAscii: string;
  body: unknown;
}

/** A session token: 32 hex digits of HMAC, 8 of timestamp, then `+\`; the anonymous `+\` stays. */
const TOKEN = /^[0-9a-f]{40}\+\\$/;
const ISO_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
/** siteinfo general fields that describe the runtime under the wiki, not the wiki. */
const RUNTIME_GENERAL_FIELDS = ['phpversion', 'phpsapi', 'dbversion'];
const JSONP = /^\/\*\*\/([A-Za-z0-9_$.[\]]+)\(([\s\S]*)\)$/;

export function comparableView(response: RecordedResponse): ComparableView {
  const body = response.json !== undefined ? normaliseJson(response.json, { sessionTokens: SESSION_TOKEN_PLACEHOLDER.test(response.query) }) : normaliseText(response.text ?? '');
  // Which pages list=random picks is chance, and so is whether one of their titles is not ASCII.
  const nonAscii = RANDOM_PAGES.test(response.query) ? '<random>' : response.nonAscii ?? 'none';
  return { status: response.status, headers: { ...response.headers }, nonAscii, body };
}

const RANDOM_PAGES = /(?:^|&)(?:list|generator)=(?:[^&]*%7C|[^&]*\|)?random(?:&|%7C|\||$)/i;

/** A `{token:TYPE}` placeholder: the request carried a token its session was given just before. */
const SESSION_TOKEN_PLACEHOLDER = /\{token:[a-z]+\}/;

export interface JsonNormalisation {
  /** The request sent tokens of its session (see normaliseCheckToken). */
  sessionTokens?: boolean;
}

export function normaliseJson(json: unknown, options: JsonNormalisation = {}): unknown {
  const copy: unknown = structuredClone(json);
  if (!isObject(copy)) return copy;
  normaliseTopLevel(copy);
  normaliseSiteinfoGeneral(copy);
  normaliseRandom(copy);
  if (options.sessionTokens) normaliseCheckToken(copy);
  replaceTokens(copy);
  stripDiffCacheComments(copy);
  return copy;
}

/**
 * curtimestamp is the clock; servedby is the host name; debuginfo only exists with the debug
 * toolbar. requestid is not touched: it echoes the request's own `requestid` parameter.
 */
function normaliseTopLevel(root: Record<string, unknown>): void {
  if (typeof root.curtimestamp === 'string' && ISO_TIMESTAMP.test(root.curtimestamp)) root.curtimestamp = '<curtimestamp>';
  if (typeof root.servedby === 'string') root.servedby = '<servedby>';
  delete root.debuginfo;
}

/** siteinfo `time` is the clock at request time; php/db versions describe the runtime. */
function normaliseSiteinfoGeneral(root: Record<string, unknown>): void {
  const general = isObject(root.query) ? root.query.general : undefined;
  if (!isObject(general)) return;
  if (typeof general.time === 'string' && ISO_TIMESTAMP.test(general.time)) general.time = '<time>';
  for (const field of RUNTIME_GENERAL_FIELDS) if (field in general) general[field] = '<runtime>';
}

/** list=random picks by chance: keep how many pages and their namespaces, not which. */
function normaliseRandom(root: Record<string, unknown>): void {
  const random = isObject(root.query) ? root.query.random : undefined;
  if (Array.isArray(random)) {
    for (const item of random) {
      if (!isObject(item)) continue;
      if ('id' in item) item.id = '<random>';
      if ('title' in item) item.title = '<random>';
    }
  }
  if (isObject(root.continue) && 'rncontinue' in root.continue) root.continue.rncontinue = '<random>';
  const raw = root['query-continue'];
  if (isObject(raw) && isObject(raw.random) && 'rncontinue' in raw.random) raw.random.rncontinue = '<random>';
}

/**
 * action=checktoken says when the token it was given was made (`generated`, read from the
 * token's last 8 hex digits, valid or not). For a token of the session, asked for just before,
 * that is the clock; a token written in the case (`…00000001+\`) keeps its `generated` compared.
 */
function normaliseCheckToken(root: Record<string, unknown>): void {
  const answer = root.checktoken;
  if (isObject(answer) && typeof answer.generated === 'string' && ISO_TIMESTAMP.test(answer.generated)) answer.generated = '<generated>';
}

/** Session tokens (csrftoken, logintoken, ...) are per session and time; anonymous `+\` is compared. */
function replaceTokens(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(replaceTokens);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string' && /token$/i.test(key) && TOKEN.test(value)) node[key] = '<token>';
    else replaceTokens(value);
  }
}

/**
 * MediaWiki marks a diff (rvdiffto) served from its diff cache with a comment naming the cache
 * key; the first request for a diff has none. Whether a diff was cached is not API behaviour.
 */
const DIFF_CACHE_COMMENT = /\n<!-- diff cache key [^>]*-->\n?/g;

function stripDiffCacheComments(node: unknown): void {
  if (!isObject(node) && !Array.isArray(node)) return;
  const entries: [string | number, unknown][] = Array.isArray(node) ? [...node.entries()] : Object.entries(node);
  for (const [key, value] of entries) {
    if (typeof value === 'string' && value.includes('<!-- diff cache key')) {
      (node as Record<string | number, unknown>)[key] = value.replace(DIFF_CACHE_COMMENT, '');
    } else stripDiffCacheComments(value);
  }
}

/** The same comment in XML (escaped) and in PHP serialize() (whose string length shrinks with it). */
function withoutDiffCacheComments(text: string): string {
  if (!text.includes('diff cache key')) return text;
  let out = text.replace(/\n&lt;!-- diff cache key [^&]*--&gt;(\n)?/g, '');
  for (let found = DIFF_CACHE_COMMENT_ONCE.exec(out); found; found = DIFF_CACHE_COMMENT_ONCE.exec(out)) {
    const lengths = [...out.slice(0, found.index).matchAll(/s:(\d+):"/g)];
    const length = lengths[lengths.length - 1];
    const cut = Buffer.byteLength(found[0]);
    out = length?.index === undefined
      ? out.slice(0, found.index) + out.slice(found.index + found[0].length)
      : `${out.slice(0, length.index)}s:${Number(length[1]) - cut}:"${out.slice(length.index + length[0].length, found.index)}${out.slice(found.index + found[0].length)}`;
  }
  return out;
}

const DIFF_CACHE_COMMENT_ONCE = /\n<!-- diff cache key [^>]*-->\n?/;

/**
 * JSONP is compared as callback name + normalised JSON. Other text (XML, PHP serialization,
 * HTML pages of the *fm formats) is compared exactly after the same placeholders as JSON get,
 * written where each serialization puts them (see `normaliseSerialized`).
 */
export function normaliseText(text: string): unknown {
  const jsonp = JSONP.exec(text);
  if (jsonp) {
    try {
      return { jsonpCallback: jsonp[1], json: normaliseJson(JSON.parse(jsonp[2] ?? '')) };
    } catch {
      // not JSON inside: compared as text below
    }
  }
  return normaliseHtmlPage(normaliseSerialized(text));
}

/** HTML pages (help, *fm) carry a random request id and the time spent in their inline configuration. */
function normaliseHtmlPage(text: string): string {
  return text
    .replace(/"wgRequestId":"[^"]*"/g, '"wgRequestId":"<requestid>"')
    .replace(/"wgBackendResponseTime":\d+/g, '"wgBackendResponseTime":"<ms>"')
    .replace(WRAPPED_HTML_TIME, ',"time":"<ms>"}');
}

/** `wrappedhtml=1` answers `{"status":..,"html":..,"modules":..,"time":<ms spent>}`. */
const WRAPPED_HTML_TIME = /,"time":\d+\}$/;

const ISO = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ';
/**
 * A key and the opening of its string value in each serialization: an XML attribute
 * (`key="`), PHP serialize() (`s:N:"key";s:M:"`, M being the value's length), and the JSON of
 * jsonfm pages (`"key": "`). `(?<=[\s"])` keeps `xtime` or `runtime` from matching.
 */
const KEYED_VALUE = (keys: string, value: string): RegExp =>
  new RegExp(`(?<=[\\s"])(${keys})(="|";s:\\d+:"|": ")${value}"`, 'g');
const CLOCK_VALUES = KEYED_VALUE('curtimestamp|time', ISO);
const RUNTIME_VALUES = KEYED_VALUE(RUNTIME_GENERAL_FIELDS.join('|'), '[^"<>]*');
/** A session token as the value of a `…token` key (always 42 characters: PHP's length stays;
 * jsonfm escapes its backslash). */
const SERIALIZED_TOKEN = /(?<=token(?:="|";s:42:"|": "))[0-9a-f]{40}\+\\{1,2}(?=")/gi;

/**
 * The JSON placeholders in XML, PHP and pretty-printed bodies: `curtimestamp` and siteinfo's
 * `time` (ISO timestamps: the clock), siteinfo's runtime fields and session tokens. In PHP the value's length
 * goes with it (`s:20:"<timestamp>"` would lie), so the whole value becomes the placeholder.
 */
export function normaliseSerialized(text: string): string {
  return withoutDiffCacheComments(text)
    .replace(CLOCK_VALUES, (_, key: string, opening: string) => `${key}${opening.replace(/s:\d+:/, 's:?:')}<timestamp>"`)
    .replace(RUNTIME_VALUES, (_, key: string, opening: string) => `${key}${opening.replace(/s:\d+:/, 's:?:')}<runtime>"`)
    .replace(SERIALIZED_TOKEN, '<token>');
}
