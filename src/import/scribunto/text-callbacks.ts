// The TypeScript half of mw.ustring, mw.text and mw.language: Unicode patterns, case maps, JSON, language rules.

import {
  isRightToLeft, isSupportedLanguage, isValidBuiltInLanguageCode, isValidLanguageCode, languageFallbacks, languageName, languageNames, localisationChain,
} from '../../wiki/languages.ts';
import { interfaceMessages } from '../../wiki/messages.ts';
import { formatNum } from '../wikitext/numbers.ts';
import { formatTime, parseTime } from '../../wiki/time-format.ts';
import { convertGrammar, convertPlural } from '../../wiki/language-rules.ts';
import { htmlEntityTable } from './html-entities.ts';
import { LuaCallbackError, LuaTable, type CallbackMap, type JsValue, type LuaValue } from './types.ts';
import { LuaPattern, Subject, type PatternMatch } from './ustring-pattern.ts';
import { decodeCharReferencesOnly } from '../../wiki/titles.ts';

// ---------------------------------------------------------------------------------------------
// mw.ustring

function stringArg(fn: string, n: number, v: LuaValue): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return luaNumberToString(v);
  throw new LuaCallbackError(`bad argument #${n} to '${fn}' (string expected, got ${luaType(v)})`);
}

function luaType(v: LuaValue): string {
  if (v === null) return 'nil';
  if (v instanceof LuaTable) return 'table';
  return typeof v;
}

/** Lua's tostring of a number (%.14g). */
export function luaNumberToString(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  if (Number.isNaN(n)) return n > 0 ? 'nan' : '-nan';
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf';
  let s = n.toPrecision(14);
  if (s.includes('e')) {
    let [mantissa, exp] = s.split('e') as [string, string];
    if (mantissa.includes('.')) mantissa = mantissa.replace(/\.?0+$/, '');
    const sign = exp.startsWith('-') ? '-' : '+';
    exp = exp.replace(/^[+-]/, '').padStart(2, '0');
    return `${mantissa}e${sign}${exp}`;
  }
  if (s.includes('.')) s = s.replace(/\.?0+$/, '');
  return s;
}

/** A 1-based (possibly negative) init argument as a 0-based start, as Scribunto clamps it. */
function startIndex(init: LuaValue, length: number): number {
  let i = typeof init === 'number' ? Math.trunc(init) : 1;
  if (i < 0) i = length + i + 1;
  else if (i > length + 1) i = length + 1;
  return Math.max(i, 1) - 1;
}

function findPlain(subject: Subject, needle: string, start: number): JsValue {
  const needleLength = new Subject(needle).length;
  if (needle === '') return [start + 1, start];
  const from = subject.slice(0, start).length;
  const at = subject.text.indexOf(needle, from);
  if (at < 0) return null;
  const first = new Subject(subject.text.slice(0, at)).length;
  return [first + 1, first + needleLength];
}

/**
 * Successive matches as PCRE finds them for Scribunto: after an empty match, a non-empty one at the
 * same place is tried before moving one character on.
 */
function allMatches(subject: Subject, pattern: LuaPattern, limit: number): PatternMatch[] {
  const out: PatternMatch[] = [];
  let pos = 0;
  let afterEmpty = false;
  while (pos <= subject.length && out.length < limit) {
    const m: PatternMatch | null = afterEmpty ? pattern.exec(subject, pos, true, true) : pattern.exec(subject, pos, pattern.anchored);
    if (m) {
      out.push(m);
      afterEmpty = m.end === m.start;
      pos = m.end;
    } else if (afterEmpty) {
      afterEmpty = false;
      pos++;
    } else {
      break;
    }
    // An anchored pattern matches at the start only (the retry after an empty match included).
    if (pattern.anchored && (!afterEmpty || out.length > 1)) break;
  }
  return out;
}

/** A gsub replacement string with `%0`-`%9` and `%%` filled in. */
function expandReplacement(repl: string, subject: Subject, m: PatternMatch): string {
  return repl.replace(/%([%0-9])/g, (_all, x: string) => {
    if (x === '%') return '%';
    if (x === '0') return subject.slice(m.start, m.end);
    const k = Number(x);
    if (k <= m.captures.length) return String(captureText(m.captures[k - 1]!));
    if (k === 1) return subject.slice(m.start, m.end);
    throw new LuaCallbackError(`invalid capture index %${x} in replacement string`);
  });
}

function captureText(c: string | number): string {
  return typeof c === 'number' ? luaNumberToString(c) : c;
}

/** Per-code-point case maps as PHP's mb_strtoupper/mb_strtolower do them (full mapping, no context). */
function mapCase(s: string, upper: boolean): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(s)) return upper ? s.toUpperCase() : s.toLowerCase();
  let out = '';
  for (const ch of s) out += upper ? ch.toUpperCase() : ch.toLowerCase();
  return out;
}

function firstCase(s: string, upper: boolean): string {
  const first = s.codePointAt(0);
  if (first === undefined) return s;
  const width = first > 0xffff ? 2 : 1;
  return mapCase(s.slice(0, width), upper) + s.slice(width);
}

const ustringCallbacks: CallbackMap = {
  'ustring.find': (_ctx, [s, pattern, init, plain]) => {
    const subject = new Subject(stringArg('find', 1, s ?? null));
    const p = stringArg('find', 2, pattern ?? null);
    const start = startIndex(init ?? null, subject.length);
    if (plain) return findPlain(subject, p, start);
    const m = LuaPattern.get(p, true, 'find').exec(subject, start);
    return m ? [m.start + 1, m.end, ...m.captures] : null;
  },
  'ustring.match': (_ctx, [s, pattern, init]) => {
    const subject = new Subject(stringArg('match', 1, s ?? null));
    const p = stringArg('match', 2, pattern ?? null);
    const m = LuaPattern.get(p, true, 'match').exec(subject, startIndex(init ?? null, subject.length));
    if (!m) return null;
    return m.captures.length ? m.captures : [subject.slice(m.start, m.end)];
  },
  /** Every match of gmatch at once (Lua 5.1's order and empty-match steps): a list of capture lists. */
  'ustring.gmatch': (_ctx, [s, pattern]) => {
    const subject = new Subject(stringArg('gmatch', 1, s ?? null));
    const compiled = LuaPattern.get(stringArg('gmatch', 2, pattern ?? null), false, 'gmatch');
    return allMatches(subject, compiled, Infinity).map((m) => (m.captures.length ? m.captures : [subject.slice(m.start, m.end)]));
  },
  /** gsub with a replacement string: `{ result, count }`. */
  'ustring.gsub': (_ctx, [s, pattern, repl, n]) => {
    const subject = new Subject(stringArg('gsub', 1, s ?? null));
    const compiled = LuaPattern.get(stringArg('gsub', 2, pattern ?? null), true, 'gsub');
    const replacement = stringArg('gsub', 3, repl ?? null);
    const matches = allMatches(subject, compiled, typeof n === 'number' ? n : Infinity);
    let out = '';
    let pos = 0;
    for (const m of matches) {
      out += subject.slice(pos, m.start) + expandReplacement(replacement, subject, m);
      pos = m.end;
    }
    return [out + subject.slice(pos, subject.length), matches.length];
  },
  /**
   * gsub's matches for a replacement table or function, which Lua applies: the text between
   * matches and each match's `{ whole, captures... }`, alternating: text, match, text, ..., text.
   */
  'ustring.gsubMatches': (_ctx, [s, pattern, n]) => {
    const subject = new Subject(stringArg('gsub', 1, s ?? null));
    const compiled = LuaPattern.get(stringArg('gsub', 2, pattern ?? null), true, 'gsub');
    const out: JsValue[] = [];
    let pos = 0;
    for (const m of allMatches(subject, compiled, typeof n === 'number' ? n : Infinity)) {
      out.push(subject.slice(pos, m.start), [subject.slice(m.start, m.end), ...m.captures]);
      pos = m.end;
    }
    out.push(subject.slice(pos, subject.length));
    return out;
  },
  'ustring.upper': (_ctx, [s]) => mapCase(stringArg('upper', 1, s ?? null), true),
  'ustring.lower': (_ctx, [s]) => mapCase(stringArg('lower', 1, s ?? null), false),
  'ustring.normalize': (_ctx, [s, form]) => stringArg('normalize', 1, s ?? null).normalize(form as 'NFC' | 'NFD' | 'NFKC' | 'NFKD'),
};

// ---------------------------------------------------------------------------------------------
// mw.text

const JSON_PRESERVE_KEYS = 1;
const JSON_TRY_FIXING = 2;
const JSON_PRETTY = 4;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A Lua table as PHP's json_encode sees it after Scribunto's reindexing: a list when keys are 1..n. */
function tableToJson(t: LuaTable, preserveKeys: boolean): Json {
  const entries = [...t.entries()].filter(([, v]) => v !== null);
  if (entries.length === 0) return [];
  if (!preserveKeys) {
    const numeric = (k: LuaValue) => (typeof k === 'number' ? k : typeof k === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(k) ? Number(k) : 0);
    entries.sort((a, b) => numeric(a[0]) - numeric(b[0]));
    const isList = entries.every(([k], i) => (typeof k === 'number' && k === i + 1) || (typeof k === 'string' && /^\d+$/.test(k) && Number(k) === i + 1));
    if (isList) return entries.map(([, v]) => valueToJson(v, preserveKeys));
  }
  const obj: { [key: string]: Json } = {};
  for (const [k, v] of entries) obj[typeof k === 'number' ? luaNumberToString(k) : String(k)] = valueToJson(v, preserveKeys);
  return obj;
}

function valueToJson(v: LuaValue, preserveKeys: boolean): Json {
  if (v instanceof LuaTable) return tableToJson(v, preserveKeys);
  return v;
}

/** PHP's json_decode(assoc) as Scribunto reindexes it: lists become 1-based, integer-like keys numbers. */
function jsonToLua(v: unknown, preserveKeys: boolean): LuaValue {
  if (v === null || typeof v !== 'object') return v as LuaValue;
  const t = new LuaTable();
  if (Array.isArray(v)) {
    v.forEach((item, i) => {
      if (item !== null) t.set(preserveKeys ? i : i + 1, jsonToLua(item, preserveKeys));
    });
    return t;
  }
  const entries = Object.entries(v as Record<string, unknown>);
  const intKey = (k: string) => (/^(0|-?[1-9]\d{0,15})$/.test(k) && Number.isSafeInteger(Number(k)) ? Number(k) : null);
  const isSequence = !preserveKeys && entries.length > 0 && entries.every(([k], i) => intKey(k) === i);
  entries.forEach(([k, item], i) => {
    if (item === null) return;
    const key = isSequence ? i + 1 : intKey(k) ?? k;
    t.set(key, jsonToLua(item, preserveKeys));
  });
  return t;
}

function phpJsonString(json: string): string {
  // PHP escapes these two even with JSON_UNESCAPED_UNICODE (FormatJson leaves them escaped).
  return json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function textMessages(lang: string): Record<string, string> {
  const messages = interfaceMessages(lang);
  const text = (key: string, fallback: string) => decodeCharReferencesOnly(messages[key] ?? fallback);
  return {
    comma: text('comma-separator', ', '),
    and: text('and', ' and') + text('word-separator', ' '),
    ellipsis: text('ellipsis', '...'),
  };
}

const textCallbacksOnly: CallbackMap = {
  /** The content language's list and ellipsis texts (MediaWiki messages comma-separator, and, ellipsis). */
  'text.options': (ctx) => textMessages(ctx.site.lang),
  'text.entityTable': () => htmlEntityTable(),
  'text.jsonEncode': (_ctx, [value, flags]) => {
    const f = typeof flags === 'number' ? flags : 0;
    const json = valueToJson(value ?? null, (f & JSON_PRESERVE_KEYS) !== 0);
    return phpJsonString(JSON.stringify(json, null, f & JSON_PRETTY ? 4 : undefined));
  },
  'text.jsonDecode': (ctx, [s, flags]) => {
    const f = typeof flags === 'number' ? flags : 0;
    let text = stringArg('mw.text.jsonDecode', 1, s ?? null);
    if (f & JSON_TRY_FIXING) text = text.replace(/,\s*([\]}])/g, '$1');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      const message = interfaceMessages(ctx.site.lang)['json-error-syntax'] ?? 'Syntax error';
      throw new LuaCallbackError(`mw.text.jsonDecode: ${message}`);
    }
    return jsonToLua(parsed, (f & JSON_PRESERVE_KEYS) !== 0);
  },
};

// ---------------------------------------------------------------------------------------------
// mw.language

function formsArg(args: LuaValue[]): string[] {
  const first = args[0];
  const list = first instanceof LuaTable ? first.sequence() : args;
  return list.filter((v) => v !== null).map((v) => (typeof v === 'number' ? luaNumberToString(v) : String(v)));
}

const DURATION_INTERVALS: [string, number][] = [
  ['millennia', 31556952000],
  ['centuries', 3155695200],
  ['decades', 315569520],
  ['years', 31556952],
  ['weeks', 604800],
  ['days', 86400],
  ['hours', 3600],
  ['minutes', 60],
  ['seconds', 1],
];
const DEFAULT_INTERVALS = ['millennia', 'centuries', 'decades', 'years', 'days', 'hours', 'minutes', 'seconds'];

function durationIntervals(seconds: number, chosen: string[]): [string, number][] {
  const names = chosen.length ? chosen : DEFAULT_INTERVALS;
  const intervals = DURATION_INTERVALS.filter(([name]) => names.includes(name));
  const smallest = intervals[intervals.length - 1]?.[0];
  const out: [string, number][] = [];
  for (const [name, length] of intervals) {
    const value = Math.floor(seconds / length);
    if (value > 0 || (name === smallest && out.length === 0)) {
      seconds -= value * length;
      out.push([name, value]);
    }
  }
  return out;
}

/** A message with `$1` and `{{PLURAL:...}}` filled in, as Message::numParams()->text() gives it. */
function pluralMessage(text: string, count: number, code: string): string {
  const shown = formatNum(luaNumberToString(count), '', code);
  return text
    .replace(/\{\{PLURAL:\s*\$1\s*\|([^{}]*)\}\}/gi, (_m, forms: string) => convertPlural(count, forms.split('|'), code))
    .replace(/\$1/g, shown);
}

function listToText(list: string[], code: string): string {
  if (!list.length) return '';
  const { comma, and } = textMessages(code);
  if (list.length === 1) return list[0]!;
  const last = list[list.length - 1]!;
  return list.slice(0, -1).join(list.length > 2 ? comma : '') + and + last;
}

function formatDuration(seconds: number, chosen: string[], code: string): string {
  const messages = interfaceMessages(code);
  const parts = durationIntervals(seconds, chosen).map(([name, value]) =>
    decodeCharReferencesOnly(pluralMessage(messages[`duration-${name}`] ?? `$1 ${name}`, value, code)),
  );
  return listToText(parts, code);
}

function formatDate(code: string, format: string, date: string): string {
  const now = new Date();
  let when: Date | null;
  if (date === '') when = now;
  else if (/^[0-9]{4}$/.test(date)) when = new Date(Date.UTC(Number(date), now.getUTCMonth(), now.getUTCDate()));
  else when = parseTime(date, now);
  if (!when || Number.isNaN(when.getTime())) throw new LuaCallbackError("bad argument #2 to 'formatDate' (not a valid timestamp)");
  const year = when.getUTCFullYear();
  if (year < 0) throw new LuaCallbackError('mw.language:formatDate() only supports years from 0');
  if (year > 9999) throw new LuaCallbackError('mw.language:formatDate() only supports years up to 9999');
  return formatTime(format, when, code, { languageDigits: true });
}

/**
 * Language::formatNum of a Lua number: PHP's string form of the float (14 digits), grouped and with
 * the language's separators (numbers.ts), and a real minus sign (U+2212) as MediaWiki writes it.
 */
function formatNumber(num: number, noSeparators: boolean, code: string): string {
  const text = luaNumberToString(num);
  let out: string;
  if (noSeparators) out = text;
  else if (/e/.test(text)) {
    // An exponent form goes through ICU's default pattern: grouping, at most three decimals.
    const english = new Intl.NumberFormat('en', { maximumFractionDigits: 3 }).format(Number(text));
    out = formatNum(english.replace(/,/g, ''), '', code);
  } else out = formatNum(text, '', code);
  return out.replace(/-/g, '\u2212');
}

function codeArg(v: LuaValue): string {
  const code = typeof v === 'string' ? v : '';
  if (!isValidLanguageCode(code) || code === '') throw new LuaCallbackError(`language code '${code}' is invalid`);
  return code;
}

const languageCallbacks: CallbackMap = {
  'language.getContLangCode': (ctx) => ctx.site.lang,
  'language.isSupportedLanguage': (_ctx, [code]) => typeof code === 'string' && isSupportedLanguage(code),
  'language.isKnownLanguageTag': (_ctx, [code]) => typeof code === 'string' && isValidBuiltInLanguageCode(code) && languageName(code) !== undefined,
  'language.isValidCode': (_ctx, [code]) => typeof code === 'string' && isValidLanguageCode(code),
  'language.isValidBuiltInCode': (_ctx, [code]) => typeof code === 'string' && isValidBuiltInLanguageCode(code),
  'language.fetchLanguageName': (_ctx, [code]) => languageName(String(code ?? '').toLowerCase()) ?? '',
  'language.fetchLanguageNames': (_ctx, [, include]) => {
    const out: Record<string, string> = {};
    for (const [code, name] of languageNames()) if (include !== 'mwfile' || isSupportedLanguage(code)) out[code] = name;
    return out;
  },
  'language.getFallbacksFor': (_ctx, [code]) => languageFallbacks(String(code ?? '')),
  'language.lc': (_ctx, [code, s]) => (codeArg(code), mapCase(stringArg('lc', 1, s ?? null), false)),
  'language.uc': (_ctx, [code, s]) => (codeArg(code), mapCase(stringArg('uc', 1, s ?? null), true)),
  'language.lcfirst': (_ctx, [code, s]) => (codeArg(code), firstCase(stringArg('lcfirst', 1, s ?? null), false)),
  'language.ucfirst': (_ctx, [code, s]) => (codeArg(code), firstCase(stringArg('ucfirst', 1, s ?? null), true)),
  'language.caseFold': (_ctx, [code, s]) => (codeArg(code), mapCase(stringArg('caseFold', 1, s ?? null), true)),
  'language.formatNum': (_ctx, [code, num, options]) => {
    const c = codeArg(code);
    if (typeof num !== 'number') throw new LuaCallbackError(`bad argument #1 to 'formatNum' (number expected, got ${luaType(num ?? null)})`);
    if (Number.isNaN(num)) throw new LuaCallbackError("bad argument #1 to 'formatNum' (NaN)");
    if (!Number.isFinite(num)) throw new LuaCallbackError("bad argument #1 to 'formatNum' (infinite)");
    return formatNumber(num, options instanceof LuaTable && Boolean(options.get('noCommafy')), c);
  },
  'language.parseFormattedNumber': (_ctx, [code, s]) => {
    const c = codeArg(code);
    if (typeof s === 'number') return s;
    if (typeof s !== 'string') return null;
    return formatNum(s.trim().replace(/\u2212/g, '-'), 'R', c);
  },
  'language.formatDate': (_ctx, [code, format, date]) =>
    formatDate(codeArg(code), stringArg('formatDate', 1, format ?? null), date === null || date === undefined ? '' : stringArg('formatDate', 2, date)),
  'language.formatDuration': (_ctx, [code, seconds, chosen]) => {
    if (typeof seconds !== 'number') throw new LuaCallbackError("bad argument #1 to 'formatDuration' (number expected)");
    return formatDuration(seconds, chosen instanceof LuaTable ? chosen.sequence().map(String) : [], codeArg(code));
  },
  'language.getDurationIntervals': (_ctx, [code, seconds, chosen]) => {
    codeArg(code);
    if (typeof seconds !== 'number') throw new LuaCallbackError("bad argument #1 to 'getDurationIntervals' (number expected)");
    return Object.fromEntries(durationIntervals(seconds, chosen instanceof LuaTable ? chosen.sequence().map(String) : []));
  },
  'language.convertPlural': (_ctx, [code, count, ...forms]) => {
    if (typeof count !== 'number') throw new LuaCallbackError(`bad argument #1 to 'convertPlural' (number expected, got ${luaType(count ?? null)})`);
    return convertPlural(count, formsArg(forms), codeArg(code));
  },
  'language.convertGrammar': (_ctx, [code, word, grammarCase]) => {
    const c = codeArg(code);
    const grammar = stringArg('convertGrammar', 2, grammarCase ?? null);
    return convertGrammar(stringArg('convertGrammar', 1, word ?? null), grammar, c);
  },
  'language.gender': (_ctx, [code, user, ...rest]) => {
    codeArg(code);
    const who = stringArg('gender', 1, user ?? null).trim();
    const forms = formsArg(rest);
    if (forms.length === 0) return '';
    if (forms.length === 1) return forms[0]!;
    if (who === 'male') return forms[0]!;
    if (who === 'female') return forms[1]!;
    // Users' gender preferences are not in the dump: everyone has the default, unknown.
    return forms[2] ?? forms[0]!;
  },
  'language.isRTL': (_ctx, [code]) => isRightToLeft(codeArg(code)),
};

/** Everything mw.ustring, mw.text and mw.language ask TypeScript for. */
export const textCallbacks: CallbackMap = { ...ustringCallbacks, ...textCallbacksOnly, ...languageCallbacks };
