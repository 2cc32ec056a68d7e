// Declarations of the modules around the query modules: main, query, paraminfo, the page set and
// the output formats, as MediaWiki 1.39's action=paraminfo shows them, plus the module tree.
import { MEDIAWIKI_SOURCE, type ModuleDecl, type ModuleGroup, type ParamDecl } from './params/declaration.ts';
import { queryModules } from '../modules/index.ts';
import { CONT, NAME_ONLY, user } from './params/common.ts';

/** Main-level modules belong to `action` or `format`; query modules to list/prop/meta. */
export type ApiModuleGroup = ModuleGroup | 'action' | 'format';

/** A declaration of any module: query modules' ModuleDecl, widened to main-level groups. */
export type ApiModuleDecl = Omit<ModuleDecl, 'group'> & { group?: ApiModuleGroup };

const DATA_FORMATS_HELP = 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Data_formats';

/**
 * Every action of MediaWiki 1.39 in the order paraminfo lists them (internal ones last). We list
 * them all so that `paraminfo&modules=main` describes the same API as MediaWiki; the main module
 * answers the ones outside SERVED_ACTIONS with an error, as a read-only wiki would.
 */
export const MEDIAWIKI_ACTIONS = Object.freeze([
  'block', 'changeauthenticationdata', 'changecontentmodel', 'checktoken', 'clearhasmsg',
  'clientlogin', 'compare', 'createaccount', 'delete', 'edit', 'emailuser', 'expandtemplates',
  'feedcontributions', 'feedrecentchanges', 'feedwatchlist', 'filerevert', 'help', 'imagerotate',
  'import', 'linkaccount', 'login', 'logout', 'managetags', 'mergehistory', 'move', 'opensearch',
  'options', 'paraminfo', 'parse', 'patrol', 'protect', 'purge', 'query', 'removeauthenticationdata',
  'resetpassword', 'revisiondelete', 'rollback', 'rsd', 'setnotificationtimestamp', 'setpagelanguage',
  'tag', 'unblock', 'undelete', 'unlinkaccount', 'upload', 'userrights', 'validatepassword', 'watch',
  'cspreport', 'stashedit',
] as const);
export const INTERNAL_ACTIONS = Object.freeze(['cspreport', 'stashedit'] as const);
/** ApiMain::MODULES order (then the internal ones), as a bad `action` error lists them. */
const ACTION_REGISTRATION_ORDER = Object.freeze([
  'login', 'clientlogin', 'logout', 'createaccount', 'linkaccount', 'unlinkaccount', 'changeauthenticationdata',
  'removeauthenticationdata', 'resetpassword', 'query', 'expandtemplates', 'parse', 'stashedit', 'opensearch',
  'feedcontributions', 'feedrecentchanges', 'feedwatchlist', 'help', 'paraminfo', 'rsd', 'compare', 'checktoken',
  'cspreport', 'validatepassword', 'purge', 'setnotificationtimestamp', 'rollback', 'delete', 'undelete', 'protect',
  'block', 'unblock', 'move', 'edit', 'upload', 'filerevert', 'emailuser', 'watch', 'patrol', 'import', 'clearhasmsg',
  'userrights', 'options', 'imagerotate', 'revisiondelete', 'managetags', 'tag', 'mergehistory', 'setpagelanguage',
  'changecontentmodel',
]);
/** ApiMain::FORMATS order, as a bad `format` error lists them. */
const FORMAT_REGISTRATION_ORDER = Object.freeze(['json', 'jsonfm', 'php', 'phpfm', 'xml', 'xmlfm', 'rawfm', 'none']);

/** The actions this server answers; the others are declared but refused. */
export const SERVED_ACTIONS: ReadonlySet<string> = new Set(['query', 'paraminfo']);

export const FORMAT_NAMES = Object.freeze(['json', 'jsonfm', 'none', 'php', 'phpfm', 'rawfm', 'xml', 'xmlfm'] as const);
export type FormatName = (typeof FORMAT_NAMES)[number];

function identityMap(names: readonly string[], pathPrefix = ''): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, pathPrefix + n]));
}

/** MediaWiki's order for submodule choices: ordinary, then deprecated, then internal; by name within. */
function sortedSubmodules(decls: readonly ModuleDecl[]): ModuleDecl[] {
  const rank = (d: ModuleDecl) => (d.deprecated ? 1 : 0) | (d.internal ? 2 : 0);
  return [...decls].sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function submoduleParam(decls: readonly ModuleDecl[], extra: Partial<ParamDecl> = {}): ParamDecl {
  const sorted = sortedSubmodules(decls);
  const deprecated = sorted.filter((d) => d.deprecated).map((d) => d.name).sort();
  const internal = sorted.filter((d) => d.internal).map((d) => d.name).sort();
  const decl: ParamDecl = { type: 'submodule', submodules: Object.fromEntries(sorted.map((d) => [d.name, d.path])) };
  if (deprecated.length) decl.deprecatedValues = deprecated;
  if (internal.length) decl.internalValues = internal;
  return { ...decl, ...extra };
}

const queryDecls = queryModules.map((m) => m.decl);
const inGroup = (group: ModuleGroup) => queryDecls.filter((d) => d.group === group);

// ---------------------------------------------------------------------------------------------
// main

export const mainDecl: ApiModuleDecl = {
  name: 'main',
  path: 'main',
  prefix: '',
  classname: 'ApiMain',
  source: MEDIAWIKI_SOURCE,
  helpUrls: [],
  readRights: false,
  params: {
    action: {
      type: 'submodule',
      default: 'help',
      submodules: identityMap(MEDIAWIKI_ACTIONS),
      internalValues: INTERNAL_ACTIONS,
      definitionOrder: ACTION_REGISTRATION_ORDER,
    },
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

// ---------------------------------------------------------------------------------------------
// query and its page set

/** The page set's parameters: shared by action=query and paraminfo's `pagesetmodule`. */
function pageSetParams(): Record<string, ParamDecl> {
  return {
    titles: { type: 'string', multi: true },
    pageids: { type: 'integer', multi: true },
    revids: { type: 'integer', multi: true },
    generator: submoduleParam(queryDecls.filter((d) => d.generator), { submoduleParamPrefix: 'g' }),
    redirects: { type: 'boolean' },
    converttitles: { type: 'boolean' },
  };
}

export const queryDecl: ApiModuleDecl = {
  name: 'query',
  path: 'query',
  group: 'action',
  prefix: '',
  classname: 'ApiQuery',
  source: MEDIAWIKI_SOURCE,
  helpUrls: [
    'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Query',
    'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Meta',
    'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Properties',
    'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Lists',
  ],
  params: {
    prop: submoduleParam(inGroup('prop'), { multi: true }),
    list: submoduleParam(inGroup('list'), { multi: true }),
    meta: submoduleParam(inGroup('meta'), { multi: true }),
    indexpageids: { type: 'boolean' },
    export: { type: 'boolean' },
    exportnowrap: { type: 'boolean' },
    exportschema: { type: ['0.10', '0.11'], default: '0.11' },
    iwurl: { type: 'boolean' },
    continue: CONT,
    rawcontinue: { type: 'boolean' },
    ...pageSetParams(),
  },
};

/**
 * ApiPageSet, for paraminfo's deprecated `pagesetmodule` (shown without name, path and group).
 * Its help messages are those of `query`, hence the name and path.
 */
export const pageSetDecl: ApiModuleDecl = {
  name: 'query',
  path: 'query',
  prefix: '',
  classname: 'ApiPageSet',
  source: MEDIAWIKI_SOURCE,
  helpUrls: [],
  params: pageSetParams(),
};

// ---------------------------------------------------------------------------------------------
// paraminfo

export const paraminfoDecl: ApiModuleDecl = {
  name: 'paraminfo',
  path: 'paraminfo',
  group: 'action',
  prefix: '',
  classname: 'ApiParamInfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Parameter_information'],
  readRights: false,
  params: {
    modules: { type: 'string', multi: true },
    helpformat: { type: ['html', 'none', 'raw', 'wikitext'], default: 'none' },
    querymodules: {
      type: queryDecls.map((d) => d.name).sort(),
      deprecated: true,
      multi: true,
    },
    mainmodule: { type: 'string', deprecated: true },
    pagesetmodule: { type: 'string', deprecated: true },
    formatmodules: { type: FORMAT_NAMES, deprecated: true, multi: true },
  },
};

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

function formatDecl(name: FormatName): ApiModuleDecl {
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

export const formatDecls: ReadonlyMap<FormatName, ApiModuleDecl> = new Map(FORMAT_NAMES.map((n) => [n, formatDecl(n)]));

// ---------------------------------------------------------------------------------------------
// The module tree (MediaWiki's module managers): what paraminfo paths resolve against.

export interface ModuleRegistry {
  readonly main: ApiModuleDecl;
  /** A module's submodules by name; undefined for a module without submodules. */
  submodulesOf(path: string): ReadonlyMap<string, ApiModuleDecl> | undefined;
}

/** Builds the registry of the modules this server declares: main -> actions + formats; query -> 66. */
export function buildModuleRegistry(
  query: readonly ModuleDecl[] = queryDecls,
  actions: readonly ApiModuleDecl[] = [queryDecl, paraminfoDecl],
): ModuleRegistry {
  const mainChildren = new Map<string, ApiModuleDecl>();
  for (const d of actions) mainChildren.set(d.name, d);
  for (const d of formatDecls.values()) mainChildren.set(d.name, d);
  const queryChildren = new Map<string, ApiModuleDecl>(query.map((d) => [d.name, d]));
  const children = new Map<string, ReadonlyMap<string, ApiModuleDecl>>([
    ['main', mainChildren],
    ['query', queryChildren],
  ]);
  return { main: mainDecl, submodulesOf: (path) => children.get(path) };
}

export const moduleRegistry: ModuleRegistry = buildModuleRegistry();
