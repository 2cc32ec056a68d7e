// list=search: Perform a full text search.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setFlag, type ResultObject } from '../../api/result.ts';
import type { HighlightTerm } from '../../store/search.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { searchCommon } from '../param-blocks.ts';
import { keepBestIndex } from './prefixsearch.ts';
import { nearMatch, type Found } from './search-near-match.ts';
import { byteSize, highlightNone, highlightSimple, wordCount } from './search-snippet.ts';

const params = {
  ...searchCommon(),
  what: { type: ['title', 'text', 'nearmatch'] },
  info: {
    type: ['totalhits', 'suggestion', 'rewrittenquery'],
    default: 'totalhits|suggestion|rewrittenquery',
    multi: true,
  },
  prop: {
    type: [
      'size', 'wordcount', 'timestamp', 'snippet', 'titlesnippet', 'redirecttitle',
      'redirectsnippet', 'sectiontitle', 'sectionsnippet', 'isfilematch', 'categorysnippet',
      'score', 'hasrelated', 'extensiondata',
    ],
    default: 'size|wordcount|timestamp|snippet',
    multi: true,
    deprecatedValues: ['score', 'hasrelated'],
  },
  interwiki: { type: 'boolean' },
  enablerewrites: { type: 'boolean' },
  sort: { type: ['relevance'], default: 'relevance' },
} as const;

export const search = defineQueryModule({
  prefix: 'sr',
  classname: 'ApiQuerySearch',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Search'],
  generator: true,
  params,
  itemTag: 'p',
  execute: runSearch,
});

type SearchRun = QueryRun<typeof params>;

/** What the engine answered: the pages of the batch (one more than the limit when more follow). */
interface Matches {
  pages: Found[];
  total: number | null;
  terms: HighlightTerm[];
  /** A near match is a plain SearchResult, whose text snippet is empty. */
  plainResult?: boolean;
}

async function runSearch(run: SearchRun): Promise<void> {
  const { limit, offset } = run.params;
  // Generators add info and properties only when asked for (T263841).
  const info = new Set(run.generator && run.rawParam('info') === undefined ? [] : run.params.info);
  const prop = new Set(run.generator && run.rawParam('prop') === undefined ? [] : run.params.prop);

  let matches: Matches | null;
  let what = run.params.what;
  if (what === 'nearmatch') {
    const page = await nearMatch(run.services, run.params.search);
    matches = { pages: page ? [page] : [], total: null, terms: [], plainResult: true };
  } else {
    const engineSearch = (field: 'text' | 'title') => searchEngine(run, field);
    if (what === undefined) {
      // The default is a title search, then a text search where the engine has no title search.
      what = 'title';
      matches = await engineSearch('title');
      if (matches === null) {
        what = 'text';
        matches = await engineSearch('text');
      }
    } else {
      matches = await engineSearch(what);
    }
  }
  if (matches === null) run.fail('apierror-searchdisabled', [what], `search-${what}-disabled`);

  if (info.has('totalhits') && matches.total !== null) run.setQueryValueBeforeList('searchinfo', { totalhits: matches.total });

  // The engine was asked for one more than the limit: a further page means more to come.
  const more = matches.pages.length > limit;
  const shown = matches.pages.slice(0, limit);
  if (more) run.setContinue('offset', offset + limit);

  const facts = await revisionFacts(run, shown, prop.has('size') || prop.has('wordcount') || prop.has('snippet'));
  if (run.generator) {
    run.generator.setRedirectMergePolicy(keepBestIndex);
    let index = offset;
    for (const page of shown) {
      const fact = facts.get(page.pageId);
      if (fact === undefined) continue;
      index++;
      run.generator.addTitle(page.ns, page.dbKey);
      // The result's own fields come too: a redirect's entry shows them.
      const data: ResultObject = { ns: page.ns, title: run.services.titles.text(page.ns, page.dbKey), pageid: page.pageId };
      addResultFields(data, prop, fact, matches);
      data.index = index;
      run.generator.setPageData(page.ns, page.dbKey, data);
    }
    return;
  }
  let count = 0;
  for (const page of shown) {
    count++;
    const fact = facts.get(page.pageId);
    // MediaWiki skips a page without a current revision silently.
    if (fact === undefined) continue;
    const item: ResultObject = { ns: page.ns, title: run.services.titles.text(page.ns, page.dbKey), pageid: page.pageId };
    addResultFields(item, prop, fact, matches);
    if (!run.addItem(item)) {
      run.setContinue('offset', offset + count - 1);
      break;
    }
  }
}

/** The search of the wiki's engine, with MediaWiki's namespace prefixes taken off the words. */
async function searchEngine(run: SearchRun, field: 'text' | 'title'): Promise<Matches | null> {
  let term = run.params.search;
  let namespaces: readonly number[] | null = run.params.namespace;
  const prefixed = namespacePrefix(run, term);
  if (prefixed) ({ term, namespaces } = prefixed);
  // One more than asked, to know whether more follow.
  const found = await run.services.store.search.search({ term, field, namespaces, limit: run.params.limit + 1, offset: run.params.offset });
  if (found === null) return null;
  return { ...found, pages: found.pages.map((p) => ({ pageId: p.page_id, ns: p.page_namespace, dbKey: p.page_title })) };
}

/**
 * SearchEngine::parseNamespacePrefixes: `all:` searches every namespace; `Name:` before the first
 * colon, when a namespace has that name, searches that namespace only.
 */
function namespacePrefix(run: SearchRun, term: string): { term: string; namespaces: readonly number[] | null } | null {
  const colon = term.indexOf(':');
  if (colon < 0) return null;
  if (term.startsWith('all:')) return { term: term.slice(4), namespaces: null };
  const prefix = term.slice(0, colon).replaceAll(' ', '_');
  const ns = run.services.namespaces.lookup(prefix);
  if (ns === undefined) return null;
  return { term: term.slice(colon + 1), namespaces: [ns] };
}

interface RevisionFacts {
  timestamp: string;
  text: string;
}

/** The current revision of each page: its timestamp and main slot's text (what the result describes). */
async function revisionFacts(run: SearchRun, pages: readonly Found[], withText: boolean): Promise<Map<number, RevisionFacts>> {
  const out = new Map<number, RevisionFacts>();
  if (pages.length === 0) return out;
  const rows = await run.services.store.revisions.latestOfPages({
    pageIds: pages.map((p) => p.pageId),
    limit: pages.length,
    slots: withText ? { texts: true } : undefined,
  });
  for (const row of rows) {
    const main = row.slots?.find((slot) => slot.role_name === 'main');
    out.set(row.rev_page, { timestamp: row.rev_timestamp, text: main?.text ?? '' });
  }
  return out;
}

/** ApiQuerySearch::getSearchResultData for a database search result, after ns, title and pageid. */
function addResultFields(vals: ResultObject, prop: ReadonlySet<string>, fact: RevisionFacts, matches: Matches): void {
  if (prop.has('size')) vals.size = byteSize(fact.text);
  if (prop.has('wordcount')) vals.wordcount = wordCount(fact.text);
  if (prop.has('snippet')) vals.snippet = snippet(fact.text, matches);
  if (prop.has('timestamp')) vals.timestamp = mwToIso(fact.timestamp);
  // A database search has no title, category, redirect or section snippets: empty, or absent.
  if (prop.has('titlesnippet')) vals.titlesnippet = '';
  if (prop.has('categorysnippet')) vals.categorysnippet = '';
  if (prop.has('isfilematch')) setFlag(vals, 'isfilematch', false, false);
}

/** SqlSearchResult::getTextSnippet; '' for a near match. */
function snippet(text: string, matches: Matches): string {
  if (matches.plainResult) return '';
  return matches.terms.length > 0 ? highlightSimple(text, matches.terms) : highlightNone(text);
}
