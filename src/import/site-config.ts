// The wiki's configuration as far as a dump's <siteinfo> tells it, in the server's SiteConfig shape.

import type { NamespaceAlias, NamespaceInfo, SiteConfig } from '../wiki/site.ts';
import type Database from 'better-sqlite3';
import { DEFAULT_EXTENSIONS } from '../wiki/config-file.ts';
import type { DumpNamespace, DumpSiteInfo } from './read/dump-types.ts';
import type { InterwikiEntry } from './interwiki.ts';
import { defaultNamespaces } from './title.ts';
import { DEFAULT_NAMESPACE_ALIASES, NAMESPACES_WITH_SUBPAGES, declaredNamespace } from '../wiki/namespaces.ts';

/** What `<db>.config.json` holds: SiteConfig fields the dump told, plus import-only facts. */
export type ImportedConfig = Partial<SiteConfig> & {
  /** Extra interwiki prefixes (read from a user's config; the table itself is in the database). */
  interwiki?: InterwikiEntry[];
  /** $wgLocalInterwikis. */
  localInterwikis?: string[];
  /** Where the config came from, for people reading the file. */
  importedFrom?: string[];
};

/** $wgNamespacesWithSubpages default, plus Scribunto's modules. */
export const SUBPAGE_NAMESPACES: ReadonlySet<number> = NAMESPACES_WITH_SUBPAGES;
export const CONTENT_NAMESPACES: ReadonlySet<number> = new Set([0]);

/** What the imported pages tell about the wiki beyond its <siteinfo>. */
export interface DumpFacts {
  /** Some revision has the Scribunto content model. */
  hasModulePages?: boolean;
}

/** Scribunto's Module namespace. */
const NS_MODULE = 828;

/**
 * Whether the dump comes from a wiki with Scribunto: it declares the Module namespace, or has
 * pages of the Scribunto content model. MediaWiki cannot import such a dump without the extension
 * (importDump.php stops at the first module: the content model is not registered), so the wiki
 * gets it whenever the user's config does not list the extensions itself.
 */
export function dumpNeedsScribunto(info: DumpSiteInfo, hasModulePages = false): boolean {
  return hasModulePages || info.namespaces.some((ns) => ns.id === NS_MODULE);
}

/** `extensions` plus Scribunto, once. */
function withScribunto(extensions: readonly string[]): string[] {
  return extensions.includes('Scribunto') ? [...extensions] : [...extensions, 'Scribunto'];
}

/** Whether some revision of the wiki has the Scribunto content model (the model's row exists only then). */
export function hasModulePages(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM content_models WHERE model_name = 'Scribunto'").get() !== undefined;
}

/**
 * The extensions pages are parsed with: the user's list, else the reference MediaWiki's, with
 * Scribunto when the dump needs it.
 */
export function parserExtensions(info: DumpSiteInfo, fromUser: ImportedConfig | null, facts: DumpFacts = {}): string[] {
  if (fromUser?.extensions) return [...fromUser.extensions];
  return dumpNeedsScribunto(info, facts.hasModulePages) ? withScribunto(DEFAULT_EXTENSIONS) : [...DEFAULT_EXTENSIONS];
}

export function namespacesOf(info: DumpSiteInfo): DumpNamespace[] {
  if (info.namespaces.length > 0) return info.namespaces;
  return defaultNamespaces(info.siteName ?? 'Project');
}

/** `https://ltg.wikipedia.org/wiki/Suoku_puslopa` -> server, article path, script path, main page. */
export function splitBaseUrl(base: string): { server: string; articlePath: string; scriptPath: string; mainPage: string } | null {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return null;
  }
  const server = `${url.protocol}//${url.host}`;
  const path = url.pathname;
  const indexPhp = path.indexOf('/index.php/');
  if (indexPhp >= 0) {
    return {
      server,
      scriptPath: path.slice(0, indexPhp),
      articlePath: `${path.slice(0, indexPhp)}/index.php/$1`,
      mainPage: decodeTitle(path.slice(indexPhp + '/index.php/'.length)),
    };
  }
  const title = url.searchParams.get('title');
  if (title !== null) return { server, scriptPath: path.replace(/\/index\.php$/, ''), articlePath: `${path}?title=$1`, mainPage: title.replace(/_/g, ' ') };
  const slash = path.lastIndexOf('/');
  const prefix = path.slice(0, slash);
  // Wikimedia and most wikis with short URLs serve /wiki/$1 from scripts in /w.
  const scriptPath = prefix === '/wiki' ? '/w' : prefix;
  return { server, scriptPath, articlePath: `${prefix}/$1`, mainPage: decodeTitle(path.slice(slash + 1)) };
}

function decodeTitle(s: string): string {
  try {
    return decodeURIComponent(s).replace(/_/g, ' ');
  } catch {
    return s.replace(/_/g, ' ');
  }
}

export function configFromSiteInfo(info: DumpSiteInfo, dumps: string[], facts: DumpFacts = {}): ImportedConfig {
  const config: ImportedConfig = {};
  if (info.siteName !== undefined) config.siteName = info.siteName;
  if (info.dbName !== undefined) config.dbName = info.dbName;
  if (info.lang !== undefined) config.lang = info.lang;
  if (info.case !== undefined) config.capitalLinks = info.case === 'first-letter';
  if (info.base) {
    const parts = splitBaseUrl(info.base);
    if (parts) Object.assign(config, parts);
  }
  const namespaces = namespacesOf(info);
  const project = namespaces.find((ns) => ns.id === 4);
  if (project) config.metaNamespace = project.name.replace(/ /g, '_');
  config.namespaces = namespaces.map(namespaceInfo);
  config.namespaceAliases = namespaceAliases(namespaces);
  config.categoryCollation = 'uppercase';
  // The served config's extensions replace the server's default list: keep that list, add Scribunto.
  if (dumpNeedsScribunto(info, facts.hasModulePages)) config.extensions = withScribunto(DEFAULT_EXTENSIONS);
  config.importedFrom = dumps;
  return config;
}

function namespaceInfo(ns: DumpNamespace): NamespaceInfo {
  return declaredNamespace(ns.id, ns.name, ns.case);
}

function namespaceAliases(namespaces: DumpNamespace[]): NamespaceAlias[] {
  const present = new Set(namespaces.map((ns) => ns.id));
  return DEFAULT_NAMESPACE_ALIASES.filter(([, id]) => present.has(id)).map(([alias, id]) => ({ alias, id }));
}

/** A user's config wins over what the dump says; the dump fills in the rest. */
export function mergeConfig(fromDump: ImportedConfig, fromUser: ImportedConfig | null): ImportedConfig {
  return fromUser ? { ...fromDump, ...fromUser } : fromDump;
}
