// action=paraminfo: renders module declarations as MediaWiki 1.39's module records, and resolves
// the module paths a request names (`query+allpages`, `query+*`, `main`, ...).
import { msg, type Message } from './i18n/messages.ts';
import type { ApiModuleDecl, ApiParamDecl, ModuleTree } from './actions/action.ts';
import { LIMIT_BOUNDS, MULTI_LIMITS, type ParamInfoNote, type SiteEnum } from './params/declaration.ts';
import { list, markSubelements, setFlag, setIndexedTagName, type ResultNode, type ResultObject } from './result.ts';
import type { SiteConfig } from '../wiki/site.ts';
import { maxUploadSize } from '../wiki/site-facts.ts';
import {
  dynamicParametersHelp,
  exampleHelp,
  infoNoteHelp,
  moduleDescriptionHelp,
  paramDescriptionHelp,
  urlencodeTitle,
  type HelpFormat,
  type HelpContext,
  type HelpLinks,
} from './paraminfo-help.ts';

export type { HelpFormat } from './paraminfo-help.ts';

/** What the records need of the wiki: its configuration and the values of its enumerations (ApiServices has both). */
export interface ParamInfoWiki {
  readonly site: SiteConfig;
  resolveEnum(source: SiteEnum): readonly string[];
}

export interface RenderOptions {
  /** `none` (the default) leaves descriptions out; wikitext, html and raw add them. */
  helpFormat?: HelpFormat;
  /** The caller has `apihighlimits`: a multi parameter's `limit` is then its highlimit. */
  highLimits?: boolean;
  /** Resolves submodule paths for the descriptions of submodule choices (`action`, `list`, ...). */
  tree?: ModuleTree;
  /** helpformat=html: what the wiki says of the pages the help texts link to. */
  links?: HelpLinks;
}

/** The user forms MediaWiki accepts when a user parameter does not say (UserDef's default). */
const DEFAULT_USER_SUBTYPES = ['name', 'ip', 'cidr', 'interwiki'];

// ---------------------------------------------------------------------------------------------
// Enumerations

/** The values of an enumeration parameter, with the wiki's enumerations (groups, change tags, ...) resolved. */
function resolveEnumValues(param: ApiParamDecl, wiki: ParamInfoWiki): readonly string[] | undefined {
  const type = param.type;
  if (Array.isArray(type)) return type;
  if (typeof type === 'object' && 'fromSite' in type) return wiki.resolveEnum(type);
  if (type === 'submodule') return Object.keys(param.submodules ?? {});
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Module records

export function licenseLink(site: SiteConfig, licensePage: string): string {
  return site.server + site.articlePath.replace('$1', urlencodeTitle(licensePage));
}

/** Help flags in MediaWiki's order (ApiBase::getHelpFlags, then the generator flag). */
function moduleFlags(decl: ApiModuleDecl): string[] {
  const flags: string[] = [];
  if (decl.deprecated) flags.push('deprecated');
  if (decl.internal) flags.push('internal');
  if (decl.readRights ?? true) flags.push('readrights');
  if (decl.writeRights) flags.push('writerights');
  if (decl.mustBePosted) flags.push('mustbeposted');
  if (decl.generator) flags.push('generator');
  return flags;
}

/** One module record, in MediaWiki's key order; booleans are flags ("" in fv1, true in fv2). */
export function renderModuleInfo(decl: ApiModuleDecl, wiki: ParamInfoWiki, options: RenderOptions = {}): ResultObject {
  const { site } = wiki;
  const help: HelpContext = { format: options.helpFormat ?? 'none', decl, site, tree: options.tree, links: options.links };
  const record: ResultObject = {
    name: decl.name,
    classname: decl.classname,
    path: decl.path,
  };
  if (decl.path !== 'main' && decl.group !== undefined) record.group = decl.group;
  record.prefix = decl.prefix;
  record.source = decl.source.source;
  record.sourcename = decl.source.sourcename;
  record.licensetag = decl.source.licensetag;
  record.licenselink = licenseLink(site, decl.source.licensePage);
  if (help.format !== 'none') record.description = moduleDescriptionHelp(help);
  for (const flag of moduleFlags(decl)) setFlag(record, flag, true);
  record.helpurls = list('helpurl', [...decl.helpUrls]);
  if (help.format !== 'none') record.examples = exampleHelp(help);
  // Templated parameters (`fromtext-{slot}`) are numbered among the others but listed apart.
  const parameters = list<ResultObject>('param', []);
  const templated = list<ResultObject>('param', []);
  let index = 0;
  for (const name in decl.params) {
    const param = decl.params[name];
    if (param.requiresSite && !site[param.requiresSite]) continue;
    (param.templateVars ? templated : parameters).push(renderParamInfo(name, param, ++index, wiki, options, help));
  }
  record.parameters = parameters;
  record.templatedparameters = templated;
  if (decl.dynamicParameters) {
    if (help.format === 'none') setFlag(record, 'dynamicparameters', true);
    else record.dynamicparameters = dynamicParametersHelp(help);
  }
  return record;
}

function renderParamInfo(
  name: string,
  param: ApiParamDecl,
  index: number,
  wiki: ParamInfoWiki,
  options: RenderOptions,
  help: HelpContext,
): ResultObject {
  const item: ResultObject = { index, name };
  if (param.templateVars) item.templatevars = setIndexedTagName({ ...param.templateVars }, 'var');
  if (help.format !== 'none') item.description = paramDescriptionHelp(help, name, param, resolveEnumValues(param, wiki));
  item.type = renderType(param, wiki);
  setFlag(item, 'required', param.required === true, false);
  if (param.deprecated) setFlag(item, 'deprecated', true);
  if (param.sensitive) setFlag(item, 'sensitive', true);
  // A boolean's default is always false and MediaWiki does not report it.
  if (param.default !== undefined && param.type !== 'boolean') item.default = param.default;
  setFlag(item, 'multi', param.multi === true, false);
  if (param.multi) addMultiLimits(item, param, options.highLimits === true);
  addTypeInfo(item, param, wiki);
  if (param.tokenType !== undefined) item.tokentype = param.tokenType;
  if (param.info?.length) item.info = list('i', param.info.map((note) => renderInfoNote(note, help)));
  return item;
}

function renderType(param: ApiParamDecl, wiki: ParamInfoWiki): ResultNode {
  if (param.type === 'namespace') return 'namespace';
  const values = resolveEnumValues(param, wiki);
  if (values) return list('t', [...values]);
  return param.type as string;
}

function addMultiLimits(item: ResultObject, param: ApiParamDecl, highLimits: boolean): void {
  const [low, high] = param.multiLimits ?? MULTI_LIMITS;
  item.lowlimit = low;
  item.highlimit = Math.max(low, high);
  item.limit = highLimits && high > low ? high : low;
  if (param.allowsDuplicates) setFlag(item, 'allowsduplicates', true);
  if (param.allSpecifier) item.allspecifier = '*';
}

/** What the parameter's type adds (MediaWiki's TypeDef::getParamInfo), after the common keys. */
function addTypeInfo(item: ResultObject, param: ApiParamDecl, wiki: ParamInfoWiki): void {
  const type = param.type;
  if (type === 'submodule') return addSubmoduleInfo(item, param);
  if (type === 'namespace') {
    if (param.extraNamespaces?.length) item.extranamespaces = list('ns', [...param.extraNamespaces]);
    return;
  }
  if (type === 'limit' || type === 'integer') return addNumericBounds(item, param, wiki.site);
  if (type === 'user') {
    item.subtypes = [...(param.userSubtypes ?? DEFAULT_USER_SUBTYPES)];
    return;
  }
  if (type === 'string' || type === 'text' || type === 'password') {
    if (param.maxBytes !== undefined) item.maxbytes = param.maxBytes;
    if (param.maxChars !== undefined) item.maxchars = param.maxChars;
    return;
  }
  if (type === 'title') {
    setFlag(item, 'mustExist', param.mustExist === true, false);
    return;
  }
  const values = resolveEnumValues(param, wiki);
  if (values && param.deprecatedValues?.length) {
    // MediaWiki sorts them (EnumDef::sortEnumValues); the enumeration itself keeps the spec's order.
    const deprecated = param.deprecatedValues.filter((v) => values.includes(v)).sort();
    if (deprecated.length) item.deprecatedvalues = deprecated;
  }
}

function addNumericBounds(item: ResultObject, param: ApiParamDecl, site: SiteConfig): void {
  const isLimit = param.type === 'limit';
  const min = param.min ?? (isLimit ? LIMIT_BOUNDS.min : undefined);
  const max = param.maxFromSite ? maxUploadSize(site) : (param.max ?? (isLimit ? LIMIT_BOUNDS.max : undefined));
  const highMax = param.highMax ?? (isLimit ? LIMIT_BOUNDS.highMax : max);
  if (min !== undefined) item.min = min;
  if (max !== undefined) item.max = max;
  if (max !== undefined && highMax !== undefined && highMax > max) item.highmax = highMax;
}

function addSubmoduleInfo(item: ResultObject, param: ApiParamDecl): void {
  item.submodules = { ...(param.submodules ?? {}) };
  if (param.submoduleParamPrefix !== undefined) item.submoduleparamprefix = param.submoduleParamPrefix;
  if (param.deprecatedValues?.length) item.deprecatedvalues = [...param.deprecatedValues];
  if (param.internalValues?.length) item.internalvalues = [...param.internalValues];
}

function renderInfoNote(note: ParamInfoNote, help: HelpContext): ResultObject {
  const out: ResultObject = { name: note.name };
  if (note.values?.length) out.values = list('v', [...note.values]);
  if (help.format !== 'none') {
    out.text = infoNoteHelp(help, note);
    markSubelements(out, 'text');
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Resolving module paths

/** A warning paraminfo adds under its own name (code `badmodule`), as MediaWiki does. */
export interface ParamInfoWarning {
  code: 'badmodule';
  message: Message;
}

export interface ResolvedModules {
  modules: ApiModuleDecl[];
  warnings: ParamInfoWarning[];
}

/** MediaWiki's wfEscapeWikiText for the names echoed in warnings. */
function escapeWikiText(text: string): string {
  const single: Record<string, string> = {
    '"': '&#34;', '&': '&#38;', "'": '&#39;', '<': '&#60;', '=': '&#61;', '>': '&#62;', '[': '&#91;',
    ']': '&#93;', '{': '&#123;', '|': '&#124;', '}': '&#125;', ';': '&#59;',
  };
  return ('\n' + text)
    .replace(/[\n\r][#*: \t\n]|__|:\/\/|["&'<=>[\]{|};]/g, (s) => {
      if (s.length === 1) return single[s];
      if (s === '__') return '_&#95;';
      if (s === '://') return '&#58;//';
      const second = s[1];
      if (s === '\n\n') return '\n&#10;';
      return s[0] + `&#${second.charCodeAt(0)};`;
    })
    .slice(1);
}

function badModule(key: string, ...params: string[]): ParamInfoWarning {
  return { code: 'badmodule', message: msg(key, ...params) };
}

/** ApiBase::getModuleFromPath: `main`, `query`, `query+allpages`; `+` typed raw in a URL is a space. */
export function findModuleByPath(path: string, tree: ModuleTree): ApiModuleDecl | ParamInfoWarning {
  if (path === 'main') return tree.main;
  let parts = path.split('+');
  if (parts.length === 1) parts = path.split(' ');
  let module: ApiModuleDecl = tree.main;
  for (let i = 0; i < parts.length; i++) {
    const children = tree.submodulesOf(module.path);
    if (!children) return badModule('apierror-badmodule-nosubmodules', parts.slice(0, i).join('+'));
    const child = children.get(parts[i]);
    if (!child) {
      const parentPath = i ? parts.slice(0, i).join('+') : module.name;
      return badModule('apierror-badmodule-badsubmodule', parentPath, escapeWikiText(parts[i]));
    }
    module = child;
  }
  return module;
}

function isWarning(x: ApiModuleDecl | ParamInfoWarning): x is ParamInfoWarning {
  return 'code' in x && x.code === 'badmodule' && 'message' in x;
}

/** ApiParamInfo::listAllSubmodules: children sorted by name, recursively for `**`. */
function listAllSubmodules(module: ApiModuleDecl, recursive: boolean, tree: ModuleTree): string[] {
  const children = tree.submodulesOf(module.path);
  if (!children) return [];
  const paths: string[] = [];
  for (const name of [...children.keys()].sort()) {
    const child = children.get(name)!;
    paths.push(child.path);
    if (recursive) paths.push(...listAllSubmodules(child, true, tree));
  }
  return paths;
}

/** Expands `a|b`, `query+*`, `*`, `**` into the list of paths MediaWiki would describe. */
export function expandModulePaths(spec: string | readonly string[], tree: ModuleTree): { paths: string[]; warnings: ParamInfoWarning[] } {
  const requested = typeof spec === 'string' ? (spec === '' ? [] : spec.split('|')) : [...spec];
  const paths: string[] = [];
  const warnings: ParamInfoWarning[] = [];
  for (let path of requested) {
    if (path === '*' || path === '**') path = `main+${path}`;
    const wildcard = /^(.*)[+ ](\*\*?)$/.exec(path);
    if (!wildcard) {
      paths.push(path);
      continue;
    }
    const found = findModuleByPath(wildcard[1], tree);
    if (isWarning(found)) {
      warnings.push(found);
      continue;
    }
    const submodules = listAllSubmodules(found, wildcard[2] === '**', tree);
    if (submodules.length) paths.push(...submodules);
    else warnings.push(badModule('apierror-badmodule-nosubmodules', wildcard[1]));
  }
  return { paths, warnings };
}

/** The declarations a `modules=` value names, in order, without repeats, with warnings for the rest. */
export function resolveModulePaths(spec: string | readonly string[], tree: ModuleTree): ResolvedModules {
  const { paths, warnings } = expandModulePaths(spec, tree);
  const modules: ApiModuleDecl[] = [];
  for (const path of new Set(paths)) {
    const found = findModuleByPath(path, tree);
    if (isWarning(found)) warnings.push(found);
    else modules.push(found);
  }
  return { modules, warnings };
}

// ---------------------------------------------------------------------------------------------
// The whole answer

export interface ParamInfoRequest {
  modules?: string | readonly string[];
  helpformat?: HelpFormat;
  /** Deprecated: query module names; their records go under `querymodules` with `querytype`. */
  querymodules?: readonly string[];
  /** Deprecated: adds `mainmodule`. */
  mainmodule?: boolean;
  /** Deprecated: adds `pagesetmodule` (the page set's parameters). */
  pagesetmodule?: boolean;
  /** Deprecated: format names; their records go under `formatmodules`. */
  formatmodules?: readonly string[];
}

export interface ParamInfoAnswer {
  /** The value of the top-level `paraminfo` key. */
  paraminfo: ResultObject;
  warnings: ParamInfoWarning[];
}

/**
 * The `paraminfo` result of ApiParamInfo::execute: helpformat, then modules (and the deprecated
 * querymodules/formatmodules groups in order of first use), mainmodule, pagesetmodule.
 */
export function renderParamInfoResult(
  request: ParamInfoRequest,
  tree: ModuleTree,
  wiki: ParamInfoWiki,
  extras: { pageSet?: ApiModuleDecl; highLimits?: boolean; links?: HelpLinks } = {},
): ParamInfoAnswer {
  const helpFormat = request.helpformat ?? 'none';
  const options: RenderOptions = { helpFormat, highLimits: extras.highLimits, tree, links: extras.links };
  const expanded = expandModulePaths(request.modules ?? [], tree);
  const queryNames = request.querymodules ?? [];
  const formatNames = request.formatmodules ?? [];
  const paths = [...expanded.paths, ...queryNames.map((n) => `query+${n}`), ...formatNames];
  const warnings = [...expanded.warnings];
  const groups = new Map<string, ResultObject[]>();
  for (const path of new Set(paths)) {
    const found = findModuleByPath(path, tree);
    if (isWarning(found)) {
      warnings.push(found);
      continue;
    }
    const record = renderModuleInfo(found, wiki, options);
    let key = 'modules';
    if (found.path === `query+${found.name}` && queryNames.includes(found.name)) {
      key = 'querymodules';
      record.querytype = record.group;
    }
    if (formatNames.includes(found.name)) key = 'formatmodules';
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(record);
  }
  const paraminfo: ResultObject = { helpformat: helpFormat };
  for (const [key, records] of groups) paraminfo[key] = setIndexedTagName(records, 'module');
  if (request.mainmodule) paraminfo.mainmodule = renderModuleInfo(tree.main, wiki, options);
  if (request.pagesetmodule && extras.pageSet) {
    const record = renderModuleInfo(extras.pageSet, wiki, options);
    delete record.name;
    delete record.path;
    delete record.group;
    paraminfo.pagesetmodule = record;
  }
  return { paraminfo, warnings };
}
