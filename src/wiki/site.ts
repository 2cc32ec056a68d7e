// The facts about a wiki that MediaWiki keeps in LocalSettings.php: one typed object, loaded once.

export type NamespaceCase = 'first-letter' | 'case-sensitive';

export interface NamespaceInfo {
  id: number;
  /** Local name, with spaces (`Fixture Wiki talk`); empty for the main namespace. */
  name: string;
  /** Canonical (English) name; absent for the main namespace. */
  canonical?: string;
  case: NamespaceCase;
  subpages: boolean;
  content: boolean;
  nonincludable: boolean;
  defaultContentModel?: string;
}

export interface NamespaceAlias {
  /** Alias with spaces, e.g. `Image`, `Project`, `WP`. */
  alias: string;
  id: number;
}

export interface GroupConfig {
  rights: string[];
  /** Groups this group may add / remove (MediaWiki $wgAddGroups / $wgRemoveGroups). */
  add?: string[];
  remove?: string[];
  addSelf?: string[];
  removeSelf?: string[];
  /** $wgRevokePermissions: rights this group takes from its members, whatever their other groups give. */
  revoke?: string[];
}

/**
 * A condition of $wgAutopromote: a condition name (`APCOND_EDITCOUNT` or its number) with its
 * arguments, or an operator (`&`, `|`, `^`, `!`) followed by conditions. A bare name is a
 * condition without arguments.
 */
export type AutopromoteCondition = string | number | readonly (string | number | null | AutopromoteCondition)[];

export interface SiteConfig {
  /** `http://127.0.0.1:8081` */
  server: string;
  /** `/wiki` */
  scriptPath: string;
  /** `/wiki/index.php/$1` */
  articlePath: string;
  siteName: string;
  /** Project namespace name with underscores (`Fixture_Wiki`). */
  metaNamespace: string;
  mainPage: string;
  lang: string;
  timezone: string;
  /** $wgCapitalLinks */
  capitalLinks: boolean;
  /** MediaWiki database name, used as wikiid. */
  dbName: string;
  logo: string;
  favicon: string;
  namespaces: NamespaceInfo[];
  namespaceAliases: NamespaceAlias[];
  /** Group name -> configuration; `*` and `user` describe anonymous and logged-in callers. */
  groups: Record<string, GroupConfig>;
  /** Groups shown in enumerations (allusers group, contributors group), in declaration order. */
  explicitGroups: string[];
  /** Every right known to the wiki (RIGHTS), in declaration order. */
  availableRights: string[];
  /** Enabled extensions, e.g. `Gadgets`, `Cite`, `ParserFunctions`. */
  extensions: string[];
  uploadsEnabled: boolean;
  fileExtensions: string[];
  uploadPath: string;
  categoryCollation: string;
  /** Include the `debuginfo` block ($wgDebugToolbar / debug switch). */
  debug: boolean;
  /** $wgMiserMode */
  miserMode: boolean;
  /** Rights limits, cache, CORS: $wgCrossSiteAJAXdomains. */
  crossSiteAjaxDomains: string[];
  crossSiteAjaxDomainExceptions: string[];
  /** $wgAllowedCorsHeaders: the headers a CORS preflight may ask for. */
  allowedCorsHeaders: string[];
  /** Secret used to derive anonymous-safe tokens; anonymous tokens are constant anyway. */
  secretKey: string;
  /** Software version reported as `generator`. */
  generator: string;
  /** Free-form extra values for siteinfo general that the defaults do not cover. */
  rightsInfo: { url: string; text: string };
  /**
   * $wgReadOnly: wikiquery never writes, so the wiki is always read-only to its callers (siteinfo
   * says so, write actions answer `readonly` with this reason); only the reason is a setting.
   */
  readOnlyReason: string;
  maxArticleSize: number;
  /** $wgAPIMaxResultSize in bytes. */
  apiMaxResultSize: number;
  /** $wgActiveUserDays */
  activeUserDays: number;
  /** $wgWatchlistExpiry */
  watchlistExpiry: boolean;
  /** $wgUnwatchedPageThreshold: callers without unwatchedpages see the watchers of pages with at least this many (null: never). */
  unwatchedPageThreshold: number | null;
  /** $wgWatchersMaxAge in seconds: a watcher who has not visited for longer is not a visiting one. */
  watchersMaxAge: number;
  /** $wgShowHostnames: `servedby` and the hostname header are shown only when true. */
  showHostnames?: boolean;
  /** Whether a Vector-like skin is the default (siteinfo skins). */
  defaultSkin: string;

  // Optional settings for siteinfo/userinfo; absent means MediaWiki 1.39's default (src/wiki/site-facts.ts).
  /** $wgLocalTZoffset in minutes. */
  localTZoffset?: number;
  /** $wgNamespaceProtection entries added to core's and the extensions' (namespace id -> rights). */
  namespaceProtection?: Record<string, string[]>;
  /** $wgRateLimits entries (action -> category -> [hits, seconds]) laid over MediaWiki's defaults. */
  rateLimits?: Record<string, Record<string, [number, number]>>;
  /** $wgRateLimitsExcludedIPs: addresses and ranges that are never rate limited. */
  rateLimitsExcludedIPs?: string[];
  /** $wgRestrictionTypes, $wgRestrictionLevels, $wgCascadingRestrictionLevels, $wgSemiprotectedRestrictionLevels. */
  restrictions?: { types: string[]; levels: string[]; cascadinglevels: string[]; semiprotectedlevels: string[] };
  /** Groups of $wgAutopromote (siteinfo numberingroup gives them no count). */
  autopromoteGroups?: string[];
  /** $wgAutopromote: group -> condition (src/wiki/rights.ts); MediaWiki's autoconfirmed rule when absent. */
  autopromote?: Record<string, AutopromoteCondition>;
  /** $wgAutoConfirmAge in seconds (0). */
  autoConfirmAge?: number;
  /** $wgAutoConfirmCount (0). */
  autoConfirmCount?: number;
  /** $wgEmailAuthentication (true): an address counts as confirmed only once authenticated. */
  emailAuthentication?: boolean;
  /** $wgBlockDisablesLogin (false): a blocked user keeps only what anonymous callers may do. */
  blockDisablesLogin?: boolean;
  /** $wgCookieSetOnAutoblock (true): a user block that autoblocks follows the browser in a cookie. */
  cookieSetOnAutoblock?: boolean;
  /** $wgCookieSetOnIpBlock (true): an address or range block follows an anonymous browser in a cookie. */
  cookieSetOnIpBlock?: boolean;
  /** $wgDefaultUserOptions entries laid over MediaWiki's. */
  defaultUserOptions?: Record<string, string | number | boolean>;
  /** $wgNamespacesToBeSearchedDefault: namespaces searched by default. */
  namespacesToBeSearchedDefault?: number[];
  /** $wgHiddenPrefs (userinfo `realname` is left out when it lists `realname`). */
  hiddenPrefs?: string[];
  /** $wgExtraInterlanguageLinkPrefixes and $wgLocalInterwikis (siteinfo interwikimap flags). */
  extraInterlanguageLinkPrefixes?: string[];
  localInterwikis?: string[];
  /** $wgMaxUploadSize in bytes. */
  maxUploadSize?: number;
  /**
   * $wgImportSources as Special:Import and action=import offer them: an interwiki prefix, or
   * `prefix:subproject` for each subproject a prefix lists. MediaWiki's default is none.
   */
  importSources?: string[];
  /** $wgRightsPage: a page whose title and URL siteinfo `rightsinfo` shows instead of rightsInfo.url. */
  rightsPage?: string;
  /**
   * $wgCiteStoreReferencesData (false): the importer keeps each page's references in its page
   * properties as the Cite extension once did, and prop=references answers them; off, that
   * module answers Cite's citestoragedisabled error.
   */
  citeStoreReferencesData?: boolean;
}
