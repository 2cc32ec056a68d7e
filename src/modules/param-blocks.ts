// Parameter blocks and value sets that families of query modules declare the same way (the spec's
// REVCOMMON, LINKBACK, PROPLINKS, the all*-links, page-links and search lists), plus the modules'
// sources.
import type { ModuleSource, ParamDecl, ParamDecls, ParamInfoNote } from '../api/params/declaration.ts';
import { CONT, DIR, NAMESPACES, VIRTUAL_NAMESPACES, limit } from '../api/params/common.ts';

// ---------------------------------------------------------------------------------------------
// Value sets

export const REVPROP = Object.freeze([
  'ids', 'flags', 'timestamp', 'user', 'userid', 'size', 'slotsize', 'sha1', 'slotsha1',
  'contentmodel', 'comment', 'parsedcomment', 'content', 'tags', 'roles', 'parsetree',
] as const);

export const CONTENTFORMAT = Object.freeze([
  'application/json', 'text/x-wiki', 'text/javascript', 'text/css', 'text/plain',
] as const);

/** URL protocols for extlinks/exturlusage; the empty value means "any protocol". */
export const PROTOCOL = Object.freeze([
  '', 'bitcoin', 'ftp', 'ftps', 'geo', 'git', 'gopher', 'http', 'https', 'irc', 'ircs', 'magnet',
  'mailto', 'mms', 'news', 'nntp', 'redis', 'sftp', 'sip', 'sips', 'sms', 'ssh', 'svn', 'tel',
  'telnet', 'urn', 'worldwind', 'xmpp',
] as const);

// ---------------------------------------------------------------------------------------------
// Blocks

/** REVCOMMON: what every revision module (revisions, deletedrevisions, allrevisions, ...) takes first. */
export function revCommon(options: { limitInfo?: readonly ParamInfoNote[] } = {}) {
  return {
    prop: {
      type: REVPROP,
      default: 'ids|timestamp|flags|comment|user',
      multi: true,
      deprecatedValues: ['parsetree'],
    },
    slots: { type: ['main'], multi: true, allSpecifier: true },
    limit: limit(undefined, options.limitInfo ? { info: options.limitInfo } : {}),
    expandtemplates: { type: 'boolean', deprecated: true },
    generatexml: { type: 'boolean', deprecated: true },
    parse: { type: 'boolean', deprecated: true },
    section: { type: 'string' },
    diffto: { type: 'string', deprecated: true },
    difftotext: { type: 'string', deprecated: true },
    // MediaWiki 1.39 marks these two deprecated; the spec does not.
    difftotextpst: { type: 'boolean' },
    contentformat: { type: CONTENTFORMAT },
  } as const satisfies ParamDecls;
}

export type RevCommonParams = ReturnType<typeof revCommon>;

/** LINKBACK: pages pointing at one title (backlinks, embeddedin, imageusage). */
export function linkBack() {
  return {
    title: { type: 'string' },
    pageid: { type: 'integer' },
    continue: CONT,
    namespace: NAMESPACES,
    dir: DIR,
    filterredir: { type: ['all', 'redirects', 'nonredirects'], default: 'all' },
    limit: limit(10),
  } as const satisfies ParamDecls;
}

export type LinkBackParams = ReturnType<typeof linkBack>;

/** PROPLINKS: pages pointing at each page of the set (fileusage, linkshere, transcludedin). */
export function propLinks() {
  return {
    prop: { type: ['pageid', 'title', 'redirect'], default: 'pageid|title|redirect', multi: true },
    namespace: NAMESPACES,
    show: { type: ['redirect', '!redirect'], multi: true },
    limit: limit(10),
    continue: CONT,
  } as const satisfies ParamDecls;
}

/**
 * What list=search and list=prefixsearch take first: MediaWiki builds both from SearchApi's
 * buildCommonApiParams (no `backend` or `profile`: the wiki has one search engine without profiles).
 */
export function searchCommon() {
  return {
    search: { type: 'string', required: true },
    namespace: { type: 'namespace', default: 0, multi: true, allSpecifier: true },
    limit: limit(10),
    offset: { type: 'integer', default: 0 },
  } as const satisfies ParamDecls;
}

// ---------------------------------------------------------------------------------------------
// Module sources (paraminfo source/sourcename/licensetag/licenselink)

function extensionSource(name: string): ModuleSource {
  return {
    source: name,
    sourcename: name,
    licensetag: 'GPL-2.0-or-later',
    licensePage: `Special:Version/License/${name}`,
  };
}

export const GADGETS_SOURCE: ModuleSource = Object.freeze(extensionSource('Gadgets'));
/** prop=references came from Cite before 1.39 dropped the API module. */
export const CITE_SOURCE: ModuleSource = Object.freeze(extensionSource('Cite'));
/** The spec's infobox extension has no MediaWiki counterpart: its name is ours. */
export const INFOBOX_SOURCE: ModuleSource = Object.freeze(extensionSource('Infobox'));

/**
 * The all*-links family (alllinks, alltransclusions, allfileusages, allredirects): one MediaWiki
 * class, ApiQueryAllLinks, so one parameter list.
 */
export function allLinksParams<const V extends readonly string[]>(propValues: V, namespaceDefault: number) {
  return {
    continue: CONT,
    from: { type: 'string' },
    to: { type: 'string' },
    prefix: { type: 'string' },
    unique: { type: 'boolean' },
    prop: { type: propValues, default: 'title', multi: true },
    namespace: { type: 'namespace', default: namespaceDefault, extraNamespaces: VIRTUAL_NAMESPACES },
    limit: limit(10),
    dir: DIR,
  } as const satisfies ParamDecls;
}

/** allfileusages: imagelinks names files alone, so it has no namespace to choose. */
export function allFileUsagesParams() {
  const { namespace: _files, ...params } = allLinksParams(['ids', 'title'], 6);
  return params;
}

/**
 * prop=links and prop=templates (MediaWiki's ApiQueryLinks); `targetFilter` is the parameter
 * that filters the targets by title (`titles`, `templates`), which comes fourth.
 */
export function pageLinksParams<const F extends ParamDecls>(targetFilter: F) {
  return {
    namespace: { type: 'namespace', multi: true, allSpecifier: true, extraNamespaces: VIRTUAL_NAMESPACES },
    limit: limit(10),
    continue: CONT,
    ...targetFilter,
    dir: DIR,
  } as const satisfies ParamDecls;
}

export type PageLinksParams = ReturnType<typeof pageLinksParams<Record<never, never>>>;

/** The target-title filter of prop=links and prop=templates. */
export const TARGET_TITLES = Object.freeze({ type: 'string', multi: true } as const satisfies ParamDecl);
