// list=imageusage: Find all pages that use the given image title.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { linkBack } from '../param-blocks.ts';
import { runLinkBack } from './linkback.ts';

export const imageusage = defineQueryModule({
  prefix: 'iu',
  classname: 'ApiQueryBacklinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Imageusage'],
  generator: true,
  params: {
    ...linkBack(),
    redirect: { type: 'boolean' },
  },
  itemTag: 'iu',
  execute: (run) => runLinkBack(run, { table: 'imagelinks', code: 'iu', redirect: run.params.redirect }),
});
