// The special pages that redirect to an article (MediaWiki's RedirectSpecialArticle: MyPage,
// MyTalk, MyLanguage), which a page set that resolves redirects follows like redirect pages.
// Other redirecting special pages (MyContributions, ...) add URL parameters and stay special.
import type { TitleKey } from '../../store/pages.ts';
import { languageFallbacks, languageName } from '../../wiki/languages.ts';
import type { ApiServices } from '../services.ts';

const NS_USER = 2;
const NS_USER_TALK = 3;
const NS_MEDIAWIKI = 8;

export interface SpecialRedirectTarget extends TitleKey {
  fragment: string;
}

/** Who asks, which decides where "my" pages are. */
export interface SpecialRedirectCaller {
  /** The account's name, or the address of an anonymous caller. */
  readonly userName: string;
  /** The interface language of the request (uselang). */
  readonly userLanguage: string;
}

/**
 * Where `Special:<dbKey>` (its canonical name, subpage after the first slash) redirects the caller;
 * null when it is no article redirect or has no valid target.
 */
export async function specialPageRedirect(services: ApiServices, dbKey: string, caller: SpecialRedirectCaller): Promise<SpecialRedirectTarget | null> {
  const slash = dbKey.indexOf('/');
  const name = slash < 0 ? dbKey : dbKey.slice(0, slash);
  const subpage = slash < 0 ? '' : dbKey.slice(slash + 1);
  if (name === 'MyPage' || name === 'MyTalk') {
    const ns = name === 'MyPage' ? NS_USER : NS_USER_TALK;
    const title = services.titles.parse(subpage === '' ? caller.userName : `${caller.userName}/${subpage}`, ns);
    return 'invalid' in title || title.interwiki || title.ns !== ns ? null : { ns, dbKey: title.dbKey, fragment: '' };
  }
  if (name === 'MyLanguage') return (await translatedPage(services, subpage, caller.userLanguage)) ?? mainPage(services);
  return null;
}

function mainPage(services: ApiServices): SpecialRedirectTarget | null {
  const title = services.titles.parse(services.site.mainPage, 0);
  return 'invalid' in title || title.interwiki ? null : { ns: title.ns, dbKey: title.dbKey, fragment: '' };
}

/**
 * SpecialMyLanguage::findTitle: the page named (less a language code at its end), through one
 * redirect, in the caller's language or one it falls back to when such a subpage exists.
 */
async function translatedPage(services: ApiServices, subpage: string, userLanguage: string): Promise<SpecialRedirectTarget | null> {
  if (subpage === '') return null;
  const { titles, store } = services;
  const provided = titles.parse(subpage, 0);
  if ('invalid' in provided || provided.interwiki || provided.ns < 0) return null;
  let base: SpecialRedirectTarget = { ns: provided.ns, dbKey: provided.dbKey, fragment: '' };
  const lastSlash = subpage.lastIndexOf('/');
  if (lastSlash >= 0) {
    const code = subpage.slice(lastSlash + 1);
    if (code !== '' && languageName(code) !== undefined) {
      const stripped = titles.parse(subpage.slice(0, lastSlash), 0);
      if ('invalid' in stripped || stripped.interwiki || stripped.ns < 0) return null;
      base = { ns: stripped.ns, dbKey: stripped.dbKey, fragment: '' };
    }
  }
  let [row] = await store.pages.byTitles([base]);
  if (row?.page_is_redirect) {
    const [target] = await store.pages.redirectTargets([row.page_id]);
    if (target && !target.rd_interwiki) {
      base = { ns: target.rd_namespace, dbKey: target.rd_title, fragment: target.rd_fragment ?? '' };
      [row] = await store.pages.byTitles([base]);
    }
  }
  if (userLanguage === pageLanguage(services, base, row?.page_lang ?? null)) return base;
  const exists = async (title: TitleKey) => (await store.pages.byTitles([title])).length > 0;
  const inUserLanguage = { ns: base.ns, dbKey: `${base.dbKey}/${userLanguage}` };
  if (await exists(inUserLanguage)) return { ...inUserLanguage, fragment: '' };
  if ((provided.ns !== base.ns || provided.dbKey !== base.dbKey) && (await exists(provided))) return { ns: provided.ns, dbKey: provided.dbKey, fragment: '' };
  const baseLanguage = pageLanguage(services, base, row?.page_lang ?? null);
  for (const code of languageFallbacks(userLanguage)) {
    if (code === baseLanguage) continue;
    const proposed = { ns: base.ns, dbKey: `${base.dbKey}/${code}` };
    if (await exists(proposed)) return { ...proposed, fragment: '' };
  }
  return base;
}

/** Title::getPageLanguage for the pages MyLanguage compares: its own setting, a message's code, or the wiki's. */
function pageLanguage(services: ApiServices, title: TitleKey, pageLang: string | null): string {
  if (pageLang) return pageLang;
  if (title.ns === NS_MEDIAWIKI) {
    const slash = title.dbKey.lastIndexOf('/');
    const code = slash < 0 ? '' : title.dbKey.slice(slash + 1);
    if (code !== '' && languageName(code) !== undefined) return code;
  }
  return services.site.lang;
}
