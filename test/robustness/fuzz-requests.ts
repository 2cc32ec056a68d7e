// Deterministic generator of hostile API requests built from the modules' own parameter declarations.
import type { QueryModule } from '../../src/api/module.ts';
import type { ParamDecl } from '../../src/api/params/declaration.ts';
import type { RawRequest } from './raw-http.ts';

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

export interface FuzzContext {
  modules: readonly QueryModule[];
  continues: readonly ContinueSample[];
}

export interface FuzzCase {
  index: number;
  /** The parameters as sent, for the report. */
  params: [string, Wire][];
  request: RawRequest;
  /** What a correct answer may look like. */
  format: string;
  allowedStatuses: number[];
}

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
  const chosen = rng.subset(Object.entries(module.decl.params), 0.35);
  const hostile = new Set(rng.subset(chosen, rng.pick([0, 0, 0.15, 0.3, 0.6])).map(([name]) => name));
  return chosen.map(([name, decl]) => [prefix + name, hostile.has(name) ? hostileValue(rng, decl, name, ctx) : enc(validValue(rng, decl))]);
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

export function makeCase(index: number, seed: number, apiPath: string, ctx: FuzzContext): FuzzCase {
  const rng = new Rng(seed ^ Math.imul(index + 1, 0x9e3779b1));
  const primary = ctx.modules[index % ctx.modules.length];
  const params = rng.chance(0.04) ? otherActionParams(rng, ctx) : queryParams(rng, ctx, primary);
  params.push(...mainParams(rng, ctx));
  if (rng.chance(0.05) && params.length) params.push([rng.pick(params)[0], enc(rng.pick(['', 'x', 'Mars']))]);
  const ordered = rng.chance(0.5) ? shuffle(rng, params) : params;
  const action = lastValue(ordered, 'action') ?? '';
  const origin = lastValue(ordered, 'origin');
  const allowedStatuses = [200];
  if (origin !== undefined && origin !== '*') allowedStatuses.push(403);
  if (!['query', 'paraminfo', 'help'].includes(action)) allowedStatuses.push(501);
  return {
    index,
    params: ordered,
    request: transport(rng, apiPath, ordered),
    format: action === 'help' ? 'html' : lastValue(ordered, 'format') ?? '',
    allowedStatuses,
  };
}
