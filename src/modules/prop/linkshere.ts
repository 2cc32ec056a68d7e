// prop=linkshere: Find all pages that link to the given pages.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { propLinks } from '../param-blocks.ts';

export const linkshere: QueryModule = {
  decl: {
    name: 'linkshere',
    path: 'query+linkshere',
    group: 'prop',
    prefix: 'lh',
    classname: 'ApiQueryBacklinksprop',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Linkshere'],
    generator: true,
    params: {
      ...propLinks(),
    },
  },
};
