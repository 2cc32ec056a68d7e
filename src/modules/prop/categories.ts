// prop=categories: List all categories the pages belong to.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setFlag, type ResultObject } from '../../api/result.ts';
import { escapeWikiText } from '../../wiki/titles.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';
import { phpInt } from '../../wiki/php-values.ts';

const NS_CATEGORY = 14;

const params = {
  prop: { type: ['sortkey', 'timestamp', 'hidden'], multi: true },
  show: { type: ['hidden', '!hidden'], multi: true },
  limit: limit(10),
  continue: CONT,
  categories: { type: 'string', multi: true },
  dir: DIR,
} as const satisfies ParamDecls;

export const categories = defineQueryModule({
  prefix: 'cl',
  classname: 'ApiQueryCategories',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categories'],
  generator: true,
  params,
  execute: listCategories,
});

type CategoriesRun = QueryRun<typeof params>;

/** `cl_from|cl_to`, as MediaWiki writes and reads it. */
function parseContinue(run: CategoriesRun): { from: number; to: string } | null {
  const raw = run.params.continue;
  if (raw === undefined) return null;
  const parts = raw.split('|');
  if (parts.length !== 2) run.fail('apierror-badcontinue');
  return { from: phpInt(parts[0]!), to: parts[1]! };
}

/** clcategories: titles must name categories (parsed in the main namespace, as MediaWiki does). */
function categoryFilter(run: CategoriesRun): string[] | null {
  const inputs = run.params.categories;
  if (!inputs?.length) return null;
  const keys: string[] = [];
  for (const input of inputs) {
    const parsed = run.services.titles.parse(input, 0);
    if ('invalid' in parsed || parsed.ns !== NS_CATEGORY || parsed.interwiki) {
      run.warn('apiwarn-invalidcategory', escapeWikiText(input));
    } else {
      keys.push(parsed.dbKey);
    }
  }
  return keys;
}

function hiddenFilter(run: CategoriesRun): 'only' | 'exclude' | null {
  const show = new Set(run.params.show);
  if (show.has('hidden') && show.has('!hidden')) run.fail('apierror-show');
  if (show.has('hidden')) return 'only';
  if (show.has('!hidden')) return 'exclude';
  return null;
}

async function listCategories(run: CategoriesRun): Promise<void> {
  const pages = run.pageset.goodPages();
  if (!pages.length) return;
  const prop = new Set(run.params.prop);
  const categories = categoryFilter(run);
  if (categories && !categories.length) return;
  const continueAt = parseContinue(run);
  const hidden = hiddenFilter(run);
  const limit = run.params.limit;
  const rows = await run.services.store.categories.of({
    fromIds: pages.map((p) => p.pageId),
    categories,
    continueAt,
    hidden,
    withHidden: !run.generator && prop.has('hidden'),
    descending: run.params.dir === 'descending',
    limit: limit + 1,
  });
  let count = 0;
  for (const row of rows) {
    const position = `${row.cl_from}|${row.cl_to}`;
    if (++count > limit) {
      run.setContinue('continue', position);
      break;
    }
    if (run.generator) {
      run.generator.addTitle(NS_CATEGORY, row.cl_to);
      continue;
    }
    const item: ResultObject = { ns: NS_CATEGORY, title: run.services.titles.text(NS_CATEGORY, row.cl_to) };
    if (prop.has('sortkey')) {
      item.sortkey = row.sortkey_hex;
      item.sortkeyprefix = row.cl_sortkey_prefix;
    }
    if (prop.has('timestamp')) item.timestamp = mwToIso(row.cl_timestamp);
    if (prop.has('hidden')) setFlag(item, 'hidden', row.hidden, false);
    if (!run.addPageItem(row.cl_from, 'categories', item, 'cl')) {
      run.setContinue('continue', position);
      break;
    }
  }
}
