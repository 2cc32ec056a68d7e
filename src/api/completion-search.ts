// MediaWiki's default completion search (SearchEngine::completionSearchWithVariants over
// TitlePrefixSearch): titles starting with the search text in the requested namespaces, or in
// the namespace the text names; an existing page named exactly by the text comes first.
import type { ApiServices } from './services.ts';
import type { PageRow, RedirectRow, TitleKey } from '../store/pages.ts';
import { phpTrim } from '../wiki/php-values.ts';
import { specialPageAliases } from '../wiki/site-facts.ts';
import { isInvalidTitle } from '../wiki/titles.ts';

const NS_MAIN = 0;
const NS_SPECIAL = -1;

export interface Suggestion {
  ns: number;
  dbKey: string;
  /** page_id, 0 for special pages. */
  pageId: number;
}

export interface Suggestions {
  titles: Suggestion[];
  /** More titles follow past the limit (the next offset is offset + limit). */
  more: boolean;
}

/** MediaWikiTitleCodec::getTitleInvalidRegex, with every non-ASCII character allowed as PHP's bytes are. */
const TITLE_INVALID_RE =
  /[^ %!"$&'()*,\-./0-9:;=?@A-Z\\^_`a-z~\u0080-\uffff+]|%[0-9A-Fa-f]{2}|&[A-Za-z0-9\u0080-\uffff]+;|&#[0-9]+;|&#x[0-9A-Fa-f]+;/g;

export async function completionSearch(
  services: ApiServices,
  text: string,
  requestedNamespaces: readonly number[],
  limit: number,
  offset: number,
): Promise<Suggestions> {
  if (phpTrim(text) === '') return { titles: [], more: false };
  let search = text;
  let namespaces = requestedNamespaces;
  // SearchEngine::parseNamespacePrefixes: a namespace name before the first colon replaces the namespaces.
  const colon = search.indexOf(':');
  if (colon !== -1) {
    const prefix = search.slice(0, colon).replaceAll(' ', '_');
    const index = services.namespaces.lookup(prefix);
    if (index !== undefined) {
      namespaces = [index];
      search = search.slice(colon + 1);
    }
  }
  // One more than the limit tells whether more follow.
  const found = await backend(services, namespaces, phpTrim(search), limit + 1, offset);
  const more = found.length > limit;
  const titles = found.slice(0, limit);
  if (offset !== 0) return { titles, more };
  return exactMatchFirst(services, phpTrim(search), namespaces, titles, limit, more);
}

/** TitlePrefixSearch::defaultSearchBackend */
async function backend(services: ApiServices, requested: readonly number[], search: string, limit: number, offset: number): Promise<Suggestion[]> {
  const namespaces = requested.length ? requested : [NS_MAIN];
  if (namespaces.includes(NS_SPECIAL)) return specialSearch(services, search, limit, offset);
  const groups = new Map<string, number[]>();
  if (search === '') groups.set('', [...namespaces]);
  else {
    const cleaned = search.replace(TITLE_INVALID_RE, '');
    for (const ns of namespaces) {
      const title = services.titles.makeSafe(ns, cleaned);
      if (!title) continue;
      const group = groups.get(title.dbKey);
      if (group) group.push(ns);
      else groups.set(title.dbKey, [ns]);
    }
  }
  if (groups.size === 0) return [];
  const rows = await services.store.pages.prefixSearch({
    groups: [...groups].map(([prefix, ns]) => ({ prefix, namespaces: ns })),
    limit,
    offset,
  });
  return rows.map((r) => ({ ns: r.page_namespace, dbKey: r.page_title, pageId: r.page_id }));
}

/** Language::caseFold of English: upper case. */
function caseFold(text: string): string {
  return text.toUpperCase();
}

/**
 * PrefixSearch::specialSearch: special page names and aliases starting with the text, names and
 * first aliases before later aliases. No special page of the fixture lists subpages here.
 */
function specialSearch(services: ApiServices, search: string, limit: number, offset: number): Suggestion[] {
  if (search.includes('/')) return [];
  const searchKey = caseFold(search.replaceAll(' ', '_'));
  const pages = specialPageAliases(services.site);
  const keys = new Map<string, { page: string; rank: number }>();
  for (const [name] of pages) keys.set(caseFold(name), { page: name, rank: 0 });
  for (const [, aliases] of pages) aliases.forEach((alias, rank) => keys.set(caseFold(alias), { page: alias, rank }));
  const sorted = [...keys].sort(([a], [b]) => (Buffer.compare(Buffer.from(a), Buffer.from(b))));
  const byRank = new Map<number, Suggestion[]>();
  for (const [key, { page, rank }] of sorted) {
    if (searchKey !== '' && !key.startsWith(searchKey)) continue;
    const title = services.titles.makeSafe(NS_SPECIAL, page);
    if (!title) continue;
    const list = byRank.get(rank) ?? [];
    list.push({ ns: NS_SPECIAL, dbKey: title.dbKey, pageId: 0 });
    byRank.set(rank, list);
    if ((byRank.get(0)?.length ?? 0) >= limit + offset) break;
  }
  const flat = [...byRank].sort(([a], [b]) => a - b).flatMap(([, list]) => list);
  return flat.slice(offset, offset + limit);
}

/** SearchExactMatchRescorer, then SearchEngine::processCompletionResults putting its pick first. */
async function exactMatchFirst(
  services: ApiServices,
  search: string,
  namespaces: readonly number[],
  titles: Suggestion[],
  limit: number,
  more: boolean,
): Promise<Suggestions> {
  const ns = namespaces.includes(NS_MAIN) ? NS_MAIN : (namespaces[0] ?? NS_MAIN);
  const parsed = services.titles.parse(search, ns);
  if (isInvalidTitle(parsed) || parsed.interwiki !== '' || parsed.ns < 0) return { titles, more };
  const lookup = await pageLookup(services, [{ ns: parsed.ns, dbKey: parsed.dbKey }, ...titles]);
  const exact = lookup.page(parsed.ns, parsed.dbKey);
  if (!exact) return { titles, more };
  const texts = titles.map((t) => services.titles.text(t.ns, t.dbKey));
  const exactText = services.titles.text(parsed.ns, parsed.dbKey);
  let first = exactText;
  if (!texts.includes(exactText) && exact.page_is_redirect) {
    const target = lookup.targetText(exact.page_id);
    if (target !== null && texts.includes(target)) first = target;
    else {
      const redirectOf = redirectTargetsToRedirect(lookup, titles);
      if (target !== null && redirectOf.has(target)) first = texts[redirectOf.get(target)!]!;
    }
  }
  const at = texts.indexOf(first);
  if (at > 0) titles.unshift(...titles.splice(at, 1));
  else if (at === -1) {
    titles.unshift({ ns: parsed.ns, dbKey: parsed.dbKey, pageId: exact.page_id });
    if (titles.length > limit) {
      titles.length = limit;
      more = true;
    }
  }
  return { titles, more };
}

/** The redirects among the titles: their targets' text -> the last such title's position. */
function redirectTargetsToRedirect(lookup: PageLookup, titles: readonly Suggestion[]): Map<string, number> {
  const out = new Map<string, number>();
  titles.forEach((t, index) => {
    const page = lookup.page(t.ns, t.dbKey);
    if (!page?.page_is_redirect) return;
    const target = lookup.targetText(page.page_id);
    if (target !== null) out.set(target, index);
  });
  return out;
}

interface PageLookup {
  page(ns: number, dbKey: string): PageRow | undefined;
  /** A redirect's target as Title::getPrefixedText writes it; null without a redirect row. */
  targetText(pageId: number): string | null;
}

async function pageLookup(services: ApiServices, keys: readonly TitleKey[]): Promise<PageLookup> {
  const rows = await services.store.pages.byTitles(keys.filter((k) => k.ns >= 0));
  const byKey = new Map(rows.map((r) => [`${r.page_namespace}|${r.page_title}`, r]));
  const redirectIds = rows.filter((r) => r.page_is_redirect).map((r) => r.page_id);
  const targets = new Map<number, RedirectRow>();
  if (redirectIds.length) for (const r of await services.store.pages.redirectTargets(redirectIds)) targets.set(r.rd_from, r);
  return {
    page: (ns, dbKey) => byKey.get(`${ns}|${dbKey}`),
    targetText: (pageId) => {
      const rd = targets.get(pageId);
      if (!rd) return null;
      const local = services.titles.text(rd.rd_namespace, rd.rd_title);
      return rd.rd_interwiki ? `${rd.rd_interwiki}:${local}` : local;
    },
  };
}
