// list=pagepropnames: List all page property names in use on the wiki.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, limit } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';

const params = {
  continue: CONT,
  limit: limit(10),
} as const satisfies ParamDecls;

export const pagepropnames = defineQueryModule({
  prefix: 'ppn',
  classname: 'ApiQueryPagePropNames',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pagepropnames'],
  params,
  itemTag: 'p',
  execute: listPagePropNames,
});

async function listPagePropNames(run: QueryRun<typeof params>): Promise<void> {
  const cont = run.params.continue;
  // PHP tests the continuation for truth: `0` starts from the beginning, as an empty one does.
  const from = cont === undefined || cont === '' || cont === '0' ? null : cont;
  if (from !== null && from.includes('|')) run.fail('apierror-badcontinue');
  const limit = run.params.limit;
  const names = await run.services.store.pages.propNames(from, limit + 1);
  for (const [i, name] of names.entries()) {
    if (i === limit || !run.addItem({ propname: name })) {
      run.setContinue('continue', name);
      break;
    }
  }
}
