// What MediaWiki 1.39 core and the site's extensions contribute to siteinfo/userinfo, with the site's settings.

// JSON imports, not requires: esbuild's bundles for the importer's worker threads then carry the facts.
import mediawikiFacts from './mediawiki-facts.json' with { type: 'json' };
import { fallback8bitEncoding, isRightToLeft, languageFallbacks, linkSettings } from './languages.ts';
import { localisation } from './localisation.ts';
import { interfaceMessages } from './messages.ts';
import type { NamespaceAlias, SiteConfig } from './site.ts';

/** `[name, case-sensitive, aliases]`, as MessagesEn.php and the extensions' magic files list them. */
export type MagicWord = [string, boolean, string[]];
/** `[hits, seconds]` of $wgRateLimits. */
export type RateLimit = [number, number];
export type RateLimits = Record<string, Record<string, RateLimit>>;
export type OptionValue = string | number | boolean;

/** An entry of Special:Version's credits, as siteinfo `extensions` shows it. */
export type ExtensionCredits = Record<string, string | string[]>;

export interface RestrictionConfig {
  types: string[];
  levels: string[];
  cascadinglevels: string[];
  semiprotectedlevels: string[];
}

/** What an extension (or skin) adds to a site once it is loaded. */
interface ExtensionFacts {
  credits: ExtensionCredits;
  magicWords?: MagicWord[];
  functionHooks?: string[];
  extensionTags?: string[];
  showHooks?: Record<string, string[]>;
  namespaceProtection?: Record<string, string[]>;
  general?: Record<string, OptionValue>;
  specialPageAliases?: [string, string[]][];
  /** Skins: `[code, display name when no message names it]`. */
  skins?: [string, string][];
}

interface CoreFacts {
  general: Record<string, unknown>;
  thumbLimits: number[];
  imageLimits: [number, number][];
  magicWords: MagicWord[];
  functionHooks: string[];
  extensionTags: string[];
  variables: string[];
  protocols: string[];
  defaultUserOptions: Record<string, OptionValue>;
  languagesWithVariants: string[];
  languageVariants: Record<string, Record<string, { fallbacks: string[] }>>;
  restrictions: RestrictionConfig;
  uploadDialog: Record<string, unknown>;
  /** `[real name, aliases]` of every special page, in SpecialPageFactory's order. */
  specialPageAliases: [string, string[]][];
  libraries: [string, string][];
  namespaceProtection: Record<string, string[]>;
  namespacesToBeSearchedDefault: number[];
  autopromoteGroups: string[];
  rateLimits: RateLimits;
}

interface MediaWikiFacts {
  core: CoreFacts;
  skins: Record<string, ExtensionFacts>;
  extensions: Record<string, ExtensionFacts>;
}

const FACTS = mediawikiFacts as unknown as MediaWikiFacts;

/** Core skins that exist in every MediaWiki but may not be chosen by users. */
const CORE_SKINS: readonly [string, string][] = [['fallback', 'Fallback'], ['apioutput', 'ApiOutput']];

export const MEDIAWIKI_CORE: Readonly<CoreFacts> = FACTS.core;

/** The skin and extensions the site loads that this server knows facts of, skins first. */
function loadedFacts(site: SiteConfig): ExtensionFacts[] {
  const skins = Object.entries(FACTS.skins)
    .filter(([, facts]) => facts.skins?.some(([code]) => code === site.defaultSkin))
    .map(([, facts]) => facts);
  const extensions = site.extensions.flatMap((name) => FACTS.extensions[name] ?? []);
  return [...skins, ...extensions];
}

function contentLocalisation(site: Pick<SiteConfig, 'lang' | 'extensions' | 'metaNamespace'>) {
  return localisation(site.lang, site.extensions, site.metaNamespace);
}

/**
 * The content language's magic words: along each code of its fallback sequence, the loaded
 * extensions' words before core's, the language's own synonyms before its fallbacks'.
 */
export function magicWords(site: SiteConfig): MagicWord[] {
  return contentLocalisation(site).magicWords;
}

/**
 * Special pages in SpecialPageFactory's order (core's, then the extensions') with the content
 * language's aliases; a page no language names is left out.
 */
export function specialPageAliases(site: SiteConfig): [string, string[]][] {
  const aliases = contentLocalisation(site).specialPageAliases;
  const pages = [...FACTS.core.specialPageAliases, ...loadedFacts(site).flatMap((f) => f.specialPageAliases ?? [])];
  return pages.flatMap(([page]): [string, string[]][] => {
    const names = aliases.get(page);
    return names ? [[page, [...names]]] : [];
  });
}

/**
 * Language::getNamespaceAliases: the site's $wgNamespaceAliases, then the content language's
 * (its gender forms included) where the site does not name the alias, only for namespaces the
 * site has. Aliases keep underscores.
 */
export function namespaceAliases(
  site: Pick<SiteConfig, 'namespaces' | 'namespaceAliases' | 'lang' | 'extensions' | 'metaNamespace'>,
): NamespaceAlias[] {
  const byName = new Map<string, number>();
  for (const { alias, id } of site.namespaceAliases) byName.set(alias.replace(/ /g, '_'), id);
  for (const [alias, id] of contentLocalisation(site).namespaceAliases) if (!byName.has(alias)) byName.set(alias, id);
  const present = new Set(site.namespaces.map((ns) => ns.id));
  return [...byName].filter(([, id]) => present.has(id)).map(([alias, id]) => ({ alias, id }));
}

/**
 * Extensions in the order their ParserFirstCallInit handlers run: HookContainer runs the legacy
 * ($wgHooks, the ones showhooks lists) before the HookHandlers, so Scribunto's {{#invoke:}}
 * comes before ParserFunctions' {{#if:}} although ParserFunctions loads first.
 */
function byParserInitOrder(site: SiteConfig): ExtensionFacts[] {
  const facts = loadedFacts(site);
  const legacy = (f: ExtensionFacts) => f.showHooks?.ParserFirstCallInit !== undefined;
  return [...facts.filter(legacy), ...facts.filter((f) => !legacy(f))];
}

export function functionHooks(site: SiteConfig): string[] {
  return [...FACTS.core.functionHooks, ...byParserInitOrder(site).flatMap((f) => f.functionHooks ?? [])];
}

/**
 * Tags of extensions the reference MediaWiki does not load (imported wikis may), as their
 * ParserFirstCallInit handlers register them; the loaded ones' are recorded facts.
 */
const UNRECORDED_EXTENSION_TAGS: Readonly<Record<string, readonly string[]>> = {
  Poem: ['poem'],
  Math: ['math', 'chem', 'ce'],
  SyntaxHighlight_GeSHi: ['syntaxhighlight', 'source'],
  ImageMap: ['imagemap'],
  InputBox: ['inputbox'],
  CategoryTree: ['categorytree'],
  TemplateData: ['templatedata'],
  TemplateStyles: ['templatestyles'],
  Score: ['score'],
  timeline: ['timeline'],
  EasyTimeline: ['timeline'],
  Graph: ['graph'],
  Kartographer: ['mapframe', 'maplink'],
  LabeledSectionTransclusion: ['section'],
  CharInsert: ['charinsert'],
  wikihiero: ['hiero'],
  Translate: ['languages', 'translate', 'tvar'],
  RSS: ['rss'],
  DynamicPageList: ['dynamicpagelist', 'dpl'],
  Quiz: ['quiz'],
  TabberNeue: ['tabber'],
  Phonos: ['phonos'],
};

/** The parser tags an extension registers (Parser::setHook); none for one that registers none or is unknown. */
export function extensionTagsOf(extension: string): readonly string[] {
  return FACTS.extensions[extension]?.extensionTags ?? UNRECORDED_EXTENSION_TAGS[extension] ?? [];
}

/**
 * Parser::getTags of a wiki loading these extensions (in this order): core's tags (CoreTagHooks),
 * then the extensions', each once. What is not among them is no extension tag there: its text
 * stays wikitext.
 */
export function parserTags(extensions: Iterable<string>): string[] {
  const tags = new Set(FACTS.core.extensionTags);
  for (const extension of extensions) for (const tag of extensionTagsOf(extension)) tags.add(tag);
  return [...tags];
}

/**
 * siteinfo `extensiontags` (Parser::getTags): core's tags, then those of the site's extensions in
 * the order their parser hooks run, each once.
 */
export function extensionTags(site: SiteConfig): string[] {
  const tags = new Set(FACTS.core.extensionTags);
  for (const facts of byParserInitOrder(site)) for (const tag of facts.extensionTags ?? []) tags.add(tag);
  for (const name of site.extensions) {
    if (FACTS.extensions[name] === undefined) for (const tag of UNRECORDED_EXTENSION_TAGS[name] ?? []) tags.add(tag);
  }
  return [...tags];
}

/**
 * A message of a loaded extension in `lang` (along its fallback chain), as its i18n files define
 * it (the messages data holds every bundled extension's); undefined when the site does not load
 * the extension.
 */
export function extensionMessage(site: Pick<SiteConfig, 'extensions'>, extension: string, key: string, lang: string): string | undefined {
  if (!site.extensions.includes(extension)) return undefined;
  return interfaceMessages(lang)[key];
}

/** $wgHooks (legacy registrations only), sorted by hook name as siteinfo `showhooks` does. */
export function subscribedHooks(site: SiteConfig): [string, string[]][] {
  const hooks = new Map<string, string[]>();
  for (const facts of loadedFacts(site)) {
    for (const [name, subscribers] of Object.entries(facts.showHooks ?? {})) {
      hooks.set(name, [...(hooks.get(name) ?? []), ...subscribers]);
    }
  }
  return [...hooks].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Special:Version credits grouped by type in the order types first appear (skins load first). */
export function extensionCredits(site: SiteConfig): ExtensionCredits[] {
  const byType = new Map<string, ExtensionCredits[]>();
  for (const { credits } of loadedFacts(site)) {
    const type = String(credits.type);
    byType.set(type, [...(byType.get(type) ?? []), credits]);
  }
  return [...byType.values()].flat();
}

/** Fields that extensions add to siteinfo `general` (APIQuerySiteInfoGeneralInfo hook). */
export function extensionGeneralFields(site: SiteConfig): [string, OptionValue][] {
  return loadedFacts(site).flatMap((f) => Object.entries(f.general ?? {}));
}

/** $wgNamespaceProtection: namespace id -> rights needed to edit it. */
export function namespaceProtection(site: SiteConfig): Map<number, string[]> {
  const table = new Map<number, string[]>();
  const sources = [FACTS.core.namespaceProtection, ...loadedFacts(site).map((f) => f.namespaceProtection ?? {}), site.namespaceProtection ?? {}];
  for (const source of sources) {
    for (const [ns, rights] of Object.entries(source)) table.set(Number(ns), rights);
  }
  return table;
}

/** $wgRateLimits: the site's limits laid over MediaWiki's, action by action (array_plus_2d). */
export function rateLimits(site: SiteConfig): RateLimits {
  const merged: RateLimits = {};
  for (const source of [FACTS.core.rateLimits, site.rateLimits ?? {}]) {
    for (const [action, limits] of Object.entries(source)) merged[action] = { ...merged[action], ...limits };
  }
  return merged;
}

/** Building a DateTimeFormat costs far more than using one, so there is one per time zone. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/**
 * $wgLocalTZoffset in minutes: as configured, else the offset of the site's time zone now
 * (what MediaWiki's setup computes on every request).
 */
export function localTimeOffset(site: SiteConfig, at: Date = new Date()): number {
  if (site.localTZoffset !== undefined) return site.localTZoffset;
  try {
    const parts = zoneFormat(site.timezone).formatToParts(at);
    const part = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
    return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
  } catch {
    return 0;
  }
}

export function restrictionConfig(site: SiteConfig): RestrictionConfig {
  return site.restrictions ?? FACTS.core.restrictions;
}

/** $wgMaxUploadSize: MediaWiki's 100 MiB unless the site sets it. */
export function maxUploadSize(site: SiteConfig): number {
  return site.maxUploadSize ?? (FACTS.core.general.maxuploadsize as number);
}

export function autopromoteGroups(site: SiteConfig): string[] {
  return site.autopromoteGroups ?? FACTS.core.autopromoteGroups;
}

/** UserGroupManager::getImplicitGroups' possible members: `*`, `user` and the autopromoted groups. */
export function implicitGroups(site: SiteConfig): string[] {
  return ['*', 'user', ...autopromoteGroups(site)];
}

/** UserGroupManager::listAllGroups: every configured group but the implicit ones. */
export function listAllGroups(site: SiteConfig): string[] {
  const implicit = new Set(implicitGroups(site));
  return Object.keys(site.groups).filter((group) => !implicit.has(group));
}

export interface InstalledSkin {
  code: string;
  displayName: string;
  usable: boolean;
}

/** SkinFactory::getInstalledSkins with the display name of each skin in `lang`. */
export function installedSkins(site: SiteConfig, lang: string): InstalledSkin[] {
  const fromSkins = loadedFacts(site).flatMap((f) => f.skins ?? []);
  return [...fromSkins.map((s) => ({ s, usable: true })), ...CORE_SKINS.map((s) => ({ s, usable: false }))].map(
    ({ s: [code, fallbackName], usable }) => ({ code, displayName: skinName(code, lang) ?? fallbackName, usable }),
  );
}

/** The `skinname-<code>` message in `lang` (following its fallback chain), if any. */
function skinName(code: string, lang: string): string | undefined {
  if (lang === 'qqx') return `(skinname-${code})`;
  return interfaceMessages(lang)[`skinname-${code}`];
}

export interface ContentLanguage {
  code: string;
  fallbacks: string[];
  rtl: boolean;
  linkTrail: string;
  linkPrefixCharset: string | null;
  fallback8bitEncoding: string;
  variants: string[];
}

/** What siteinfo says of a language: its fallbacks and its Messages file's settings, with the variants core's converter knows. */
export function contentLanguage(code: string): ContentLanguage {
  return {
    code,
    fallbacks: languageFallbacks(code),
    rtl: isRightToLeft(code),
    ...linkSettings(code),
    fallback8bitEncoding: fallback8bitEncoding(code),
    variants: Object.keys(FACTS.core.languageVariants[code] ?? {}),
  };
}

/**
 * DefaultOptionsLookup::getDefaultOptions: $wgDefaultUserOptions with the site's language,
 * variants, searchable namespaces and skin, then what extensions add (gadget defaults).
 */
export function defaultUserOptions(site: SiteConfig, gadgetDefaults: readonly [string, boolean][]): [string, OptionValue][] {
  const options = new Map<string, OptionValue>(Object.entries({ ...FACTS.core.defaultUserOptions, ...site.defaultUserOptions }));
  options.set('timecorrection', `System|${localTimeOffset(site)}`);
  options.set('language', site.lang);
  options.set('variant', site.lang);
  for (const code of FACTS.core.languagesWithVariants) options.set(`variant-${code}`, code);
  const searched = new Set(site.namespacesToBeSearchedDefault ?? FACTS.core.namespacesToBeSearchedDefault);
  for (const ns of site.namespaces.map((n) => n.id).filter((id) => id >= 0).sort((a, b) => a - b)) {
    options.set(`searchNs${ns}`, searched.has(ns) ? 1 : 0);
  }
  options.set('skin', site.defaultSkin);
  for (const [id, onByDefault] of gadgetDefaults) options.set(`gadget-${id}`, onByDefault ? 1 : 0);
  return [...options];
}

/** $wgServerName: the host of $wgServer. */
export function serverName(site: SiteConfig): string {
  const match = /^(?:[a-z][a-z0-9+.-]*:)?\/\/(\[[^\]]*\]|[^/:?#]*)/i.exec(site.server);
  return match?.[1] ?? '';
}
