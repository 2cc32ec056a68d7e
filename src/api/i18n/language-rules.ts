// How a language writes numbers, plurals and genders in messages (Language::formatNum,
// convertPlural, gender, embedBidi), for any code MediaWiki may be asked for.
import { createRequire } from 'node:module';
import { localisationChain, numberFormat } from '../../wiki/languages.ts';

const require = createRequire(import.meta.url);
let digitTables: Record<string, Record<string, string>> | null = null;
const digitsCache = new Map<string, Record<string, string> | null>();

/** $digitTransformTable of the first language of the code's chain that sets one (scripts/extract-messages.mjs). */
function digitTable(code: string): Record<string, string> | null {
  let table = digitsCache.get(code);
  if (table === undefined) {
    digitTables ??= require('../../wiki/data/messages/digit-transforms.json') as Record<string, Record<string, string>>;
    const found = localisationChain(code).find((c) => c === 'en' || digitTables![c]);
    table = found && found !== 'en' ? digitTables[found]! : null;
    digitsCache.set(code, table);
  }
  return table;
}

/** CLDR's categories in the order MediaWiki's plural rule files list them; `other` comes last. */
const CATEGORY_ORDER = ['zero', 'one', 'two', 'few', 'many'];

const pluralRules = new Map<string, { rules: Intl.PluralRules; ordered: string[] } | null>();

/** The first language of the code's fallback chain whose plural rules CLDR knows. */
function rulesFor(code: string): { rules: Intl.PluralRules; ordered: string[] } | null {
  let found = pluralRules.get(code);
  if (found === undefined) {
    found = null;
    for (const candidate of localisationChain(code)) {
      let supported: string[];
      try {
        supported = Intl.PluralRules.supportedLocalesOf([candidate]);
      } catch {
        continue;
      }
      if (!supported.length) continue;
      const rules = new Intl.PluralRules(candidate);
      const categories = rules.resolvedOptions().pluralCategories as string[];
      const ordered = CATEGORY_ORDER.filter((c) => categories.includes(c));
      // Language::getCompiledPluralRules: a language whose only form is `other` has no rules, and
      // its fallbacks' are used.
      if (!ordered.length && candidate !== 'en') continue;
      found = { rules, ordered };
      break;
    }
    pluralRules.set(code, found);
  }
  return found;
}

/** Language::getPluralRuleIndexNumber: the index of `count`'s form among the language's rules. */
export function pluralIndex(count: number, code: string): number {
  const found = rulesFor(code);
  if (!found) return Math.abs(count) === 1 ? 0 : 1;
  const category = found.rules.select(count);
  return category === 'other' ? found.ordered.length : found.ordered.indexOf(category);
}

/** Language::convertPlural: an explicit `n=form` for the count first, then the rule's form (the last when fewer are given). */
export function convertPlural(count: number, forms: readonly string[], code: string): string {
  const rest: string[] = [];
  for (const form of forms) {
    if (/\d+=/.test(form)) {
      const at = form.indexOf('=');
      if (form.slice(0, at) === phpNumberString(count)) return form.slice(at + 1);
      continue;
    }
    rest.push(form);
  }
  if (!rest.length) return '';
  return rest[Math.min(pluralIndex(count, code), rest.length - 1)]!;
}

/** PHP's (string) of an int or float. */
function phpNumberString(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  return String(n).replace('e+', 'E+').replace('e-', 'E-');
}

/** PHP's (float) of a string: its leading number, 0 without one. */
export function phpFloat(text: string): number {
  const m = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(text);
  return m ? Number(m[0].trim()) : 0;
}

/**
 * Language::parseFormattedNumber: the language's separators undone, so that `{{PLURAL:1.234|...}}`
 * in German counts 1234.
 */
export function parseFormattedNumber(text: string, code: string): number {
  const separators = numberFormat(code).separators;
  const group = separators[','] ?? ',';
  const decimal = separators['.'] ?? '.';
  let plain = text;
  const digits = digitTable(code);
  if (digits) for (const [ascii, written] of Object.entries(digits)) plain = plain.split(written).join(ascii);
  plain = plain.split(group).join('').split(decimal).join('.');
  return phpFloat(plain);
}

/** Language::formatNum: digits grouped by three with the language's separators. */
export function formatNum(value: number | string, code: string): string {
  const text = typeof value === 'number' ? phpNumberString(value) : value;
  const m = /^([+-]?)(\d+)(\.\d+)?$/.exec(text);
  if (!m) return text;
  const { separators, minimumGroupingDigits } = numberFormat(code);
  const group = separators[','] ?? ',';
  const decimal = separators['.'] ?? '.';
  let integer = m[2]!;
  if (integer.length >= 3 + minimumGroupingDigits) integer = integer.replace(/\B(?=(\d{3})+$)/g, '\u0000');
  const written = m[1]! + integer.split('\u0000').join(group) + (m[3] ? decimal + m[3].slice(1) : '');
  const digits = digitTable(code);
  return digits ? written.replace(/\d/g, (d) => digits[d] ?? d) : written;
}

/** Language::gender: the male, female, then neutral form (the first when there is no third). */
export function genderForm(gender: 'male' | 'female' | 'unknown', forms: readonly string[]): string {
  if (!forms.length) return '';
  const padded = [...forms];
  while (padded.length < 2) padded.push(padded[padded.length - 1]!);
  if (gender === 'male') return padded[0]!;
  if (gender === 'female') return padded[1]!;
  return padded[2] ?? padded[0]!;
}

const STRONG_RTL = /[\u0590-\u05ff\u0600-\u07bf\u08a0-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const STRONG_LTR = /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u052f\u0900-\u0dff\u3040-\u9fff\uac00-\ud7af]/u;

/** Language::embedBidi: the text wrapped in the embedding marks of its first strong direction. */
export function embedBidi(text: string): string {
  for (const char of text) {
    if (STRONG_LTR.test(char)) return `\u202a${text}\u202c`;
    if (STRONG_RTL.test(char)) return `\u202b${text}\u202c`;
  }
  return text;
}
