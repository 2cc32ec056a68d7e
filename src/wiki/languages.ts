// What MediaWiki 1.39 knows of each language: its name, codes, fallbacks and the settings of its Messages file (writing direction, link trail, number format).
//
// The facts are localisation-facts.json (scripts/extract-language-facts.php reads them out of
// languages/messages/Messages*.php, includes/languages/data/Names.php and LanguageCode).
// A JSON import, not a require: esbuild's bundles for the importer's worker threads then carry the facts.
import facts from './localisation-facts.json' with { type: 'json' };

/** The settings of one Messages*.php file, where it sets them. */
interface LanguageFile {
  fallback?: string[];
  rtl?: boolean;
  separatorTransformTable?: Record<string, string>;
  minimumGroupingDigits?: number;
  linkTrail?: string;
  linkPrefixExtension?: boolean;
  linkPrefixCharset?: string;
  fallback8bitEncoding?: string;
}

interface LanguageFacts {
  languages: Record<string, LanguageFile>;
  /** The languages that have a Messages*.php file or core's JSON messages. */
  supportedLanguages: string[];
  /** Names.php: code -> autonym, in the file's order. */
  languageNames: Record<string, string>;
  /** LanguageCode::bcp47 of the named languages whose code is not their BCP 47 code. */
  bcp47: Record<string, string>;
  /** $wgDummyLanguageCodes: a code -> the language LanguageFactory::getLanguage makes for it. */
  dummyLanguageCodes: Record<string, string>;
}

const FACTS = facts as unknown as LanguageFacts;

/** A file name's form of a code, as LanguageNameUtils::getMessagesFileName builds it: `zh-hans` -> `Zh_hans`. */
const messagesFileStem = (code: string): string => code.charAt(0).toUpperCase() + code.slice(1).replace(/-/g, '_');
/**
 * Each file's settings by its file name: the localisation cache of `Ar` reads MessagesAr.php like
 * `ar` does (a Language object may carry a code that is no built-in code).
 */
const FILES = new Map(Object.entries(FACTS.languages).map(([code, file]) => [messagesFileStem(code), file]));
const SUPPORTED = new Set(FACTS.supportedLanguages);
const NAMES: readonly [string, string][] = Object.entries(FACTS.languageNames);
const NAME_OF = new Map(NAMES);

/** LanguageNameUtils::isValidBuiltInCode: lower-case letters, digits and hyphens, two or more. */
export function isValidBuiltInLanguageCode(code: string): boolean {
  return /^[a-z0-9-]{2,}$/.test(code);
}

/**
 * LanguageNameUtils::isValidCode: no path or markup characters, and nothing a title may not hold
 * (the empty code is valid there; callers that need a code test for it).
 */
export function isValidLanguageCode(code: string): boolean {
  return !/[:/\\\0&<>'"#[\]|{}\x00-\x1f\x7f]|%[0-9A-Fa-f]{2}/.test(code);
}

/** LanguageNameUtils::isSupportedLanguage: a built-in code with a Messages file or core's JSON messages. */
export function isSupportedLanguage(code: string): boolean {
  return isValidBuiltInLanguageCode(code) && SUPPORTED.has(code);
}

/** Names.php: every language MediaWiki names, by its autonym (LanguageNameUtils::getLanguageNames without CLDR). */
export function languageNames(): readonly [string, string][] {
  return NAMES;
}

/** The autonym of a language Names.php names. */
export function languageName(code: string): string | undefined {
  return NAME_OF.get(code);
}

/**
 * LanguageFactory::getLanguage's code for a requested one: deprecated and non-standard codes
 * (`als`, `no`, `simple`, `de-x-formal`, ...) are the language MediaWiki has under another code.
 */
export function languageForCode(code: string): string {
  return Object.hasOwn(FACTS.dummyLanguageCodes, code) ? FACTS.dummyLanguageCodes[code]! : code;
}

/** LanguageCode::bcp47 for the languages MediaWiki knows. */
export function bcp47(code: string): string {
  return FACTS.bcp47[code] ?? code;
}

/** The $fallback of the code's Messages file, as written (LocalisationCache's originalFallbackSequence). */
function ownFallbacks(code: string): readonly string[] {
  return FILES.get(messagesFileStem(code))?.fallback ?? [];
}

/**
 * LocalisationCache's sequence for a code: the code, its $fallback list as written, then English
 * unless the list ends with it. Messages and every other localised item are looked up along it,
 * the first code that has one giving it.
 */
export function localisationChain(code: string): string[] {
  if (code === 'en') return ['en'];
  const fallbacks = ownFallbacks(code);
  return fallbacks[fallbacks.length - 1] === 'en' ? [code, ...fallbacks] : [code, ...fallbacks, 'en'];
}

/**
 * LanguageFallback::getAll: the languages `code` falls back to. `messages` (MESSAGES) ends with
 * English, `strict` (STRICT) only names it where the language file does; English and what is no
 * built-in code have none.
 */
export function languageFallbacks(code: string, mode: 'messages' | 'strict' = 'messages'): string[] {
  if (code === 'en' || !isValidBuiltInLanguageCode(code)) return [];
  return mode === 'messages' ? localisationChain(code).slice(1) : [...ownFallbacks(code)];
}

/** A Messages file setting as the localisation cache gives it: from the first file of the code's sequence that sets it. */
function inherited<K extends keyof LanguageFile>(code: string, key: K): LanguageFile[K] {
  for (const candidate of localisationChain(code)) {
    const value = FILES.get(messagesFileStem(candidate))?.[key];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** $rtl: whether the language is written right to left. */
export function isRightToLeft(code: string): boolean {
  return inherited(code, 'rtl') === true;
}

/** How the parser links a language's words that touch a link. */
export interface LinkSettings {
  /** $linkTrail: the letters after `]]` that join the link's text. */
  linkTrail: string;
  /** $linkPrefixCharset when $linkPrefixExtension is on (the letters before `[[` that join it), else null. */
  linkPrefixCharset: string | null;
}

export function linkSettings(code: string): LinkSettings {
  return {
    linkTrail: inherited(code, 'linkTrail') ?? '',
    linkPrefixCharset: inherited(code, 'linkPrefixExtension') ? (inherited(code, 'linkPrefixCharset') ?? '') : null,
  };
}

/** $fallback8bitEncoding: the legacy encoding of the language's text. */
export function fallback8bitEncoding(code: string): string {
  return inherited(code, 'fallback8bitEncoding') ?? 'windows-1252';
}

export interface NumberFormat {
  /** $separatorTransformTable: `,` and `.` of the English form -> the language's. */
  separators: Readonly<Record<string, string>>;
  /** $minimumGroupingDigits: 2 leaves 4-digit numbers ungrouped; 0 where no file sets it. */
  minimumGroupingDigits: number;
}

const numberFormats = new Map<string, NumberFormat>();

/** How Language::formatNum writes the language's numbers. */
export function numberFormat(code: string): NumberFormat {
  let format = numberFormats.get(code);
  if (!format) {
    format = { separators: inherited(code, 'separatorTransformTable') ?? {}, minimumGroupingDigits: inherited(code, 'minimumGroupingDigits') ?? 0 };
    numberFormats.set(code, format);
  }
  return format;
}
