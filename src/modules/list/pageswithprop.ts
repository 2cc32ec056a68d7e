// list=pageswithprop: List all pages using a given page property.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setType, type ResultObject } from '../../api/result.ts';
import { phpInt } from '../../wiki/php-values.ts';

const params = {
  propname: { type: 'string', required: true },
  prop: { type: ['ids', 'title', 'value'], default: 'ids|title', multi: true },
  continue: CONT,
  limit: limit(10),
  dir: DIR,
} as const satisfies ParamDecls;

export const pageswithprop = defineQueryModule({
  prefix: 'pwp',
  classname: 'ApiQueryPagesWithProp',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pageswithprop'],
  generator: true,
  params,
  itemTag: 'page',
  execute: listPagesWithProp,
});

async function listPagesWithProp(run: QueryRun<typeof params>): Promise<void> {
  const cont = run.params.continue;
  // PHP tests the continuation for truth: `0` is no continuation, as an empty one is.
  const from = cont === undefined || cont === '' || cont === '0' ? null : cont;
  if (from !== null && from.includes('|')) run.fail('apierror-badcontinue');
  const props = new Set(run.params.prop);
  const limit = run.params.limit;
  const rows = await run.services.store.pages.withProp({
    name: run.params.propname,
    descending: run.params.dir === 'descending',
    from: from === null ? null : phpInt(from),
    limit: limit + 1,
  });
  for (const [i, row] of rows.entries()) {
    if (i === limit) {
      run.setContinue('continue', String(row.page_id));
      break;
    }
    if (run.generator) {
      run.generator.addPageId(row.page_id);
      continue;
    }
    // An object even without fields: `{}`, not `[]`.
    const item: ResultObject = setType({}, 'assoc');
    if (props.has('ids')) item.pageid = row.page_id;
    if (props.has('title')) {
      item.ns = row.page_namespace;
      item.title = run.services.titles.text(row.page_namespace, row.page_title);
    }
    if (props.has('value')) item.value = row.pp_value;
    if (!run.addItem(item)) {
      run.setContinue('continue', String(row.page_id));
      break;
    }
  }
}
