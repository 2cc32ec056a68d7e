// The ParserFunctions extension's functions: #if, #ifeq, #iferror, #ifexpr, #expr, #ifexist, #switch, #time, #titleparts, #rel2abs.
//
// The branch functions decide which links a page has: only the branch taken is expanded, so its
// links alone are recorded. #ifexist records its target as a link, as MediaWiki does.

import type { PPNode, TemplatePart } from '../../wiki/preprocessor.ts';
import type { FunctionSpec } from './call-handlers.ts';
import { ExprError, expressionIsTrue, expressionResult } from '../../wiki/expr.ts';
import { interfaceMessages } from '../../wiki/messages.ts';
import { looksLikeError, looselyEqual, parserFunctionError, phpIntOf, relativeToAbsolute, titleParts } from '../../wiki/parser-functions.ts';
import { parserFunctionTime } from '../../wiki/time-format.ts';
import { isValidBuiltInLanguageCode } from '../../wiki/languages.ts';
import { decodeCharReferencesOnly } from '../../wiki/titles.ts';
import { NS } from '../../wiki/namespaces.ts';
import { phpTrim } from '../../wiki/php-values.ts';

/** An expression's error as ParserFunctions shows it, in the content language. */
function expressionError(error: ExprError, lang: string): string {
  return parserFunctionError(interfaceMessages(lang)[`pfunc_expr_${error.key}`]?.replace(/\$1/g, error.parameter) ?? error.message);
}

function expr(text: string, lang: string): string {
  try {
    return expressionResult(text);
  } catch (error) {
    if (error instanceof ExprError) return expressionError(error, lang);
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
      if (looksLikeError(first)) return x.branch(parts[0], frame);
      return parts.length > 1 ? x.branch(parts[1], frame) : first;
    },
  },
  {
    ids: ['ifexpr'],
    extension: 'ParserFunctions',
    handler: (x, frame, first, parts) => {
      let result: string;
      try {
        result = expressionResult(first);
      } catch (error) {
        if (error instanceof ExprError) return expressionError(error, x.site.lang);
        throw error;
      }
      return expressionIsTrue(result) ? x.branch(parts[0], frame) : x.branch(parts[1], frame);
    },
  },
  { ids: ['expr'], extension: 'ParserFunctions', handler: (x, _frame, first) => expr(first, x.site.lang) },
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
          if (!found && looselyEqual(phpTrim(x.expandNodes(part.value, frame)), first)) found = true;
          continue;
        }
        lastBare = null;
        const key = phpTrim(x.expandNodes(part.name, frame));
        if (found || looselyEqual(key, first)) return phpTrim(x.expandNodes(part.value, frame));
        if (x.isWord('default', key)) defaultPart = part.value;
      }
      if (lastBare) return phpTrim(x.expandNodes(lastBare.value, frame));
      return defaultPart ? phpTrim(x.expandNodes(defaultPart, frame)) : '';
    },
  },
  {
    ids: ['time', 'timel'],
    extension: 'ParserFunctions',
    handler: (x, frame, first, parts) => {
      const date = parts.length > 0 ? x.value(parts[0], frame) : '';
      const language = parts.length > 1 ? phpTrim(x.value(parts[1], frame)) : '';
      // The parse happens now (refreshLinks' time) in MediaWiki too.
      const result = parserFunctionTime(first, date, language !== '' && isValidBuiltInLanguageCode(language) ? language : x.site.lang, new Date());
      if ('text' in result) return result.text;
      return parserFunctionError(interfaceMessages(x.site.lang)[result.error] ?? result.error);
    },
  },
  {
    ids: ['titleparts'],
    extension: 'ParserFunctions',
    handler: (x, frame, first, parts) => {
      const title = x.codec.parse(decodeCharReferencesOnly(first));
      if (!title) return first;
      return titleParts(x.codec.namespaces.prefixedText(title.ns, title.dbKey), phpIntOf(x.value(parts[0], frame)), phpIntOf(x.value(parts[1], frame)));
    },
  },
  {
    ids: ['rel2abs'],
    extension: 'ParserFunctions',
    handler: (x, frame, first, parts) => {
      const given = parts.length > 0 ? phpTrim(x.value(parts[0], frame)) : '';
      const base = given !== '' ? given : x.codec.namespaces.prefixedText(x.page.ns, x.page.dbKey);
      const resolved = relativeToAbsolute(first, base);
      if ('path' in resolved) return resolved.path;
      const message = interfaceMessages(x.site.lang).pfunc_rel2abs_invalid_depth ?? 'Error: Invalid depth in path: "$1" (tried to access a node above the root node).';
      return parserFunctionError(message.replace(/\$1/g, resolved.tooDeep));
    },
  },
];
