// The ParserFunctions extension's functions: #if, #ifeq, #iferror, #ifexpr, #expr, #ifexist, #switch, #time, #titleparts, #rel2abs.
//
// The branch functions decide which links a page has: only the branch taken is expanded, so its
// links alone are recorded. #ifexist records its target as a link, as MediaWiki does.

import type { PPNode, TemplatePart } from '../../wiki/preprocessor.ts';
import type { FunctionSpec } from './call-handlers.ts';
import { evaluateExpression, ExprError, formatNumber } from '../../wiki/expr.ts';
import { formatTime, parseTime } from './time.ts';
import { decodeCharReferencesOnly } from '../../wiki/titles.ts';
import { NS } from '../../wiki/namespaces.ts';

function isNumeric(s: string): boolean {
  return /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(s);
}

function looselyEqual(a: string, b: string): boolean {
  if (isNumeric(a) && isNumeric(b)) return Number(a) === Number(b);
  return a === b;
}

function expressionError(message: string): string {
  return `<strong class="error">Expression error: ${message}</strong>`;
}

function expr(text: string): string {
  try {
    const value = evaluateExpression(text);
    return value === null ? '' : formatNumber(value);
  } catch (error) {
    if (error instanceof ExprError) return expressionError(error.message);
    throw error;
  }
}

export const PARSER_FUNCTIONS_EXTENSION: FunctionSpec[] = [
  {
    ids: ['if'],
    extension: 'ParserFunctions',
    handler: (x, frame, first, parts) => (first !== '' ? x.branch(parts[0], frame) : x.branch(parts[1], frame)),
  },
  {
    ids: ['ifeq'],
    extension: 'ParserFunctions',
    handler: (x, frame, first, parts) =>
      looselyEqual(first, x.value(parts[0], frame)) ? x.branch(parts[1], frame) : x.branch(parts[2], frame),
  },
  {
    ids: ['iferror'],
    extension: 'ParserFunctions',
    handler: (x, frame, first, parts) => {
      const isError = /class\s*=\s*["']?[^"'>]*\berror\b/.test(first);
      if (isError) return x.branch(parts[0], frame);
      return parts.length > 1 ? x.branch(parts[1], frame) : first;
    },
  },
  {
    ids: ['ifexpr'],
    extension: 'ParserFunctions',
    handler: (x, frame, first, parts) => {
      try {
        const value = evaluateExpression(first);
        return value ? x.branch(parts[0], frame) : x.branch(parts[1], frame);
      } catch (error) {
        if (error instanceof ExprError) return expressionError(error.message);
        throw error;
      }
    },
  },
  { ids: ['expr'], extension: 'ParserFunctions', handler: (_x, _frame, first) => expr(first) },
  {
    ids: ['ifexist'],
    extension: 'ParserFunctions',
    handler: (x, frame, first, parts) => {
      const title = x.codec.parse(decodeCharReferencesOnly(first));
      if (!title) return x.branch(parts[1], frame);
      if (title.interwiki !== '') return x.branch(parts[1], frame);
      if (title.ns === NS.MEDIA) {
        // The file itself, not its description page, must exist (RepoGroup::findFile follows redirects).
        const file = x.wiki.resolveFile ? x.wiki.resolveFile(title.dbKey) : x.wiki.exists(NS.FILE, title.dbKey) ? title.dbKey : null;
        x.out.images.add(file ?? title.dbKey);
        return file !== null ? x.branch(parts[0], frame) : x.branch(parts[1], frame);
      }
      if (title.ns === NS.SPECIAL) return x.branch(parts[1], frame);
      if (title.dbKey === '') return x.branch(parts[1], frame);
      x.addLink(title.ns, title.dbKey);
      return x.wiki.exists(title.ns, title.dbKey) ? x.branch(parts[0], frame) : x.branch(parts[1], frame);
    },
  },
  {
    ids: ['switch'],
    extension: 'ParserFunctions',
    handler: (x, frame, first, parts) => {
      let found = false;
      let defaultPart: PPNode[] | null = null;
      let lastBare: TemplatePart | null = null;
      for (const part of parts) {
        if (part.name === null) {
          lastBare = part;
          if (!found && looselyEqual(x.expandNodes(part.value, frame).trim(), first)) found = true;
          continue;
        }
        lastBare = null;
        const key = x.expandNodes(part.name, frame).trim();
        if (found || looselyEqual(key, first)) return x.expandNodes(part.value, frame).trim();
        if (x.isWord('default', key)) defaultPart = part.value;
      }
      if (lastBare) return x.expandNodes(lastBare.value, frame).trim();
      return defaultPart ? x.expandNodes(defaultPart, frame).trim() : '';
    },
  },
  {
    ids: ['time', 'timel'],
    extension: 'ParserFunctions',
    handler: (x, frame, first, parts) => {
      const input = parts.length > 0 ? x.value(parts[0], frame) : '';
      // The parse happens now (refreshLinks' time) in MediaWiki too; a form we cannot read is left as written.
      const when = parseTime(input, new Date());
      if (when === null) return input || first;
      const lang = (parts.length > 1 ? x.value(parts[1], frame).trim() : '') || x.site.lang;
      return formatTime(first, when, lang);
    },
  },
  {
    ids: ['titleparts'],
    extension: 'ParserFunctions',
    handler: (x, frame, first, parts) => {
      const count = parseInt(x.value(parts[0], frame) || '0', 10) || 0;
      const start = parseInt(x.value(parts[1], frame) || '1', 10) || 1;
      const title = x.codec.parse(decodeCharReferencesOnly(first));
      if (!title) return first;
      const segments = x.codec.namespaces.prefixedText(title.ns, title.dbKey).split('/');
      const from = start > 0 ? start - 1 : Math.max(0, segments.length + start);
      const selected = count > 0 ? segments.slice(from, from + count) : count < 0 ? segments.slice(from, count) : segments.slice(from);
      return selected.join('/');
    },
  },
  {
    ids: ['rel2abs'],
    extension: 'ParserFunctions',
    handler: (x, frame, first, parts) => {
      const given = parts.length > 0 ? x.value(parts[0], frame).trim() : '';
      const base = given !== '' ? given : x.codec.namespaces.prefixedText(x.page.ns, x.page.dbKey);
      return relativeToAbsolute(first, base);
    },
  },
];

/** ParserFunctions' #rel2abs: `to` against the path `from`, with `.` and `..` segments resolved. */
function relativeToAbsolute(to: string, from: string): string {
  from = from.trim();
  to = to.replace(/[ /]+$/, '');
  if (to === '' || to === '.') return from;
  if (!(to.startsWith('/') || to.startsWith('./') || to.startsWith('../') || to === '..')) from = '';
  const fullPath = `/${from}/${to}/`.replace(/\/(\.\/)+/g, '/').replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '');
  const stack: string[] = [];
  for (const segment of fullPath.split('/')) {
    if (segment !== '..') stack.push(segment);
    else if (stack.length > 0) stack.pop();
    else return `<strong class="error">Error: Invalid depth in path: "${fullPath}" (tried to access a node above the root node).</strong>`;
  }
  return stack.join('/');
}
