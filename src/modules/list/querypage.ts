// list=querypage: Get a list provided by a QueryPage-based special page.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { limit } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { hasRight } from '../../api/caller.ts';
import { list, setFlag, type ResultNode, type ResultObject } from '../../api/result.ts';
import { type QueryPageName, type QueryPageRow } from '../../store/query-pages.ts';
import { currentText } from '../../store/page-text.ts';
import { NS } from '../../wiki/namespaces.ts';
import { parseTimestamp, mwToIso } from '../../wiki/timestamps.ts';
import { isInvalidTitle } from '../../wiki/titles.ts';

const params = {
  page: {
    type: [
      'Ancientpages', 'BrokenRedirects', 'Deadendpages', 'DoubleRedirects',
      'ListDuplicatedFiles', 'Listredirects', 'Lonelypages', 'Longpages', 'MediaStatistics',
      'Mostcategories', 'Mostimages', 'Mostinterwikis', 'Mostlinkedcategories',
      'Mostlinkedtemplates', 'Mostlinked', 'Mostrevisions', 'Fewestrevisions', 'Shortpages',
      'Uncategorizedcategories', 'Uncategorizedpages', 'Uncategorizedimages',
      'Uncategorizedtemplates', 'Unusedcategories', 'Unusedimages', 'Wantedcategories',
      'Wantedfiles', 'Wantedpages', 'Wantedtemplates', 'Unwatchedpages', 'Unusedtemplates',
      'Withoutinterwiki', 'GadgetUsage', 'AllInfoboxes',
    ],
    required: true,
  },
  offset: { type: 'integer', default: 0 },
  limit: limit(10),
} as const satisfies ParamDecls;

export const querypage = defineQueryModule({
  prefix: 'qp',
  classname: 'ApiQueryQueryPage',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Querypage'],
  generator: true,
  params,
  execute: runQueryPage,
});

type QueryPageRun = QueryRun<typeof params>;

/** $wgQueryCacheLimit: how many rows updateSpecialPages.php keeps of a page (MediaWiki's default). */
const QUERY_CACHE_LIMIT = 1000;

/**
 * What each page declares beside its query: whether MediaWiki counts it expensive (then miser mode
 * shows the querycache rows), whether `value` is a timestamp, the order its cached rows are read
 * in, and the right its special page needs.
 */
interface PageFacts {
  expensive: boolean;
  timestamps?: boolean;
  cacheOrder: 'value' | 'value-descending' | 'value-descending-then-title' | 'title';
  right?: string;
}

const ASCENDING: PageFacts = { expensive: true, cacheOrder: 'value' };
const DESCENDING: PageFacts = { expensive: true, cacheOrder: 'value-descending' };
const WANTED: PageFacts = { expensive: true, cacheOrder: 'value-descending-then-title' };

const PAGE_FACTS: Record<QueryPageName, PageFacts> = {
  Ancientpages: { ...ASCENDING, timestamps: true },
  BrokenRedirects: ASCENDING,
  Deadendpages: ASCENDING,
  DoubleRedirects: ASCENDING,
  ListDuplicatedFiles: DESCENDING,
  Listredirects: ASCENDING,
  Lonelypages: ASCENDING,
  Longpages: { expensive: false, cacheOrder: 'value-descending' },
  MediaStatistics: DESCENDING,
  Mostcategories: DESCENDING,
  Mostimages: DESCENDING,
  Mostinterwikis: DESCENDING,
  Mostlinkedcategories: { expensive: false, cacheOrder: 'value-descending' },
  Mostlinkedtemplates: DESCENDING,
  Mostlinked: DESCENDING,
  Mostrevisions: DESCENDING,
  Fewestrevisions: ASCENDING,
  Shortpages: { expensive: false, cacheOrder: 'value' },
  Uncategorizedcategories: ASCENDING,
  Uncategorizedpages: ASCENDING,
  Uncategorizedimages: ASCENDING,
  Uncategorizedtemplates: ASCENDING,
  Unusedcategories: ASCENDING,
  Unusedimages: { ...ASCENDING, timestamps: true },
  Wantedcategories: WANTED,
  Wantedfiles: WANTED,
  Wantedpages: WANTED,
  Wantedtemplates: WANTED,
  Unwatchedpages: { ...ASCENDING, right: 'unwatchedpages' },
  Unusedtemplates: ASCENDING,
  Withoutinterwiki: ASCENDING,
  GadgetUsage: DESCENDING,
  AllInfoboxes: { expensive: true, cacheOrder: 'title' },
};

/**
 * The pages this wiki has: GadgetUsage only with Gadgets. AllInfoboxes belongs to the spec's
 * infobox extension (prop=infobox, list=allinfoboxes), which this server always has.
 */
function availablePages(run: QueryPageRun): string[] {
  const gadgets = run.services.site.extensions.includes('Gadgets');
  return params.page.type.filter((page) => page !== 'GadgetUsage' || gadgets);
}

/** What a parameter's validation answers for a page this wiki does not have (EnumDef). */
function refuseUnknownPage(run: QueryPageRun, page: string): never {
  const allowed = availablePages(run);
  run.fail(
    'paramvalidator-badvalue-enumnotmulti',
    [{ plaintext: run.paramName('page') }, { plaintext: page }, { list: allowed.map((v) => ({ plaintext: v })), type: 'text' }, { num: allowed.length }],
    'badvalue',
  );
}

/** A database value as MediaWiki's result holds it: text, or null. */
function databaseText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return String(value);
}

/** wfTimestamp(TS_ISO_8601, value): 14 digits, or seconds since 1970 as querycache keeps them. */
function isoTimestamp(value: string): string | false {
  const parsed = parseTimestamp(value);
  return parsed === null ? false : mwToIso(parsed);
}

/** The category titles MediaWiki:Uncategorized-categories-exceptionlist lists (lines starting with `*`). */
async function uncategorizedCategoryExceptions(run: QueryPageRun): Promise<string[]> {
  const text = await currentText(run.services.store, { ns: NS.MEDIAWIKI, dbKey: 'Uncategorized-categories-exceptionlist' });
  // The message's default text lists none.
  if (text === null) return [];
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('*')) continue;
    const name = line.replace(/^\*\s*/, '');
    let title = run.services.titles.parse(name, NS.CATEGORY);
    if (!isInvalidTitle(title) && title.ns !== NS.CATEGORY) title = run.services.titles.makeSafe(NS.CATEGORY, name) ?? title;
    if (!isInvalidTitle(title) && title.dbKey !== '') out.push(title.dbKey);
  }
  return out;
}

async function pageRows(run: QueryPageRun, page: QueryPageName, cached: boolean, offset: number, count: number): Promise<QueryPageRow[]> {
  const { store } = run.services;
  if (cached) return store.queryPages.cached({ page, order: PAGE_FACTS[page].cacheOrder, offset, limit: count });
  const contentNamespaces = run.services.namespaces.all().filter((ns) => ns.content).map((ns) => ns.id);
  const exceptions = page === 'Uncategorizedcategories' ? await uncategorizedCategoryExceptions(run) : [];
  return store.queryPages.live({ page, contentNamespaces, exceptions, offset, limit: count });
}

async function runQueryPage(run: QueryPageRun): Promise<void> {
  const name = run.params.page;
  if (!availablePages(run).includes(name)) refuseUnknownPage(run, name);
  const page = name as QueryPageName;
  const facts = PAGE_FACTS[page];
  if (facts.right && !hasRight(run.caller, facts.right)) run.fail('apierror-specialpage-cantexecute');

  const cached = facts.expensive && run.services.site.miserMode;
  const header: ResultObject = { name };
  if (cached) {
    setFlag(header, 'cached', true);
    const timestamp = await run.services.store.queryPages.cachedTimestamp(page);
    if (timestamp) header.cachedtimestamp = mwToIso(timestamp);
    header.maxresults = QUERY_CACHE_LIMIT;
  }

  const { offset, limit: pageSize } = run.params;
  const rows = await pageRows(run, page, cached, offset, pageSize + 1);
  if (rows.length > pageSize) run.setContinue('offset', offset + pageSize);
  const shown = rows.slice(0, pageSize);

  if (run.generator) {
    run.setQueryValue('querypage', header);
    for (const row of shown) run.generator.addTitle(Number(row.namespace), databaseText(row.title) ?? '');
    return;
  }
  const results = list<ResultNode>('page');
  for (const row of shown) results.push(resultItem(run, row, facts));
  header.results = results;
  run.setQueryValue('querypage', header);
}

function resultItem(run: QueryPageRun, row: QueryPageRow, facts: PageFacts): ResultObject {
  const item: ResultObject = {};
  const value = databaseText(row.value);
  if (value !== null) {
    item.value = value;
    if (facts.timestamps) item.timestamp = isoTimestamp(value);
  }
  const ns = Number(row.namespace);
  item.ns = ns;
  item.title = run.services.titles.text(ns, databaseText(row.title) ?? '');
  const fields: ResultObject = {};
  let hasFields = false;
  for (const [field, fieldValue] of Object.entries(row)) {
    if (field === 'namespace' || field === 'title' || field === 'value' || field === 'qc_type') continue;
    fields[field] = databaseText(fieldValue);
    hasFields = true;
  }
  if (hasFields) item.databaseResult = fields;
  return item;
}
