// prop=categoryinfo: Returns information about the given categories.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setFlag, type ResultObject } from '../../api/result.ts';
import { CONT } from '../../api/params/common.ts';

const NS_CATEGORY = 14;

const params = {
  continue: CONT,
} as const;

export const categoryinfo = defineQueryModule({
  prefix: 'ci',
  classname: 'ApiQueryCategoryInfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categoryinfo'],
  params,
  execute: describeCategories,
});

/**
 * The counts of the category table, for categories of the page set whether their page exists
 * or not (a category may have members without a page); a category without a row gets nothing.
 */
async function describeCategories(run: QueryRun<typeof params>): Promise<void> {
  const idOfTitle = new Map<string, number>();
  for (const page of run.pageset.goodPages()) if (page.ns === NS_CATEGORY) idOfTitle.set(page.dbKey, page.pageId);
  for (const page of run.pageset.missing()) if (page.ns === NS_CATEGORY) idOfTitle.set(page.dbKey, page.fakeId);
  if (!idOfTitle.size) return;
  const rows = await run.services.store.categories.info([...idOfTitle.keys()], run.params.continue ?? null);
  for (const row of rows) {
    const info: ResultObject = {
      size: row.cat_pages,
      pages: row.cat_pages - row.cat_subcats - row.cat_files,
      files: row.cat_files,
      subcats: row.cat_subcats,
    };
    setFlag(info, 'hidden', row.hidden, false);
    run.addPageFields(idOfTitle.get(row.cat_title)!, { categoryinfo: info });
  }
}
