// action=opensearch as MediaWiki 1.39 answers it (ApiOpenSearch): the completion search of
// list=prefixsearch, answered in the OpenSearch suggestions formats by a printer of its own
// (its `format` parameter chooses it, whatever main's format says).
import { completionSearch, type Suggestion } from '../completion-search.ts';
import type { RequestContext } from '../context.ts';
import type { FormatName } from '../formats/types.ts';
import { fullUrl } from '../../wiki/urls.ts';
import { mediawikiActions } from './mediawiki-actions.ts';
import type { ParamDecls } from '../params/declaration.ts';
import { markSubelements, setIndexedTagName, type ResultNode, type ResultObject } from '../result.ts';
import type { ServedAction } from '../main-declarations.ts';
import type { ActionOutcome, ServedActionDecl } from './action.ts';

/** $wgSearchSuggestCacheExpiry: suggestions may be cached this long (seconds). */
const SUGGEST_CACHE_EXPIRY = 1200;

const OPENSEARCH_XML_NAMESPACE = 'http://opensearch.org/searchsuggest2';

interface OpenSearchResult {
  title: string;
  url: string;
}

/** The suggestions, each redirect replaced by its target (once) when `resolve`. */
async function suggestionsOf(ctx: RequestContext, titles: readonly Suggestion[], resolveRedirects: boolean): Promise<OpenSearchResult[]> {
  const { services } = ctx;
  const result = (ns: number, dbKey: string): OpenSearchResult => {
    const title = services.titles.text(ns, dbKey);
    return { title, url: fullUrl(services.site, title.replaceAll(' ', '_')) };
  };
  if (!resolveRedirects) return titles.map((t) => result(t.ns, t.dbKey));
  const pageIds = titles.filter((t) => t.pageId > 0).map((t) => t.pageId);
  const targets = new Map<number, { ns: number; dbKey: string }>();
  if (pageIds.length) {
    for (const row of await services.store.pages.redirectTargets(pageIds)) {
      // MediaWiki follows local redirects only.
      if (row.rd_interwiki) continue;
      targets.set(row.rd_from, { ns: row.rd_namespace, dbKey: row.rd_title });
    }
  }
  const seen = new Set<string>();
  const out: OpenSearchResult[] = [];
  for (const title of titles) {
    const { ns, dbKey } = (title.pageId > 0 ? targets.get(title.pageId) : undefined) ?? title;
    const key = `${ns}|${dbKey}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(result(ns, dbKey));
  }
  return out;
}

function jsonAnswer(search: string, results: readonly OpenSearchResult[]): [string, ResultNode][] {
  return [
    ['0', search],
    ['1', results.map((r) => r.title)],
    ['2', results.map(() => '')],
    ['3', results.map((r) => r.url)],
  ];
}

function xmlAnswer(search: string, results: readonly OpenSearchResult[]): [string, ResultNode][] {
  const items = results.map((r) => {
    const item: ResultObject = { Text: r.title, Url: r.url };
    markSubelements(item, 'Text', 'Url');
    return item;
  });
  return [
    ['version', '2.0'],
    ['xmlns', OPENSEARCH_XML_NAMESPACE],
    ['Query', search],
    ['Section', setIndexedTagName(items, 'Item')],
  ];
}

export const openSearchAction: ServedAction = () => {
  const recorded = mediawikiActions({ type: 'string' }).actions.get('opensearch')!;
  const params = recorded.params as ParamDecls;
  const decl: ServedActionDecl = {
    ...recorded,
    params,
    handler: {
      async result(ctx, action): Promise<ActionOutcome> {
        const p = ctx.reader.readAll(action, action.path, action.prefix) as Record<string, unknown>;
        const format = p.format as FormatName;
        const json = format === 'json' || format === 'jsonfm';
        const search = p.search as string;
        const { titles } = await completionSearch(ctx.services, search, p.namespace as number[], p.limit as number, 0);
        // Without `redirects`, JSON keeps redirects as they are (as before MediaWiki 1.25) and XML resolves them.
        const resolve = p.redirects === undefined ? !json : p.redirects === 'resolve';
        const results = await suggestionsOf(ctx, titles, resolve);
        return {
          cacheMode: 'public',
          cacheMaxAge: SUGGEST_CACHE_EXPIRY,
          printer: json
            ? { format, jsonList: { members: 4, warningsAsError: p.warningsaserror === true } }
            : { format, xmlRootElement: 'SearchSuggestion', rootSubelements: ['Query'] },
          query: null,
          top: json ? jsonAnswer(search, results) : xmlAnswer(search, results),
          topSeq: ctx.tick(),
        };
      },
    },
  };
  return decl;
};
