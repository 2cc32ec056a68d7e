// Declarations of the modules around the query modules: main, the output formats and the page
// set, as MediaWiki 1.39's action=paraminfo shows them; and the module tree built over the query
// modules and actions handed in (buildApiModules).
import { MEDIAWIKI_SOURCE, type ModuleDecl, type ParamDecl } from './params/declaration.ts';
import { NAME_ONLY, user } from './params/common.ts';
import type { QueryModule } from './module.ts';
import { QueryModuleRegistry } from './query/query-modules.ts';
import type { ActionDecl, ApiModuleDecl, ApiModules, ReadableModuleDecl, ServedActionDecl } from './actions/action.ts';
import { mediawikiActions } from './actions/mediawiki-actions.ts';

const DATA_FORMATS_HELP = 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Data_formats';

export const FORMAT_NAMES = Object.freeze(['json', 'jsonfm', 'none', 'php', 'phpfm', 'rawfm', 'xml', 'xmlfm'] as const);
export type FormatName = (typeof FORMAT_NAMES)[number];
/** ApiMain::FORMATS order, as a bad `format` error lists them. */
const FORMAT_REGISTRATION_ORDER = Object.freeze(['json', 'jsonfm', 'php', 'phpfm', 'xml', 'xmlfm', 'rawfm', 'none']);

function identityMap(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, n]));
}

/** MediaWiki's order for submodule choices: ordinary, then deprecated, then internal; by name within. */
function sortedSubmodules<D extends Pick<ModuleDecl, 'name' | 'path' | 'deprecated' | 'internal'>>(decls: readonly D[]): D[] {
  const rank = (d: D) => (d.deprecated ? 1 : 0) | (d.internal ? 2 : 0);
  return [...decls].sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A parameter choosing among submodules (`action`, `list`, `generator`, ...). */
export function submoduleParam(decls: readonly Pick<ModuleDecl, 'name' | 'path' | 'deprecated' | 'internal'>[], extra: Partial<ParamDecl> = {}): ParamDecl {
  const sorted = sortedSubmodules(decls);
  const deprecated = sorted.filter((d) => d.deprecated).map((d) => d.name).sort();
  const internal = sorted.filter((d) => d.internal).map((d) => d.name).sort();
  const decl: ParamDecl = { type: 'submodule', submodules: Object.fromEntries(sorted.map((d) => [d.name, d.path])) };
  if (deprecated.length) decl.deprecatedValues = deprecated;
  if (internal.length) decl.internalValues = internal;
  return { ...decl, ...extra };
}

// ---------------------------------------------------------------------------------------------
// main

function mainDecl(actions: readonly ActionDecl[]): ReadableModuleDecl {
  return {
    name: 'main',
    path: 'main',
    prefix: '',
    classname: 'ApiMain',
    source: MEDIAWIKI_SOURCE,
    helpUrls: [],
    readRights: false,
    params: {
      action: submoduleParam(actions, { default: 'help', definitionOrder: actions.map((a) => a.name) }),
      format: { type: 'submodule', default: 'jsonfm', submodules: identityMap(FORMAT_NAMES), definitionOrder: FORMAT_REGISTRATION_ORDER },
      maxlag: { type: 'integer' },
      smaxage: { type: 'integer', default: 0 },
      maxage: { type: 'integer', default: 0 },
      assert: { type: ['anon', 'bot', 'user'], definitionOrder: ['anon', 'user', 'bot'] },
      assertuser: user(NAME_ONLY),
      requestid: { type: 'string' },
      servedby: { type: 'boolean' },
      curtimestamp: { type: 'boolean' },
      responselanginfo: { type: 'boolean' },
      origin: { type: 'string' },
      uselang: { type: 'string', default: 'user' },
      variant: { type: 'string' },
      errorformat: { type: ['bc', 'html', 'none', 'plaintext', 'raw', 'wikitext'], default: 'bc' },
      errorlang: { type: 'string', default: 'uselang' },
      errorsuselocal: { type: 'boolean' },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The page set (action=query, and the write actions that take pages: purge, watch, ...)

/** The page set's parameters: shared by action=query, the actions that take pages and paraminfo's `pagesetmodule`. */
export function pageSetParams(queryModules: QueryModuleRegistry): Record<string, ParamDecl> {
  return {
    titles: { type: 'string', multi: true },
    pageids: { type: 'integer', multi: true },
    revids: { type: 'integer', multi: true },
    generator: submoduleParam(queryModules.decls().filter((d) => d.generator), { submoduleParamPrefix: 'g' }),
    redirects: { type: 'boolean' },
    converttitles: { type: 'boolean' },
  };
}

/**
 * ApiPageSet, for paraminfo's deprecated `pagesetmodule` (shown without name, path and group).
 * Its help messages are those of `query`, hence the name and path.
 */
function pageSetDecl(queryModules: QueryModuleRegistry): ApiModuleDecl {
  return {
    name: 'query',
    path: 'query',
    prefix: '',
    classname: 'ApiPageSet',
    source: MEDIAWIKI_SOURCE,
    helpUrls: [],
    params: pageSetParams(queryModules),
  };
}

// ---------------------------------------------------------------------------------------------
// formats

const FORMAT_CLASSES: Record<FormatName, string> = {
  json: 'ApiFormatJson',
  jsonfm: 'ApiFormatJson',
  none: 'ApiFormatNone',
  php: 'ApiFormatPhp',
  phpfm: 'ApiFormatPhp',
  rawfm: 'ApiFormatJson',
  xml: 'ApiFormatXml',
  xmlfm: 'ApiFormatXml',
};

const WRAPPED_HTML: ParamDecl = { type: 'boolean' };
const FORMAT_VERSION: ParamDecl = { type: ['1', '2', 'latest'], default: '1' };
const JSON_PARAMS: Record<string, ParamDecl> = {
  callback: { type: 'string' },
  utf8: { type: 'boolean' },
  ascii: { type: 'boolean' },
  formatversion: FORMAT_VERSION,
};
const XML_PARAMS: Record<string, ParamDecl> = {
  xslt: { type: 'string' },
  includexmlnamespace: { type: 'boolean' },
};

/** The HTML (`fm`) variants take `wrappedhtml` first. */
const FORMAT_PARAMS: Record<FormatName, Record<string, ParamDecl>> = {
  json: JSON_PARAMS,
  jsonfm: { wrappedhtml: WRAPPED_HTML, ...JSON_PARAMS },
  none: {},
  php: { formatversion: FORMAT_VERSION },
  phpfm: { wrappedhtml: WRAPPED_HTML, formatversion: FORMAT_VERSION },
  // rawfm is ApiFormatJson in "raw" mode: only the HTML wrapper is configurable.
  rawfm: { wrappedhtml: WRAPPED_HTML },
  xml: XML_PARAMS,
  xmlfm: { wrappedhtml: WRAPPED_HTML, ...XML_PARAMS },
};

function formatDecl(name: FormatName): ReadableModuleDecl {
  return {
    name,
    path: name,
    group: 'format',
    prefix: '',
    classname: FORMAT_CLASSES[name],
    source: MEDIAWIKI_SOURCE,
    helpUrls: [DATA_FORMATS_HELP],
    params: FORMAT_PARAMS[name],
  };
}

export const formatDecls: ReadonlyMap<FormatName, ReadableModuleDecl> = new Map(FORMAT_NAMES.map((n) => [n, formatDecl(n)]));

// ---------------------------------------------------------------------------------------------
// Everything over the handed-in modules

/** A served action, declared over the query modules (query's prop/list/meta, paraminfo's querymodules). */
export type ServedAction = (queryModules: QueryModuleRegistry) => ServedActionDecl;

/**
 * The declarations of main (every action of MediaWiki 1.39, the served ones and the others as
 * MediaWiki describes them), the formats and the page set, and the module tree paraminfo
 * resolves paths against: main -> actions + formats; query -> the query modules.
 */
export function buildApiModules(modules: readonly QueryModule[], served: readonly ServedAction[]): ApiModules {
  const queryModules = new QueryModuleRegistry(modules);
  const servedDecls = new Map(served.map((declare) => {
    const decl = declare(queryModules);
    return [decl.name, decl];
  }));
  const recorded = mediawikiActions(pageSetParams(queryModules).generator);
  const actions = new Map<string, ActionDecl>();
  for (const name of recorded.registrationOrder) {
    const decl = servedDecls.get(name) ?? recorded.actions.get(name);
    if (!decl) throw new Error(`action ${name} is neither served nor recorded`);
    actions.set(name, decl);
  }
  for (const name of servedDecls.keys()) {
    if (!actions.has(name)) throw new Error(`served action ${name} is not an action of MediaWiki 1.39`);
  }
  const main = mainDecl([...actions.values()]);
  const mainChildren = new Map<string, ApiModuleDecl>(actions);
  for (const [name, decl] of formatDecls) mainChildren.set(name, decl);
  const children = new Map<string, ReadonlyMap<string, ApiModuleDecl>>([
    ['main', mainChildren],
    ['query', new Map(queryModules.decls().map((d) => [d.name, d]))],
  ]);
  return {
    queryModules,
    actions,
    main,
    pageSet: pageSetDecl(queryModules),
    tree: { main, submodulesOf: (path) => children.get(path) },
  };
}
