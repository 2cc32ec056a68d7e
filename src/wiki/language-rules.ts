// How a language writes numbers, plurals and genders in messages (Language::formatNum,
// convertPlural, gender, embedBidi), for any code MediaWiki may be asked for.
import { CODED_GRAMMARS, LANGUAGE_CLASS_CODES, type GrammarForms } from './grammar.ts';
import { isValidBuiltInLanguageCode, localisationChain, numberFormat } from './languages.ts';
import { isPhpNumeric } from './parser-functions.ts';
import { digitTransformTable, formatNumber } from './number-format.ts';
// JSON imports, not requires: esbuild's bundles for the importer's worker threads then carry the data.
import pluralRulesData from './data/messages/plural-rules.json' with { type: 'json' };
import grammarTransformations from './data/messages/grammar-transformations.json' with { type: 'json' };

type PluralRules = Record<string, [string, string][]>;
const pluralData = pluralRulesData as unknown as PluralRules;
const compiledRules = new Map<string, ((operands: Operands) => boolean)[]>();

/** CLDR's operands of a number as PHP writes it: n (absolute value), i (integer part), v, f, t (visible fraction digits). */
interface Operands {
  n: number;
  i: number;
  v: number;
  f: number;
  t: number;
}

function operandsOf(count: number): Operands {
  const text = phpNumberString(Math.abs(count));
  const [integer = '0', fraction = ''] = text.split('.');
  return { n: Math.abs(count), i: Number(integer), v: fraction.length, f: Number(fraction || '0'), t: Number(fraction.replace(/0+$/, '') || '0') };
}

/** A CLDR plural rule (`v = 0 and i % 10 = 2..4 or ...`) as a test of a number's operands. */
function compileRule(rule: string): (operands: Operands) => boolean {
  const alternatives = rule.split(/\s+or\s+/).map((alternative) =>
    alternative.split(/\s+and\s+/).map((relation) => {
      const m = /^([nivft])\s*(?:%\s*(\d+))?\s*(!?=)\s*(.+)$/.exec(relation.trim());
      if (!m) return (): boolean => false;
      const [, operand, modulus, operator, ranges] = m;
      const accepted = ranges!.split(',').map((range) => {
        const [from, to = from] = range.trim().split('..');
        return [Number(from), Number(to)] as const;
      });
      return (operands: Operands): boolean => {
        let value = operands[operand as keyof Operands];
        if (modulus) value %= Number(modulus);
        const inside = accepted.some(([from, to]) => Number.isInteger(value) && value >= from && value <= to);
        return operator === '=' ? inside : !inside;
      };
    }),
  );
  return (operands) => alternatives.some((relations) => relations.every((test) => test(operands)));
}

/**
 * Language::getCompiledPluralRules: the code's rules (CLDR's, or MediaWiki's own where it has
 * them), else the first of its fallbacks' that has any: a language whose only form is `other`
 * uses its fallbacks' rules.
 */
function rulesFor(code: string): ((operands: Operands) => boolean)[] {
  let rules = compiledRules.get(code);
  if (!rules) {
    const data = pluralData;
    const source = localisationChain(code).find((c) => Object.hasOwn(data, c) && data[c]!.length > 0);
    rules = source ? data[source]!.map(([, rule]) => compileRule(rule)) : [];
    compiledRules.set(code, rules);
  }
  return rules;
}

/** Language::getPluralRuleIndexNumber: the index of the first rule the count meets, the number of rules (other) when none. */
export function pluralIndex(count: number, code: string): number {
  const rules = rulesFor(code);
  const operands = operandsOf(count);
  const index = rules.findIndex((test) => test(operands));
  return index < 0 ? rules.length : index;
}

/** Language::convertPlural: an explicit `n=form` for the count first, then the rule's form (the last when fewer are given). */
export function convertPlural(count: number, forms: readonly string[], code: string): string {
  const rest: string[] = [];
  for (const form of forms) {
    if (/\d+=/.test(form)) {
      const at = form.indexOf('=');
      // PHP's ==: a numeric value compares as a number ("01=" is the form of 1).
      const value = form.slice(0, at);
      if (isPhpNumeric(value) ? Number(value) === count : value === phpNumberString(count)) return form.slice(at + 1);
      continue;
    }
    rest.push(form);
  }
  if (!rest.length) return '';
  if (languageClassCode(code) === 'ksh') {
    // LanguageKsh's own order of forms: one, other, zero (the last given standing in for those missing).
    const form = count === 1 ? 0 : count === 0 ? 2 : 1;
    return rest[Math.min(form, rest.length - 1)]!;
  }
  return rest[Math.min(pluralIndex(count, code), rest.length - 1)]!;
}

/** The code whose Language class LanguageFactory gives `code`: the first along its fallbacks that has one. */
function languageClassCode(code: string): string | undefined {
  return isValidBuiltInLanguageCode(code) ? localisationChain(code).find((c) => LANGUAGE_CLASS_CODES.has(c)) : undefined;
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
  const digits = digitTransformTable(code);
  if (digits) for (const [ascii, written] of Object.entries(digits)) plain = plain.split(written).join(ascii);
  plain = plain.split(group).join('').split(decimal).join('.');
  return phpFloat(plain);
}

/** Language::formatNum (src/wiki/number-format.ts): the language's ICU layout, separators and digits. */
export function formatNum(value: number | string, code: string): string {
  return formatNumber(value, code);
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

type GrammarRules = Record<string, Record<string, string | [string, unknown][]>>;
const grammarRules = grammarTransformations as unknown as GrammarRules;

export interface GrammarOptions {
  /** $wgGrammarForms. */
  forms?: GrammarForms;
  /** The request's language variant (its `variant`, else its `uselang`), which Kazakh's grammar follows. */
  variant?: string;
}

/**
 * Language::convertGrammar of the Language object for `code`: the grammar of its class (the first
 * code along its fallbacks that has one), else the site's forms and the data rules of the code
 * itself (languages/data/grammarTransformations, read by scripts/extract-messages.mjs), the first
 * rule of the case whose pattern matches rewriting the word.
 */
export function convertGrammar(word: string, grammarCase: string, code: string, options: GrammarOptions = {}): string {
  const forms = options.forms ?? {};
  const classCode = languageClassCode(code);
  if (classCode && Object.hasOwn(CODED_GRAMMARS, classCode)) return CODED_GRAMMARS[classCode]!(word, grammarCase, { code, forms, variant: options.variant });
  const configured = forms[code]?.[grammarCase];
  if (configured && Object.hasOwn(configured, word)) return configured[word]!;
  const cases = Object.hasOwn(grammarRules, code) ? grammarRules[code]! : undefined;
  if (!cases || !Object.hasOwn(cases, grammarCase)) return word;
  let rules = cases[grammarCase]!;
  // A case may name another case whose rules it shares.
  if (typeof rules === 'string') rules = Object.hasOwn(cases, rules) && typeof cases[rules] !== 'string' ? (cases[rules] as [string, unknown][]) : [];
  for (const [pattern, replacement] of rules) {
    if (pattern === '@metadata' || typeof replacement !== 'string') continue;
    const regex = new RegExp(pattern, 'u');
    if (regex.test(word)) return word.replace(new RegExp(pattern, 'gu'), replacement);
  }
  return word;
}
