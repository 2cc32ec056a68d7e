// list=langbacklinks: Find all pages that link to the given language link.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';
import { listOutboundTargetUses } from './outbound-target-uses.ts';

const params = {
  lang: { type: 'string' },
  title: { type: 'string' },
  continue: CONT,
  limit: limit(10),
  prop: { type: ['lllang', 'lltitle'], default: '', multi: true },
  dir: DIR,
} as const satisfies ParamDecls;

export const langbacklinks = defineQueryModule({
  prefix: 'lbl',
  classname: 'ApiQueryLangBacklinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Langbacklinks'],
  generator: true,
  params,
  itemTag: 'll',
  execute: (run) =>
    listOutboundTargetUses(run, run.params, run.params.lang, {
      table: 'langlinks',
      titleAloneCode: 'nolang',
      prefixParam: 'lang',
      prefixField: 'lllang',
      titleField: 'lltitle',
    }),
});
