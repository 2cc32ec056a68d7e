// list=allcategories: Enumerate all categories.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setContent, setFlag, type ResultObject } from '../../api/result.ts';
import type { CategoryRow } from '../../store/categories.ts';
import { NS } from '../../wiki/namespaces.ts';
import { titlePartToKey } from './allpages.ts';

const params = {
  from: { type: 'string' },
  continue: CONT,
  to: { type: 'string' },
  prefix: { type: 'string' },
  dir: DIR,
  min: { type: 'integer' },
  max: { type: 'integer' },
  limit: limit(10),
  prop: { type: ['size', 'hidden'], default: '', multi: true },
} as const satisfies ParamDecls;

export const allcategories = defineQueryModule({
  prefix: 'ac',
  classname: 'ApiQueryAllCategories',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allcategories'],
  generator: true,
  params,
  itemTag: 'c',
  execute: runAllCategories,
});

type AllCategoriesRun = QueryRun<typeof params>;

async function runAllCategories(run: AllCategoriesRun): Promise<void> {
  const cont = run.params.continue;
  if (cont !== undefined && cont.includes('|')) run.fail('apierror-badcontinue');
  const part = (value: string | undefined): string | null => (value === undefined ? null : titlePartToKey(run, value, NS.CATEGORY));
  const props = new Set(run.params.prop);
  const limit = run.params.limit;
  const rows = await run.services.store.categories.all({
    descending: run.params.dir === 'descending',
    from: part(run.params.from),
    to: part(run.params.to),
    continueFrom: cont ?? null,
    prefix: part(run.params.prefix),
    minPages: run.params.min ?? null,
    maxPages: run.params.max ?? null,
    hidden: props.has('hidden'),
    limit: limit + 1,
  });
  if (rows.length > limit) run.setContinue('continue', rows[limit]!.cat_title);
  const shown = rows.slice(0, limit);
  if (run.generator) {
    for (const row of shown) run.generator.addTitle(NS.CATEGORY, row.cat_title);
    return;
  }
  for (const row of shown) {
    if (!run.addItem(item(run, props, row))) {
      run.setContinue('continue', row.cat_title);
      break;
    }
  }
}

function item(run: AllCategoriesRun, props: ReadonlySet<string>, row: CategoryRow): ResultObject {
  const out: ResultObject = {};
  setContent(out, 'category', run.services.titles.text(0, row.cat_title));
  if (props.has('size')) {
    out.size = row.cat_pages;
    out.pages = row.cat_pages - row.cat_subcats - row.cat_files;
    out.files = row.cat_files;
    out.subcats = row.cat_subcats;
  }
  if (props.has('hidden')) setFlag(out, 'hidden', row.cat_hidden !== null, false);
  return out;
}
