// list=allinfoboxes: every infobox in use on the wiki (the spec's infobox extension).
import { defineQueryModule } from '../../api/module.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, type ResultObject } from '../../api/result.ts';
import type { QueryPageRow } from '../../store/query-pages.ts';
import { NS } from '../../wiki/namespaces.ts';
import { isInvalidTitle } from '../../wiki/titles.ts';
import { INFOBOX_SOURCE } from '../param-blocks.ts';

export const allinfoboxes = defineQueryModule({
  prefix: '',
  classname: 'ApiQueryAllInfoboxes',
  source: INFOBOX_SOURCE,
  helpUrls: [],
  params: {},
  execute: runAllInfoboxes,
});

/** QueryPage::doQuery() without a limit reads every row. */
const ALL_ROWS = 2 ** 31 - 1;

/**
 * The templates of Special:AllInfoboxes (AllInfoboxesQueryPage::doQuery), the query list=querypage
 * runs for that page: from querycache when the page counts as expensive in miser mode, else live.
 */
export function infoboxTemplateRows(run: QueryRun, offset = 0, limit = ALL_ROWS): Promise<QueryPageRow[]> {
  const { store, site } = run.services;
  if (site.miserMode) return store.queryPages.cached({ page: 'AllInfoboxes', order: 'title', offset, limit });
  return store.queryPages.live({ page: 'AllInfoboxes', contentNamespaces: [], exceptions: [], offset, limit });
}

/** A database value as PHP reads it: text. */
function databaseText(value: unknown): string {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return String(value ?? '');
}

/**
 * PortableInfobox's ApiQueryAllInfoboxes: each template as its query row gives it (page id and
 * namespace as the database's text, the title as its key) with a label, the title's text read as
 * a template name.
 */
async function runAllInfoboxes(run: QueryRun): Promise<void> {
  const items = (await infoboxTemplateRows(run)).map((row): ResultObject => {
    const title = databaseText(row.title);
    const parsed = run.services.titles.parse(title, NS.TEMPLATE);
    return {
      pageid: databaseText(row.value),
      title,
      label: parsed && !isInvalidTitle(parsed) ? parsed.dbKey.replace(/_/g, ' ') : title,
      ns: databaseText(row.namespace),
    };
  });
  run.setQueryValue('allinfoboxes', list('i', items));
}
