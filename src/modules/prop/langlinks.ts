// prop=langlinks: Returns all interlanguage links from the given pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setContent, type ResultObject } from '../../api/result.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';
import { languageName } from '../../wiki/languages.ts';
import { phpInt } from '../../wiki/php-values.ts';
import { outboundLinkUrl, requireUrlOrProp } from './outbound-link-url.ts';

const params = {
  prop: { type: ['url', 'langname', 'autonym'], multi: true },
  lang: { type: 'string' },
  title: { type: 'string' },
  dir: DIR,
  inlanguagecode: { type: 'string', default: 'en' },
  limit: limit(10),
  continue: CONT,
  url: { type: 'boolean', deprecated: true },
} as const;

export const langlinks = defineQueryModule({
  prefix: 'll',
  classname: 'ApiQueryLangLinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Langlinks'],
  params,
  execute: listLangLinks,
});

type LangLinksRun = QueryRun<typeof params>;

/** `ll_from|ll_lang`, as MediaWiki writes and reads it. */
function parseContinue(run: LangLinksRun): { from: number; lang: string } | null {
  const raw = run.params.continue;
  if (raw === undefined) return null;
  const parts = raw.split('|');
  if (parts.length !== 2) run.fail('apierror-badcontinue');
  return { from: phpInt(parts[0]!), lang: parts[1]! };
}

async function listLangLinks(run: LangLinksRun): Promise<void> {
  const pages = run.pageset.goodPages();
  if (!pages.length) return;
  const { lang, title } = run.params;
  if (title !== undefined && lang === undefined) {
    run.fail('apierror-invalidparammix-mustusewith', [run.paramName('title'), run.paramName('lang')], 'invalidparammix');
  }
  requireUrlOrProp(run, run.params.url, run.params.prop);
  const prop = new Set<string>(run.params.url ? ['url'] : run.params.prop);
  const limit = run.params.limit;
  const rows = await run.services.store.links.langLinks({
    fromIds: pages.map((p) => p.pageId),
    lang: lang ?? null,
    title: title ?? null,
    continueAt: parseContinue(run),
    descending: run.params.dir === 'descending',
    limit: limit + 1,
  });
  let count = 0;
  for (const row of rows) {
    const position = `${row.ll_from}|${row.ll_lang}`;
    if (++count > limit) {
      run.setContinue('continue', position);
      break;
    }
    const item: ResultObject = { lang: row.ll_lang };
    if (prop.has('url')) {
      const url = outboundLinkUrl(run, row.ll_lang, row.ll_title);
      if (url !== undefined) item.url = url;
    }
    // Without translated names (no CLDR), a language's name in any language is its autonym.
    if (prop.has('langname')) item.langname = languageName(row.ll_lang.toLowerCase()) ?? '';
    if (prop.has('autonym')) item.autonym = languageName(row.ll_lang.toLowerCase()) ?? '';
    setContent(item, 'title', row.ll_title);
    if (!run.addPageItem(row.ll_from, 'langlinks', item, run.prefix)) {
      run.setContinue('continue', position);
      break;
    }
  }
}
