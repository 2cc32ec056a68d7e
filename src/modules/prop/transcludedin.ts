// prop=transcludedin: Find all pages that transclude the given pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { propLinks } from '../param-blocks.ts';
import { runBacklinksProp } from './backlinks-prop.ts';

export const transcludedin = defineQueryModule({
  prefix: 'ti',
  classname: 'ApiQueryBacklinksprop',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Transcludedin'],
  generator: true,
  params: {
    ...propLinks(),
  },
  execute: (run) => runBacklinksProp(run, { table: 'templatelinks', ...run.params }),
});
