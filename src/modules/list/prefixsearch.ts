// list=prefixsearch: Perform a prefix search for page titles.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setFlag, type ResultObject } from '../../api/result.ts';
import { searchCommon } from '../param-blocks.ts';
import { completionSearch } from '../../api/completion-search.ts';

const params = searchCommon();

export const prefixsearch = defineQueryModule({
  prefix: 'ps',
  classname: 'ApiQueryPrefixSearch',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Prefixsearch'],
  generator: true,
  params,
  itemTag: 'ps',
  execute: runPrefixSearch,
});

/** A page reached by several generated titles keeps the best (lowest) rank among them. */
export function keepBestIndex(current: ResultObject, fromRedirect: ResultObject): ResultObject {
  if (current.index === undefined || (fromRedirect.index as number) < (current.index as number)) current.index = fromRedirect.index;
  return current;
}

async function runPrefixSearch(run: QueryRun<typeof params>): Promise<void> {
  const { limit, offset } = run.params;
  const namespaces = run.params.namespace;
  const { titles, more } = await completionSearch(run.services, run.params.search, namespaces, limit, offset);
  if (more) run.setContinue('offset', offset + limit);
  if (run.generator) {
    // Each page shows its rank; a redirect's rank goes to its target when it is better.
    run.generator.setRedirectMergePolicy(keepBestIndex);
    titles.forEach((title, rank) => {
      run.generator!.addTitle(title.ns, title.dbKey);
      run.generator!.setPageData(title.ns, title.dbKey, { index: offset + rank + 1 });
    });
    return;
  }
  let count = 0;
  for (const title of titles) {
    const item: ResultObject = { ns: title.ns, title: run.services.titles.text(title.ns, title.dbKey) };
    if (title.ns === -1) setFlag(item, 'special', true);
    else item.pageid = title.pageId;
    count++;
    if (!run.addItem(item)) {
      run.setContinue('offset', offset + count);
      break;
    }
  }
}
