// A site configuration like the fixture wiki's, with the spec's GROUPS and RIGHTS, for paraminfo tests.
import type { SiteConfig } from '../../src/wiki/site.ts';
import { OrderedObject, type JsonValue } from '../../src/api/result.ts';
import type { ParamInfoWiki } from '../../src/api/paraminfo.ts';
import { siteEnums } from '../../src/api/site-enums.ts';

/** The change tags the fixture's database defines (change_tag_def, ctd_user_defined = 1). */
export const FIXTURE_TAGS = ['fixture-tag', 'experimental', 'needs-review'];

export const SPEC_GROUPS = ['bot', 'sysop', 'interface-admin', 'bureaucrat', 'Moderators', 'Translators', 'Reviewers'];

export const SPEC_RIGHTS = [
  'apihighlimits', 'applychangetags', 'autoconfirmed', 'autocreateaccount', 'autopatrol', 'bigdelete', 'block',
  'blockemail', 'bot', 'browsearchive', 'changetags', 'createaccount', 'createpage', 'createtalk', 'delete',
  'deletechangetags', 'deletedhistory', 'deletedtext', 'deletelogentry', 'deleterevision', 'edit',
  'editcontentmodel', 'editinterface', 'editprotected', 'editmyoptions', 'editmyprivateinfo', 'editmyusercss',
  'editmyuserjson', 'editmyuserjs', 'editmywatchlist', 'editsemiprotected', 'editsitecss', 'editsitejson',
  'editsitejs', 'editusercss', 'edituserjson', 'edituserjs', 'hideuser', 'import', 'importupload', 'ipblock-exempt',
  'managechangetags', 'markbotedits', 'mergehistory', 'minoredit', 'move', 'movefile', 'move-categorypages',
  'move-rootuserpages', 'move-subpages', 'nominornewtalk', 'noratelimit', 'override-export-depth', 'pagelang',
  'patrol', 'patrolmarks', 'protect', 'purge', 'read', 'reupload', 'reupload-own', 'reupload-shared', 'rollback',
  'sendemail', 'siteadmin', 'suppressionlog', 'suppressrevision', 'suppressredirect', 'unblockself', 'undelete',
  'unwatchedpages', 'upload', 'upload_by_url', 'userrights', 'userrights-interwiki', 'viewmyprivateinfo',
  'viewmywatchlist', 'viewsuppressed', 'writeapi', 'gadgets-edit', 'gadgets-definition-edit', 'searchdigest-admin',
  'skipcaptcha', 'interwiki',
];

export const fixtureSite: SiteConfig = {
  server: 'http://127.0.0.1:8081',
  scriptPath: '/wiki',
  articlePath: '/wiki/index.php/$1',
  siteName: 'Fixture Wiki',
  metaNamespace: 'Fixture_Wiki',
  mainPage: 'Main Page',
  lang: 'en',
  timezone: 'UTC',
  capitalLinks: true,
  dbName: 'wikidb',
  logo: '',
  favicon: '',
  namespaces: [],
  namespaceAliases: [],
  groups: {},
  explicitGroups: SPEC_GROUPS,
  availableRights: SPEC_RIGHTS,
  extensions: ['Gadgets', 'Cite', 'ParserFunctions'],
  uploadsEnabled: true,
  fileExtensions: [],
  uploadPath: '/wiki/images',
  categoryCollation: 'uppercase',
  debug: false,
  miserMode: false,
  crossSiteAjaxDomains: [],
  crossSiteAjaxDomainExceptions: [],
  allowedCorsHeaders: [],
  secretKey: 'test',
  generator: 'MediaWiki 1.39.17',
  rightsInfo: { url: '', text: '' },
  readOnlyReason: 'This wiki is served read-only by wikiquery.',
  maxArticleSize: 2048,
  apiMaxResultSize: 8388608,
  activeUserDays: 30,
  watchlistExpiry: true,
  unwatchedPageThreshold: null,
  watchersMaxAge: 180 * 24 * 3600,
  defaultSkin: 'vector',
};

/** JSON text of a JSON view, keeping the built key order (what format=json prints). */
export function jsonText(value: JsonValue): string {
  return JSON.stringify(plain(value));
}

/** The JSON view as plain data, for deepStrictEqual against recorded answers. */
export function plain(value: JsonValue): unknown {
  if (value instanceof OrderedObject) {
    // Integer-like keys would be reordered by a plain object; paraminfo has none.
    return Object.fromEntries(value.entries.map(([k, v]) => [k, plain(v)]));
  }
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

/** A site as paraminfo sees it: its configuration, and the change tags its database defines. */
export function paramInfoWiki(site: SiteConfig, explicitTags: readonly string[] = FIXTURE_TAGS): ParamInfoWiki {
  const enums = siteEnums(site, { explicitTags });
  return { site, resolveEnum: (source) => enums[source.fromSite] };
}

export const fixtureWiki = paramInfoWiki(fixtureSite);
