// prop=fileusage: Find all pages that use the given files.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { propLinks } from '../param-blocks.ts';
import { runBacklinksProp } from './backlinks-prop.ts';

export const fileusage = defineQueryModule({
  prefix: 'fu',
  classname: 'ApiQueryBacklinksprop',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Fileusage'],
  generator: true,
  params: {
    ...propLinks(),
  },
  execute: (run) => runBacklinksProp(run, { table: 'imagelinks', ...run.params }),
});
