// prop=pageprops: Get various page properties defined in the page content.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setType, type ResultObject } from '../../api/result.ts';
import { CONT } from '../../api/params/common.ts';

const params = {
  continue: CONT,
  prop: { type: 'string', multi: true },
} as const;

export const pageprops = defineQueryModule({
  prefix: 'pp',
  classname: 'ApiQueryPageProps',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pageprops'],
  params,
  execute: listPageProps,
});

type PagePropsRun = QueryRun<typeof params>;

/** The page id to resume at: MediaWiki takes only the exact text of an integer. */
function continueFrom(run: PagePropsRun): number | null {
  const raw = run.params.continue;
  if (raw === undefined || raw === '' || raw === '0') return null;
  const id = Number.parseInt(raw, 10);
  if (!/^-?\d+$/.test(raw) || String(id) !== raw) run.fail('apierror-badcontinue');
  return id;
}

async function listPageProps(run: PagePropsRun): Promise<void> {
  const from = continueFrom(run);
  const ids = run.pageset.goodPages().map((p) => p.pageId).filter((id) => from === null || id >= from);
  if (!ids.length) return;
  const names = run.params.prop?.length ? run.params.prop : null;
  const rows = await run.services.store.pages.propsOf(ids, names);
  const byPage = new Map<number, ResultObject>();
  for (const row of rows) {
    let props = byPage.get(row.pp_page);
    if (!props) {
      props = {};
      setType(props, 'assoc');
      byPage.set(row.pp_page, props);
    }
    props[row.pp_propname] = row.pp_value;
  }
  for (const [pageId, props] of [...byPage].sort(([a], [b]) => a - b)) run.addPageFields(pageId, { pageprops: props });
}
