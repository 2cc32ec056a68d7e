// prop=transcludedin: Find all pages that transclude the given pages.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { propLinks } from '../param-blocks.ts';

export const transcludedin: QueryModule = {
  decl: {
    name: 'transcludedin',
    path: 'query+transcludedin',
    group: 'prop',
    prefix: 'ti',
    classname: 'ApiQueryBacklinksprop',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Transcludedin'],
    generator: true,
    params: {
      ...propLinks(),
    },
  },
};
