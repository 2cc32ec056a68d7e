// The site's configuration file: JSON or YAML over config/default.json, the seed's site; the server serves it and the importer starts from it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SiteConfig } from './site.ts';
import { listAllGroups } from './site-facts.ts';
// A JSON import, not a require: a bundle of this file carries the defaults.
import defaults from '../../config/default.json' with { type: 'json' };

/**
 * The extensions of the seed's site: the reference wiki's (Gadgets, Cite, ParserFunctions, in the
 * order it loads them) and the spec's Infobox. A site whose config names none loads them, and the
 * importer parses a dump with them when its user names none.
 */
export const DEFAULT_EXTENSIONS: readonly string[] = Object.freeze([...(defaults as Partial<SiteConfig>).extensions ?? []]);

/**
 * What a config file holds: SiteConfig fields, the server's `serve` section (read by
 * src/server/config.ts) and the `database` section (the database servers, read by the command line).
 */
export type SiteConfigFile = Partial<SiteConfig> & { serve?: unknown; database?: unknown; sessions?: unknown };

const FALLBACKS: Omit<SiteConfig, 'namespaces' | 'namespaceAliases' | 'groups' | 'explicitGroups' | 'availableRights'> = {
  server: 'http://127.0.0.1:8080',
  scriptPath: '/wiki',
  articlePath: '/wiki/index.php/$1',
  siteName: 'My Wiki',
  metaNamespace: 'My_Wiki',
  mainPage: 'Main Page',
  lang: 'en',
  timezone: 'UTC',
  capitalLinks: true,
  dbName: 'wikidb',
  logo: '',
  favicon: '',
  extensions: [],
  uploadsEnabled: true,
  fileExtensions: ['png', 'gif', 'jpg', 'jpeg', 'webp'],
  uploadPath: '/wiki/images',
  categoryCollation: 'uppercase',
  debug: false,
  miserMode: false,
  crossSiteAjaxDomains: [],
  crossSiteAjaxDomainExceptions: [],
  allowedCorsHeaders: [
    'Accept', 'Accept-Language', 'Content-Language', 'Content-Type', 'Accept-Encoding', 'DNT', 'Origin',
    'User-Agent', 'Api-User-Agent', 'Access-Control-Max-Age', 'Authorization',
  ],
  secretKey: '',
  generator: 'MediaWiki 1.39.17',
  rightsInfo: { url: '', text: '' },
  readOnlyReason: 'This wiki is served read-only by wikiquery.',
  maxArticleSize: 2097152,
  apiMaxResultSize: 8388608,
  activeUserDays: 30,
  watchlistExpiry: false,
  unwatchedPageThreshold: null,
  watchersMaxAge: 180 * 24 * 3600,
  defaultSkin: 'vector',
  citeStoreReferencesData: false,
};

function completeConfig(partial: Partial<SiteConfig>): SiteConfig {
  const cfg = { ...FALLBACKS, ...partial } as SiteConfig;
  if (!cfg.logo) cfg.logo = `${cfg.server}${cfg.scriptPath}/resources/assets/change-your-logo.svg`;
  if (!cfg.favicon) cfg.favicon = `${cfg.server}/favicon.ico`;
  cfg.namespaces ??= [];
  cfg.namespaceAliases ??= [];
  cfg.groups ??= {};
  cfg.explicitGroups ??= listAllGroups(cfg);
  cfg.availableRights ??= [...new Set(Object.values(cfg.groups).flatMap((g) => g.rights))];
  // The project namespace follows the site's meta namespace unless configured explicitly.
  const project = cfg.metaNamespace.replace(/_/g, ' ');
  for (const ns of cfg.namespaces) {
    if (ns.id === 4 && ns.name === '$project') ns.name = project;
    if (ns.id === 5 && ns.name === '$project talk') ns.name = `${project} talk`;
  }
  return cfg;
}

/**
 * Reads a config file (JSON or YAML) and lays it over config/default.json, the seed's site
 * (MediaWiki 1.39 defaults with the spec's GROUPS and RIGHTS); no file gives those defaults.
 */
export function loadSiteConfig(path?: string, overrides: Partial<SiteConfig> = {}): SiteConfig {
  const base = defaults as Partial<SiteConfig>;
  const { serve: _serving, database: _database, sessions: _sessions, ...fromFile } = path ? readConfigFile(path) : {};
  const merged = { ...structuredClone(base), ...fromFile, ...overrides };
  if (fromFile.metaNamespace && !fromFile.namespaces) {
    merged.namespaces = (merged.namespaces ?? []).map((ns) =>
      ns.id === 4 ? { ...ns, name: '$project' } : ns.id === 5 ? { ...ns, name: '$project talk' } : ns,
    );
  }
  return completeConfig(merged);
}

/**
 * The YAML parser, loaded when a YAML file is read: the importer's worker bundles carry this file
 * for DEFAULT_EXTENSIONS and would otherwise load the package in every thread they start. A
 * package, unlike a relative path, is found from a bundle too (bundles live in node_modules/.cache).
 */
function parseYaml(text: string): unknown {
  const yaml = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return yaml.parse(text);
}

/** A config file's content: JSON, or YAML by its extension. */
export function readConfigFile(path: string): SiteConfigFile {
  const text = readFileSync(path, 'utf8');
  return ((/\.ya?ml$/i.test(path) ? parseYaml(text) : JSON.parse(text)) ?? {}) as SiteConfigFile;
}

