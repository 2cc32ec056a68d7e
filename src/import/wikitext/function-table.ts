// Which name calls which parser function or variable in a content language (Parser::setFunctionHook, MagicWordFactory), and the prefixes subst:, msgnw: and raw:.

import { magicWords, MagicWordMatcher, synonymsOf } from './language.ts';
import type { FunctionHandler, FunctionSpec } from './call-handlers.ts';
import { TAG_FUNCTION } from './extension-tags.ts';
import { MAGIC_VARIABLES, TITLE_FUNCTIONS } from './magic-variables.ts';
import { PAGE_FUNCTIONS } from './page-functions.ts';
import { PARSER_FUNCTIONS_EXTENSION } from './parser-functions-extension.ts';
import { INVOKE_FUNCTION } from './scribunto-invoke.ts';
import { TEXT_FUNCTIONS } from './text-functions.ts';
import { phpTrim } from '../../wiki/php-values.ts';

interface RegisteredFunction {
  handler: FunctionHandler;
  extension?: string;
}

/** Functions of extensions whose output no links table sees: they expand to nothing. */
const EXTENSION_FUNCTIONS: Record<string, string[]> = {
  Wikibase: ['#property', '#statements'],
  GeoData: ['#coordinates'],
  Babel: ['#babel'],
  CategoryTree: ['#categorytree'],
  LabeledSectionTransclusion: ['#lst', '#lsth', '#lstx', '#section', '#section-h', '#section-x'],
  MassMessage: ['#target'],
};

/** Every parser function the importer knows; where two share a synonym (a few title words in cy, hy), the later one takes it. */
const functionSpecs: FunctionSpec[] = [
  ...PARSER_FUNCTIONS_EXTENSION,
  INVOKE_FUNCTION,
  TAG_FUNCTION,
  ...PAGE_FUNCTIONS,
  ...Object.entries(EXTENSION_FUNCTIONS).map(([extension, names]): FunctionSpec => ({ names, extension, handler: () => '' })),
  ...TEXT_FUNCTIONS,
  ...TITLE_FUNCTIONS,
];

/** A MagicWordArray matched at the start of a text (`subst:`, `msgnw:`): the word's id and the rest. */
class PrefixMatcher {
  private readonly patterns: { regex: RegExp; ids: string[] }[] = [];

  constructor(lang: string, ids: readonly string[]) {
    const groups = [
      { alternatives: [] as string[], ids: [] as string[] },
      { alternatives: [] as string[], ids: [] as string[] },
    ];
    for (const id of ids) {
      const word = synonymsOf(lang, id);
      const group = groups[word.caseSensitive ? 1 : 0]!;
      for (const synonym of word.synonyms) {
        group.alternatives.push(`(${synonym.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')})`);
        group.ids.push(id);
      }
    }
    for (const [index, group] of groups.entries()) {
      if (group.alternatives.length) this.patterns.push({ regex: new RegExp(`^(?:${group.alternatives.join('|')})`, index ? 'u' : 'iu'), ids: group.ids });
    }
  }

  matchStart(text: string): { id: string; rest: string } | null {
    for (const { regex, ids } of this.patterns) {
      const m = regex.exec(text);
      if (!m) continue;
      const index = m.findIndex((group, i) => i > 0 && group !== undefined);
      return { id: ids[index - 1]!, rest: text.slice(m[0].length) };
    }
    return null;
  }
}

/** What the expander looks names up in, for one content language. */
export interface LanguageWords {
  functions: { sensitive: Map<string, RegisteredFunction>; insensitive: Map<string, RegisteredFunction> };
  variable(name: string): FunctionHandler | undefined;
  isWord(id: string, text: string): boolean;
  subst: PrefixMatcher;
  messagePrefix: PrefixMatcher;
  rawPrefix: PrefixMatcher;
  /** Every synonym of subst:, msgnw: and raw: ends with its only colon: a name's first colon ends any prefix. */
  prefixesEndAtColon: boolean;
  /** A variable's synonym has a colon: a name with one may still be a variable. */
  variableHasColon: boolean;
  galleryOptions: MagicWordMatcher;
}

const languageWordsCache = new Map<string, LanguageWords>();

/** The content language's parser functions, variables and option words, built once per language. */
export function languageWords(lang: string): LanguageWords {
  let words = languageWordsCache.get(lang);
  if (words) return words;
  const all = magicWords(lang);
  const functions = { sensitive: new Map<string, RegisteredFunction>(), insensitive: new Map<string, RegisteredFunction>() };
  for (const spec of functionSpecs) {
    const entry: RegisteredFunction = { handler: spec.handler, extension: spec.extension };
    if ('names' in spec) {
      for (const name of spec.names) functions.insensitive.set(name.toLowerCase(), entry);
      continue;
    }
    for (const id of spec.ids) {
      const word = all.get(id);
      if (!word) continue;
      for (let synonym of word.synonyms) {
        if (!word.caseSensitive) synonym = synonym.toLowerCase();
        if (!spec.noHash) synonym = `#${synonym}`;
        if (synonym.endsWith(':')) synonym = synonym.slice(0, -1);
        (word.caseSensitive ? functions.sensitive : functions.insensitive).set(synonym, entry);
      }
    }
  }
  const sensitiveVariables = new Map<string, FunctionHandler>();
  const insensitiveVariables = new Map<string, FunctionHandler>();
  for (const [id, handler] of MAGIC_VARIABLES) {
    const word = all.get(id);
    if (!word) continue;
    for (const synonym of word.synonyms) {
      if (word.caseSensitive) sensitiveVariables.set(synonym, handler);
      else insensitiveVariables.set(synonym.toLowerCase(), handler);
    }
  }
  const prefixSynonyms = ['subst', 'safesubst', 'msgnw', 'msg', 'raw'].flatMap((id) => all.get(id)?.synonyms ?? []);
  words = {
    functions,
    variable: (name) => sensitiveVariables.get(name) ?? insensitiveVariables.get(name.toLowerCase()),
    isWord: (id, text) => {
      const word = all.get(id);
      if (!word) return false;
      return word.caseSensitive ? word.synonyms.includes(text) : word.synonyms.some((s) => s.toLowerCase() === text.toLowerCase());
    },
    subst: new PrefixMatcher(lang, ['subst', 'safesubst']),
    messagePrefix: new PrefixMatcher(lang, ['msgnw', 'msg']),
    rawPrefix: new PrefixMatcher(lang, ['raw']),
    prefixesEndAtColon: prefixSynonyms.every((synonym) => synonym.indexOf(':') === synonym.length - 1),
    variableHasColon: [...sensitiveVariables.keys(), ...insensitiveVariables.keys()].some((synonym) => synonym.includes(':')),
    galleryOptions: new MagicWordMatcher(lang, ['img_alt', 'img_link']),
  };
  languageWordsCache.set(lang, words);
  return words;
}

/** Parser::callParserFunction: case-sensitive synonyms first, then the others by their lowercase form. */
export function lookupFunction(name: string, extensions: ReadonlySet<string>, words: LanguageWords): FunctionHandler | undefined {
  const trimmed = phpTrim(name);
  const found = words.functions.sensitive.get(trimmed) ?? words.functions.insensitive.get(trimmed.toLowerCase());
  if (!found || (found.extension !== undefined && !extensions.has(found.extension))) return undefined;
  return found.handler;
}
