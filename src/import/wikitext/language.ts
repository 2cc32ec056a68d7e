// The content language's magic words and namespace aliases, merged along its fallbacks as MediaWiki's LocalisationCache merges them.
//
// The facts come from src/wiki/localisation-facts.json (scripts/extract-language-facts.php reads them out of a
// MediaWiki install once), so an import needs no MediaWiki on the machine.

import facts from '../../wiki/localisation-facts.json' with { type: 'json' };

/** [case-sensitive (0/1), synonym, ...]: MediaWiki's own form of a magic word. */
type RawMagicWord = (number | string)[];

interface LanguageFile {
  fallback?: string[];
  magicWords?: Record<string, RawMagicWord>;
  namespaceAliases?: Record<string, number>;
  namespaceGenderAliases?: Record<string, Record<string, string>>;
}

interface ExtensionFile {
  magicWords?: Record<string, Record<string, RawMagicWord>>;
  namespaceAliases?: Record<string, Record<string, number>>;
}

const FACTS = facts as unknown as { languages: Record<string, LanguageFile>; extensions: Record<string, ExtensionFile>; withoutGenderAliases: string[] };
const LANGUAGES = FACTS.languages;
const EXTENSIONS = FACTS.extensions;
/** Languages whose file sets an empty $namespaceGenderAliases: their fallbacks' forms do not apply. */
const WITHOUT_GENDER_ALIASES = new Set(FACTS.withoutGenderAliases);

export interface MagicWord {
  id: string;
  caseSensitive: boolean;
  synonyms: readonly string[];
}

function normalizeCode(lang: string): string {
  return lang.trim().toLowerCase();
}

/**
 * LocalisationCache's code sequence: the language, its $fallback list (already the whole chain,
 * not followed further), then English.
 */
export function languageChain(lang: string): string[] {
  const code = normalizeCode(lang) || 'en';
  if (code === 'en') return ['en'];
  const fallbacks = LANGUAGES[code]?.fallback ?? [];
  const chain = [code, ...fallbacks.filter((c) => c !== code)];
  if (chain[chain.length - 1] !== 'en') chain.push('en');
  return [...new Set(chain)];
}

/** $fallback of the language without English: `ltg` falls back to `lv`. */
export function languageFallbacks(lang: string): string[] {
  return languageChain(lang).slice(1).filter((c) => c !== 'en');
}

type MagicTable = Map<string, RawMagicWord>;

/**
 * LocalisationCache::mergeMagicWords: the fallback's case flag wins, synonyms are the value's
 * followed by the fallback's, each once.
 */
function mergeMagicWords(value: MagicTable, fallback: MagicTable | undefined): MagicTable {
  if (!fallback) return value;
  for (const [id, fallbackInfo] of fallback) {
    const own = value.get(id);
    if (own === undefined) value.set(id, fallbackInfo);
    else value.set(id, [fallbackInfo[0]!, ...new Set([...own.slice(1), ...fallbackInfo.slice(1)])]);
  }
  return value;
}

function tableOf(words: Record<string, RawMagicWord> | undefined): MagicTable | undefined {
  return words ? new Map(Object.entries(words)) : undefined;
}

/** One language's data before fallbacks: the extensions' magic words, then core's merged into them. */
function ownMagicWords(code: string): MagicTable {
  let table: MagicTable = new Map();
  for (const extension of Object.values(EXTENSIONS)) table = mergeMagicWords(table, tableOf(extension.magicWords?.[code]));
  return mergeMagicWords(table, tableOf(LANGUAGES[code]?.magicWords));
}

const magicWordCache = new Map<string, ReadonlyMap<string, MagicWord>>();

/**
 * Every magic word the content language knows (core's and the installed extensions'), by id:
 * the language's synonyms first, then its fallbacks', English always last, with English's case
 * sensitivity. Whether an extension's word counts is the caller's business (its extension must be loaded).
 */
export function magicWords(lang: string): ReadonlyMap<string, MagicWord> {
  const chain = languageChain(lang);
  const key = chain[0]!;
  let words = magicWordCache.get(key);
  if (words) return words;
  let merged: MagicTable = new Map();
  for (const code of chain) merged = mergeMagicWords(merged, ownMagicWords(code));
  const result = new Map<string, MagicWord>();
  for (const [id, raw] of merged) result.set(id, { id, caseSensitive: Number(raw[0]) === 1, synonyms: raw.slice(1).map(String) });
  words = result;
  magicWordCache.set(key, words);
  return words;
}

/** The synonyms of one magic word (English's when the language has none). */
export function synonymsOf(lang: string, id: string): MagicWord {
  return magicWords(lang).get(id) ?? { id, caseSensitive: false, synonyms: [] };
}

const aliasCache = new Map<string, ReadonlyArray<readonly [string, number]>>();

/**
 * Language::getNamespaceAliases without the wiki's own settings: $namespaceAliases merged along
 * the chain (the first language to name an alias wins; English brings `Image`), the installed
 * extensions' aliases likewise, then the gender forms of User and User talk from the first
 * language of the chain that sets them, even to none ($namespaceGenderAliases is not merged). `$1` in a
 * Project talk alias stands for the project namespace's name.
 */
export function namespaceAliases(lang: string, projectName = ''): ReadonlyArray<readonly [string, number]> {
  const chain = languageChain(lang);
  const key = `${chain[0]}\n${projectName}`;
  let aliases = aliasCache.get(key);
  if (aliases) return aliases;
  const byName = new Map<string, number>();
  for (const code of chain) {
    for (const extension of Object.values(EXTENSIONS)) addAliases(byName, extension.namespaceAliases?.[code], projectName);
    addAliases(byName, LANGUAGES[code]?.namespaceAliases, projectName);
  }
  const first = chain.find((code) => LANGUAGES[code]?.namespaceGenderAliases !== undefined || WITHOUT_GENDER_ALIASES.has(code));
  const genders = (first !== undefined ? LANGUAGES[first]?.namespaceGenderAliases : undefined) ?? {};
  for (const [ns, forms] of Object.entries(genders)) {
    for (const alias of Object.values(forms)) byName.set(alias, Number(ns));
  }
  aliases = [...byName];
  aliasCache.set(key, aliases);
  return aliases;
}

function addAliases(byName: Map<string, number>, aliases: Record<string, number> | undefined, projectName: string): void {
  if (!aliases) return;
  for (let [name, ns] of Object.entries(aliases)) {
    if (ns === 5) name = fixVariableInNamespace(name, projectName);
    if (!byName.has(name)) byName.set(name, ns);
  }
}

/** Language::fixVariableInNamespace, with {{GRAMMAR:}} forms left as their word. */
function fixVariableInNamespace(name: string, projectName: string): string {
  if (!name.includes('$1')) return name;
  return name
    .split('$1')
    .join(projectName)
    .replace(/\{\{grammar:(.*?)\|(.*?)\}\}/gi, (_m, _form: string, word: string) => word.trim())
    .replace(/ /g, '_');
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const redirectCache = new Map<string, RegExp>();

/** MagicWord 'redirect' matched at the start of a page: `#REDIRECT`, `#WEITERLEITUNG`, ... */
export function redirectPattern(lang: string): RegExp {
  const key = languageChain(lang)[0]!;
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
