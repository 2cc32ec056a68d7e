// Language::formatNum as {{formatnum:}} uses it: digit groups of three, then the language's separators.

import { existsSync, readFileSync } from 'node:fs';

/** Where a MediaWiki install keeps its language files, when this machine has one (Debian's package). */
const MEDIAWIKI_MESSAGES = '/usr/share/mediawiki/languages/messages';

interface NumberStyle {
  /** $separatorTransformTable: `,` and `.` of the English form -> the language's. */
  separators: Record<string, string>;
  /** $minimumGroupingDigits: 2 leaves 4-digit numbers ungrouped. */
  minimumGrouping: number;
}

const styles = new Map<string, NumberStyle>();

function messagesFile(lang: string): string | null {
  const file = `${MEDIAWIKI_MESSAGES}/Messages${lang.charAt(0).toUpperCase()}${lang.slice(1).replace(/-/g, '_')}.php`;
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

function phpString(literal: string): string {
  const body = literal.slice(1, -1);
  if (literal.startsWith("'")) return body.replace(/\\(['\\])/g, '$1');
  return body.replace(/\\u\{([0-9a-fA-F]+)\}/g, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16))).replace(/\\(["\\$])/g, '$1');
}

/** The language's separators and grouping, each from the first language of its fallback chain that sets it. */
function numberStyle(lang: string): NumberStyle {
  let style = styles.get(lang);
  if (style) return style;
  let separators: Record<string, string> | undefined;
  let minimumGrouping: number | undefined;
  let code: string | undefined = /^[a-z-]+$/.test(lang) ? lang : undefined;
  const seen = new Set<string>();
  while (code && code !== 'en' && !seen.has(code) && (separators === undefined || minimumGrouping === undefined)) {
    seen.add(code);
    const php = messagesFile(code);
    if (!php) break;
    if (separators === undefined) {
      const table = /\$separatorTransformTable\s*=\s*(null|\[[\s\S]*?\]);/.exec(php);
      if (table) {
        separators = {};
        for (const pair of table[1]!.matchAll(/('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*=>\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g)) {
          separators[phpString(pair[1]!)] = phpString(pair[2]!);
        }
      }
    }
    if (minimumGrouping === undefined) {
      const grouping = /\$minimumGroupingDigits\s*=\s*(\d+)/.exec(php);
      if (grouping) minimumGrouping = Number(grouping[1]);
    }
    code = /\$fallback\s*=\s*'([^',]*)/.exec(php)?.[1]?.trim();
  }
  style = { separators: separators ?? {}, minimumGrouping: minimumGrouping ?? 1 };
  styles.set(lang, style);
  return style;
}

function formatNumber(number: string, style: NumberStyle): string {
  const m = /^(-?)(\d+)((?:\.\d+)?)$/.exec(number);
  if (!m) return number;
  let digits = m[2]!;
  if (digits.length >= 3 + style.minimumGrouping) digits = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  const english = `${m[1]}${digits}${m[3]}`;
  return english.replace(/[,.]/g, (c) => style.separators[c] ?? c);
}

/** {{formatnum:}}: numbers (also those inside other text) in the language's form; `R` reads one back, `NOSEP` only translates. */
export function formatNum(text: string, option: string, lang: string): string {
  const style = numberStyle(lang);
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
