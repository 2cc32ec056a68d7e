// list=iwbacklinks: Find all pages that link to the given interwiki link.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';
import { listOutboundTargetUses } from './outbound-target-uses.ts';

const params = {
  prefix: { type: 'string' },
  title: { type: 'string' },
  continue: CONT,
  limit: limit(10),
  prop: { type: ['iwprefix', 'iwtitle'], default: '', multi: true },
  dir: DIR,
} as const satisfies ParamDecls;

export const iwbacklinks = defineQueryModule({
  prefix: 'iwbl',
  classname: 'ApiQueryIWBacklinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Iwbacklinks'],
  generator: true,
  params,
  itemTag: 'iw',
  execute: (run) =>
    listOutboundTargetUses(run, run.params, run.params.prefix, {
      table: 'iwlinks',
      titleAloneCode: 'invalidparammix',
      prefixParam: 'prefix',
      prefixField: 'iwprefix',
      titleField: 'iwtitle',
    }),
});
