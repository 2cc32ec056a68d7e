// list=embeddedin: Find all pages that embed (transclude) the given title.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { linkBack } from '../param-blocks.ts';
import { runLinkBack } from './linkback.ts';

export const embeddedin = defineQueryModule({
  prefix: 'ei',
  classname: 'ApiQueryBacklinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Embeddedin'],
  generator: true,
  params: {
    ...linkBack(),
  },
  itemTag: 'ei',
  execute: (run) => runLinkBack(run, { table: 'templatelinks', code: 'ei', redirect: false }),
});
