// The content language's magic words as the importer's parser matches them, read from the domain core's localisation (src/wiki/localisation.ts).

import { LOCALISED_EXTENSIONS, localisation } from '../../wiki/localisation.ts';
import { phpTrim } from '../../wiki/php-values.ts';

export interface MagicWord {
  id: string;
  caseSensitive: boolean;
  synonyms: readonly string[];
}

function normalizeCode(lang: string): string {
  return phpTrim(lang).toLowerCase() || 'en';
}

const magicWordCache = new Map<string, ReadonlyMap<string, MagicWord>>();

/**
 * Every magic word the content language knows (core's and the extensions' whose files the facts
 * hold), by id: the language's synonyms first, then its fallbacks', English last. Whether an
 * extension's word counts is the caller's business (its extension must be loaded).
 */
export function magicWords(lang: string): ReadonlyMap<string, MagicWord> {
  const code = normalizeCode(lang);
  let words = magicWordCache.get(code);
  if (!words) {
    words = new Map(localisation(code, LOCALISED_EXTENSIONS, '').magicWords.map(([id, caseSensitive, synonyms]) => [id, { id, caseSensitive, synonyms }]));
    magicWordCache.set(code, words);
  }
  return words;
}

/** The synonyms of one magic word (English's when the language has none). */
export function synonymsOf(lang: string, id: string): MagicWord {
  return magicWords(lang).get(id) ?? { id, caseSensitive: false, synonyms: [] };
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const redirectCache = new Map<string, RegExp>();

/** MagicWord 'redirect' matched at the start of a page: `#REDIRECT`, `#WEITERLEITUNG`, ... */
export function redirectPattern(lang: string): RegExp {
  const key = normalizeCode(lang);
  let pattern = redirectCache.get(key);
  if (!pattern) {
    const word = synonymsOf(lang, 'redirect');
    const synonyms = word.synonyms.length ? word.synonyms : ['#REDIRECT'];
    pattern = new RegExp(`^\\s*(?:${synonyms.map(escapeRe).join('|')})`, word.caseSensitive ? 'u' : 'iu');
    redirectCache.set(key, pattern);
  }
  return pattern;
}

/**
 * A MagicWordArray over ids whose synonyms may hold `$1` (image options): matchVariableStartToEnd
 * gives the id and the `$1` part of a whole text, trying the case-insensitive words first.
 */
export class MagicWordMatcher {
  /**
   * Per regex, each alternative's id, capture group and parameter group (-1 without `$1`).
   * Numbered groups, not named ones: a match with named groups builds an object of all of them.
   */
  private readonly patterns: { regex: RegExp; ids: string[]; groups: number[]; params: number[] }[] = [];

  constructor(lang: string, ids: readonly string[]) {
    const groups: { alternatives: string[]; ids: string[]; groups: number[]; params: number[] }[] = [
      { alternatives: [], ids: [], groups: [], params: [] },
      { alternatives: [], ids: [], groups: [], params: [] },
    ];
    for (const id of ids) {
      const word = magicWords(lang).get(id);
      if (!word) continue;
      const group = groups[word.caseSensitive ? 1 : 0]!;
      for (const synonym of word.synonyms) {
        const [head, ...rest] = synonym.split('$1');
        // MagicWordArray::getVariableRegex: each `$1` becomes `(.*?)`; the first one is the parameter.
        const body = rest.length === 0 ? escapeRe(head!) : `${escapeRe(head!)}(.*?)${rest.map(escapeRe).join('(?:.*?)')}`;
        const groupNumber = group.alternatives.length + group.params.filter((p) => p >= 0).length + 1;
        group.alternatives.push(`(${body})`);
        group.ids.push(id);
        group.groups.push(groupNumber);
        group.params.push(rest.length === 0 ? -1 : groupNumber + 1);
      }
    }
    for (const [index, group] of groups.entries()) {
      if (group.alternatives.length === 0) continue;
      this.patterns.push({ regex: new RegExp(`^(?:${group.alternatives.join('|')})$`, index === 1 ? 'u' : 'iu'), ids: group.ids, groups: group.groups, params: group.params });
    }
  }

  /** The id and parameter of the magic word the whole text is, or null. */
  matchVariableStartToEnd(text: string): { id: string; param: string } | null {
    for (const { regex, ids, groups, params } of this.patterns) {
      const m = regex.exec(text);
      if (m === null) continue;
      for (let n = 0; n < ids.length; n++) {
        if (m[groups[n]!] !== undefined) return { id: ids[n]!, param: params[n]! >= 0 ? (m[params[n]!] ?? '') : '' };
      }
    }
    return null;
  }
}
