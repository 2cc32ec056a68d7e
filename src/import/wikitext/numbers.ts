// {{formatnum:}} as the importer's parser runs it: Language::formatNum of the domain core, or reading a number back.

import { numberFormat } from '../../wiki/languages.ts';
import { formatNumber } from '../../wiki/number-format.ts';
import { phpTrim } from '../../wiki/php-values.ts';

/** {{formatnum:}}: numbers (also those inside other text) in the language's form; `R` reads one back, `NOSEP` only translates. */
export function formatNum(text: string, option: string, lang: string): string {
  const style = numberFormat(lang);
  const opt = phpTrim(option).toUpperCase();
  if (opt === 'R') {
    let plain = text;
    const group = style.separators[','] ?? ',';
    const decimal = style.separators['.'] ?? '.';
    plain = plain.split(group).join('').split(decimal).join('.');
    return /^-?\d+(\.\d+)?$/.test(plain) ? plain : text;
  }
  return formatNumber(phpTrim(text), lang, { noSeparators: opt === 'NOSEP' });
}
