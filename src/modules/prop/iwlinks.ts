// prop=iwlinks: Returns all interwiki links from the given pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setContent, type ResultObject } from '../../api/result.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';
import { phpInt } from '../../wiki/php-values.ts';
import { outboundLinkUrl, requireUrlOrProp } from './outbound-link-url.ts';

const params = {
  prop: { type: ['url'], multi: true },
  prefix: { type: 'string' },
  title: { type: 'string' },
  dir: DIR,
  limit: limit(10),
  continue: CONT,
  url: { type: 'boolean', deprecated: true },
} as const;

export const iwlinks = defineQueryModule({
  prefix: 'iw',
  classname: 'ApiQueryIWLinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Iwlinks'],
  params,
  execute: listInterwikiLinks,
});

type IwLinksRun = QueryRun<typeof params>;

/** `iwl_from|iwl_prefix|iwl_title`, as MediaWiki writes and reads it. */
function parseContinue(run: IwLinksRun): { from: number; prefix: string; title: string } | null {
  const raw = run.params.continue;
  if (raw === undefined) return null;
  const parts = raw.split('|');
  if (parts.length !== 3) run.fail('apierror-badcontinue');
  return { from: phpInt(parts[0]!), prefix: parts[1]!, title: parts[2]! };
}

async function listInterwikiLinks(run: IwLinksRun): Promise<void> {
  const pages = run.pageset.goodPages();
  if (!pages.length) return;
  const { prefix, title } = run.params;
  if (title !== undefined && prefix === undefined) {
    run.fail('apierror-invalidparammix-mustusewith', [run.paramName('title'), run.paramName('prefix')], 'invalidparammix');
  }
  requireUrlOrProp(run, run.params.url, run.params.prop);
  const withUrl = run.params.url || (run.params.prop ?? []).includes('url');
  const limit = run.params.limit;
  const rows = await run.services.store.links.interwikiLinks({
    fromIds: pages.map((p) => p.pageId),
    prefix: prefix ?? null,
    title: title ?? null,
    continueAt: parseContinue(run),
    descending: run.params.dir === 'descending',
    limit: limit + 1,
  });
  let count = 0;
  for (const row of rows) {
    const position = `${row.iwl_from}|${row.iwl_prefix}|${row.iwl_title}`;
    if (++count > limit) {
      run.setContinue('continue', position);
      break;
    }
    const item: ResultObject = { prefix: row.iwl_prefix };
    if (withUrl) {
      const url = outboundLinkUrl(run, row.iwl_prefix, row.iwl_title);
      if (url !== undefined) item.url = url;
    }
    setContent(item, 'title', row.iwl_title);
    if (!run.addPageItem(row.iwl_from, 'iwlinks', item, run.prefix)) {
      run.setContinue('continue', position);
      break;
    }
  }
}
