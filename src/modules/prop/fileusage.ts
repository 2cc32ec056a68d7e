// prop=fileusage: Find all pages that use the given files.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { propLinks } from '../param-blocks.ts';

export const fileusage: QueryModule = {
  decl: {
    name: 'fileusage',
    path: 'query+fileusage',
    group: 'prop',
    prefix: 'fu',
    classname: 'ApiQueryBacklinksprop',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Fileusage'],
    generator: true,
    params: {
      ...propLinks(),
    },
  },
};
