// Log entries' parameters (logging.log_params) as MediaWiki 1.39's API shows them: the blob
// unserialised (a PHP-serialized array with `4::target`-style keys, or the legacy form of values
// separated by newlines), then reshaped by the formatter of the entry's type (LogFormatter and its
// subclasses' getParametersForApi / formatParametersForApi). list=logevents (`details`) and
// list=recentchanges (`loginfo`) show the same shape.
import { isInvalidTitle, type TitleCodec } from './titles.ts';
import { dateToMw, mwToIso, parseTimestamp } from './timestamps.ts';

export type PhpKey = string | number;
export type PhpValue = null | boolean | number | string | PhpArray | IncompleteObject;

/** A PHP array: ordered keys (integers and strings), and how the API shows it. */
export class PhpArray {
  readonly map = new Map<PhpKey, PhpValue>();
  /** ApiResult::setArrayType: `array` lists the values, `assoc` keeps the keys. */
  arrayType?: 'array' | 'assoc' | 'kvp';
  /** ApiResult::setIndexedTagName: the XML element of the items. */
  indexedTag?: string;

  static of(entries: Iterable<[PhpKey, PhpValue]> = []): PhpArray {
    const array = new PhpArray();
    for (const [k, v] of entries) array.map.set(normaliseKey(k), v);
    return array;
  }

  static list(values: readonly PhpValue[]): PhpArray {
    return PhpArray.of(values.map((v, i) => [i, v]));
  }

  get(key: PhpKey): PhpValue | undefined {
    return this.map.get(normaliseKey(key));
  }

  /** PHP's isset: present and not null. */
  isset(key: PhpKey): boolean {
    const value = this.get(key);
    return value !== undefined && value !== null;
  }

  set(key: PhpKey, value: PhpValue): void {
    this.map.set(normaliseKey(key), value);
  }

  unset(key: PhpKey): void {
    this.map.delete(normaliseKey(key));
  }

  keys(): PhpKey[] {
    return [...this.map.keys()];
  }

  values(): PhpValue[] {
    return [...this.map.values()];
  }
}

/** An object in a blob (`O:`): PHP gives __PHP_Incomplete_Class, which MediaWiki skips. */
export class IncompleteObject {}

/** PHP turns decimal integer strings used as array keys into integers. */
function normaliseKey(key: PhpKey): PhpKey {
  if (typeof key === 'string' && /^(0|-?[1-9]\d*)$/.test(key)) {
    const n = Number(key);
    if (Number.isSafeInteger(n)) return n;
  }
  return key;
}

/** PHP's unserialize() of a blob; null where PHP answers false (malformed, or trailing junk is fine). */
export function phpUnserialize(blob: string | Uint8Array): PhpValue | undefined {
  const bytes = typeof blob === 'string' ? Buffer.from(blob, 'utf8') : Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  try {
    const reader = new SerializedReader(bytes);
    return reader.value();
  } catch {
    return undefined;
  }
}

class SerializedReader {
  private at = 0;

  constructor(private readonly bytes: Buffer) {}

  value(): PhpValue {
    const type = String.fromCharCode(this.bytes[this.at]!);
    switch (type) {
      case 'N':
        this.expect('N;');
        return null;
      case 'b': {
        this.expect('b:');
        const v = this.until(';');
        if (v !== '0' && v !== '1') throw new Error('bad bool');
        return v === '1';
      }
      case 'i': {
        this.expect('i:');
        const v = this.until(';');
        if (!/^[+-]?\d+$/.test(v)) throw new Error('bad int');
        return Number(v);
      }
      case 'd': {
        this.expect('d:');
        const v = this.until(';');
        if (v === 'INF') return Infinity;
        if (v === '-INF') return -Infinity;
        if (v === 'NAN') return NaN;
        const n = Number(v);
        if (Number.isNaN(n)) throw new Error('bad float');
        return n;
      }
      case 's': {
        this.expect('s:');
        const length = Number(this.until(':'));
        this.expect('"');
        const text = this.bytes.toString('utf8', this.at, this.at + length);
        if (this.at + length > this.bytes.length) throw new Error('short string');
        this.at += length;
        this.expect('";');
        return text;
      }
      case 'a': {
        this.expect('a:');
        const count = Number(this.until(':'));
        this.expect('{');
        const array = new PhpArray();
        for (let i = 0; i < count; i++) {
          const key = this.value();
          if (typeof key !== 'string' && typeof key !== 'number') throw new Error('bad key');
          array.set(key, this.value());
        }
        this.expect('}');
        return array;
      }
      case 'O': {
        this.expect('O:');
        const nameLength = Number(this.until(':'));
        this.at += nameLength + 3;
        const count = Number(this.until(':'));
        this.expect('{');
        for (let i = 0; i < count * 2; i++) this.value();
        this.expect('}');
        return new IncompleteObject();
      }
      default:
        throw new Error(`unknown type ${type}`);
    }
  }

  private expect(text: string): void {
    if (this.bytes.toString('latin1', this.at, this.at + text.length) !== text) throw new Error(`expected ${text}`);
    this.at += text.length;
  }

  private until(end: string): string {
    const stop = this.bytes.indexOf(end, this.at, 'latin1');
    if (stop < 0) throw new Error(`no ${end}`);
    const text = this.bytes.toString('latin1', this.at, stop);
    this.at = stop + 1;
    return text;
  }
}

/**
 * DatabaseLogEntry::getParameters: the unserialised array, or for an older entry the values of
 * the legacy newline-separated form (LogPage::extractParams); associated_rev_id set apart.
 */
export function logEntryParameters(blob: string): { params: PhpArray; legacy: boolean; associatedRevId: number | null } {
  const value = phpUnserialize(blob);
  let params: PhpArray;
  let legacy = false;
  if (value instanceof PhpArray) {
    params = value;
  } else if (value !== undefined && value !== false) {
    // A blob that unserialises to something other than an array has no parameters to show.
    params = new PhpArray();
  } else {
    legacy = true;
    params = PhpArray.list(blob === '' ? [] : blob.split('\n'));
  }
  let associatedRevId: number | null = null;
  if (params.isset('associated_rev_id')) {
    associatedRevId = Number(params.get('associated_rev_id'));
    params.unset('associated_rev_id');
  }
  return { params, legacy, associatedRevId };
}

/** $wgLogRestrictions' default: log types only callers with one of these rights may read. */
export const LOG_RESTRICTIONS: Readonly<Record<string, string>> = Object.freeze({ suppress: 'suppressionlog' });

/** The log types a caller may not read (LogEventsList::getExcludeClause with audience `user`). */
export function hiddenLogTypes(rights: ReadonlySet<string>): string[] {
  return Object.entries(LOG_RESTRICTIONS)
    .filter(([, right]) => !rights.has(right))
    .map(([type]) => type);
}

export interface LogParamsContext {
  titles: TitleCodec;
}

/** The entry whose parameters are formatted. */
export interface LogEntryFacts {
  type: string;
  action: string;
  /** 14 digits. */
  timestamp: string;
  params: string;
}

/** LogFormatter::newFromEntry(...)->formatParametersForApi(): the `params` of list=logevents. */
export function logParamsForApi(ctx: LogParamsContext, entry: LogEntryFacts): PhpArray {
  const { params } = logEntryParameters(entry.params);
  const formatter = FORMATTERS[`${entry.type}/${entry.action}`] ?? FORMATTERS[`${entry.type}/*`] ?? null;
  const forApi = formatter ? formatter.parameters(params, entry) : params;
  const out = new PhpArray();
  for (const [key, value] of forApi.map) {
    const parts = typeof key === 'string' ? key.split(':') : [String(key)];
    if (parts.length < 3) {
      if (value instanceof IncompleteObject) continue;
      if (!out.map.has(key)) out.set(key, value);
      continue;
    }
    const type = parts[1]!;
    const name = parts.slice(2).join(':');
    // `+=`: a name already set keeps its first value.
    for (const [k, v] of formatValue(ctx, name, type, value)) if (!out.map.has(normaliseKey(k))) out.set(k, v);
  }
  out.indexedTag = 'param';
  out.arrayType = 'assoc';
  formatter?.finish?.(out, ctx);
  return out;
}

/** LogFormatter::formatParameterValueForApi */
function formatValue(ctx: LogParamsContext, name: string, rawType: string, value: PhpValue): [PhpKey, PhpValue][] {
  const type = rawType.trim().toLowerCase();
  switch (type) {
    case 'bool':
      return [[name, phpBool(value)]];
    case 'number': {
      if (typeof value === 'number' && Number.isInteger(value)) return [[name, value]];
      const text = phpString(value);
      return [[name, /^\d+$/.test(text) ? Number(text) : phpFloat(text)]];
    }
    case 'array':
    case 'assoc':
    case 'kvp':
      if (value instanceof PhpArray) value.arrayType = type;
      return [[name, value]];
    case 'timestamp':
      return [[name, isoTimestamp(value)]];
    case 'title':
    case 'title-link': {
      const text = phpString(value);
      const parsed = ctx.titles.parse(text);
      const full = isInvalidTitle(parsed) ? `Special:Badtitle/${text}` : ctx.titles.text(parsed.ns, parsed.dbKey);
      const ns = isInvalidTitle(parsed) ? -1 : parsed.ns;
      return [
        [`${name}_ns`, ns],
        [`${name}_title`, full],
      ];
    }
    default:
      return [[name, value]];
  }
}

function phpBool(value: PhpValue): boolean {
  if (value === null || value === false || value === 0 || value === '' || value === '0') return false;
  if (value instanceof PhpArray) return value.map.size > 0;
  return true;
}

function phpString(value: PhpValue): string {
  if (value === null || value === false) return '';
  if (value === true) return '1';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  return 'Array';
}

/** PHP's (float) of a string: its leading number, 0 when none. */
function phpFloat(text: string): number {
  const m = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(text);
  return m ? Number(m[0]) : 0;
}

/** wfTimestamp(TS_ISO_8601, value): a Unix time (a number) or any form MediaWiki reads. */
function isoTimestamp(value: PhpValue): PhpValue {
  if (typeof value === 'number') return mwToIso(dateToMw(new Date(value * 1000)));
  const mw = parseTimestamp(phpString(value));
  return mw === null ? false : mwToIso(mw);
}

interface LogFormatter {
  /** getParametersForApi */
  parameters(params: PhpArray, entry: LogEntryFacts): PhpArray;
  /** The subclass's formatParametersForApi after the parent's. */
  finish?(out: PhpArray, ctx: LogParamsContext): void;
}

/**
 * The formatters' `$map`: numeric entries name the key a legacy (positional) parameter takes, keyed
 * entries rename a key; a renamed parameter moves to the end, as unset-then-set does in PHP.
 */
function applyMap(params: PhpArray, map: readonly (readonly [PhpKey, string])[]): void {
  for (const [from, to] of map) {
    if (params.isset(from)) {
      const value = params.get(from)!;
      params.set(to, value);
      params.unset(from);
    }
  }
}

/** A PHP `$map` literal: list entries get indexes 0, 1, ... */
function phpMap(...entries: (string | readonly [string, string])[]): [PhpKey, string][] {
  let index = 0;
  return entries.map((e) => (typeof e === 'string' ? [index++, e] : [e[0], e[1]]));
}

const MOVE_MAP = phpMap('4:title:target', '5:bool:suppressredirect', ['4::target', '4:title:target'], ['5::noredir', '5:bool:suppressredirect']);
const MERGE_MAP = phpMap('4:title:dest', '5:timestamp:mergepoint', ['4::dest', '4:title:dest'], ['5::mergepoint', '5:timestamp:mergepoint']);
const PATROL_MAP = phpMap('4:number:curid', '5:number:previd', '6:bool:auto', ['4::curid', '4:number:curid'], ['5::previd', '5:number:previd'], ['6::auto', '6:bool:auto']);
const BLOCK_MAP = phpMap('5::duration', '6:array:flags', ['6::flags', '6:array:flags']);
const RIGHTS_MAP = phpMap('4:array:oldgroups', '5:array:newgroups', ['4::oldgroups', '4:array:oldgroups'], ['5::newgroups', '5:array:newgroups']);
const PROTECT_MAP = phpMap('4::description', '5:bool:cascade', ['details', ':array:details']);
const MOVE_PROT_MAP = phpMap('4:title:oldtitle', ['4::oldtitle', '4:title:oldtitle']);
const UPLOAD_MAP: [PhpKey, string][] = [['img_timestamp', ':timestamp:img_timestamp']];

const moveFormatter: LogFormatter = {
  parameters(params) {
    applyMap(params, MOVE_MAP);
    if (!params.isset('5:bool:suppressredirect')) params.set('5:bool:suppressredirect', false);
    return params;
  },
};

const mergeFormatter: LogFormatter = {
  parameters(params) {
    applyMap(params, MERGE_MAP);
    return params;
  },
};

const patrolFormatter: LogFormatter = {
  parameters(params) {
    applyMap(params, PATROL_MAP);
    return params;
  },
};

const uploadFormatter: LogFormatter = {
  parameters(params) {
    applyMap(params, UPLOAD_MAP);
    return params;
  },
};

const blockFormatter: LogFormatter = {
  parameters(params, entry) {
    applyMap(params, BLOCK_MAP);
    const sorted = PhpArray.of([...params.map].sort(([a], [b]) => comparePhpKeys(a, b)));
    if (entry.action === 'block' || entry.action === 'reblock') {
      if (!sorted.map.has('5::duration')) sorted.set('5::duration', 'infinity');
      if (!sorted.map.has('6:array:flags')) sorted.set('6:array:flags', new PhpArray());
      const flags = sorted.get('6:array:flags');
      if (!(flags instanceof PhpArray)) {
        const text = phpString(flags ?? null);
        sorted.set('6:array:flags', PhpArray.list(text === '' ? [] : text.split(',')));
      }
      const duration = phpString(sorted.get('5::duration') ?? null);
      if (!isInfinity(duration)) {
        const expiry = strtotime(duration, Date.parse(mwToIso(entry.timestamp)) / 1000);
        if (expiry !== null && expiry > 0) sorted.set(':timestamp:expiry', expiry);
      }
    }
    return sorted;
  },
  finish(out, ctx) {
    const flags = out.get('flags');
    if (flags instanceof PhpArray) flags.indexedTag = 'f';
    const restrictions = out.get('restrictions');
    if (restrictions instanceof PhpArray) {
      const pages = restrictions.get('pages');
      if (pages instanceof PhpArray) {
        const formatted = PhpArray.of(
          [...pages.map].map(([k, title]) => [k, PhpArray.of(formatValue(ctx, 'page', 'title-link', title))]),
        );
        formatted.indexedTag = 'p';
        restrictions.set('pages', formatted);
      }
      const namespaces = restrictions.get('namespaces');
      if (namespaces instanceof PhpArray) namespaces.indexedTag = 'ns';
    }
  },
};

const protectFormatter: LogFormatter = {
  parameters(params, entry) {
    if (entry.action === 'protect' || entry.action === 'modify') applyMap(params, PROTECT_MAP);
    else if (entry.action === 'move_prot') applyMap(params, MOVE_PROT_MAP);
    const cascade = params.get('5:bool:cascade');
    if (typeof cascade === 'string') params.set('5:bool:cascade', cascade === 'cascade');
    return params;
  },
  finish(out) {
    const details = out.get('details');
    if (!(details instanceof PhpArray)) return;
    for (const detail of details.values()) {
      if (detail instanceof PhpArray && detail.map.has('expiry')) {
        // Language::formatExpiry with 'infinite' for an infinite expiry.
        const expiry = phpString(detail.get('expiry')!);
        const mw = isInfinity(expiry) ? null : parseTimestamp(expiry);
        detail.set('expiry', mw === null ? 'infinite' : mwToIso(mw));
      }
    }
  },
};

const rightsFormatter: LogFormatter = {
  parameters(params) {
    applyMap(params, RIGHTS_MAP);
    for (const key of ['4:array:oldgroups', '5:array:newgroups']) {
      const groups = params.get(key);
      if (typeof groups === 'string') params.set(key, PhpArray.list(groups === '' ? [] : groups.split(', ')));
    }
    for (const [which, groupsKey] of [['oldmetadata', '4:array:oldgroups'], ['newmetadata', '5:array:newgroups']] as const) {
      if (!params.map.has(which)) continue;
      const metadata = params.get(which);
      params.unset(which);
      const groups = params.get(groupsKey);
      const entries = groups instanceof PhpArray ? [...groups.map] : [];
      params.set(
        which,
        PhpArray.list(
          entries.map(([index, group]) => {
            const item = PhpArray.of([['group', group]]);
            const own = metadata instanceof PhpArray ? metadata.get(index) : undefined;
            if (own instanceof PhpArray) for (const [k, v] of own.map) if (!item.map.has(k)) item.set(k, v);
            const expiry = item.get('expiry');
            item.set('expiry', expiry === undefined || expiry === null || isInfinity(phpString(expiry)) ? 'infinity' : isoTimestamp(expiry));
            return item;
          }),
        ),
      );
    }
    return params;
  },
  finish(out) {
    for (const key of ['oldgroups', 'newgroups']) {
      const groups = out.get(key);
      if (groups instanceof PhpArray) groups.indexedTag = 'g';
    }
    for (const key of ['oldmetadata', 'newmetadata']) {
      const metadata = out.get(key);
      if (metadata instanceof PhpArray) {
        metadata.arrayType = 'array';
        metadata.indexedTag = 'g';
      }
    }
  },
};

const DELETION_FIELDS: readonly [number, string][] = [
  [1, 'content'],
  [2, 'comment'],
  [4, 'user'],
  [8, 'restricted'],
];

const deleteFormatter: LogFormatter = {
  parameters(raw, entry) {
    const params = new PhpArray();
    if (entry.action === 'event' || entry.action === 'revision') {
      // An `event` entry (log entries' visibility) has no type of its own: its parameters start
      // one place later than a revision's.
      const shifted = entry.action === 'event';
      const named = shifted
        ? { ids: ['4::ids', 0], ofield: ['5::ofield', 1], nfield: ['6::nfield', 2] }
        : { ids: ['5::ids', 1], ofield: ['6::ofield', 2], nfield: ['7::nfield', 3] };
      const read = ([key, index]: (string | number)[]): PhpValue | undefined => (raw.isset(key!) ? raw.get(key!) : raw.get(index!));
      const type = shifted ? 'logging' : (raw.isset('4::type') ? raw.get('4::type')! : (raw.get(0) ?? null));
      let ids = read(named.ids) ?? null;
      if (!(ids instanceof PhpArray)) ids = PhpArray.list(phpString(ids).split(','));
      params.set('::type', type);
      params.set(':array:ids', ids);
      for (const [which, source] of [[':assoc:old', read(named.ofield)], [':assoc:new', read(named.nfield)]] as const) {
        if (source === undefined || source === null) continue;
        const bits = parseBitField(phpString(source));
        params.set(which, PhpArray.of([['bitmask', bits], ...DELETION_FIELDS.map(([bit, key]): [string, boolean] => [key, (bits & bit) !== 0])]));
      }
    } else if (entry.action === 'restore') {
      if (raw.isset(':assoc:count')) params.set(':assoc:count', raw.get(':assoc:count')!);
    }
    return params;
  },
  finish(out) {
    const ids = out.get('ids');
    if (ids instanceof PhpArray) ids.indexedTag = 'id';
  },
};

/** DeleteLogFormatter::parseBitField: `ofield=2` or `2`. */
function parseBitField(text: string): number {
  const value = text.indexOf('field=') === 1 ? text.split('=')[1]! : text;
  const m = /^\s*[+-]?\d+/.exec(value);
  return m ? Number(m[0]) : 0;
}

const FORMATTERS: Readonly<Record<string, LogFormatter>> = {
  'block/block': blockFormatter,
  'block/reblock': blockFormatter,
  'block/unblock': blockFormatter,
  'suppress/block': blockFormatter,
  'suppress/reblock': blockFormatter,
  'delete/delete': deleteFormatter,
  'delete/delete_redir': deleteFormatter,
  'delete/delete_redir2': deleteFormatter,
  'delete/event': deleteFormatter,
  'delete/restore': deleteFormatter,
  'delete/revision': deleteFormatter,
  'suppress/delete': deleteFormatter,
  'suppress/event': deleteFormatter,
  'suppress/revision': deleteFormatter,
  'merge/merge': mergeFormatter,
  'move/move': moveFormatter,
  'move/move_redir': moveFormatter,
  'patrol/patrol': patrolFormatter,
  'patrol/autopatrol': patrolFormatter,
  'protect/modify': protectFormatter,
  'protect/move_prot': protectFormatter,
  'protect/protect': protectFormatter,
  'protect/unprotect': protectFormatter,
  'rights/autopromote': rightsFormatter,
  'rights/rights': rightsFormatter,
  'upload/overwrite': uploadFormatter,
  'upload/revert': uploadFormatter,
  'upload/upload': uploadFormatter,
};

function comparePhpKeys(a: PhpKey, b: PhpKey): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** wfIsInfinity */
function isInfinity(text: string): boolean {
  return ['infinite', 'indefinite', 'infinity', 'never'].includes(text);
}

const UNIT_SECONDS: Readonly<Record<string, number>> = {
  sec: 1, second: 1, min: 60, minute: 60, hour: 3600, day: 86400, week: 604800, fortnight: 1209600,
};

/**
 * PHP's strtotime($text, $now) for the forms block durations take: an absolute date and time, or
 * relative amounts (`2 weeks`, `1 month 3 days`). Null where PHP answers false.
 */
export function strtotime(text: string, now: number): number | null {
  const absolute = parseTimestamp(text);
  if (absolute !== null && !/^\s*-?\d{1,13}\s*$/.test(text)) return Date.parse(mwToIso(absolute)) / 1000;
  const re = /([+-]?\d+)\s*(sec|second|min|minute|hour|day|week|fortnight|month|year)s?\b/gi;
  let date = new Date(now * 1000);
  let matched = '';
  for (let m = re.exec(text); m; m = re.exec(text)) {
    matched += m[0];
    const n = Number(m[1]);
    const unit = m[2]!.toLowerCase();
    if (unit === 'month') date = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + n, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
    else if (unit === 'year') date = new Date(Date.UTC(date.getUTCFullYear() + n, date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
    else date = new Date(date.getTime() + n * UNIT_SECONDS[unit]! * 1000);
  }
  if (matched === '' || text.replace(re, '').trim() !== '') return null;
  return Math.floor(date.getTime() / 1000);
}
