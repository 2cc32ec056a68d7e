// list=backlinks: Find all pages that link to the given page.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { linkBack } from '../param-blocks.ts';
import { runLinkBack } from './linkback.ts';

export const backlinks = defineQueryModule({
  prefix: 'bl',
  classname: 'ApiQueryBacklinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Backlinks'],
  generator: true,
  params: {
    ...linkBack(),
    redirect: { type: 'boolean' },
  },
  itemTag: 'bl',
  execute: (run) => runLinkBack(run, { table: 'pagelinks', code: 'bl', redirect: run.params.redirect }),
});
