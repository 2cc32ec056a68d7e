// Language::formatNum as {{formatnum:}} uses it: digit groups of three, then the language's separators.

import { numberFormat, type NumberFormat } from '../../wiki/languages.ts';

function formatNumber(number: string, style: NumberFormat): string {
  const m = /^(-?)(\d+)((?:\.\d+)?)$/.exec(number);
  if (!m) return number;
  let digits = m[2]!;
  if (digits.length >= 3 + style.minimumGroupingDigits) digits = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  const english = `${m[1]}${digits}${m[3]}`;
  return english.replace(/[,.]/g, (c) => style.separators[c] ?? c);
}

/** {{formatnum:}}: numbers (also those inside other text) in the language's form; `R` reads one back, `NOSEP` only translates. */
export function formatNum(text: string, option: string, lang: string): string {
  const style = numberFormat(lang);
  const opt = option.trim().toUpperCase();
  if (opt === 'R') {
    let plain = text;
    const group = style.separators[','] ?? ',';
    const decimal = style.separators['.'] ?? '.';
    plain = plain.split(group).join('').split(decimal).join('.');
    return /^-?\d+(\.\d+)?$/.test(plain) ? plain : text;
  }
  if (opt === 'NOSEP') return text;
  if (/^-?\d+(\.\d+)?$/.test(text.trim())) return formatNumber(text.trim(), style);
  return text.replace(/-?\d+(?:\.\d+)?/g, (n) => formatNumber(n, style));
}
