// action=paraminfo: reads its parameters and renders the declarations through src/api/paraminfo.ts.
import type { ApiModules, ActionOutcome, ServedActionDecl } from './actions/action.ts';
import type { RequestContext } from './context.ts';
import { hasMessage } from './i18n/messages.ts';
import { FORMAT_NAMES } from './main-declarations.ts';
import { MEDIAWIKI_SOURCE } from './params/declaration.ts';
import { renderParamInfoResult, type HelpFormat, type ParamInfoRequest } from './paraminfo.ts';
import type { HelpLinks, LinkedPage } from './paraminfo-help.ts';
import type { QueryModuleRegistry } from './query/query-modules.ts';
import type { ApiServices } from './services.ts';
import { isInvalidTitle, type ParsedTitle } from '../wiki/titles.ts';
import { NS } from '../wiki/namespaces.ts';

/** action=paraminfo, declared over the query modules handed in (its deprecated `querymodules`). */
export function paraminfoAction(queryModules: QueryModuleRegistry): ServedActionDecl {
  return {
    name: 'paraminfo',
    path: 'paraminfo',
    group: 'action',
    prefix: '',
    classname: 'ApiParamInfo',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Parameter_information'],
    readRights: false,
    params: {
      modules: { type: 'string', multi: true },
      helpformat: { type: ['html', 'none', 'raw', 'wikitext'], default: 'none' },
      querymodules: {
        type: queryModules.decls().map((d) => d.name).sort(),
        deprecated: true,
        multi: true,
      },
      mainmodule: { type: 'string', deprecated: true },
      pagesetmodule: { type: 'string', deprecated: true },
      formatmodules: { type: FORMAT_NAMES, deprecated: true, multi: true },
    },
    handler: { result: executeParamInfo },
  };
}

async function executeParamInfo(ctx: RequestContext, action: ServedActionDecl, modules: ApiModules): Promise<ActionOutcome> {
  const p = ctx.reader.readAll(action, 'paraminfo', '');
  const request: ParamInfoRequest = {
    modules: (p.modules as string[] | undefined) ?? [],
    helpformat: p.helpformat as HelpFormat,
    querymodules: p.querymodules as string[] | undefined,
    mainmodule: p.mainmodule !== undefined,
    pagesetmodule: p.pagesetmodule !== undefined,
    formatmodules: p.formatmodules as string[] | undefined,
  };
  const linked = new LinkedPages(ctx.services, ctx.useLang);
  const render = () => renderParamInfoResult(request, modules.tree, ctx.services, {
    pageSet: modules.pageSet,
    highLimits: ctx.highLimits,
    links: linked.links,
  });
  let answer = render();
  // The pages the help texts link to are looked up once they are known; then the help is
  // written again with the missing ones as red links.
  if (await linked.lookUpPending()) answer = render();
  for (const w of answer.warnings) ctx.warnings.add('paraminfo', w.message, w.code);
  return { cacheMode: 'public', query: null, top: [['paraminfo', answer.paraminfo]], topSeq: ctx.tick() };
}

/** The local pages help texts link to (helpformat=html), as the wiki names them and whether they exist. */
class LinkedPages {
  private readonly pages = new Map<string, { title: ParsedTitle; page: LinkedPage }>();
  private readonly pending: { title: ParsedTitle; page: LinkedPage }[] = [];

  readonly links: HelpLinks;

  constructor(
    private readonly services: ApiServices,
    language: string,
  ) {
    this.links = Object.assign((target: string) => this.resolve(target), { language });
  }

  private resolve(target: string): LinkedPage | null {
    const seen = this.pages.get(target);
    if (seen) return seen.page;
    const { titles, specialPages } = this.services;
    const title = titles.parse(target);
    if (isInvalidTitle(title)) return null;
    if (title.interwiki !== '') {
      const url = this.services.interwikiUrl(title.interwiki, titles.dbKeyFull(title.ns, title.dbKey));
      if (url === null) return null;
      const fragment = title.fragment ? `#${title.fragment.replace(/ /g, '_')}` : '';
      return { title: titles.prefixedText(title), fragment: '', exists: true, url: url + fragment };
    }
    // Special pages (those the wiki has) and the messages' MediaWiki: pages are known without a page row.
    const special = title.ns === NS.SPECIAL;
    const alwaysThere = special || title.ns < 0 || (title.ns === NS.MEDIAWIKI && hasMessage(title.dbKey.charAt(0).toLowerCase() + title.dbKey.slice(1)));
    const exists = !special || specialPages.exists(title.dbKey);
    // A special page is linked by its local name (Title::fixSpecialName).
    const name = special && exists ? titles.text(NS.SPECIAL, specialPages.fixName(title.dbKey)) : titles.prefixedText(title);
    const page: LinkedPage = { title: name, fragment: title.fragment, exists };
    const entry = { title, page };
    this.pages.set(target, entry);
    if (!alwaysThere) this.pending.push(entry);
    return page;
  }

  /** Looks up the pages not known yet; whether there were any. */
  async lookUpPending(): Promise<boolean> {
    const pending = this.pending.splice(0);
    if (!pending.length) return false;
    const rows = await this.services.store.pages.byTitles(pending.map(({ title }) => ({ ns: title.ns, dbKey: title.dbKey })));
    const found = new Set(rows.map((r) => `${r.page_namespace}:${r.page_title}`));
    for (const { title, page } of pending) page.exists = found.has(`${title.ns}:${title.dbKey}`);
    return true;
  }
}
