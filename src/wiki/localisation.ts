// What the content language's LocalisationCache holds for siteinfo: magic words, namespace aliases and special page aliases, merged along its fallbacks with the loaded extensions' files.
//
// The facts are localisation-facts.json (scripts/extract-language-facts.php reads them out of
// MediaWiki's languages/messages/Messages*.php and the extensions' $wgExtensionMessagesFiles);
// the importer reads the same file.

// A JSON import, not a require: esbuild's bundles for the importer's worker threads then carry the facts.
import facts from './localisation-facts.json' with { type: 'json' };
import { localisationChain } from './languages.ts';

/** [case-sensitive (0/1), synonym, ...]: MediaWiki's own form of a magic word. */
type RawMagicWord = (number | string)[];
type AliasLists = Record<string, string[]>;

interface LanguageFile {
  magicWords?: Record<string, RawMagicWord>;
  namespaceAliases?: Record<string, number>;
  namespaceGenderAliases?: Record<string, Record<string, string>>;
  specialPageAliases?: AliasLists;
}

interface ExtensionFiles {
  magicWords?: Record<string, Record<string, RawMagicWord>>;
  namespaceAliases?: Record<string, Record<string, number>>;
  specialPageAliases?: Record<string, AliasLists>;
}

interface LocalisationFacts {
  languages: Record<string, LanguageFile>;
  /** Languages whose file sets an empty $namespaceGenderAliases. */
  withoutGenderAliases: string[];
  /** language -> variant -> its variantname-* message. */
  variantNames: Record<string, Record<string, string>>;
  extensions: Record<string, ExtensionFiles>;
}

const FACTS = facts as unknown as LocalisationFacts;

/** The extensions whose localisation files the facts hold, in their load order. */
export const LOCALISED_EXTENSIONS: readonly string[] = Object.keys(FACTS.extensions);
const WITHOUT_GENDER_ALIASES = new Set(FACTS.withoutGenderAliases);

/** One language's items as the localisation cache merges them; Maps keep PHP's key order. */
interface Items {
  magicWords: Map<string, RawMagicWord>;
  namespaceAliases: Map<string, number>;
  specialPageAliases: Map<string, string[]>;
}

export interface Localisation {
  /** `[id, case-sensitive, synonyms]` in the cache's order. */
  magicWords: [string, boolean, string[]][];
  /** Special page name -> aliases (underscores for spaces), the language's first, duplicates kept. */
  specialPageAliases: ReadonlyMap<string, readonly string[]>;
  /** Language::getNamespaceAliases before the wiki's $wgNamespaceAliases: alias -> namespace. */
  namespaceAliases: ReadonlyMap<string, number>;
}

const emptyItems = (): Items => ({ magicWords: new Map(), namespaceAliases: new Map(), specialPageAliases: new Map() });

/** LocalisationCache::mergeMagicWords: the later source's case flag wins, synonyms once each. */
function mergeMagicWords(into: Map<string, RawMagicWord>, from: Iterable<[string, RawMagicWord]>): void {
  for (const [id, info] of from) {
    const own = into.get(id);
    into.set(id, own === undefined ? info : [info[0]!, ...new Set([...own.slice(1), ...info.slice(1)])]);
  }
}

/** `$value += $fallback`: the first source to name an alias keeps it. */
function mergeNamespaceAliases(into: Map<string, number>, from: Iterable<[string, number]>): void {
  for (const [alias, ns] of from) if (!into.has(alias)) into.set(alias, ns);
}

/** array_merge_recursive: the later source's aliases follow, repeats and all. */
function mergeSpecialPageAliases(into: Map<string, string[]>, from: Iterable<[string, string[]]>): void {
  for (const [page, aliases] of from) into.set(page, [...(into.get(page) ?? []), ...aliases]);
}

function mergeItems(into: Items, from: Items): void {
  mergeMagicWords(into.magicWords, from.magicWords);
  mergeNamespaceAliases(into.namespaceAliases, from.namespaceAliases);
  mergeSpecialPageAliases(into.specialPageAliases, from.specialPageAliases);
}

/** One code of the sequence: the extensions' files in load order, then core's Messages file. */
function itemsOf(code: string, extensions: readonly string[]): Items {
  const items = emptyItems();
  for (const name of extensions) {
    const files = FACTS.extensions[name];
    if (!files) continue;
    mergeMagicWords(items.magicWords, Object.entries(files.magicWords?.[code] ?? {}));
    mergeNamespaceAliases(items.namespaceAliases, Object.entries(files.namespaceAliases?.[code] ?? {}));
    mergeSpecialPageAliases(items.specialPageAliases, Object.entries(files.specialPageAliases?.[code] ?? {}));
  }
  const core = FACTS.languages[code];
  mergeMagicWords(items.magicWords, Object.entries(core?.magicWords ?? {}));
  mergeNamespaceAliases(items.namespaceAliases, Object.entries(core?.namespaceAliases ?? {}));
  mergeSpecialPageAliases(items.specialPageAliases, Object.entries(core?.specialPageAliases ?? {}));
  return items;
}

/**
 * $namespaceGenderAliases is not merged: the first language of the sequence that sets it gives
 * them, even when it sets none.
 */
function genderAliases(chain: readonly string[]): Record<string, Record<string, string>> {
  for (const code of chain) {
    if (WITHOUT_GENDER_ALIASES.has(code)) return {};
    const aliases = FACTS.languages[code]?.namespaceGenderAliases;
    if (aliases) return aliases;
  }
  return {};
}

/** Language::fixVariableInNamespace, with {{GRAMMAR:}} forms left as their word. */
function fixVariableInNamespace(name: string, metaNamespace: string): string {
  if (!name.includes('$1')) return name;
  return name
    .split('$1')
    .join(metaNamespace)
    .replace(/\{\{grammar:(.*?)\|(.*?)\}\}/gi, (_m, _form: string, word: string) => word.trim())
    .replace(/ /g, '_');
}

function namespaceAliasesOf(merged: Map<string, number>, chain: readonly string[], metaNamespace: string): Map<string, number> {
  const aliases = new Map<string, number>();
  for (const [name, ns] of merged) aliases.set(ns === 5 ? fixVariableInNamespace(name, metaNamespace) : name, ns);
  for (const [ns, forms] of Object.entries(genderAliases(chain))) {
    for (const alias of Object.values(forms)) aliases.set(alias, Number(ns));
  }
  return aliases;
}

const cache = new Map<string, Localisation>();

/**
 * LocalisationCache::recache for `code` with these extensions loaded (in load order), then what
 * Language adds for namespace aliases ($1 of Project talk is `metaNamespace`, gender forms).
 */
export function localisation(code: string, extensions: readonly string[], metaNamespace: string): Localisation {
  const key = [code, metaNamespace, ...extensions].join('\n');
  const cached = cache.get(key);
  if (cached) return cached;
  const chain = localisationChain(code);
  const all = emptyItems();
  for (const csCode of chain) mergeItems(all, itemsOf(csCode, extensions));
  const result: Localisation = {
    magicWords: [...all.magicWords].map(([id, raw]) => [id, Number(raw[0]) === 1, raw.slice(1).map(String)]),
    specialPageAliases: new Map([...all.specialPageAliases].map(([page, aliases]) => [page, aliases.map((a) => a.replace(/ /g, '_'))])),
    namespaceAliases: namespaceAliasesOf(all.namespaceAliases, chain, metaNamespace),
  };
  cache.set(key, result);
  return result;
}

/** The variantname-<variant> message in the content language (along its fallbacks), if any. */
export function variantName(code: string, variant: string): string | undefined {
  for (const csCode of localisationChain(code)) {
    const name = FACTS.variantNames[csCode]?.[variant];
    if (name !== undefined) return name;
  }
  return undefined;
}
