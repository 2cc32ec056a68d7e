// Language::formatNum of MediaWiki 1.39: a number laid out by the ICU formatter MediaWiki builds
// for the language, then given the language's own separators and digits.
//
// The formatter's facts per language (grouping sizes, ICU's symbols and digits, the signs) are
// data/number-formats.json, which scripts/extract-number-formats.php asks PHP's ICU for; the
// language file settings ($separatorTransformTable, $minimumGroupingDigits, $digitTransformTable)
// come with the other localisation facts.
import formatFacts from './data/number-formats.json' with { type: 'json' };
import digitTransforms from './data/messages/digit-transforms.json' with { type: 'json' };
import { localisationChain, numberFormat } from './languages.ts';
import { interfaceMessages } from './messages.ts';

/** The ICU NumberFormatter Language::getNumberFormatter builds, as far as formatting reads it. */
interface IcuFormat {
  /** Primary and secondary group sizes (0: no grouping; secondary 0: as the primary). */
  grouping: [number, number];
  decimal: string;
  group: string;
  /** The numbering system's zero; the other digits follow it. */
  zero: string;
  negativePrefix: string;
  negativeSuffix: string;
  positivePrefix: string;
  positiveSuffix: string;
  /** Fraction digits shown when the number's own form does not set them: at least, at most. */
  fractionDigits: [number, number];
  integerDigits: number;
}

interface FormatFacts {
  root: IcuFormat;
  languages: Record<string, Partial<IcuFormat>>;
  withoutSeparators: string[];
}

const FACTS = formatFacts as unknown as FormatFacts;
const WITHOUT_SEPARATORS = new Set(FACTS.withoutSeparators);
const DIGIT_TABLES = digitTransforms as Record<string, Record<string, string>>;

const icuFormats = new Map<string, IcuFormat>();
function icuFormat(code: string): IcuFormat {
  let format = icuFormats.get(code);
  if (!format) {
    format = { ...FACTS.root, ...(Object.hasOwn(FACTS.languages, code) ? FACTS.languages[code] : {}) };
    icuFormats.set(code, format);
  }
  return format;
}

const digitTables = new Map<string, Readonly<Record<string, string>> | null>();
/** $digitTransformTable of the first language of the code's chain that sets one. */
export function digitTransformTable(code: string): Readonly<Record<string, string>> | null {
  let table = digitTables.get(code);
  if (table === undefined) {
    const found = localisationChain(code).find((c) => c === 'en' || Object.hasOwn(DIGIT_TABLES, c));
    table = found && found !== 'en' ? DIGIT_TABLES[found]! : null;
    digitTables.set(code, table);
  }
  return table;
}

/** PHP's is_numeric for a string (PHP 8: surrounding white space allowed). */
const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;
/** The numbers formatNum finds inside other text and formats one by one. */
const NUMBER_IN_TEXT = /(-(?=[\d.]))?(\d+|(?=\.\d))(\.\d*)?([Ee][-+]?\d+)?/g;

export interface FormatNumOptions {
  /** formatNumNoSeparators, `{{formatnum:...|NOSEP}}`: digits translated, no grouping. */
  noSeparators?: boolean;
}

/** Language::formatNum in the language `code`: `number` as PHP writes it (a string), or a number. */
export function formatNumber(number: string | number, code: string, options: FormatNumOptions = {}): string {
  const text = typeof number === 'number' ? phpNumberText(number) : number;
  return formatText(text, code, options.noSeparators === true || WITHOUT_SEPARATORS.has(code));
}

function formatText(number: string, code: string, noSeparators: boolean): string {
  if (number === '') return number;
  if (number === 'NAN') return interfaceMessages(code)['formatnum-nan'] ?? 'NaN';
  if (number === 'INF') return '∞';
  if (number === '-INF') return '\u2212∞';
  if (!PHP_NUMERIC.test(number)) return number.replace(NUMBER_IN_TEXT, (found) => formatText(found, code, noSeparators));
  let written = number;
  if (!noSeparators) {
    const { separators, minimumGroupingDigits } = numberFormat(code);
    const icu = icuFormat(code);
    const integerDigits = /^-?(\d*)/.exec(number)![1]!.length;
    if ((minimumGroupingDigits && integerDigits < minimumGroupingDigits + icu.grouping[0]) || number === '-0') {
      written = number.replace(/[.,]/g, (c) => separators[c] ?? c);
    } else {
      const hasTable = Object.keys(separators).length > 0;
      const symbols = hasTable ? { decimal: separators['.'] ?? '.', group: separators[','] ?? ',' } : { decimal: icu.decimal, group: icu.group };
      written = icuLayout(number, icu, symbols);
    }
  }
  const digits = digitTransformTable(code);
  if (digits) written = written.replace(/[0-9]/g, (d) => digits[d] ?? d);
  // The proper minus sign, and no direction marks: the text around decides the direction.
  return written.replace(/-/g, '\u2212').replace(/[\u200e\u200f\u061c]/g, '');
}

/** NumberFormatter::format of (float)$number with the digits MediaWiki keeps of the number's own form. */
function icuLayout(number: string, icu: IcuFormat, symbols: { decimal: string; group: string }): string {
  const value = Number(number.trim());
  const own = /^-?(\d*)(\.(\d*))?$/.exec(number);
  const integerDigits = own ? own[1]!.length : icu.integerDigits;
  const [minFraction, maxFraction] = own ? [own[3]?.length ?? 0, own[3]?.length ?? 0] : icu.fractionDigits;
  const decimalAlwaysShown = own ? own[2] !== undefined : false;
  let [integer, fraction] = roundedDigits(Math.abs(value), maxFraction);
  fraction = fraction.replace(/0+$/, '');
  if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
  integer = integer.replace(/^0+/, '');
  if (integer.length < integerDigits) integer = integer.padStart(integerDigits, '0');
  const [primary, secondary] = icu.grouping;
  if (primary > 0 && integer.length > primary) {
    const groups = [integer.slice(-primary)];
    let rest = integer.slice(0, -primary);
    const size = secondary > 0 ? secondary : primary;
    while (rest.length > size) {
      groups.unshift(rest.slice(-size));
      rest = rest.slice(0, -size);
    }
    groups.unshift(rest);
    integer = groups.join('\u0000');
  }
  let body = integer + (fraction || decimalAlwaysShown ? '\u0001' + fraction : '');
  const zero = icu.zero.codePointAt(0)!;
  if (zero !== 0x30) body = body.replace(/[0-9]/g, (d) => String.fromCodePoint(zero + Number(d)));
  body = body.replace(/\u0000/g, symbols.group).replace(/\u0001/g, symbols.decimal);
  const negative = value < 0 || Object.is(value, -0);
  return negative ? icu.negativePrefix + body + icu.negativeSuffix : icu.positivePrefix + body + icu.positiveSuffix;
}

/**
 * The decimal digits of a double as ICU reads it (the shortest form that reads back the same),
 * rounded half-even to `maxFraction` places: [integer digits, fraction digits].
 */
function roundedDigits(value: number, maxFraction: number): [string, string] {
  const [mantissa, exponentText] = value.toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const point = Number(exponentText) + 1;
  let integer: string;
  let fraction: string;
  if (point <= 0) {
    integer = '0';
    fraction = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    integer = digits + '0'.repeat(point - digits.length);
    fraction = '';
  } else {
    integer = digits.slice(0, point);
    fraction = digits.slice(point);
  }
  if (fraction.length <= maxFraction) return [integer, fraction];
  const kept = fraction.slice(0, maxFraction);
  const dropped = fraction.slice(maxFraction);
  const last = Number((integer + kept).slice(-1));
  const roundUp = dropped[0]! > '5' || (dropped[0] === '5' && (/[1-9]/.test(dropped.slice(1)) || last % 2 === 1));
  if (!roundUp) return [integer, kept];
  const bumped = (BigInt(integer + kept) + 1n).toString().padStart(integer.length + kept.length, '0');
  return [bumped.slice(0, bumped.length - kept.length) || '0', bumped.slice(bumped.length - kept.length)];
}

/** PHP's (string) of a number: integers plainly, floats to 14 significant digits (`precision`). */
function phpNumberText(value: number): string {
  if (Number.isNaN(value)) return 'NAN';
  if (value === Infinity) return 'INF';
  if (value === -Infinity) return '-INF';
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const [mantissa, exponentText] = value.toExponential(13).split('e') as [string, string];
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 14) {
    const shortMantissa = mantissa.replace(/\.?0+$/, '');
    return `${shortMantissa.includes('.') ? shortMantissa : `${shortMantissa}.0`}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  return value.toPrecision(14).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}
