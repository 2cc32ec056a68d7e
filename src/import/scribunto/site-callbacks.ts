// What mw.title, mw.site, mw.uri and mw.message ask TypeScript: titles through the codec, pages and messages through the wiki, ids, files and counts through site-data.ts.

import { interfaceMessages, isDisabledMessage } from '../../wiki/messages.ts';
import { formatNum } from '../wikitext/numbers.ts';
import { arrayToCgi, wfUrlencode, type CgiValue } from '../../wiki/urls.ts';
import { stripTags } from '../wikitext/text.ts';
import { siteDataOf, type InterwikiRow } from './site-data.ts';
import { LuaCallbackError, LuaTable, type CallbackMap, type JsValue, type LuaValue, type ScribuntoContext } from './types.ts';
import { decodeCharReferencesOnly, ucfirst, type ParsedTitle } from '../../wiki/titles.ts';
import { CANONICAL_NAMESPACES, DEFAULT_NAMESPACE_ALIASES, NS } from '../../wiki/namespaces.ts';

/** SpecialVersion::getVersion of the MediaWiki the importer imitates (the expander's {{CURRENTVERSION}}). */
const MEDIAWIKI_VERSION = '1.39.17';

// ---------------------------------------------------------------------------------------------
// Titles

/** Title::newFromText: character references decoded, then split by the codec. */
function parseTitle(ctx: ScribuntoContext, text: string, defaultNs = 0): ParsedTitle | null {
  if (text === '') return null;
  return ctx.codec.parse(decodeCharReferencesOnly(text), defaultNs);
}

function isCurrentPage(ctx: ScribuntoContext, t: ParsedTitle): boolean {
  return t.interwiki === '' && t.ns === ctx.page.ns && t.dbKey === ctx.page.dbKey;
}

function canonicalNamespaceName(ctx: ScribuntoContext, ns: number): string {
  if (ns === 0) return '';
  return CANONICAL_NAMESPACES.find(([id]) => id === ns)?.[1] ?? ctx.codec.namespaces.name(ns);
}

/** Title::getNsText: the local name; an interwiki title's namespace is foreign, so its canonical name. */
function nsText(ctx: ScribuntoContext, t: ParsedTitle): string {
  return t.interwiki === '' ? ctx.codec.namespaces.name(t.ns) : canonicalNamespaceName(ctx, t.ns);
}

/** Title::getPrefixedDBkey (an interwiki title's rest is kept whole, as the codec leaves it). */
function prefixedDbKey(ctx: ScribuntoContext, t: ParsedTitle): string {
  const name = t.interwiki === '' ? nsText(ctx, t).replace(/ /g, '_') : '';
  const local = name ? `${name}:${t.dbKey}` : t.dbKey;
  return t.interwiki ? `${t.interwiki}:${local}` : local;
}

function interwikiRow(ctx: ScribuntoContext, prefix: string): InterwikiRow | undefined {
  return siteDataOf(ctx).interwiki().find((r) => r.prefix === prefix);
}

/** Scribunto's getInexpensiveTitleData: what a title object knows without asking the database. */
function titleData(ctx: ScribuntoContext, t: ParsedTitle): JsValue {
  const data: { [key: string]: JsValue } = {
    isCurrentTitle: isCurrentPage(ctx, t),
    isLocal: t.interwiki === '' || (interwikiRow(ctx, t.interwiki)?.local ?? false),
    interwiki: t.interwiki,
    namespace: t.ns,
    nsText: nsText(ctx, t),
    text: t.dbKey.replace(/_/g, ' '),
    fragment: t.fragment,
    thePartialUrl: wfUrlencode(t.dbKey),
  };
  // ParserOutput records no links to special pages, so asking about one records nothing.
  if (t.ns === NS.SPECIAL) data.exists = specialPageExists(t.dbKey);
  if (t.ns !== NS.FILE && t.ns !== NS.MEDIA) data.file = false;
  return data;
}

/** ParserOutput::addLink: Media: links are to the file page; interwiki, special and fragment-only titles are not pagelinks. */
function recordLink(ctx: ScribuntoContext, t: ParsedTitle): void {
  if (t.interwiki !== '' || t.ns === NS.SPECIAL || t.dbKey === '') return;
  ctx.expander.addLink(t.ns === NS.MEDIA ? NS.FILE : t.ns, t.dbKey);
}

/** ParserOutput::addTemplate: reading a page's content makes it a transclusion. */
function recordTemplate(ctx: ScribuntoContext, t: ParsedTitle): void {
  if (t.interwiki !== '' || t.dbKey === '') return;
  ctx.expander.addTemplate(t.ns, t.dbKey);
}

/** Title::makeTitleSafe: the name built from its parts and parsed again (so `makeTitle(0, 'Talk:X')` is Talk:X). */
function makeTitle(ctx: ScribuntoContext, ns: number, text: string, fragment: string, interwiki: string): ParsedTitle | null {
  if (!ctx.codec.namespaces.byId.has(ns)) return null;
  const nsName = canonicalNamespaceName(ctx, ns);
  let name = nsName === '' ? text : `${nsName}:${text}`;
  if (fragment !== '') name += `#${fragment}`;
  if (interwiki !== '') name = `${interwiki}:${name}`;
  return ctx.codec.parse(name, 0);
}

const SPECIAL_PAGES = new Set(
  (
    'BrokenRedirects Deadendpages DoubleRedirects Longpages Ancientpages Lonelypages Fewestrevisions Withoutinterwiki Protectedpages ' +
    'Protectedtitles Shortpages Uncategorizedcategories Uncategorizedimages Uncategorizedpages Uncategorizedtemplates Unusedcategories ' +
    'Unusedimages Unusedtemplates Unwatchedpages Wantedcategories Wantedfiles Wantedpages Wantedtemplates Allpages Prefixindex Categories ' +
    'Listredirects PagesWithProp TrackingCategories Userlogin Userlogout CreateAccount LinkAccounts UnlinkAccounts ChangeCredentials ' +
    'RemoveCredentials Activeusers Block Unblock BlockList AutoblockList ChangePassword BotPasswords PasswordReset DeletedContributions ' +
    'Preferences ResetTokens Contributions Listgrouprights Listgrants Listusers Listadmins Listbots Userrights EditWatchlist PasswordPolicies ' +
    'Newimages Log Watchlist Newpages Recentchanges Recentchangeslinked Tags Listfiles Filepath MediaStatistics MIMEsearch FileDuplicateSearch ' +
    'Upload UploadStash ListDuplicatedFiles ApiSandbox Statistics Allmessages Version Lockdb Unlockdb LinkSearch Randompage RandomInCategory ' +
    'Randomredirect Randomrootpage GoToInterwiki Mostlinkedcategories Mostimages Mostinterwikis Mostlinked Mostlinkedtemplates Mostcategories ' +
    'Mostrevisions ComparePages Export Import Undelete Whatlinkshere MergeHistory ExpandTemplates ChangeContentModel Booksources ApiHelp ' +
    'Blankpage DeletePage Diff EditPage EditTags Emailuser Movepage Mycontributions MyLanguage Mypage Mytalk PageHistory PageInfo ProtectPage ' +
    'Purge Myuploads AllMyUploads NewSection PermanentLink Redirect Revisiondelete RunJobs Specialpages PageData Search Random ' +
    'Gadgets GadgetUsage Citethispage'
  )
    .toLowerCase()
    .split(' '),
);

/** SpecialPageFactory::exists, for MediaWiki 1.39's core special pages by their canonical names. */
function specialPageExists(dbKey: string): boolean {
  return SPECIAL_PAGES.has(dbKey.split('/')[0]!.toLowerCase());
}

// ---------------------------------------------------------------------------------------------
// URLs

/** PHP's string form of a number (precision 14). */
function phpNumber(n: number): string {
  return Number.isInteger(n) && Math.abs(n) < 1e15 ? String(n) : String(Number(n.toPrecision(14)));
}

/** A query table as PHP receives it from Lua, for wfArrayToCgi: numbers in PHP's string form, tables nested. */
function cgiArrayOf(table: LuaTable): Map<string, CgiValue> {
  const array = new Map<string, CgiValue>();
  for (const [k, v] of table) {
    array.set(String(k), v instanceof LuaTable ? cgiArrayOf(v) : typeof v === 'number' ? phpNumber(v) : v);
  }
  return array;
}

function queryString(query: LuaValue | undefined): string {
  if (query instanceof LuaTable) return arrayToCgi(cgiArrayOf(query));
  if (typeof query === 'number') return phpNumber(query);
  return typeof query === 'string' && query !== '-' ? query : '';
}

function appendQuery(url: string, query: string): string {
  if (query === '') return url;
  const hash = url.indexOf('#');
  const base = hash >= 0 ? url.slice(0, hash) : url;
  const joined = `${base}${base.includes('?') ? '&' : '?'}${query}`;
  return hash >= 0 ? joined + url.slice(hash) : joined;
}

/** Title::getLocalURL. */
function localUrl(ctx: ScribuntoContext, t: ParsedTitle, query: string): string {
  if (t.interwiki !== '') {
    const row = interwikiRow(ctx, t.interwiki);
    const url = row ? row.url.replace('$1', wfUrlencode(t.dbKey)) : wfUrlencode(`${t.interwiki}:${t.dbKey}`);
    return appendQuery(url, query);
  }
  const dbKey = wfUrlencode(prefixedDbKey(ctx, t));
  if (query === '') return ctx.site.articlePath.replace('$1', dbKey);
  return `${ctx.site.scriptPath}/index.php?title=${dbKey}&${query}`;
}

/** Title::getFragmentForURL, with $wgFragmentMode's default (html5). */
function fragmentForUrl(t: ParsedTitle): string {
  if (t.fragment === '') return '';
  return `#${t.fragment.replace(/ /g, '_').replace(/%([0-9A-Fa-f]{2})/g, '%25$1')}`;
}

type Protocol = 'relative' | 'http' | 'https' | 'canonical';

/** wfExpandUrl: a path gets the server; a protocol-relative URL gets the protocol asked for. */
function expandUrl(ctx: ScribuntoContext, url: string, proto: Protocol): string {
  const server = ctx.site.server;
  const canonicalServer = server.startsWith('//') ? `http:${server}` : server;
  let full = url;
  if (url.startsWith('/') && !url.startsWith('//')) full = (proto === 'canonical' ? canonicalServer : server) + url;
  if (!full.startsWith('//')) return full;
  if (proto === 'relative') return full;
  if (proto === 'canonical') return (canonicalServer.match(/^[a-z][a-z0-9+.-]*:/i)?.[0] ?? 'http:') + full;
  return `${proto}:${full}`;
}

function titleUrl(ctx: ScribuntoContext, t: ParsedTitle, which: string, query: string, proto: Protocol): string {
  if (which === 'localUrl') return localUrl(ctx, t, query);
  const local = localUrl(ctx, t, query) + fragmentForUrl(t);
  return expandUrl(ctx, local, which === 'canonicalUrl' ? 'canonical' : proto);
}

/** Sanitizer::safeEncodeAttribute over {{anchorencode:}}'s section name (links and tags stripped, whitespace folded). */
export function anchorEncode(text: string): string {
  let s = text.replace(/\u007f[^\u007f]*\u007f/g, '');
  s = s.replace(/\[\[:?([^\]|]*?)(?:\|([^\]]*))?\]\]/g, (_m, target: string, label: string | undefined) => label ?? target);
  s = s.replace(/\[(?:[a-z][a-z0-9+.-]*:)?\/\/[^\s\]]*\s*([^\]]*)\]/gi, '$1');
  s = decodeCharReferencesOnly(stripTags(s));
  s = s.replace(/[ _\t\n\r]+/g, ' ').trim().replace(/ /g, '_').replace(/%([0-9A-Fa-f]{2})/g, '%25$1');
  return s.replace(/ISBN|RFC|PMID|:\/\/|[&"'<>{}[\]|]/g, (m) => ATTRIBUTE_ESCAPES[m] ?? `&#${m.charCodeAt(0)};${m.slice(1)}`);
}

/** Sanitizer::safeEncodeAttribute: htmlspecialchars, then what wikitext would read in an attribute. */
const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

// ---------------------------------------------------------------------------------------------
// Messages

/** MessageCache::normalizeKey: underscores for spaces, first letter lowercased. */
function normalizeMessageKey(key: string): string {
  const k = key.replace(/ /g, '_');
  if (k === '') return k;
  const first = String.fromCodePoint(k.codePointAt(0)!);
  return first.toLowerCase() + k.slice(first.length);
}

/** MessageCache::get: the wiki's MediaWiki: page, then MediaWiki's own text in the language, its fallbacks' or English; null when none has it. */
export function messageText(ctx: ScribuntoContext, key: string, lang: string, useDatabase: boolean): string | null {
  const normalized = normalizeMessageKey(key);
  if (useDatabase) {
    const pageName = ucfirst(normalized) + (lang === ctx.site.lang ? '' : `/${lang}`);
    const page = ctx.wiki.page(NS.MEDIAWIKI, pageName);
    if (page) return page.text;
  }
  return interfaceMessages(lang)[normalized] ?? null;
}

interface MessageSpec {
  keys: string[];
  raw: string | null;
  params: LuaValue[];
  lang: string;
  useDatabase: boolean;
}

function messageSpec(ctx: ScribuntoContext, data: LuaValue): MessageSpec {
  if (!(data instanceof LuaTable)) throw new LuaCallbackError('invalid message data');
  const keys = data.get('keys');
  const params = data.get('params');
  return {
    keys: keys instanceof LuaTable ? keys.sequence().map(String) : [],
    raw: data.string('rawMessage') ?? null,
    params: params instanceof LuaTable ? maxnSequence(params) : [],
    lang: data.string('lang') ?? ctx.site.lang,
    useDatabase: data.get('useDB') !== false,
  };
}

/** A table's values 1..maxn (holes as nil), as Lua's table.maxn sees the parameter list. */
function maxnSequence(table: LuaTable): LuaValue[] {
  let max = 0;
  for (const k of table.keys()) if (typeof k === 'number' && Number.isInteger(k) && k > max) max = k;
  const out: LuaValue[] = [];
  for (let i = 1; i <= max; i++) out.push(table.get(i) ?? null);
  return out;
}

/** Message::fetchMessage: the first key with a non-empty text; the key it stopped at. */
function fetchMessage(ctx: ScribuntoContext, spec: MessageSpec): { key: string; text: string | null } {
  if (spec.raw !== null) return { key: spec.raw, text: spec.raw };
  let key = spec.keys[0] ?? '';
  let text: string | null = null;
  for (key of spec.keys) {
    text = messageText(ctx, key, spec.lang, spec.useDatabase);
    if (text !== null && text !== '') break;
  }
  return { key, text };
}

function paramText(param: LuaValue, lang: string): string {
  if (param instanceof LuaTable) {
    if (param.has('num')) {
      const num = param.get('num')!;
      return formatNum(typeof num === 'number' ? phpNumber(num) : String(num), '', lang);
    }
    return paramText(param.get('raw') ?? '', lang);
  }
  if (param === null) return '';
  return typeof param === 'number' ? phpNumber(param) : String(param);
}

/** Message::replaceParameters: `$n` by the nth parameter, the longest number that names one (as strtr picks). */
function replaceParameters(text: string, params: string[]): string {
  return text.replace(/\$(\d+)/g, (whole, digits: string) => {
    for (let length = digits.length; length > 0; length--) {
      const n = Number(digits.slice(0, length));
      if (n >= 1 && n <= params.length) return params[n - 1]! + digits.slice(length);
    }
    return whole;
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c]!);
}

function messagePlain(ctx: ScribuntoContext, spec: MessageSpec): string {
  const { key, text } = fetchMessage(ctx, spec);
  if (text === null) return `⧼${escapeHtml(key)}⧽`;
  return replaceParameters(text, spec.params.map((p) => paramText(p, spec.lang)));
}

// ---------------------------------------------------------------------------------------------
// Site

interface NamespaceInfo {
  [key: string]: JsValue;
}

function namespaceInfo(ctx: ScribuntoContext, id: number): NamespaceInfo {
  const isTalk = id > 0 && id % 2 === 1;
  const info: NamespaceInfo = {
    id,
    name: ctx.codec.namespaces.name(id),
    canonicalName: canonicalNamespaceName(ctx, id),
    hasSubpages: ctx.site.subpageNamespaces.has(id),
    hasGenderDistinction: id === NS.USER || id === NS.USER_TALK,
    isCapitalized: ctx.codec.namespaces.isCapitalized(id),
    isContent: ctx.site.contentNamespaces.has(id),
    isIncludable: true,
    isMovable: id >= 0,
    isSubject: !isTalk,
    isTalk,
    // $wgNamespaceContentModels is empty by default: Scribunto gives modules their model by a hook instead.
    defaultContentModel: undefined,
    aliases: DEFAULT_NAMESPACE_ALIASES.filter(([, ns]) => ns === id).map(([alias]) => alias),
    subject: id >= 0 ? id - (id % 2) : id,
  };
  if (id >= 0) {
    info.talk = id | 1;
    info.associated = isTalk ? id - 1 : id + 1;
  }
  return info;
}

function siteInfo(ctx: ScribuntoContext): JsValue {
  const namespaces = [...ctx.codec.namespaces.byId.keys()].sort((a, b) => a - b).map((id) => namespaceInfo(ctx, id));
  const main = namespaces.find((ns) => ns.id === 0);
  if (main) main.displayName = messageText(ctx, 'blanknamespace', ctx.site.lang, true) ?? '(Main)';
  return {
    siteName: ctx.site.siteName,
    server: ctx.site.server,
    scriptPath: ctx.site.scriptPath,
    stylePath: `${ctx.site.scriptPath}/skins`,
    currentVersion: MEDIAWIKI_VERSION,
    lang: ctx.site.lang,
    namespaces,
  };
}

function interwikiMap(ctx: ScribuntoContext, filter: LuaValue | undefined): JsValue {
  if (filter !== null && filter !== undefined && filter !== 'local' && filter !== '!local') {
    throw new LuaCallbackError(`bad argument #1 to 'interwikiMap' (unknown filter '${String(filter)}')`);
  }
  const map: { [prefix: string]: JsValue } = {};
  for (const row of siteDataOf(ctx).interwiki()) {
    if ((filter === 'local' && !row.local) || (filter === '!local' && row.local)) continue;
    map[row.prefix] = {
      prefix: row.prefix,
      url: expandUrl(ctx, row.url, 'relative'),
      isProtocolRelative: row.url.startsWith('//'),
      isLocal: row.local,
      isTranscludable: row.trans,
      isCurrentWiki: false,
      isExtraLanguageLink: false,
    };
  }
  return map;
}

// ---------------------------------------------------------------------------------------------
// The callbacks

function str(v: LuaValue | undefined): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? phpNumber(v) : '';
}

function protocolOf(v: LuaValue | undefined): Protocol {
  if (v === null || v === undefined) return 'relative';
  if (v === 'relative' || v === 'http' || v === 'https' || v === 'canonical') return v;
  throw new LuaCallbackError(`bad argument #2 to 'fullUrl' ('http', 'https', 'relative', or 'canonical' expected, got ${typeof v === 'string' ? 'string' : typeof v})`);
}

/** Title::newFromText, or Title::newFromURL of the decoded text: how mw.uri's URL functions read a page name. */
function uriTitle(ctx: ScribuntoContext, page: string): ParsedTitle | null {
  let t = parseTitle(ctx, page);
  if (!t) {
    try {
      t = ctx.codec.parse(decodeURIComponent(page.replace(/\+/g, ' ')));
    } catch {
      t = null;
    }
  }
  if (t && t.ns === NS.MEDIA) t = { ...t, ns: NS.FILE };
  return t;
}

export const siteCallbacks: CallbackMap = {
  'site.info': (ctx) => siteInfo(ctx),
  'site.nsIndex': (ctx, [name]) => {
    const key = str(name).replace(/[\s_]+/g, '_').replace(/^_+|_+$/g, '');
    return ctx.codec.namespaces.index(key) ?? null;
  },
  'site.stats': (ctx) => ({ ...siteDataOf(ctx).stats() }),
  'site.pagesInCategory': (ctx, [name]) => {
    const t = makeTitle(ctx, NS.CATEGORY, str(name), '', '');
    if (!t || t.ns !== NS.CATEGORY) return { all: 0, subcats: 0, files: 0, pages: 0 };
    return { ...siteDataOf(ctx).categoryCounts(t.dbKey) };
  },
  'site.pagesInNamespace': (ctx, [ns]) => siteDataOf(ctx).pagesInNamespace(Math.trunc(Number(ns))),
  'site.usersInGroup': (ctx, [group]) => siteDataOf(ctx).usersInGroup(str(group).toLowerCase()),
  'site.interwikiMap': (ctx, [filter]) => interwikiMap(ctx, filter),

  'title.current': (ctx) => titleData(ctx, { ns: ctx.page.ns, dbKey: ctx.page.dbKey, interwiki: '', fragment: '' }),
  'title.new': (ctx, [text, defaultNs]) => {
    const t = parseTitle(ctx, str(text), typeof defaultNs === 'number' ? defaultNs : 0);
    return t ? titleData(ctx, t) : null;
  },
  'title.newFromId': (ctx, [id]) => {
    const found = siteDataOf(ctx).pageById(Number(id));
    if (!found) return null;
    const t: ParsedTitle = { ns: found.ns, dbKey: found.dbKey, interwiki: '', fragment: '' };
    if (!isCurrentPage(ctx, t)) recordLink(ctx, t);
    return titleData(ctx, t);
  },
  'title.make': (ctx, [ns, text, fragment, interwiki]) => {
    const t = makeTitle(ctx, Number(ns), str(text), str(fragment), str(interwiki));
    return t ? titleData(ctx, t) : null;
  },
  /** Scribunto's getExpensiveData: a title other than the page's own becomes a pagelinks row. */
  'title.expensive': (ctx, [text]) => {
    const t = parseTitle(ctx, str(text));
    if (!t) return null;
    if (!isCurrentPage(ctx, t)) recordLink(ctx, t);
    if (t.ns === NS.SPECIAL) return { isRedirect: false, id: 0, contentModel: 'wikitext', exists: specialPageExists(t.dbKey) };
    const facts = t.interwiki === '' && t.ns >= 0 ? siteDataOf(ctx).pageFacts(t.ns, t.dbKey) : null;
    return {
      isRedirect: facts?.isRedirect ?? false,
      id: facts?.id ?? 0,
      contentModel: facts?.contentModel ?? ctx.codec.defaultContentModel(t.ns, t.dbKey),
      exists: facts !== null,
    };
  },
  'title.url': (ctx, [text, which, query, proto]) => {
    const t = parseTitle(ctx, str(text));
    if (!t) return null;
    return titleUrl(ctx, t, str(which), queryString(query), which === 'fullUrl' ? protocolOf(proto) : 'relative');
  },
  /** title:getContent(): the page is a transclusion (templatelinks) whether or not it exists. */
  'title.content': (ctx, [text]) => {
    const t = parseTitle(ctx, str(text));
    if (!t) return null;
    recordTemplate(ctx, t);
    if (t.interwiki !== '' || t.ns < 0) return null;
    return ctx.wiki.page(t.ns, t.dbKey)?.text ?? null;
  },
  'title.redirectTarget': (ctx, [text]) => {
    const t = parseTitle(ctx, str(text));
    if (!t) return null;
    recordTemplate(ctx, t);
    if (t.interwiki !== '' || t.ns < 0) return null;
    const target = ctx.wiki.page(t.ns, t.dbKey)?.redirect;
    return target ? titleData(ctx, target) : null;
  },
  /** Scribunto's getFileInfo: a file that is found (itself or through a redirect) becomes an imagelinks row. */
  'title.file': (ctx, [text]) => {
    const t = parseTitle(ctx, str(text));
    if (!t || (t.ns !== NS.FILE && t.ns !== NS.MEDIA) || t.interwiki !== '') return false;
    const data = siteDataOf(ctx);
    const name = ctx.wiki.resolveFile ? ctx.wiki.resolveFile(t.dbKey) : data.file(t.dbKey) ? t.dbKey : null;
    if (name === null) return { exists: false };
    ctx.expander.out.images.add(name);
    const file = data.file(name) ?? { width: 0, height: 0, size: 0, mimeType: 'unknown/unknown', length: 0 };
    return { exists: true, width: file.width, height: file.height, mimeType: file.mimeType, length: file.length, size: file.size };
  },
  /** RestrictionStore::getAllRestrictions of an unprotected page: the actions that apply, each with no levels. */
  'title.protectionLevels': (ctx, [text]) => {
    const t = parseTitle(ctx, str(text));
    if (!t) return null;
    if (t.interwiki !== '' || t.ns < 0) return {};
    // A missing page's create protection lives in protected_titles, which an import never fills.
    if (!ctx.wiki.exists(t.ns, t.dbKey)) return {};
    return t.ns === NS.FILE ? { edit: [], move: [], upload: [] } : { edit: [], move: [] };
  },

  'uri.anchorEncode': (_ctx, [text]) => anchorEncode(str(text)),
  'uri.url': (ctx, [which, page, query]) => {
    const t = uriTitle(ctx, str(page));
    if (!t) return null;
    return titleUrl(ctx, t, str(which), queryString(query), 'relative');
  },
  'uri.defaultUrl': (ctx) => titleUrl(ctx, { ns: ctx.page.ns, dbKey: ctx.page.dbKey, interwiki: '', fragment: '' }, 'fullUrl', '', 'relative'),

  'message.plain': (ctx, [data]) => messagePlain(ctx, messageSpec(ctx, data)),
  'message.check': (ctx, [what, data]) => {
    const { text } = fetchMessage(ctx, messageSpec(ctx, data));
    if (what === 'exists') return text !== null;
    if (what === 'isBlank') return text === null || text === '';
    if (what === 'isDisabled') return isDisabledMessage(text);
    throw new LuaCallbackError("invalid what for 'messageCheck'");
  },
};
