// How a module declares its parameters: the one source for validation, defaults, limits and paraminfo.

/** Type names as paraminfo reports them. */
export type ParamTypeName =
  | 'string'
  | 'text'
  | 'integer'
  | 'boolean'
  | 'timestamp'
  | 'user'
  | 'namespace'
  | 'limit'
  | 'title'
  | 'expiry'
  | 'password'
  | 'raw'
  | 'submodule';

/**
 * Where the values of an enumeration that depends on the wiki come from (src/api/site-enums.ts):
 * - groups, rights: the spec's GROUPS and RIGHTS (SiteConfig explicitGroups, availableRights);
 * - allgroups: every group but the implicit ones (UserGroupManager::listAllGroups);
 * - contentmodels, editablecontentmodels, contentformats: the content handlers of core and the
 *   loaded extensions (ContentHandlerFactory), those that can be edited directly, their formats;
 * - skins: the installed skins (SkinFactory::getInstalledSkins);
 * - explicittags: the change tags the database defines (ChangeTags::listExplicitlyDefinedTags),
 *   definedtags: those and the software's (ChangeTags::listDefinedTags);
 * - importsources: $wgImportSources as ApiImport lists them.
 */
export type SiteEnumSource =
  | 'groups'
  | 'rights'
  | 'allgroups'
  | 'contentmodels'
  | 'editablecontentmodels'
  | 'contentformats'
  | 'skins'
  | 'explicittags'
  | 'definedtags'
  | 'importsources';

/** An enumeration whose values are the wiki's: resolved once per wiki, never per request. */
export interface SiteEnum {
  fromSite: SiteEnumSource;
}

export type ParamType = ParamTypeName | readonly string[] | SiteEnum;

export interface ParamInfoNote {
  name: string;
  values?: number[];
}

export interface ParamDecl {
  type: ParamType;
  /** The default exactly as paraminfo shows it: strings stay strings, numbers are numbers. */
  default?: string | number | boolean;
  multi?: boolean;
  required?: boolean;
  deprecated?: boolean;
  deprecatedValues?: readonly string[];
  /** Multi parameters: `*` selects every allowed value. */
  allSpecifier?: boolean;
  /** Namespace parameters: ids accepted beyond the wiki's non-negative ones. */
  extraNamespaces?: readonly number[];
  allowsDuplicates?: boolean;
  /** Help notes (useronly, nonuseronly, singlepageonly, modes). */
  info?: readonly ParamInfoNote[];
  /** limit: bounds (defaults 1 / 500 / 5000); integer: optional range. */
  min?: number;
  max?: number;
  highMax?: number;
  /** integer: out-of-range values are an error rather than clamped with a warning. */
  enforceRange?: boolean;
  /** Multi value-count limits (lowlimit/highlimit); default 50/500. */
  multiLimits?: readonly [number, number];
  /** user: accepted forms, as paraminfo `subtypes`. */
  userSubtypes?: readonly string[];
  /**
   * An enumeration that help and paraminfo show, but whose values the module checks itself, with
   * its own error (MediaWiki gives such a PARAM_TYPE only for help, as leaction's).
   */
  checkedByModule?: boolean;
  /** Values that are accepted but hidden from help (MediaWiki's internal values). */
  internalValues?: readonly string[];
  /** Token parameters: the token type (paraminfo `tokentype`). */
  tokenType?: string;
  /** Never echoed in logs or debuginfo. */
  sensitive?: boolean;
  /** string: byte and character limits. */
  maxBytes?: number;
  maxChars?: number;
  /** submodule parameters (main `action`, `format`; paraminfo `modules`): path prefix of the choices. */
  submodules?: Record<string, string>;
  /** The order MediaWiki defines the values in (submodule registration, PARAM_TYPE array), which
   * its validator lists in a bad-value error's parameters (errorformat=raw), when it is not the
   * order declared here (paraminfo's, sorted). */
  definitionOrder?: readonly string[];
  submoduleParamPrefix?: string;
}

/** A module's parameters by name (without prefix), in paraminfo's order. */
export type ParamDecls = Readonly<Record<string, ParamDecl>>;

export type ModuleGroup = 'list' | 'prop' | 'meta';

/** Where a module comes from, for paraminfo's source/licence fields. */
export interface ModuleSource {
  source: string;
  sourcename: string;
  licensetag: string;
  /** Page path under the wiki's article path, e.g. `Special:Version/License/MediaWiki`. */
  licensePage: string;
}

export interface ModuleDecl {
  name: string;
  /** `query+allpages`, `main`, `query`, `paraminfo`, ... */
  path: string;
  group?: ModuleGroup;
  prefix: string;
  classname: string;
  source: ModuleSource;
  helpUrls: readonly string[];
  generator?: boolean;
  /** Defaults to true for query modules: the caller needs the `read` right. */
  readRights?: boolean;
  deprecated?: boolean;
  internal?: boolean;
  mustBePosted?: boolean;
  writeRights?: boolean;
  /**
   * Query modules: `private` when the answer depends on who asks (ApiBase::getCacheMode), which
   * makes the whole response private; public otherwise.
   */
  cacheMode?: 'public' | 'private';
  /** Ordered: paraminfo's `index` follows declaration order. */
  params: ParamDecls;
  /** Optional dynamic parameters note (MediaWiki `dynamicparameters`). */
  dynamicParameters?: boolean;
}

export const MEDIAWIKI_SOURCE: ModuleSource = {
  source: 'MediaWiki',
  sourcename: 'MediaWiki',
  licensetag: 'GPL-2.0-or-later',
  licensePage: 'Special:Version/License/MediaWiki',
};

export const MULTI_LIMITS: readonly [number, number] = [50, 500];
export const LIMIT_BOUNDS = { min: 1, max: 500, highMax: 5000 } as const;
