// Parameter blocks and value sets that several query modules declare the same way (the spec's
// REVCOMMON, LINKBACK, PROPLINKS, DIR, CONT, GROUPS, RIGHTS, ...), plus the modules' sources.
import {
  LIMIT_BOUNDS,
  type ModuleSource,
  type ParamDecl,
  type ParamInfoNote,
  type SiteEnum,
} from '../api/params/declaration.ts';

// ---------------------------------------------------------------------------------------------
// Value sets

/** GROUPS: the wiki's explicit groups, resolved from SiteConfig.explicitGroups. */
export const GROUPS: SiteEnum = Object.freeze({ fromSite: 'groups' });
/** RIGHTS: every right the wiki knows, resolved from SiteConfig.availableRights. */
export const RIGHTS: SiteEnum = Object.freeze({ fromSite: 'rights' });

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

/** Everything a user parameter accepts in MediaWiki 1.39 (paraminfo `subtypes`). */
export const ANY_USER = Object.freeze(['name', 'ip', 'interwiki', 'id'] as const);
/** Only a registered user's name (watchlist `owner`, main `assertuser`). */
export const NAME_ONLY = Object.freeze(['name'] as const);

/** `-2` (Media) and `-1` (Special), accepted beyond the wiki's ordinary namespaces. */
export const VIRTUAL_NAMESPACES = Object.freeze([-2, -1] as const);

// ---------------------------------------------------------------------------------------------
// Info notes (paraminfo `info`)

export const SINGLE_PAGE_ONLY: ParamInfoNote = Object.freeze({ name: 'singlepageonly' });
export const USER_ONLY: ParamInfoNote = Object.freeze({ name: 'useronly' });
export const NON_USER_ONLY: ParamInfoNote = Object.freeze({ name: 'nonuseronly' });
export function modes(...values: number[]): ParamInfoNote {
  return { name: 'modes', values };
}

// ---------------------------------------------------------------------------------------------
// Single parameters

/** CONT: the continuation value of an earlier result. */
export const CONT: ParamDecl = Object.freeze({ type: 'string' });

/** DIR: title-ordered lists. */
export const DIR: ParamDecl = Object.freeze({ type: ['ascending', 'descending'], default: 'ascending' });

/** Time-ordered lists: `newer` lists oldest first, `older` (the default) newest first. */
export const TIME_DIR: ParamDecl = Object.freeze({ type: ['newer', 'older'], default: 'older' });

/** Every namespace, several at once, `*` for all. */
export const NAMESPACES: ParamDecl = Object.freeze({ type: 'namespace', multi: true, allSpecifier: true });

/** A `limit` parameter: 1..500 (5000 with apihighlimits); no default for the revision modules. */
export function limit(defaultValue?: number, extra: Partial<ParamDecl> = {}): ParamDecl {
  const decl: ParamDecl = { type: 'limit' };
  if (defaultValue !== undefined) decl.default = defaultValue;
  return { ...decl, min: LIMIT_BOUNDS.min, max: LIMIT_BOUNDS.max, highMax: LIMIT_BOUNDS.highMax, ...extra };
}

/** A user parameter accepting the given forms. */
export function user(subtypes: readonly string[] = ANY_USER, extra: Partial<ParamDecl> = {}): ParamDecl {
  return { type: 'user', ...extra, userSubtypes: subtypes };
}

// ---------------------------------------------------------------------------------------------
// Blocks

/** REVCOMMON: what every revision module (revisions, deletedrevisions, allrevisions, ...) takes first. */
export function revCommon(options: { limitInfo?: readonly ParamInfoNote[] } = {}): Record<string, ParamDecl> {
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
  };
}

/** LINKBACK: pages pointing at one title (backlinks, embeddedin, imageusage). */
export function linkBack(): Record<string, ParamDecl> {
  return {
    title: { type: 'string' },
    pageid: { type: 'integer' },
    continue: CONT,
    namespace: NAMESPACES,
    dir: DIR,
    filterredir: { type: ['all', 'redirects', 'nonredirects'], default: 'all' },
    limit: limit(10),
  };
}

/** PROPLINKS: pages pointing at each page of the set (fileusage, linkshere, transcludedin). */
export function propLinks(): Record<string, ParamDecl> {
  return {
    prop: { type: ['pageid', 'title', 'redirect'], default: 'pageid|title|redirect', multi: true },
    namespace: NAMESPACES,
    show: { type: ['redirect', '!redirect'], multi: true },
    limit: limit(10),
    continue: CONT,
  };
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
 * class, ApiQueryAllLinks, so one parameter list; `namespaceDefault` null leaves `namespace` out.
 */
export function allLinksParams(propValues: readonly string[], namespaceDefault: number | null): Record<string, ParamDecl> {
  return {
    continue: CONT,
    from: { type: 'string' },
    to: { type: 'string' },
    prefix: { type: 'string' },
    unique: { type: 'boolean' },
    prop: { type: propValues, default: 'title', multi: true },
    ...(namespaceDefault === null ? {} : { namespace: { type: 'namespace', default: namespaceDefault, extraNamespaces: VIRTUAL_NAMESPACES } }),
    limit: limit(10),
    dir: DIR,
  };
}

/** prop=links and prop=templates (MediaWiki's ApiQueryLinks): `titlesParam` filters the targets. */
export function pageLinksParams(titlesParam: 'titles' | 'templates'): Record<string, ParamDecl> {
  return {
    namespace: { type: 'namespace', multi: true, allSpecifier: true, extraNamespaces: VIRTUAL_NAMESPACES },
    limit: limit(10),
    continue: CONT,
    [titlesParam]: { type: 'string', multi: true },
    dir: DIR,
  };
}
