// Everything built once per wiki (not per request): site facts, store, title rules. What query modules
// see of the wiki (QueryRun.services); the module declarations are built apart (src/api/api.ts).
import type { SiteConfig } from '../wiki/site.ts';
import type { Store } from '../store/store.ts';
import type { InterwikiRow } from '../store/site.ts';
import { Namespaces, NS } from '../wiki/namespaces.ts';
import { currentText } from '../store/page-text.ts';
import { TitleCodec } from '../wiki/titles.ts';
import { UserNames } from '../wiki/users.ts';
import { SpecialPages } from '../wiki/special-pages.ts';
import { articleUrl, wfUrlencode } from '../wiki/urls.ts';
import type { SiteEnum } from './params/declaration.ts';
import { siteEnums } from './site-enums.ts';
import { parseGadgetDefinitions, type GadgetDefinition } from '../wiki/gadgets.ts';
import { extensionMessage, extensionTags, namespaceAliases } from '../wiki/site-facts.ts';
import { scribuntoModelHook } from '../wiki/scribunto-pages.ts';
import type { SessionManager } from './session/sessions.ts';

export interface ApiServices {
  readonly site: SiteConfig;
  readonly store: Store;
  readonly namespaces: Namespaces;
  readonly titles: TitleCodec;
  readonly userNames: UserNames;
  readonly specialPages: SpecialPages;
  /** Interwiki table, by lower-case prefix. */
  readonly interwikis: ReadonlyMap<string, InterwikiRow>;
  /** `http://127.0.0.1:8081/wiki/api.php` */
  readonly apiUrl: string;
  /** Values of the enumerations that depend on the wiki (groups, content models, change tags, ...). */
  resolveEnum(source: SiteEnum): readonly string[];
  /** Full URL of an article by prefixed text or DB key. */
  articleUrl(prefixedTitle: string, query?: string): string;
  interwikiUrl(prefix: string, title: string): string | null;
  /** Process start, for debuginfo and servedby. */
  readonly startedAt: number;
  /** Gadgets the wiki defines (MediaWiki:Gadgets-definition), read at start-up. */
  readonly gadgets: readonly GadgetDefinition[];
  /** RLPAGEMODULES of the HTML-wrapped output: MediaWiki's defaults plus default gadgets. */
  readonly htmlPageModules: string[];
  /** The model the loaded extensions' ContentHandlerDefaultModelFor hooks give a title, if any. */
  extensionDefaultModel(ns: number, text: string): string | undefined;
  /**
   * The extension tags the wiki's preprocessor reads (Parser::getStripList): one set per wiki,
   * since the preprocessor builds its tag patterns once per set.
   */
  readonly parserTags: ReadonlySet<string>;
  /** The wiki's sessions (src/api/session); absent where callers cannot log in (benchmarks, tests over a store). */
  readonly sessions?: SessionManager;
}

export async function createServices(site: SiteConfig, store: Store, sessions?: SessionManager): Promise<ApiServices> {
  const rows = await store.site.interwikis();
  const interwikis = new Map(rows.map((r) => [r.iw_prefix.toLowerCase(), r]));
  // The content language's aliases (Bild:, Benutzerin:) are titles' namespaces too, as in MediaWiki.
  const namespaces = new Namespaces(site.namespaces, namespaceAliases(site));
  const titles = new TitleCodec(namespaces, site.capitalLinks, (prefix) => interwikis.has(prefix.toLowerCase()), {
    mainPage: site.mainPage,
    localInterwikis: site.localInterwikis,
  });
  const specialPages = new SpecialPages();
  const enums = siteEnums(site, { explicitTags: await store.site.userDefinedTags() });
  const gadgets = site.extensions.includes('Gadgets') ? parseGadgetDefinitions((await currentText(store, { ns: NS.MEDIAWIKI, dbKey: 'Gadgets-definition' })) ?? '') : [];
  const htmlPageModules = [
    'site',
    'mediawiki.page.ready',
    // Default gadgets the (anonymous) caller has the rights for.
    ...gadgets
      .filter((g) => g.options.default && g.options.resourceLoader && !g.options.hidden)
      .filter((g) => g.options.rights.every((r) => site.groups['*']?.rights.includes(r)))
      .map((g) => `ext.gadget.${g.name}`),
  ];
  const extensionDefaultModel = await extensionDefaultModelOf(site, store, titles);
  return {
    gadgets,
    htmlPageModules,
    extensionDefaultModel,
    parserTags: new Set(extensionTags(site)),
    site,
    store,
    namespaces,
    titles,
    userNames: new UserNames(titles),
    specialPages,
    interwikis,
    apiUrl: `${site.server}${site.scriptPath}/api.php`,
    resolveEnum: (source) => enums[source.fromSite],
    articleUrl: (title, query) => articleUrl(site, title.replace(/ /g, '_'), query),
    interwikiUrl: (prefix, title) => {
      const row = interwikis.get(prefix.toLowerCase());
      return row ? row.iw_url.replace('$1', wfUrlencode(title.replace(/ /g, '_'))) : null;
    },
    startedAt: Date.now(),
    ...(sessions ? { sessions } : {}),
  };
}

/**
 * Scribunto's hook, the only one of the loaded extensions' that names models of non-code titles:
 * its documentation pages follow `scribunto-doc-page-name`, which the wiki may redefine on
 * MediaWiki:Scribunto-doc-page-name.
 */
async function extensionDefaultModelOf(
  site: SiteConfig, store: Store, titles: TitleCodec,
): Promise<(ns: number, text: string) => string | undefined> {
  if (!site.extensions.includes('Scribunto')) return () => undefined;
  const onWiki = await currentText(store, { ns: NS.MEDIAWIKI, dbKey: 'Scribunto-doc-page-name' });
  return scribuntoModelHook(onWiki ?? extensionMessage(site, 'Scribunto', 'scribunto-doc-page-name', site.lang), titles);
}
