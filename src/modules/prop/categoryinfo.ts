// prop=categoryinfo: Returns information about the given categories.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT } from '../../api/params/common.ts';

export const categoryinfo: QueryModule = {
  decl: {
    name: 'categoryinfo',
    path: 'query+categoryinfo',
    group: 'prop',
    prefix: 'ci',
    classname: 'ApiQueryCategoryInfo',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categoryinfo'],
    params: {
      continue: CONT,
    },
  },
};
