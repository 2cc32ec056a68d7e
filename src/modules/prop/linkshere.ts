// prop=linkshere: Find all pages that link to the given pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { propLinks } from '../param-blocks.ts';
import { runBacklinksProp } from './backlinks-prop.ts';

export const linkshere = defineQueryModule({
  prefix: 'lh',
  classname: 'ApiQueryBacklinksprop',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Linkshere'],
  generator: true,
  params: {
    ...propLinks(),
  },
  execute: (run) => runBacklinksProp(run, { table: 'pagelinks', ...run.params }),
});
