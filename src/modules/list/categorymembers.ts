// list=categorymembers: List all pages in a given category.
import { continuationTimestamp } from '../../api/query/continuation.ts';
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setType, type ResultObject } from '../../api/result.ts';
import type { CategoryMemberRow } from '../../store/categories.ts';
import { NS } from '../../wiki/namespaces.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { uppercaseSortKey } from '../../wiki/collation.ts';
import { phpInt, phpIntEqualsText } from '../../wiki/php-values.ts';
import { escapeWikiText, isInvalidTitle } from '../../wiki/titles.ts';
import { CONT, NAMESPACES, limit } from '../../api/params/common.ts';
import { requireTitleOrPageId } from './linkback.ts';

const params = {
  title: { type: 'string' },
  pageid: { type: 'integer' },
  prop: {
    type: ['ids', 'title', 'sortkey', 'sortkeyprefix', 'type', 'timestamp'],
    default: 'ids|title',
    multi: true,
  },
  namespace: NAMESPACES,
  type: { type: ['page', 'subcat', 'file'], default: 'page|subcat|file', multi: true },
  continue: CONT,
  limit: limit(10),
  sort: { type: ['sortkey', 'timestamp'], default: 'sortkey' },
  dir: {
    type: ['asc', 'desc', 'ascending', 'descending', 'newer', 'older'],
    default: 'ascending',
  },
  start: { type: 'timestamp' },
  end: { type: 'timestamp' },
  starthexsortkey: { type: 'string' },
  endhexsortkey: { type: 'string' },
  startsortkeyprefix: { type: 'string' },
  endsortkeyprefix: { type: 'string' },
  startsortkey: { type: 'string', deprecated: true },
  endsortkey: { type: 'string', deprecated: true },
} as const satisfies ParamDecls;

export const categorymembers = defineQueryModule({
  prefix: 'cm',
  classname: 'ApiQueryCategoryMembers',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categorymembers'],
  generator: true,
  params,
  itemTag: 'cm',
  execute: runCategoryMembers,
});

type CategoryMembersRun = QueryRun<typeof params>;

/** ApiBase::getTitleOrPageId, then "is it a category": the category's DB key. */
async function categoryKey(run: CategoryMembersRun): Promise<string> {
  requireTitleOrPageId(run);
  let ns: number;
  let dbKey: string;
  const text = run.params.title;
  if (text !== undefined) {
    const title = run.services.titles.parse(text);
    if (isInvalidTitle(title) || title.interwiki !== '') run.fail('apierror-invalidtitle', [escapeWikiText(text)]);
    // Special and Media pages have no page to look at.
    if (title.ns < 0) run.fail('apierror-pagecannotexist');
    ({ ns, dbKey } = title);
  } else {
    const pageId = run.params.pageid!;
    const [row] = await run.services.store.pages.byIds([pageId]);
    if (!row) run.fail('apierror-nosuchpageid', [pageId]);
    ({ page_namespace: ns, page_title: dbKey } = row);
  }
  if (ns !== NS.CATEGORY) run.fail('apierror-invalidcategory');
  return dbKey;
}

/** A hex sort key: any number of two-digit pairs. */
const HEX_SORTKEY = /^(?:[a-fA-F0-9]{2})*$/;

/** The sort key a `startsortkeyprefix` stands for (the `uppercase` collation). */
function collationSortKey(prefix: string): Uint8Array {
  return Buffer.from(uppercaseSortKey(prefix), 'utf8');
}

function hexSortkeyParam(run: CategoryMembersRun, name: 'starthexsortkey' | 'endhexsortkey'): Uint8Array | null {
  const value = run.params[name];
  if (value === undefined) return null;
  if (!HEX_SORTKEY.test(value)) {
    const full = run.paramName(name);
    run.fail('apierror-badparameter', [full], `badvalue_${full}`);
  }
  return Buffer.from(value, 'hex');
}

function sortkeyBound(run: CategoryMembersRun, which: 'start' | 'end'): Uint8Array | null {
  const prefix = run.params[`${which}sortkeyprefix`];
  if (prefix !== undefined) return collationSortKey(prefix);
  const hex = hexSortkeyParam(run, `${which}hexsortkey`);
  if (hex !== null) return hex;
  const raw = run.params[`${which}sortkey`];
  return raw === undefined ? null : Buffer.from(raw, 'utf8');
}

interface Listing {
  rows: CategoryMemberRow[];
  continueOf(row: CategoryMemberRow): string;
}

async function bySortkey(run: CategoryMembersRun, category: string, namespaces: readonly number[], descending: boolean, limit: number): Promise<Listing> {
  let types = run.params.type;
  let after: { sortkey: Uint8Array; from: number } | null = null;
  let start: Uint8Array | null = null;
  let end: Uint8Array | null = null;
  const cont = run.params.continue;
  // PHP truthiness: an empty or "0" continue value is no continue value.
  if (cont !== undefined && cont !== '' && cont !== '0') {
    const parts = splitLimit(cont, 3);
    if (parts.length !== 3) run.fail('apierror-badcontinue');
    const [type, hex, from] = parts as [string, string, string];
    // A type that is not asked for restarts from the first one.
    types = types.slice(Math.max(0, types.findIndex((t) => t === type)));
    if (!HEX_SORTKEY.test(hex)) run.fail('apierror-badcontinue');
    after = { sortkey: Buffer.from(hex, 'hex'), from: phpInt(from) };
  } else {
    // Bounds only apply to the first request: a continued walk runs to the end.
    start = sortkeyBound(run, 'start');
    end = sortkeyBound(run, 'end');
  }
  // Types follow one another: the rows past the first limit + 1 are never listed.
  const rows = await run.services.store.categories.membersBySortkey({
    category,
    types,
    namespaces,
    descending,
    start,
    end,
    after,
    limit: limit + 1,
  });
  return { rows, continueOf: (row) => `${row.cl_type}|${row.sortkey_hex}|${row.cl_from}` };
}

/** explode( '|', $text, $limit ): the last part keeps the remaining separators. */
function splitLimit(text: string, limit: number): string[] {
  const parts = text.split('|');
  return parts.length <= limit ? parts : [...parts.slice(0, limit - 1), parts.slice(limit - 1).join('|')];
}

/** $db->timestamp(): every form MediaWiki reads; empty and 0 mean now; anything else is an exception. */
async function byTimestamp(run: CategoryMembersRun, category: string, namespaces: readonly number[], descending: boolean, limit: number): Promise<Listing> {
  let after: { timestamp: string; from: number } | null = null;
  const cont = run.params.continue;
  if (cont !== undefined) {
    const parts = cont.split('|');
    if (parts.length !== 2) run.fail('apierror-badcontinue');
    const timestamp = continuationTimestamp(parts[0]!);
    if (!phpIntEqualsText(parts[1]!)) run.fail('apierror-badcontinue');
    after = { timestamp, from: phpInt(parts[1]!) };
  }
  const rows = await run.services.store.categories.membersByTimestamp({
    category,
    namespaces,
    descending,
    start: run.params.start ?? null,
    end: run.params.end ?? null,
    after,
    limit: limit + 1,
  });
  // MediaWiki continues from the column's value as the database returned it.
  const { store } = run.services;
  return { rows, continueOf: (row) => `${store.storedTimestamp(row.cl_timestamp, 'cl_timestamp')}|${row.cl_from}` };
}

function memberItem(run: QueryRun, row: CategoryMemberRow, prop: ReadonlySet<string>): ResultObject {
  // An item with no properties is still an object (`{}`), never a list.
  const item: ResultObject = setType({}, 'assoc');
  if (prop.has('ids')) item.pageid = row.page_id;
  if (prop.has('title')) {
    item.ns = row.page_namespace;
    item.title = run.services.titles.text(row.page_namespace, row.page_title);
  }
  if (prop.has('sortkey')) item.sortkey = row.sortkey_hex;
  if (prop.has('sortkeyprefix')) item.sortkeyprefix = row.cl_sortkey_prefix;
  if (prop.has('type')) item.type = row.cl_type;
  if (prop.has('timestamp')) item.timestamp = mwToIso(row.cl_timestamp);
  return item;
}

async function runCategoryMembers(run: CategoryMembersRun): Promise<void> {
  const category = await categoryKey(run);
  const limit = run.params.limit;
  // In miser mode MediaWiki filters namespaces after reading: a page may hold fewer items.
  const miserMode = run.services.site.miserMode;
  const wanted = run.params.namespace ?? [];
  const namespaces = miserMode ? [] : wanted;
  const descending = !['asc', 'ascending', 'newer'].includes(run.params.dir);
  const listing =
    run.params.sort === 'timestamp'
      ? await byTimestamp(run, category, namespaces, descending, limit)
      : await bySortkey(run, category, namespaces, descending, limit);
  const prop = new Set(run.params.prop);
  for (const [index, row] of listing.rows.entries()) {
    if (index === limit) {
      run.setContinue('continue', listing.continueOf(row));
      break;
    }
    if (miserMode && wanted.length && !wanted.includes(row.page_namespace)) continue;
    if (run.generator) {
      run.generator.addPageId(row.page_id);
    } else if (!run.addItem(memberItem(run, row, prop))) {
      run.setContinue('continue', listing.continueOf(row));
      break;
    }
  }
}
