// Deterministic generator of hostile API requests built from the modules' own parameter declarations,
// and of hostile HTTP around them: odd multipart bodies, huge parameter counts, over-long request
// lines and header blocks, unsupported and garbage methods, broken chunking, lying Content-Length,
// Expect: 100-continue, pipelined bursts, protocol garbage.
import { apiModulesFor } from '../../src/api/api.ts';
import type { QueryModule } from '../../src/api/module.ts';
import type { ParamDecl } from '../../src/api/params/declaration.ts';
import { DEFAULT_SERVE_OPTIONS, type RequestLimits } from '../../src/server/options.ts';
import { PREFLIGHT, type AnswerRule } from './answer-checks.ts';
import { sendRaw, type RawRequest, type WireExchange } from './raw-http.ts';

/** mulberry32: small, fast, and the same sequence on every machine for a seed. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  subset<T>(items: readonly T[], p: number): T[] {
    return items.filter(() => this.chance(p));
  }
}

/** A parameter value as it goes on the wire: already percent-encoded. */
type Wire = string;

/** Percent-encodes text as UTF-8 (lone surrogates become U+FFFD, as any client would send). */
export function enc(text: string): Wire {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~*]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const BOUNDARY_NUMBERS = [
  '0', '-1', '9007199254740992', '1e400', '1.5', '', '-0', '+5', ' 7', '0x1F', '99999999999999999999',
  '-9007199254740993', 'NaN', 'Infinity', '1_000', '٣', '2147483648', '-2147483649', '1e3', '.5',
];
const BAD_TIMESTAMPS = [
  '2025-13-45T99:99:99Z', 'now', 'yesterday', '0', '-1', '99999999999999', '1e10', '2025-01-01', 'T',
  '0000-00-00T00:00:00Z', '9999-12-31T23:59:59Z', '1970', '20250110', '2025-01-10T00:00:00+25:00', '@@@',
  '-62167219200', '2025-02-30T00:00:00Z', '2025-01-10 00:00:00', 'infinity', '99991231235959', '1e400',
  '2025-01-10T00:00:00.123456789Z', '253402300800',
];
/** Every character MediaWiki refuses in titles, and the title forms that trip parsers. */
const AWKWARD_TITLES = [
  '#', '<>', '[[Mars]]', 'Foo|Bar', '{{x}}', '%41', 'A%2', 'A%zz', '..', '../x', 'x/..', './x', '~~~', 'Mars~~~~',
  ':', '::', 'Special:', 'Media:', 'Special:Nonexistent', 'Media:Mars.png', 'Talk:Special:X', 'User:', 'User:#1',
  'Category:', 'Talk:', 'wikipedia:Foo', ':de:Foo', 'de:', 'x'.repeat(256), 'é'.repeat(200), '&amp;', '&#123;',
  '&nbsp;', '&#x0;', ' ', '_', '__', 'Foo\u00a0Bar', '\u200eMars', 'Ünïcode Tëst', '日本語', 'Emoji 😀 page',
  'Talk:Talk:X', 'Fixture Wiki:x', 'File:', 'File:x/y', 'User:192.0.2.10', 'User:2001:db8::1', 'Foo#bar',
  '#frag', '\ufffd', 'Q&A', '100% Pure', 'Title with "quotes"', 'Mars#', 'Category:Planets#x', '\u3000',
  'A\u2028B', 'Special:Redirect/page/1', 'MediaWiki:Common.css', 'Template:Infobox', '\ud800', 'Hydrogen<', 'a>b',
];
const CONTROL_TEXT = ['\u0000', 'a\u0001b', '\t', '\r\n', '\u007f', '\u0085', '\u200f', '\ufeffMars', '\u2028', 'Mars\u0000Jupiter', '\u001b[31m'];
/** Invalid UTF-8 and other raw byte sequences, already on the wire. */
const BAD_BYTES: readonly Wire[] = [
  '%C3', '%FF', '%00', '%C3%28', '%ED%A0%80', '%F4%90%80%80', '%E2%82', '%C0%AF', '%80', '%FE%FF',
  'Mars%FF%7CJupiter', '%', '%%', '%4', '%G0', '%C3%A9%CC%81', 'e%CC%81', '%EF%BF%BE', '%F0%9F%98',
];
const GARBAGE_CONTINUES = [
  'abc', '|', '||', '-||', '0|', '-1|x', '1|2|3|4|5|6', '0|0', 'Mars|', '|Mars', 'x|-5', '2147483648|1',
  '9007199254740993|1', '1e400|1', 'Mars|Jupiter|76|x', '\u0000|1', '..|..', '20250110000000|', '|20250110000000|1',
  'page|4d415253|76', 'file|4D415253|0', 'subcat|x', '14|Planets', '0|Mars|0', 'gapcontinue||', 'allpages||',
];
const VALID_TITLES = ['Mars', 'Jupiter', 'Saturn', 'Earth', 'Main Page', 'Category:Planets', 'Template:Infobox', 'Hydrogen', 'Luna', 'Fixture Wiki:Sandbox', 'Deleted page', 'User:Alice'];
const VALID_USERS = ['Alice', 'Mallory', '192.0.2.10', 'Spammer1234', '198.51.100.0/24', 'oldwiki>Historian', '2001:DB8:0:0:0:0:0:1234', 'Nobody here', '#12'];
const FORMATS = ['json', 'json', 'json', 'json', 'json', 'json', 'json', 'json', 'json', 'json', 'json', 'jsonfm', 'xml', 'xmlfm', 'php', 'phpfm', 'none', 'rawfm'];
const BAD_FORMATS = ['bogus', 'JSON', '', 'json\u0000'];
const ERROR_FORMATS = ['bc', 'plaintext', 'wikitext', 'html', 'raw', 'none'];

/** Real continuation values (`continue` object fields) the server gave for easy requests. */
export type ContinueSample = Record<string, string>;

/** A served action besides query and paraminfo whose own parameters are fuzzed (opensearch). */
export interface FuzzedAction {
  name: string;
  params: Readonly<Record<string, ParamDecl>>;
}

/** The served actions whose parameters the fuzzer sends, as the server declares them. */
export function fuzzedActions(modules: readonly QueryModule[]): FuzzedAction[] {
  const actions = apiModulesFor(modules).actions;
  return ['opensearch'].map((name) => ({ name, params: actions.get(name)!.params as Readonly<Record<string, ParamDecl>> }));
}

export interface FuzzContext {
  modules: readonly QueryModule[];
  /** Served actions with parameters of their own; none when not given. */
  actions?: readonly FuzzedAction[];
  continues: readonly ContinueSample[];
  /** The limits of the server under test (its defaults unless given): where requests start to be refused, how long it waits. */
  limits?: RequestLimits;
}

/** An API request any HTTP client could send, with hostile parameters. */
export interface ApiCase {
  kind: 'api';
  index: number;
  /** The parameters as sent, for the report. */
  params: [string, Wire][];
  request: RawRequest;
  /** What a correct answer may look like. */
  format: string;
  allowedStatuses: number[];
}

/** Hostile HTTP: bytes written on a connection of their own, and the answers they deserve. */
export interface WireCase {
  kind: 'wire';
  index: number;
  /** The family of the case (multipart, many-params, chunked...), for counts. */
  shape: string;
  /** What this case does, in a few words. */
  variant: string;
  exchange: WireExchange;
  /** One rule per answer owed, in order. */
  answers: AnswerRule[];
  /** The server may close after this many answers instead of giving the rest (a protocol error). */
  minAnswers: number;
  /** How long the server may wait before answering: its header or body timeout, for bytes that never come (0: none). */
  waitMs: number;
}

export type FuzzCase = ApiCase | WireCase;

/** One case in this many is hostile HTTP rather than a plain API request. */
export const WIRE_CASE_EVERY = 10;

function sometimes(rng: Rng, p: number, make: () => Wire): Wire | undefined {
  return rng.chance(p) ? make() : undefined;
}

function manyValues(rng: Rng): string {
  const form = rng.int(3);
  return Array.from({ length: 600 }, (_, i) => (form === 0 ? String(i + 1) : form === 1 ? rng.pick(VALID_TITLES) : `Page ${i}`)).join('|');
}

function huge(rng: Rng): string {
  return rng.pick(['A'.repeat(100_000), 'é'.repeat(50_000), 'Mars|'.repeat(20_000), '\u001f' + 'x\u001f'.repeat(50_000), '%'.repeat(100_000)]);
}

function continueValue(rng: Rng, ctx: FuzzContext): string {
  const sample = ctx.continues.length ? rng.pick(ctx.continues) : {};
  const values = Object.entries(sample).filter(([k]) => k !== 'continue').map(([, v]) => v);
  const real = values.length ? rng.pick(values) : 'Mars';
  switch (rng.int(4)) {
    case 0:
      return real;
    case 1:
      return real.slice(0, rng.int(real.length + 1));
    case 2:
      return real + rng.pick(['|', '|x', '0', '|0|0', '\u0000']);
    default:
      return rng.pick(GARBAGE_CONTINUES);
  }
}

/** A value that the parameter's declaration accepts. */
function validValue(rng: Rng, decl: ParamDecl): string {
  const type = decl.type;
  if (Array.isArray(type)) {
    const choices = type as readonly string[];
    if (!decl.multi) return rng.pick(choices);
    if (decl.allSpecifier && rng.chance(0.1)) return '*';
    const chosen = rng.subset(choices, 0.4);
    return (chosen.length ? chosen : [rng.pick(choices)]).join('|');
  }
  if (typeof type === 'object') {
    return rng.pick(['sysop', 'user', 'wikitext', 'vector', 'en', 'read', 'bot']);
  }
  switch (type) {
    case 'integer':
      return rng.pick(['1', '10', '76', '449', '0', '500']);
    case 'limit':
      return rng.pick(['1', '2', '10', 'max', '500', '5000']);
    case 'boolean':
      return rng.pick(['', '1', '0', 'false']);
    case 'timestamp':
      return rng.pick(['2025-01-10T00:00:00Z', '20250110000000', 'now', '1736467200', '2010-01-01T00:00:00Z']);
    case 'user':
      return rng.pick(VALID_USERS);
    case 'namespace':
      return rng.pick(['0', '14', '-1', '-2', '0|1|2', '*', '10', '6']);
    case 'title':
      return rng.pick(VALID_TITLES);
    case 'expiry':
      return rng.pick(['infinite', '1 week']);
    case 'submodule':
      return rng.pick(Object.keys(decl.submodules ?? { query: '' }));
    default:
      return rng.pick([...VALID_TITLES, 'A', '1', '!', 'Mars|Earth', 'Solar_System', '4d415253']);
  }
}

/** A value meant to hurt: the kinds weighted toward what this parameter parses. */
function hostileValue(rng: Rng, decl: ParamDecl, name: string, ctx: FuzzContext): Wire {
  const type = decl.type;
  const numeric = type === 'integer' || type === 'limit' || type === 'namespace';
  if (name.endsWith('continue') && rng.chance(0.7)) return enc(continueValue(rng, ctx));
  if (numeric && rng.chance(0.5)) return enc(rng.pick([...BOUNDARY_NUMBERS, 'max', '-max', '0|max', '1|-1']));
  if (type === 'timestamp' && rng.chance(0.6)) return enc(rng.pick(BAD_TIMESTAMPS));
  if ((type === 'string' || type === 'title' || type === 'user') && rng.chance(0.4)) return enc(rng.pick(AWKWARD_TITLES));
  switch (rng.int(9)) {
    case 0:
      return enc(rng.pick(BOUNDARY_NUMBERS));
    case 1:
      return enc(huge(rng));
    case 2:
      return enc(rng.pick(CONTROL_TEXT));
    case 3:
      return rng.pick(BAD_BYTES);
    case 4:
      return enc(rng.pick(['\u001fMars\u001fJupiter', '\u001f', '\u001f\u001f', '\u001fa|b\u001fc', `\u001f${validValue(rng, decl)}\u001f`]));
    case 5:
      return enc(manyValues(rng));
    case 6:
      return enc(rng.pick(['max', 'MAX', '*', '|', '||', '*|*']));
    case 7:
      return enc(rng.pick(BAD_TIMESTAMPS));
    default:
      return enc(rng.pick(AWKWARD_TITLES));
  }
}

/**
 * A random subset of the module's parameters; only a few get hostile values, so that most
 * requests get past validation into the module itself.
 */
function moduleParams(rng: Rng, module: QueryModule, prefix: string, ctx: FuzzContext): [string, Wire][] {
  return declaredParams(rng, module.decl.params, prefix, ctx);
}

function declaredParams(rng: Rng, params: Readonly<Record<string, ParamDecl>>, prefix: string, ctx: FuzzContext): [string, Wire][] {
  const chosen = rng.subset(Object.entries(params), 0.35);
  const hostile = new Set(rng.subset(chosen, rng.pick([0, 0, 0.15, 0.3, 0.6])).map(([name]) => name));
  return chosen.map(([name, decl]) => [prefix + name, hostile.has(name) ? hostileValue(rng, decl, name, ctx) : enc(validValue(rng, decl))]);
}

/** A served action of its own (action=opensearch): its required parameters mostly there, the rest fuzzed. */
function servedActionParams(rng: Rng, ctx: FuzzContext, action: FuzzedAction): [string, Wire][] {
  const out: [string, Wire][] = [['action', enc(action.name)], ...declaredParams(rng, action.params, '', ctx)];
  for (const [name, decl] of Object.entries(action.params)) {
    if (decl.required && !out.some(([sent]) => sent === name) && rng.chance(0.9)) out.push([name, enc(validValue(rng, decl))]);
  }
  return out;
}

function pageSetParams(rng: Rng): [string, Wire][] {
  const out: [string, Wire][] = [];
  const kind = rng.int(6);
  if (kind <= 2) out.push(['titles', enc(rng.subset(VALID_TITLES, 0.3).join('|') || 'Mars')]);
  if (kind === 3) out.push(['titles', rng.pick([() => enc(rng.pick(AWKWARD_TITLES)), () => rng.pick(BAD_BYTES), () => enc(manyValues(rng)), () => enc(AWKWARD_TITLES.join('|'))])()]);
  if (kind === 4) out.push(['pageids', enc(rng.pick(['76', '76|77|78', '0', '-1', '99999', manyValues(rng), '1e400', 'x']))]);
  if (kind === 5) out.push(['revids', enc(rng.pick(['449', '77|162|449|451', '436|439', '0', '-5', '99999999', '1.5', manyValues(rng)]))]);
  if (rng.chance(0.2)) out.push(['redirects', enc(rng.pick(['', '1']))]);
  if (rng.chance(0.1)) out.push(['converttitles', '']);
  if (rng.chance(0.1)) out.push(['indexpageids', '']);
  return out;
}

function mainParams(rng: Rng, ctx: FuzzContext): [string, Wire][] {
  const out: [string, Wire][] = [];
  const add = (name: string, p: number, values: readonly string[]) => {
    const v = sometimes(rng, p, () => enc(rng.pick(values)));
    if (v !== undefined) out.push([name, v]);
  };
  out.push(['format', enc(rng.chance(0.03) ? rng.pick(BAD_FORMATS) : rng.pick(FORMATS))]);
  add('formatversion', 0.5, rng.chance(0.1) ? ['3', '', '2.0', '02'] : ['1', '2', 'latest']);
  add('errorformat', 0.3, rng.chance(0.1) ? ['bogus', ''] : ERROR_FORMATS);
  add('uselang', 0.1, ['qqx', 'de', 'en', 'user', 'content', 'x"<>', '', 'zh-hant']);
  add('errorlang', 0.1, ['qqx', 'uselang', 'de', 'content', '']);
  add('errorsuselocal', 0.05, ['', '1']);
  add('utf8', 0.1, ['', '1']);
  add('ascii', 0.1, ['', '1']);
  add('callback', 0.05, ['cb', 'a(b)', '', 'x.y[0]']);
  add('wrappedhtml', 0.05, ['', '1']);
  add('origin', 0.03, ['*', 'http://a.example']);
  add('requestid', 0.05, ['r1', '<b>&amp;</b>', '\u0000', 'x'.repeat(5000)]);
  add('curtimestamp', 0.05, ['']);
  add('servedby', 0.05, ['']);
  add('responselanginfo', 0.05, ['']);
  add('maxlag', 0.03, ['0', '-1', '5', 'x', '1e400']);
  add('smaxage', 0.03, BOUNDARY_NUMBERS);
  add('maxage', 0.03, BOUNDARY_NUMBERS);
  add('assert', 0.03, ['anon', 'anon', 'user', 'bot', 'x']);
  add('assertuser', 0.02, ['Alice', '', '#']);
  add('rawcontinue', 0.05, ['', '1']);
  if (rng.chance(0.1)) out.push(['continue', enc(rng.chance(0.5) ? continueMain(rng, ctx) : rng.pick(GARBAGE_CONTINUES))]);
  add('xslt', 0.02, ['MediaWiki:X.xsl', 'x', '']);
  add('includexmlnamespace', 0.02, ['']);
  return out;
}

function continueMain(rng: Rng, ctx: FuzzContext): string {
  const sample = ctx.continues.length ? rng.pick(ctx.continues) : {};
  return sample.continue ?? '-||';
}

function groupParam(module: QueryModule): string {
  return module.decl.group ?? 'list';
}

/** The action=query part: one or more modules, maybe one as generator, with fuzzed parameters. */
function queryParams(rng: Rng, ctx: FuzzContext, primary: QueryModule): [string, Wire][] {
  const out: [string, Wire][] = [['action', 'query']];
  const asGenerator = primary.decl.generator === true && rng.chance(0.3);
  const used = new Map<string, string[]>();
  if (asGenerator) {
    out.push(['generator', enc(primary.decl.name)]);
    out.push(...moduleParams(rng, primary, `g${primary.decl.prefix}`, ctx));
  } else {
    used.set(groupParam(primary), [primary.decl.name]);
    out.push(...moduleParams(rng, primary, primary.decl.prefix, ctx));
  }
  if (rng.chance(asGenerator ? 0.7 : 0.2)) {
    const other = rng.pick(ctx.modules.filter((m) => m !== primary));
    used.set(groupParam(other), [...(used.get(groupParam(other)) ?? []), other.decl.name]);
    out.push(...moduleParams(rng, other, other.decl.prefix, ctx));
  }
  for (const [group, names] of used) out.push([group, enc(names.join('|'))]);
  if (primary.decl.group === 'prop' || asGenerator || rng.chance(0.1)) {
    if (!asGenerator || primary.decl.group === 'prop') out.push(...pageSetParams(rng));
  }
  return out;
}

/** A few requests are not action=query at all. */
function otherActionParams(rng: Rng, ctx: FuzzContext): [string, Wire][] {
  const module = rng.pick(ctx.modules);
  switch (rng.int(4)) {
    case 0:
      return [['action', 'paraminfo'], ['modules', enc(rng.pick([`query+${module.decl.name}`, 'query+*', '*', 'main|query|x', manyValues(rng)]))]];
    case 1:
      return [['action', 'paraminfo'], ['querymodules', enc(module.decl.name)], ['helpformat', enc(rng.pick(['none', 'html', 'wikitext', 'raw', 'x']))]];
    case 2:
      return [['action', enc(rng.pick(['edit', 'delete', 'nosuch', '', 'QUERY', 'query\u0000']))]];
    default:
      return [['action', 'query'], ['list', enc(rng.pick(['allpages|allpages', 'nosuch', '', '|', manyValues(rng)]))]];
  }
}

function lastValue(params: [string, Wire][], name: string): string | undefined {
  for (let i = params.length - 1; i >= 0; i--) {
    if (params[i][0] === name) return decodeURIComponentSafe(params[i][1]);
  }
  return undefined;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** Bytes of a wire value (percent escapes decoded, malformed ones kept literally). */
function wireBytes(value: Wire): Buffer {
  const out: number[] = [];
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '%' && /^[0-9a-fA-F]{2}$/.test(value.slice(i + 1, i + 3))) {
      out.push(parseInt(value.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out.push(...Buffer.from(value[i], 'utf8'));
    }
  }
  return Buffer.from(out);
}

function multipartBody(params: [string, Wire][], boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of params) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`));
    parts.push(wireBytes(value), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** GET for most; POST (urlencoded or multipart) for some, and for anything too long for a URL. */
function transport(rng: Rng, apiPath: string, params: [string, Wire][]): RawRequest {
  const query = params.map(([k, v]) => `${enc(k)}=${v}`).join('&');
  const roll = rng.next();
  if (roll < 0.06) {
    const boundary = `fuzz${rng.int(1e9)}`;
    return { method: 'POST', path: apiPath, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body: multipartBody(params, boundary) };
  }
  if (roll < 0.3 || query.length > 8000) {
    return { method: 'POST', path: apiPath, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: Buffer.from(query, 'latin1') };
  }
  return { method: 'GET', path: `${apiPath}?${query}` };
}

function makeApiCase(rng: Rng, index: number, apiPath: string, ctx: FuzzContext): ApiCase {
  const primary = ctx.modules[index % ctx.modules.length];
  // One draw decides the kind of request: the query cases of a seed stay those they were before
  // served actions were fuzzed, except the few that became such actions.
  const kind = rng.next();
  const params = kind < 0.04
    ? otherActionParams(rng, ctx)
    : kind < 0.07 && ctx.actions?.length ? servedActionParams(rng, ctx, rng.pick(ctx.actions)) : queryParams(rng, ctx, primary);
  params.push(...mainParams(rng, ctx));
  if (rng.chance(0.05) && params.length) params.push([rng.pick(params)[0], enc(rng.pick(['', 'x', 'Mars']))]);
  const ordered = rng.chance(0.5) ? shuffle(rng, params) : params;
  const action = lastValue(ordered, 'action') ?? '';
  const origin = lastValue(ordered, 'origin');
  const allowedStatuses = [200];
  if (origin !== undefined && origin !== '*') allowedStatuses.push(403);
  return {
    kind: 'api',
    index,
    params: ordered,
    request: transport(rng, apiPath, ordered),
    format: action === 'help' ? 'html' : lastValue(ordered, 'format') ?? '',
    allowedStatuses,
  };
}

/**
 * Case `index` of the run `seed`: the same case on every machine, so that one can be replayed
 * alone. Every WIRE_CASE_EVERY-th case wraps its API request in hostile HTTP.
 */
export function makeCase(index: number, seed: number, apiPath: string, ctx: FuzzContext): FuzzCase {
  const rng = new Rng(seed ^ Math.imul(index + 1, 0x9e3779b1));
  const api = makeApiCase(rng, index, apiPath, ctx);
  if (index % WIRE_CASE_EVERY !== WIRE_CASE_EVERY - 1) return api;
  const env: ShapeEnv = {
    apiPath,
    limits: ctx.limits ?? DEFAULT_SERVE_OPTIONS.request,
    apiCase: (k) => makeApiCase(new Rng((seed ^ Math.imul(index + 1, 0x85ebca6b)) + k), index + k, apiPath, ctx),
  };
  const [shape, make] = pickWeighted(rng, SHAPES);
  const made = make(rng, api, env);
  return { kind: 'wire', index, shape, waitMs: 0, ...made };
}

/** Continuation values the server really gives, to be replayed, cut short and crossed between modules. */
export async function sampleContinues(base: string, apiPath: string, timeoutMs: number): Promise<ContinueSample[]> {
  const samples: ContinueSample[] = [];
  const asks = [
    'list=allpages&aplimit=1', 'list=backlinks&bltitle=Earth&bllimit=1', 'list=categorymembers&cmtitle=Category:Planets&cmlimit=1',
    'list=embeddedin&eititle=Template:Infobox&eilimit=1', 'prop=categories&titles=Mars|Earth&cllimit=1', 'prop=links&titles=Mars&pllimit=1',
    'prop=templates&titles=Mars&tllimit=1', 'prop=revisions&titles=Earth&rvlimit=1', 'prop=references&titles=Mars|Earth',
    'generator=allpages&gaplimit=1&prop=revisions', 'list=categorymembers&cmtitle=Category:Planets&cmlimit=1&cmsort=timestamp',
    'list=backlinks&bltitle=Earth&bllimit=1&blredirect=1', 'list=allpages&aplimit=1&rawcontinue=1',
    // The modules of pages and links: their continuations, crossed into every other module.
    'prop=linkshere&titles=Earth&lhlimit=1', 'prop=transcludedin&titles=Template:Infobox&tilimit=1',
    'prop=fileusage&titles=File:Mars_globe.png|File:Earth_globe.png&fulimit=1', 'prop=redirects&titles=Earth&rdlimit=1',
    'prop=pageprops&titles=1984|IPhone&ppprop=displaytitle|notoc', 'prop=categoryinfo&generator=allcategories&gaclimit=2',
    'prop=images&titles=Earth|Mars&imlimit=1', 'prop=langlinks&titles=Earth&lllimit=1', 'prop=iwlinks&generator=allpages&gaplimit=max&iwlimit=1',
    'prop=extlinks&titles=Earth&ellimit=1', 'list=imageusage&iutitle=File:Mars_globe.png&iulimit=1', 'list=alllinks&allimit=1',
    'list=alllinks&alunique=1&allimit=1', 'list=alltransclusions&atlimit=1', 'list=allfileusages&aflimit=1', 'list=allredirects&arlimit=1',
    'list=allcategories&aclimit=1', 'list=protectedtitles&ptlimit=1', 'list=pagepropnames&ppnlimit=1', 'list=pageswithprop&pwppropname=displaytitle&pwplimit=1',
    'list=exturlusage&eulimit=1', 'list=iwbacklinks&iwbllimit=1', 'list=langbacklinks&lbllimit=1', 'list=random&rnlimit=1',
    'list=prefixsearch&pssearch=M&pslimit=1',
  ];
  for (const ask of asks) {
    const answer = await sendRaw(base, { method: 'GET', path: `${apiPath}?action=query&format=json&formatversion=2&${ask}` }, timeoutMs);
    const json = JSON.parse(answer.body) as { continue?: Record<string, unknown>; 'query-continue'?: Record<string, Record<string, unknown>> };
    // formatversion=2 gives offsets (psoffset, rnoffset...) as numbers: a request carries text.
    const asText = (values: Record<string, unknown>): ContinueSample => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
    if (json.continue) samples.push(asText(json.continue));
    for (const part of Object.values(json['query-continue'] ?? {})) samples.push(asText(part));
  }
  return samples;
}

// --- hostile HTTP -----------------------------------------------------------------------------

interface ShapeEnv {
  apiPath: string;
  limits: RequestLimits;
  /** The k-th of further API cases belonging to this case (for pipelines). */
  apiCase: (k: number) => ApiCase;
}

type WireShape = Pick<WireCase, 'variant' | 'exchange' | 'answers' | 'minAnswers'> & { waitMs?: number };
type ShapeMaker = (rng: Rng, api: ApiCase, env: ShapeEnv) => WireShape;

/** An API request whose parameters may have been lost or changed on the way: any API answer, well-formed. */
const DAMAGED: AnswerRule = { statuses: [200, 403], format: null };
const HOST = '127.0.0.1';

function refusal(...statuses: number[]): AnswerRule {
  return { statuses, format: null };
}

function apiRule(api: ApiCase): AnswerRule {
  return { statuses: api.allowedStatuses, format: api.format };
}

function pickWeighted<T>(rng: Rng, items: readonly (readonly [number, string, T])[]): [string, T] {
  const total = items.reduce((sum, [w]) => sum + w, 0);
  let roll = rng.next() * total;
  for (const [weight, name, item] of items) {
    roll -= weight;
    if (roll < 0) return [name, item];
  }
  const last = items[items.length - 1];
  return [last[1], last[2]];
}

/** A count spread evenly over the orders of magnitude between low and high. */
function logUniform(rng: Rng, low: number, high: number): number {
  return Math.round(low * (high / low) ** rng.next());
}

/** A request as bytes: request line, Host (unless the fields say otherwise), the fields, the body with its Content-Length unless one is given. */
function requestBytes(method: string, target: string, fields: [string, string][], body?: Buffer, host: boolean = true): Buffer {
  const lines = [`${method} ${target} HTTP/1.1`];
  if (host) lines.push(`Host: ${HOST}`);
  for (const [name, value] of fields) lines.push(`${name}: ${value}`);
  const framed = fields.some(([name]) => /^(content-length|transfer-encoding)$/i.test(name));
  if (body && !framed) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body ? Buffer.concat([head, body]) : head;
}

/** An API case's request on the wire, with extra header fields. */
function apiRequestBytes(api: ApiCase, extraFields: [string, string][] = []): Buffer {
  const { method, path, headers, body } = api.request;
  return requestBytes(method, path, [...Object.entries(headers ?? {}), ...extraFields], body);
}

/** The API case's parameters as a urlencoded body. */
function formBody(api: ApiCase): Buffer {
  return Buffer.from(api.params.map(([k, v]) => `${enc(k)}=${v}`).join('&'), 'latin1');
}

const FORM: [string, string] = ['Content-Type', 'application/x-www-form-urlencoded'];

function single(variant: string, bytes: Buffer | Buffer[], rule: AnswerRule, options: { minAnswers?: number; end?: boolean; waitMs?: number; head?: boolean } = {}): WireShape {
  return {
    variant,
    exchange: { writes: Array.isArray(bytes) ? bytes : [bytes], expectedAnswers: 1, endAfterWriting: options.end ?? false, headAnswers: options.head ? [0] : undefined },
    answers: [rule],
    minAnswers: options.minAnswers ?? 1,
    waitMs: options.waitMs ?? 0,
  };
}

/**
 * mod_reqtimeout's waits: headers get headerTimeoutMs plus a second per minRate bytes received, up
 * to headerTimeoutMaxMs; a body gets bodyTimeoutMs plus the same, without a ceiling. A stalled case
 * sends few bytes, so that the wait stays short.
 */
function headerWait(limits: RequestLimits, bytes: number): number {
  const perByte = limits.minRateBytesPerSecond > 0 ? 1000 / limits.minRateBytesPerSecond : 0;
  return Math.min(Math.max(limits.headerTimeoutMs, limits.headerTimeoutMaxMs), limits.headerTimeoutMs + bytes * perByte);
}

function bodyWait(limits: RequestLimits, bytes: number): number {
  const perByte = limits.minRateBytesPerSecond > 0 ? 1000 / limits.minRateBytesPerSecond : 0;
  return limits.bodyTimeoutMs + bytes * perByte;
}

/** The bytes of a stalled body: few, so that mod_reqtimeout's extension for bytes received stays small. */
const STALLED_BODY_BYTES = 200;

// --- multipart

interface Part {
  /** Header lines of the part, each without its line end. */
  head: Buffer[];
  value: Buffer;
}

const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

function disposition(name: Buffer): Buffer {
  return Buffer.concat([latin1('Content-Disposition: form-data; name="'), name, latin1('"')]);
}

function fieldPart(name: Buffer | string, value: Buffer | string): Part {
  return { head: [disposition(typeof name === 'string' ? Buffer.from(name, 'utf8') : name)], value: typeof value === 'string' ? Buffer.from(value, 'utf8') : value };
}

const JUNK_VALUES = ['', 'x', 'Mars', '\u0000', 'max', 'query', 'json', '|', 'x'.repeat(10_000)];
const BAD_NAME_BYTES = [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0x80], [0xfe, 0xff]];

function hugeName(rng: Rng): Buffer {
  const n = logUniform(rng, 10_000, 1_000_000);
  switch (rng.int(4)) {
    case 0:
      return latin1('x'.repeat(n));
    case 1:
      return Buffer.from('é'.repeat(n >> 1), 'utf8');
    case 2:
      return latin1(`a${'['.repeat(n)}`);
    default:
      return latin1(`a${'[]'.repeat(n >> 1)}`);
  }
}

/** Changes to the list of parts, each named for the report. */
const PART_MUTATIONS: readonly (readonly [number, string, (rng: Rng, parts: Part[], names: string[]) => void])[] = [
  [3, 'an empty name', (rng, parts) => parts.splice(rng.int(parts.length + 1), 0, fieldPart('', rng.pick(JUNK_VALUES)))],
  [2, 'a part without a name', (rng, parts) => parts.splice(rng.int(parts.length + 1), 0, { head: [latin1(rng.pick(['Content-Disposition: form-data', 'Content-Disposition: form-data;', 'Content-Disposition: form-data; filename']))], value: latin1('v') })],
  [3, 'duplicated names', (rng, parts, names) => {
    const name = rng.pick([...names, 'action', 'format', 'titles']);
    const copies = rng.chance(0.3) ? logUniform(rng, 10, 5_000) : 1;
    for (let i = 0; i < copies; i++) parts.splice(rng.int(parts.length + 1), 0, fieldPart(name, rng.pick(JUNK_VALUES)));
  }],
  [3, 'NUL in a name', (rng, parts, names) => {
    const name = rng.pick([...names, 'titles']);
    const cut = rng.int(name.length + 1);
    parts.push(fieldPart(`${name.slice(0, cut)}\u0000${name.slice(cut)}`, rng.pick(JUNK_VALUES)));
  }],
  [2, 'a huge name', (rng, parts) => parts.splice(rng.int(parts.length + 1), 0, fieldPart(hugeName(rng), 'v'))],
  [3, 'a name that is not UTF-8', (rng, parts, names) => {
    const name = Buffer.from(rng.pick([...names, 'titles']), 'utf8');
    const cut = rng.int(name.length + 1);
    parts.push(fieldPart(Buffer.concat([name.subarray(0, cut), Buffer.from(rng.pick(BAD_NAME_BYTES)), name.subarray(cut)]), 'Mars'));
  }],
  [3, 'a part without Content-Disposition', (rng, parts) => parts.splice(rng.int(parts.length + 1), 0, { head: rng.chance(0.5) ? [latin1('Content-Type: text/plain')] : [], value: latin1('action=help') })],
  [3, 'odd dispositions', (rng, parts) => {
    const head = rng.pick([
      'Content-Disposition: form-data; name=titles', "Content-Disposition: form-data; name='titles'", 'Content-Disposition: form-data; NAME="titles"',
      'Content-Disposition: form-data; name="ti\\"tles"', 'Content-Disposition: form-data; name="titles"; name="list"', 'Content-Disposition: attachment; name="titles"',
      'Content-Disposition: form-data;;; name="titles";;', 'Content-Disposition: form-data; name="titles', 'Content-Disposition:form-data;name=titles',
      'Content-Disposition: form-data; name="titles"; filename=""', 'Content-Disposition: form-data; name="up"; filename="x.txt"',
    ]);
    const lines = [latin1(head)];
    if (rng.chance(0.2)) lines.push(latin1(' ; name="folded"'));
    parts.splice(rng.int(parts.length + 1), 0, { head: lines, value: latin1('Mars') });
  }],
  [1, 'more file parts than PHP reads', (rng, parts) => {
    for (let i = 0; i < 25; i++) parts.push({ head: [latin1(`Content-Disposition: form-data; name="f${i}"; filename="f${i}.txt"`), latin1('Content-Type: text/plain')], value: latin1('data\r\n'.repeat(rng.int(100))) });
  }],
  [2, 'many parts', (rng, parts) => {
    const n = logUniform(rng, 1_000, 20_000);
    for (let i = 0; i < n; i++) parts.push(fieldPart(`p${i}`, String(i)));
  }],
];

/** The Content-Type's boundary against the one the body uses. */
const BOUNDARY_MUTATIONS: readonly (readonly [number, string, (rng: Rng, boundary: string) => { header: string; used: string }])[] = [
  [6, 'the right boundary', (_rng, b) => ({ header: `multipart/form-data; boundary=${b}`, used: b })],
  [1, 'no boundary', (_rng, b) => ({ header: 'multipart/form-data', used: b })],
  [1, 'an empty boundary', () => ({ header: 'multipart/form-data; boundary=', used: '' })],
  [1, 'two boundaries', (rng, b) => ({ header: `multipart/form-data; boundary=${b}; boundary=other`, used: rng.chance(0.5) ? b : 'other' })],
  [1, 'a quoted boundary', (_rng, b) => ({ header: `multipart/form-data; boundary="${b}"`, used: b })],
  [1, 'an unclosed quote', (_rng, b) => ({ header: `multipart/form-data; boundary="${b}`, used: b })],
  [1, 'a wrong boundary', (_rng, b) => ({ header: `multipart/form-data; boundary=${b}`, used: `${b}x` })],
  [1, 'a huge boundary', (rng) => {
    const huge = 'b'.repeat(logUniform(rng, 100, 20_000));
    return { header: `multipart/form-data; boundary=${huge}`, used: huge };
  }],
  [1, 'a boundary in capitals', (_rng, b) => ({ header: `Multipart/Form-Data; BOUNDARY=${b}`, used: b })],
  [1, 'a boundary with odd characters', (rng) => {
    const odd = rng.pick(['a b', '--', "'()+_,-./:=?", 'x;y', '"']);
    return { header: `multipart/form-data; boundary=${odd}`, used: odd };
  }],
];

/** Changes to the finished body. */
const BODY_MUTATIONS: readonly (readonly [number, string, (rng: Rng, body: Buffer, boundary: string) => Buffer])[] = [
  [10, 'an intact body', (_rng, body) => body],
  [2, 'a body cut short', (rng, body) => body.subarray(0, rng.int(body.length))],
  [1, 'LF line ends', (_rng, body) => latin1(body.toString('latin1').replaceAll('\r\n', '\n'))],
  [1, 'no closing delimiter', (_rng, body, b) => body.subarray(0, body.length - b.length - 6)],
  [1, 'a preamble', (_rng, body) => Buffer.concat([latin1('preamble\r\n--\r\nContent-Disposition: form-data; name="action"\r\n\r\nhelp\r\n'), body])],
  [1, 'an epilogue', (_rng, body, b) => Buffer.concat([body, latin1(`--${b}\r\nContent-Disposition: form-data; name="format"\r\n\r\nxml\r\n`)])],
];

function multipartBytes(parts: Part[], boundary: string): Buffer {
  const out: Buffer[] = [];
  const delimiter = latin1(`--${boundary}\r\n`);
  for (const part of parts) {
    out.push(delimiter);
    for (const line of part.head) out.push(line, latin1('\r\n'));
    out.push(latin1('\r\n'), part.value, latin1('\r\n'));
  }
  out.push(latin1(`--${boundary}--\r\n`));
  return Buffer.concat(out);
}

const multipartShape: ShapeMaker = (rng, api, env) => {
  const parts = api.params.map(([name, value]) => fieldPart(Buffer.from(decodeURIComponentSafe(name), 'utf8'), wireBytes(value)));
  const names = api.params.map(([name]) => decodeURIComponentSafe(name));
  const done: string[] = [];
  for (let n = rng.pick([1, 1, 2, 3]); n > 0; n--) {
    const [what, mutate] = pickWeighted(rng, PART_MUTATIONS);
    mutate(rng, parts, names);
    done.push(what);
  }
  const [boundaryWhat, chooseBoundary] = pickWeighted(rng, BOUNDARY_MUTATIONS);
  const { header, used } = chooseBoundary(rng, `fuzz${rng.int(1e9)}`);
  const [bodyWhat, finish] = pickWeighted(rng, BODY_MUTATIONS);
  const body = finish(rng, multipartBytes(parts, used), used);
  const rule = body.length > env.limits.maxBodyBytes ? refusal(413) : DAMAGED;
  return single(`multipart: ${done.join(', ')}; ${boundaryWhat}; ${bodyWhat}`, requestBytes('POST', env.apiPath, [['Content-Type', header]], body), rule);
};

// --- huge parameter counts

const manyParamsShape: ShapeMaker = (rng, api, env) => {
  const count = logUniform(rng, 1_000, 100_000);
  const names = api.params.map(([name]) => name);
  const form = rng.pick(['distinct names', 'one name repeated', 'empty segments', 'names without values', 'a mixture']);
  const segment = (i: number): string => {
    switch (form === 'a mixture' ? rng.int(4) : ['distinct names', 'one name repeated', 'empty segments', 'names without values'].indexOf(form)) {
      case 0:
        return `p${i}=${i}`;
      case 1:
        return `${names[i % Math.max(1, names.length)] ?? 'titles'}=${rng.pick(['Mars', '', 'x', 'max'])}`;
      case 2:
        return '';
      default:
        return `n${i}`;
    }
  };
  const junk = Array.from({ length: count }, (_, i) => segment(i)).join('&');
  const own = api.params.map(([k, v]) => `${enc(k)}=${v}`).join('&');
  const first = rng.chance(0.5);
  const query = first ? `${junk}&${own}` : `${own}&${junk}`;
  const where = rng.pick(['query string', 'query string', 'urlencoded body', 'urlencoded body', 'multipart body']);
  const variant = `${count} parameters (${form}) ${first ? 'before' : 'after'} the request's own, in the ${where}`;
  if (where === 'query string') {
    const target = `${env.apiPath}?${query}`;
    const tooLong = `GET ${target} HTTP/1.1`.length > env.limits.maxRequestLineBytes;
    return single(variant, requestBytes('GET', target, []), tooLong ? refusal(414) : DAMAGED);
  }
  if (where === 'urlencoded body') {
    const body = latin1(query);
    return single(variant, requestBytes('POST', env.apiPath, [FORM], body), body.length > env.limits.maxBodyBytes ? refusal(413) : DAMAGED);
  }
  const pairs = query.split('&').slice(0, 20_000).map((pair) => {
    const eq = pair.indexOf('=');
    return eq < 0 ? fieldPart(pair, '') : fieldPart(decodeURIComponentSafe(pair.slice(0, eq)), wireBytes(pair.slice(eq + 1)));
  });
  const body = multipartBytes(pairs, 'many');
  return single(variant, requestBytes('POST', env.apiPath, [['Content-Type', 'multipart/form-data; boundary=many']], body), body.length > env.limits.maxBodyBytes ? refusal(413) : DAMAGED);
};

// --- long request lines and big header blocks

const longLineShape: ShapeMaker = (rng, api, env) => {
  const length = logUniform(rng, env.limits.maxRequestLineBytes + 100, 256 * 1024);
  const own = api.params.map(([k, v]) => `${enc(k)}=${v}`).join('&');
  const form = rng.int(4);
  const target =
    form === 0 ? `${env.apiPath}?${own}&pad=${'x'.repeat(length)}`
    : form === 1 ? `${env.apiPath}/${'a'.repeat(length)}`
    : form === 2 ? `${env.apiPath}?titles=${'%41'.repeat(Math.ceil(length / 3))}`
    : `/${'x/'.repeat(length >> 1)}`;
  if (rng.chance(0.25)) {
    // Behind an ordinary request on the same connection: that one is still answered first, then
    // the refusal, told from the request node failed in (the one before it is stepped over).
    const long = requestBytes(rng.pick(['GET', 'POST', 'DELETE']), target, []);
    const exchange = { writes: [Buffer.concat([apiRequestBytes(api), long])], expectedAnswers: 2 };
    return { variant: `a ${target.length}-byte request line behind a good request`, exchange, answers: [apiRule(api), refusal(414)], minAnswers: 1 };
  }
  const method = rng.pick(['GET', 'GET', 'POST', 'HEAD']);
  return single(`a ${target.length}-byte request line`, requestBytes(method, target, []), refusal(414), { head: method === 'HEAD' });
};

const bigHeadersShape: ShapeMaker = (rng, api, env) => {
  const { maxHeaderBytes, maxHeaderCount } = env.limits;
  const variant = rng.int(7);
  if (variant === 0) {
    const n = logUniform(rng, maxHeaderBytes + 100, 256 * 1024);
    return single(`one ${n}-byte header field`, apiRequestBytes(api, [['X-Fuzz', 'a'.repeat(n)]]), refusal(431));
  }
  if (variant === 1) {
    const n = logUniform(rng, maxHeaderCount + 1, 3_000);
    return single(`${n} header fields`, apiRequestBytes(api, Array.from({ length: n }, (_, i): [string, string] => [`X-Fuzz-${i}`, String(i)])), refusal(431));
  }
  if (variant === 2) {
    const n = logUniform(rng, maxHeaderBytes + 100, 128 * 1024);
    return single(`a ${n}-byte Cookie`, apiRequestBytes(api, [['Cookie', 'session=x; '.repeat(Math.ceil(n / 11))]]), refusal(431));
  }
  if (variant === 3) {
    // Within both limits, counting the fields the request already has.
    const n = rng.int(maxHeaderCount - 10);
    const fields = Array.from({ length: n }, (_, i): [string, string] => [`X-Fuzz-${i}`, 'v'.repeat(rng.int(Math.floor(maxHeaderBytes / maxHeaderCount) - 20))]);
    return single(`${n} header fields within the limits`, apiRequestBytes(api, fields), apiRule(api));
  }
  if (variant === 4) {
    const value = Buffer.from([0x80 + rng.int(0x80), 0xc3, 0xa9, 0xff]).toString('latin1');
    return single('bytes above 0x7F in a field value', apiRequestBytes(api, [['X-Fuzz', value], ['User-Agent', value]]), { statuses: [...api.allowedStatuses, 400], format: api.format });
  }
  if (variant === 5) {
    const value = rng.pick(['a\u0000b', 'a\rb', '\u0001', 'a\u007fb']);
    return single(`a control character in a field value (${JSON.stringify(value)})`, apiRequestBytes(api, [['X-Fuzz', value]]), refusal(400), { minAnswers: 0 });
  }
  const name = rng.pick(['X Fuzz', 'X-Fuzz ', 'X@Fuzz', 'Üml', '', ':']);
  return single(`a bad field name ${JSON.stringify(name)}`, apiRequestBytes(api, [[name, 'v']]), refusal(400), { minAnswers: 0 });
};

// --- methods

const UNSUPPORTED_METHODS = ['TRACE', 'PUT', 'DELETE', 'PATCH'];
const OTHER_METHODS = ['PROPFIND', 'MKCOL', 'PURGE', 'LINK', 'UNLINK', 'SEARCH', 'REPORT', 'LOCK', 'MOVE', 'COPY', 'QUERY', 'SOURCE', 'M-SEARCH', 'NOTIFY', 'SUBSCRIBE', 'ACL', 'BIND'];

function garbageMethod(rng: Rng): string {
  switch (rng.int(6)) {
    case 0:
      return rng.pick(['get', 'post', 'Get', 'pOST', 'GETT', 'POSTT', 'GE', 'HEADER']);
    case 1:
      return Array.from({ length: 1 + rng.int(40) }, () => rng.pick([..."!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"])).join('');
    case 2:
      return 'G'.repeat(logUniform(rng, 100, 20_000));
    case 3:
      return rng.pick(['G\u0000ET', 'GÉT', 'G\tET', '\u00ff\u00fe', '"GET"', '(GET)']);
    case 4:
      return '';
    default:
      return rng.pick(['GET GET', 'HTTP/1.1', '1234', '*']);
  }
}

const methodShape: ShapeMaker = (rng, api, env) => {
  const own = api.params.map(([k, v]) => `${enc(k)}=${v}`).join('&');
  const target = `${env.apiPath}?${own}`.slice(0, env.limits.maxRequestLineBytes - 100);
  const roll = rng.int(10);
  if (roll < 2) {
    const authority = rng.pick([`${HOST}:80`, `${HOST}:443`, env.apiPath, 'example.org:443', '[::1]:22', '*']);
    return single(`CONNECT ${authority}`, requestBytes('CONNECT', authority, [], undefined, rng.chance(0.8)), refusal(400, 405));
  }
  if (roll < 3) {
    // A CORS preflight: MediaWiki answers it 200 with its CORS headers and no body.
    const body = rng.chance(0.4) ? formBody(api) : undefined;
    return single(`OPTIONS${body ? ' with a body' : ''}`, requestBytes('OPTIONS', target, body ? [FORM] : [], body), { statuses: [200], format: PREFLIGHT });
  }
  if (roll < 6) {
    const method = rng.pick(UNSUPPORTED_METHODS);
    const body = rng.chance(0.4) ? formBody(api) : undefined;
    return single(`${method}${body ? ' with a body' : ''}`, requestBytes(method, target, body ? [FORM] : [], body), refusal(405));
  }
  if (roll < 8) {
    const method = rng.pick(OTHER_METHODS);
    return single(method, requestBytes(method, target, []), refusal(400, 405), { minAnswers: 0 });
  }
  const method = garbageMethod(rng);
  return single(`the method ${JSON.stringify(method.slice(0, 30))}`, requestBytes(method, target, []), refusal(400, 405), { minAnswers: 0, end: true });
};

// --- chunked bodies

function chunked(rng: Rng, body: Buffer): Buffer {
  const out: Buffer[] = [];
  for (let at = 0; at < body.length; ) {
    const size = Math.min(body.length - at, 1 + rng.int(rng.chance(0.5) ? 16 : 4096));
    const sizeText = rng.pick([size.toString(16), size.toString(16).toUpperCase(), `000${size.toString(16)}`]);
    const extension = rng.chance(0.1) ? rng.pick([';a=b', ';name="quoted"', ';x']) : '';
    out.push(latin1(`${sizeText}${extension}\r\n`), body.subarray(at, at + size), latin1('\r\n'));
    at += size;
  }
  out.push(latin1(rng.chance(0.1) ? '0\r\nX-Trailer: 1\r\n\r\n' : '0\r\n\r\n'));
  return Buffer.concat(out);
}

const BAD_CHUNK_SIZES = ['zz', 'g', '-1', '+5', '0x5', ' 5', '5 ', '', '1'.repeat(17), 'FFFFFFFFFFFFFFFFFF', '5;' + 'x'.repeat(20_000), '\u0000'];

const chunkedShape: ShapeMaker = (rng, api, env) => {
  const body = formBody(api);
  const post = (fields: [string, string][], bytes: Buffer): Buffer => requestBytes('POST', env.apiPath, [FORM, ...fields], bytes);
  const te: [string, string] = ['Transfer-Encoding', 'chunked'];
  const roll = rng.int(20);
  if (roll < 8) return single('a chunked body', post([te], chunked(rng, body)), body.length > env.limits.maxBodyBytes ? refusal(413) : apiRule(api));
  if (roll < 12) {
    // A bad chunk size ends the request at once: 400, or 413 for an over-long chunk extension.
    const bad = rng.pick(BAD_CHUNK_SIZES);
    const good = rng.chance(0.5) ? chunked(rng, body).subarray(0, -5) : Buffer.alloc(0);
    const bytes = Buffer.concat([good, latin1(`${bad}\r\nabc\r\n0\r\n\r\n`)]);
    return single(`the chunk size ${JSON.stringify(bad.slice(0, 20))}`, post([te], bytes), refusal(400, 413));
  }
  if (roll < 13) return single('chunk data longer than its size', post([te], latin1(`3\r\nabcdef\r\n0\r\n\r\n`)), refusal(400));
  if (roll < 14) {
    const bytes = latin1(`ff\r\n${body.toString('latin1').slice(0, STALLED_BODY_BYTES)}`);
    return single('a chunk size beyond the data, then nothing', post([te], bytes), refusal(408), { minAnswers: 0, waitMs: bodyWait(env.limits, bytes.length) });
  }
  if (roll < 17) {
    const [what, fields] = rng.pick<[string, [string, string][]]>([
      ['Transfer-Encoding and Content-Length', [te, ['Content-Length', String(body.length)]]],
      ['Transfer-Encoding twice', [te, te]],
      ['chunked, identity', [['Transfer-Encoding', 'chunked, identity']]],
      ['chunked, chunked', [['Transfer-Encoding', 'chunked, chunked']]],
    ]);
    return single(what, post(fields, chunked(rng, body)), refusal(400), { minAnswers: 0 });
  }
  if (roll < 18) return single('gzip, chunked', post([['Transfer-Encoding', 'gzip, chunked']], chunked(rng, body)), { statuses: [...DAMAGED.statuses, 400, 501], format: null }, { minAnswers: 0 });
  // Without chunked last the body's length cannot be known: 400 (RFC 9112 6.3).
  const coding = rng.pick(['identity', 'gzip', 'xchunked', 'chunked;q=1', 'deflate']);
  return single(`Transfer-Encoding: ${coding}`, post([['Transfer-Encoding', coding]], body), refusal(400), { end: rng.chance(0.5) });
};

// --- Content-Length that lies, and Expect: 100-continue

const contentLengthShape: ShapeMaker = (rng, api, env) => {
  const body = formBody(api);
  const post = (length: string | string[], bytes: Buffer): Buffer =>
    requestBytes('POST', env.apiPath, [FORM, ...(Array.isArray(length) ? length : [length]).map((l): [string, string] => ['Content-Length', l])], bytes);
  const roll = rng.int(16);
  if (roll < 5 && body.length > 1) {
    // The bytes past the declared length are read as the next request.
    const short = rng.int(body.length);
    return { variant: `Content-Length ${short} for ${body.length} bytes`, exchange: { writes: [post(String(short), body)], expectedAnswers: 2, endAfterWriting: true }, answers: [DAMAGED, refusal(400)], minAnswers: 1 };
  }
  if (roll < 7) {
    // Cut short by the client's half-close: 400 at once, as Apache answers, or a close.
    const extra = 1 + rng.int(10_000);
    return single(`Content-Length ${extra} past the body, then the client half-closes`, post(String(body.length + extra), body), refusal(400), { minAnswers: 0, end: true });
  }
  if (roll < 8) {
    const sent = body.subarray(0, STALLED_BODY_BYTES);
    const extra = 1 + rng.int(10_000);
    return single(`Content-Length ${extra} past the body, which never comes`, post(String(sent.length + extra), sent), refusal(408), { minAnswers: 0, waitMs: bodyWait(env.limits, sent.length) });
  }
  if (roll < 13) {
    const value = rng.pick([['-1'], ['abc'], ['1e3'], ['0x10'], ['1 2'], ['+5'], ['99999999999999999999999'], [''], [String(body.length), String(body.length + 1)], [String(body.length), String(body.length)], [`${body.length}, ${body.length}`]]);
    return single(`Content-Length ${JSON.stringify(value)}`, post(value, body), refusal(400), { minAnswers: 0 });
  }
  if (roll < 15) {
    const length = env.limits.maxBodyBytes + 1 + rng.int(1e9);
    return single(`Content-Length ${length} beyond the body limit`, post(String(length), Buffer.alloc(0)), refusal(413));
  }
  return { variant: 'Content-Length 0 with a body', exchange: { writes: [post('0', body)], expectedAnswers: 2, endAfterWriting: true }, answers: [DAMAGED, refusal(400)], minAnswers: 1 };
};

const expectShape: ShapeMaker = (rng, api, env) => {
  const body = formBody(api);
  const roll = rng.int(10);
  if (roll < 6) {
    const head = requestBytes('POST', env.apiPath, [FORM, ['Expect', '100-continue'], ['Content-Length', String(body.length)]]);
    return { variant: 'Expect: 100-continue', exchange: { writes: [head, body], awaitContinue: true, expectedAnswers: 1 }, answers: [apiRule(api)], minAnswers: 1 };
  }
  if (roll < 8) {
    const head = requestBytes('POST', env.apiPath, [FORM, ['Expect', '100-continue'], ['Content-Length', String(env.limits.maxBodyBytes + 1)]]);
    return single('Expect: 100-continue for a body beyond the limit', head, refusal(413));
  }
  // Node takes any value holding the word 100-continue for it.
  const expectation = rng.pick(['200-ok', 'foo', '100-go-on', 'x']);
  return single(`Expect: ${expectation}`, requestBytes('POST', env.apiPath, [FORM, ['Expect', expectation]], body), refusal(417));
};

// --- pipelining, cut-off requests, protocol garbage

const PIPELINE_LENGTH = 50;

const pipelineShape: ShapeMaker = (rng, _api, env) => {
  const cases = Array.from({ length: PIPELINE_LENGTH }, (_, k) => env.apiCase(k));
  const requests = cases.map((c) => apiRequestBytes(c));
  const rules = cases.map(apiRule);
  let variant = `${PIPELINE_LENGTH} requests in one write`;
  let minAnswers = PIPELINE_LENGTH;
  if (rng.chance(0.3)) {
    const at = rng.int(PIPELINE_LENGTH);
    const [what, bytes, status] = rng.pick<[string, Buffer, number]>([
      ['garbage', latin1('GARBAGE\r\n\r\n'), 400],
      ['an over-long request line', requestBytes('GET', `${env.apiPath}?${'x'.repeat(env.limits.maxRequestLineBytes)}`, []), 414],
      ['CONNECT', requestBytes('CONNECT', `${HOST}:443`, []), 405],
      ['a bad Content-Length', latin1(`POST ${env.apiPath} HTTP/1.1\r\nHost: ${HOST}\r\nContent-Length: x\r\n\r\n`), 400],
    ]);
    requests.splice(at, requests.length - at, bytes);
    rules.splice(at, rules.length - at, refusal(status));
    variant += `, ${what} as request ${at + 1}, and nothing after it answered`;
    minAnswers = at;
  }
  return { variant, exchange: { writes: [Buffer.concat(requests)], expectedAnswers: rules.length, endAfterWriting: rng.chance(0.2) }, answers: rules, minAnswers };
};

const partialShape: ShapeMaker = (rng, api, env) => {
  const whole = apiRequestBytes(api).toString('latin1');
  const headEnd = whole.indexOf('\r\n\r\n');
  const cut = Buffer.from(whole.slice(0, 1 + rng.int(headEnd + 2)), 'latin1');
  if (rng.chance(0.85)) return single(`the first ${cut.length} bytes of the header, then a half-close`, cut, refusal(400), { minAnswers: 0, end: true });
  return single(`the first ${cut.length} bytes of the header, then nothing`, cut, refusal(408), { minAnswers: 0, waitMs: headerWait(env.limits, cut.length) });
};

const garbageShape: ShapeMaker = (rng, api, env) => {
  const own = api.params.map(([k, v]) => `${enc(k)}=${v}`).join('&').slice(0, 4000);
  const path = `${env.apiPath}?${own}`;
  const options = { minAnswers: 0, end: true };
  const pick = rng.int(12);
  if (pick === 0) {
    const bytes = Buffer.from(Array.from({ length: logUniform(rng, 1, 4096) }, () => rng.int(256)));
    return single(`${bytes.length} random bytes`, bytes, refusal(400), options);
  }
  if (pick === 1) return single('a TLS ClientHello', Buffer.from(`16030100a5010000a10303${'00'.repeat(60)}`, 'hex'), refusal(400), options);
  if (pick === 2) return single('the HTTP/2 preface', latin1('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), refusal(400), options);
  if (pick === 3) return single('an SSH banner', latin1('SSH-2.0-OpenSSH_9.2\r\n'), refusal(400), options);
  if (pick === 4) {
    const version = rng.pick(['HTTP/3.0', 'HTTP/1.9', 'HTTP/9.9', 'http/1.1', 'HTTP/1', 'HTTP/1.1.1', 'HTTPS/1.1']);
    return single(`the version ${version}`, latin1(`GET ${path} ${version}\r\nHost: ${HOST}\r\n\r\n`), refusal(400, 505), options);
  }
  if (pick === 5) return single('an HTTP/0.9 request', latin1(`GET ${path}\r\n`), refusal(400), options);
  if (pick === 6) return single('bare LF line ends', latin1(`GET ${path} HTTP/1.1\nHost: ${HOST}\n\n`), { statuses: [...api.allowedStatuses, 400], format: null }, options);
  if (pick === 7) {
    const [what, field] = rng.pick([['a folded field', 'X-Fuzz: a\r\n b'], ['a field without a colon', 'X-Fuzz'], ['a space before the colon', 'X-Fuzz : a'], ['an empty field name', ': a']]);
    return single(what, latin1(`GET ${path} HTTP/1.1\r\nHost: ${HOST}\r\n${field}\r\n\r\n`), refusal(400), options);
  }
  if (pick === 8) {
    const bad = rng.pick(['\u0000', ' ', '\t', '\u00ff', '\u007f', '\u0001']);
    return single(`${JSON.stringify(bad)} in the request target`, latin1(`GET ${env.apiPath}?action=query${bad}x HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`), refusal(400), options);
  }
  // RFC 9112 3.2.2: a server accepts the absolute form and serves its path.
  if (pick === 9) return single('an absolute-form target', latin1(`GET http://${HOST}${path} HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`), DAMAGED);
  if (pick === 10) return single('no Host', latin1(`GET ${path} HTTP/1.1\r\n\r\n`), refusal(400), options);
  return single('a target without a leading slash', latin1(`GET ${path.slice(1)} HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`), refusal(400, 404), options);
};

/** [weight, name, maker]: how often each family of hostile HTTP comes up among the wire cases. */
const SHAPES: readonly (readonly [number, string, ShapeMaker])[] = [
  [20, 'multipart', multipartShape],
  [14, 'many-params', manyParamsShape],
  [6, 'long-request-line', longLineShape],
  [8, 'big-headers', bigHeadersShape],
  [8, 'method', methodShape],
  [9, 'chunked', chunkedShape],
  [8, 'content-length', contentLengthShape],
  [5, 'expect', expectShape],
  [6, 'pipeline', pipelineShape],
  [3, 'partial', partialShape],
  [12, 'garbage', garbageShape],
];
