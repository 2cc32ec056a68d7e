// meta=siteinfo: Return general information about the site.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, setContent, setFlag, setIndexedTagName, setType, type ResultList, type ResultNode, type ResultObject } from '../../api/result.ts';
import { singleServerStatus } from '../../store/replication.ts';
import { gadgetDefaultOptions } from '../../wiki/gadgets.ts';
import { bcp47, isValidLanguageCode, languageName, languageNames } from '../../wiki/languages.ts';
import { variantName } from '../../wiki/localisation.ts';
import { NS } from '../../wiki/namespaces.ts';
import {
  MEDIAWIKI_CORE, autopromoteGroups, contentLanguage, defaultUserOptions, extensionCredits, extensionGeneralFields,
  extensionTags, functionHooks, installedSkins, listAllGroups, localTimeOffset, magicWords,
  namespaceAliases as siteNamespaceAliases, namespaceProtection, restrictionConfig, serverName, specialPageAliases, subscribedHooks, type OptionValue,
} from '../../wiki/site-facts.ts';
import type { SiteConfig } from '../../wiki/site.ts';
import { mwToIso, nowMw } from '../../wiki/timestamps.ts';
import { articleUrl, expandUrl, fullUrl } from '../../wiki/urls.ts';

const params = {
  prop: {
    type: [
      'general', 'namespaces', 'namespacealiases', 'specialpagealiases', 'magicwords',
      'interwikimap', 'dbrepllag', 'statistics', 'usergroups', 'libraries', 'extensions',
      'fileextensions', 'rightsinfo', 'restrictions', 'languages', 'languagevariants', 'skins',
      'extensiontags', 'functionhooks', 'showhooks', 'variables', 'protocols', 'defaultoptions',
      'uploaddialog',
    ],
    default: 'general',
    multi: true,
  },
  filteriw: { type: ['local', '!local'] },
  showalldb: { type: 'boolean' },
  numberingroup: { type: 'boolean' },
  inlanguagecode: { type: 'string' },
} as const satisfies ParamDecls;

export const siteinfo = defineQueryModule({
  prefix: 'si',
  classname: 'ApiQuerySiteinfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Siteinfo'],
  params,
  async execute(run) {
    for (const prop of run.params.prop) {
      run.setQueryValue(prop, await PROPS[prop](run));
    }
  },
});

type SiteInfoRun = QueryRun<typeof params>;

type PropBuilder = (run: SiteInfoRun) => ResultNode | Promise<ResultNode>;

const PROPS: Record<(typeof params.prop.type)[number], PropBuilder> = {
  general: generalInfo,
  namespaces: (run) => namespacesInfo(run.services.site),
  namespacealiases: namespaceAliases,
  specialpagealiases: (run) => specialPagesInfo(run.services.site),
  magicwords: (run) => magicWordsInfo(run.services.site),
  interwikimap: interwikiMap,
  dbrepllag: replicationLag,
  statistics: statistics,
  usergroups: userGroups,
  libraries: () => list('library', MEDIAWIKI_CORE.libraries.map(([name, version]) => ({ name, version }))),
  extensions: (run) => extensionsInfo(run),
  fileextensions: (run) => list('fe', [...new Set(run.services.site.fileExtensions)].map((ext) => ({ ext }))),
  rightsinfo: rightsInfo,
  restrictions: (run) => restrictionsInfo(run.services.site),
  languages: () => list('lang', languageNames().map(([code, name]) => withContent({ code, bcp47: bcp47(code) }, 'name', name))),
  languagevariants: () => languageVariants(),
  skins: skinsInfo,
  extensiontags: (run) => bcList('t', extensionTags(run.services.site).map((tag) => `<${tag}>`)),
  functionhooks: (run) => bcList('h', functionHooks(run.services.site)),
  showhooks: (run) => list('hook', subscribedHooks(run.services.site).map(([name, subscribers]) => ({ name, subscribers: list('s', subscribers) }))),
  variables: () => bcList('v', [...MEDIAWIKI_CORE.variables]),
  protocols: () => bcList('p', [...MEDIAWIKI_CORE.protocols]),
  defaultoptions: (run) => Object.fromEntries(siteDefaultOptions(run)),
  uploaddialog: () => phpValue(MEDIAWIKI_CORE.uploadDialog),
};

function withContent(node: ResultObject, key: string, text: string): ResultObject {
  setContent(node, key, text);
  return node;
}

/** A list MediaWiki marks BCarray: the same list in every format version. */
function bcList(tag: string, items: string[]): ResultList {
  return setType(list(tag, items), 'BCarray');
}

/**
 * A configuration value as MediaWiki's result shows a PHP array: booleans are formatversion 1
 * flags, and an array left empty (by flags that are false) is a list, not an object.
 */
function phpValue(value: unknown): ResultNode {
  if (Array.isArray(value)) return value.map(phpValue);
  if (value === null || typeof value !== 'object') return value as ResultNode;
  const entries = Object.entries(value);
  if (entries.length === 0) return [];
  const node: ResultObject = {};
  for (const [key, item] of entries) {
    if (typeof item === 'boolean') setFlag(node, key, item, false);
    else node[key] = phpValue(item);
  }
  return setType(node, 'BCassoc');
}

/** Booleans MediaWiki shows as `""`/absent in formatversion 1 and true/false in 2. */
function flags(node: ResultObject, values: Record<string, boolean>): void {
  for (const [key, value] of Object.entries(values)) setFlag(node, key, value, false);
}

/** Site default user options, with the gadget defaults the Gadgets extension adds (its gadgets read once per wiki). */
export function siteDefaultOptions(run: QueryRun): [string, OptionValue][] {
  const { site, gadgets } = run.services;
  return defaultUserOptions(site, gadgetDefaultOptions(gadgets));
}

async function generalInfo(run: QueryRun): Promise<ResultObject> {
  const { site, store, titles } = run.services;
  const lang = contentLanguage(site.lang);
  const main = titles.parse(site.mainPage, NS.MAIN);
  const mainText = 'invalid' in main ? site.mainPage : titles.prefixedText(main);
  const mainKey = 'invalid' in main ? site.mainPage.replace(/ /g, '_') : titles.prefixedDbKey(main);
  const g: ResultObject = { mainpage: mainText, base: fullUrl(site, mainKey), sitename: site.siteName };
  flags(g, { mainpageisdomainroot: false });
  Object.assign(g, {
    logo: expandUrl(site, site.logo),
    generator: site.generator,
    // The runtime under the wiki: Node.js stands where PHP would, the store's engine for the database.
    phpversion: process.versions.node,
    phpsapi: 'node',
    dbtype: store.backend,
    dbversion: store.version,
  });
  flags(g, { imagewhitelistenabled: false, langconversion: true, linkconversion: true, titleconversion: true });
  const core = MEDIAWIKI_CORE.general;
  g.linkprefixcharset = lang.linkPrefixCharset ?? '';
  g.linkprefix = lang.linkPrefixCharset === null ? '' : `/^((?>.*[^${lang.linkPrefixCharset}]|))(.+)$/sDu`;
  g.linktrail = lang.linkTrail;
  g.legaltitlechars = core.legaltitlechars as string;
  g.invalidusernamechars = core.invalidusernamechars as string;
  flags(g, { allunicodefixes: false, fixarabicunicode: true, fixmalayalamunicode: true });
  g.case = site.capitalLinks ? 'first-letter' : 'case-sensitive';
  g.lang = site.lang;
  g.fallback = list('lang', lang.fallbacks.map((code) => ({ code })));
  if (lang.variants.length) g.variants = list('lang', lang.variants.map((code) => ({ code, name: variantName(site.lang, code) ?? languageName(code) ?? code })));
  flags(g, { rtl: lang.rtl });
  g.fallback8bitEncoding = lang.fallback8bitEncoding;
  flags(g, { readonly: true });
  g.readonlyreason = site.readOnlyReason;
  flags(g, { writeapi: true });
  Object.assign(g, {
    maxarticlesize: site.maxArticleSize,
    timezone: site.timezone,
    timeoffset: Math.trunc(localTimeOffset(site)),
    articlepath: site.articlePath,
    scriptpath: site.scriptPath,
    script: `${site.scriptPath}/index.php`,
    variantarticlepath: false,
    server: site.server,
    servername: serverName(site),
    wikiid: site.dbName,
    time: mwToIso(nowMw()),
  });
  flags(g, { misermode: site.miserMode, uploadsenabled: site.uploadsEnabled });
  g.maxuploadsize = site.maxUploadSize ?? (core.maxuploadsize as number);
  g.minuploadchunksize = core.minuploadchunksize as number;
  g.galleryoptions = phpValue(core.galleryoptions);
  g.thumblimits = setIndexedTagName(setType([...MEDIAWIKI_CORE.thumbLimits], 'BCassoc'), 'limit');
  g.imagelimits = setIndexedTagName(setType(MEDIAWIKI_CORE.imageLimits.map(([width, height]) => ({ width, height })), 'BCassoc'), 'limit');
  if (site.favicon) g.favicon = expandUrl(site, site.favicon);
  g.centralidlookupprovider = core.centralidlookupprovider as string;
  g.allcentralidlookupproviders = phpValue(core.allcentralidlookupproviders);
  flags(g, { interwikimagic: true });
  g.magiclinks = phpValue(core.magiclinks);
  g.categorycollation = site.categoryCollation;
  flags(g, { nofollowlinks: core.nofollowlinks as boolean });
  g.nofollownsexceptions = phpValue(core.nofollownsexceptions);
  g.nofollowdomainexceptions = phpValue(core.nofollowdomainexceptions);
  flags(g, { externallinktarget: false });
  for (const [key, value] of extensionGeneralFields(site)) {
    if (typeof value === 'boolean') setFlag(g, key, value, false);
    else g[key] = value;
  }
  return g;
}

function namespacesInfo(site: SiteConfig): ResultNode {
  const protection = namespaceProtection(site);
  const data = new Map<number, ResultNode>();
  for (const ns of [...site.namespaces].sort((a, b) => a.id - b.id)) {
    const item: ResultObject = { id: ns.id, case: ns.case };
    setContent(item, 'name', ns.name);
    setFlag(item, 'subpages', ns.subpages, false);
    if (ns.canonical) item.canonical = ns.canonical.replace(/_/g, ' ');
    flags(item, { content: ns.content, nonincludable: ns.nonincludable });
    const rights = (protection.get(ns.id) ?? []).filter((r) => r !== '').join('|');
    if (rights !== '') item.namespaceprotection = rights;
    if (ns.defaultContentModel) item.defaultcontentmodel = ns.defaultContentModel;
    data.set(ns.id, item);
  }
  return setIndexedTagName(setType(data, 'assoc'), 'ns');
}

/** An alias spelled as the namespace's own name is not listed; the rest sort by id, then alias (PHP's sort()). */
function namespaceAliases(run: QueryRun): ResultNode {
  const { site, namespaces } = run.services;
  const items = siteNamespaceAliases(site)
    .filter(({ alias, id }) => namespaces.get(id)?.name.replace(/ /g, '_') !== alias)
    .map(({ alias, id }) => ({ id, alias: alias.replace(/_/g, ' ') }))
    .sort((a, b) => a.id - b.id || Buffer.compare(Buffer.from(a.alias), Buffer.from(b.alias)));
  return list('ns', items.map(({ id, alias }) => withContent({ id }, 'alias', alias)));
}

function specialPagesInfo(site: SiteConfig): ResultNode {
  return list(
    'specialpage',
    specialPageAliases(site).map(([realname, aliases]) => ({ realname, aliases: list('alias', [...aliases]) })),
  );
}

function magicWordsInfo(site: SiteConfig): ResultNode {
  return list(
    'magicword',
    magicWords(site).map(([name, caseSensitive, aliases]) => {
      const item: ResultObject = { name, aliases: list('alias', [...aliases]) };
      setFlag(item, 'case-sensitive', caseSensitive, false);
      return item;
    }),
  );
}

function interwikiMap(run: SiteInfoRun): ResultNode {
  const { site, interwikis } = run.services;
  const filter = run.params.filteriw;
  const extraLangPrefixes = site.extraInterlanguageLinkPrefixes ?? [];
  const localInterwikis = site.localInterwikis ?? [];
  const items: ResultObject[] = [];
  for (const row of interwikis.values()) {
    if (filter !== undefined && (Number(row.iw_local) === 1) !== (filter === 'local')) continue;
    const prefix = row.iw_prefix;
    const item: ResultObject = { prefix };
    setFlag(item, 'local', Number(row.iw_local) === 1);
    setFlag(item, 'trans', Number(row.iw_trans) === 1);
    const language = languageName(prefix);
    if (language !== undefined) item.language = language;
    setFlag(item, 'localinterwiki', localInterwikis.includes(prefix));
    setFlag(item, 'extralanglink', extraLangPrefixes.includes(prefix));
    item.url = expandUrl(site, row.iw_url);
    setFlag(item, 'protorel', row.iw_url.startsWith('//'), false);
    if (row.iw_wikiid) item.wikiid = row.iw_wikiid;
    if (row.iw_api) item.api = row.iw_api;
    items.push(item);
  }
  return list('iw', items);
}

function replicationLag(run: SiteInfoRun): ResultNode {
  const showHostnames = run.services.site.showHostnames === true;
  // SQLite: one file, MediaWiki's one server named localhost, never lagging behind itself.
  const replication = run.services.store.replication ?? singleServerStatus('localhost');
  const lagTimes = replication.lagTimes();
  if (run.params.showalldb) {
    if (!showHostnames) run.fail('apierror-siteinfo-includealldenied', [], 'includeAllDenied');
    return list('db', lagTimes.map(({ name, lag }) => ({ host: name, lag })));
  }
  const { lag, index } = replication.maxLag();
  return list('db', [{ host: showHostnames ? lagTimes[index]?.name ?? '' : '', lag }]);
}

async function statistics(run: QueryRun): Promise<ResultObject> {
  const { store } = run.services;
  const stats = await store.site.stats();
  return {
    pages: stats?.ss_total_pages ?? 0,
    articles: stats?.ss_good_articles ?? 0,
    edits: stats?.ss_total_edits ?? 0,
    images: stats?.ss_images ?? 0,
    users: stats?.ss_users ?? 0,
    activeusers: stats?.ss_active_users ?? 0,
    admins: await store.users.groupSize('sysop', nowMw()),
    jobs: await store.site.queuedJobs(),
  };
}

async function userGroups(run: SiteInfoRun): Promise<ResultNode> {
  const { site, store } = run.services;
  const allGroups = listAllGroups(site);
  const autopromote = new Set(autopromoteGroups(site));
  const stats = run.params.numberingroup ? await store.site.stats() : null;
  const now = nowMw();
  const items: ResultObject[] = [];
  for (const [name, config] of Object.entries(site.groups)) {
    const item: ResultObject = { name, rights: list('permission', [...config.rights]) };
    if (run.params.numberingroup) {
      if (name === 'user') item.number = stats?.ss_users ?? 0;
      else if (name !== '*' && !autopromote.has(name)) item.number = await store.users.groupSize(name, now);
    }
    const changeable: [string, string[] | undefined][] = [
      ['add', config.add], ['remove', config.remove], ['add-self', config.addSelf], ['remove-self', config.removeSelf],
    ];
    for (const [key, groups] of changeable) {
      const allowed = (groups ?? []).filter((g) => allGroups.includes(g));
      if (allowed.length) item[key] = setType(list('group', allowed), 'BCarray');
    }
    items.push(item);
  }
  return list('group', items);
}

function extensionsInfo(run: QueryRun): ResultNode {
  const { site, titles } = run.services;
  return list(
    'ext',
    extensionCredits(site).map((credits) => {
      const item: ResultObject = {};
      for (const [key, value] of Object.entries(credits)) {
        // Special:Version links follow the site's article path and its name of the Special namespace.
        if (key === 'license' || key === 'credits') {
          const subpage = `Version/${key === 'license' ? 'License' : 'Credits'}/${String(credits.name)}`;
          item[key] = articleUrl(site, titles.dbKeyFull(NS.SPECIAL, subpage));
        } else item[key] = Array.isArray(value) ? list('param', [...value]) : value;
      }
      return item;
    }),
  );
}

function rightsInfo(run: QueryRun): ResultObject {
  const { site, titles } = run.services;
  const page = site.rightsPage ? titles.parse(site.rightsPage, NS.MAIN) : null;
  if (page && !('invalid' in page)) {
    return {
      url: fullUrl(site, titles.prefixedDbKey(page)),
      text: site.rightsInfo.text || titles.prefixedText(page),
    };
  }
  return { url: site.rightsInfo.url ?? '', text: site.rightsInfo.text ?? '' };
}

function restrictionsInfo(site: SiteConfig): ResultObject {
  const r = restrictionConfig(site);
  return {
    types: setType(list('type', [...r.types]), 'BCarray'),
    levels: setType(list('level', [...r.levels]), 'BCarray'),
    cascadinglevels: setType(list('level', [...r.cascadinglevels]), 'BCarray'),
    semiprotectedlevels: setType(list('level', [...r.semiprotectedlevels]), 'BCarray'),
  };
}

function languageVariants(): ResultNode {
  const data: ResultObject = {};
  for (const [lang, variants] of Object.entries(MEDIAWIKI_CORE.languageVariants)) {
    const entry: ResultObject = {};
    for (const [variant, { fallbacks }] of Object.entries(variants)) entry[variant] = { fallbacks: list('variant', [...fallbacks]) };
    data[lang] = setIndexedTagName(setType(entry, 'kvp', 'code'), 'variant');
  }
  return setIndexedTagName(setType(data, 'kvp', 'code'), 'lang');
}

function skinsInfo(run: SiteInfoRun): ResultNode {
  const { site } = run.services;
  const code = run.params.inlanguagecode;
  // PHP's truthiness: '' and '0' mean "not given".
  const lang = code && code !== '0' && isValidLanguageCode(code) ? code : site.lang;
  return list(
    'skin',
    installedSkins(site, lang).map((skin) => {
      const item: ResultObject = { code: skin.code };
      setContent(item, 'name', skin.displayName);
      setFlag(item, 'unusable', !skin.usable);
      setFlag(item, 'default', skin.code === site.defaultSkin);
      return item;
    }),
  );
}
