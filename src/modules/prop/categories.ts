// prop=categories: List all categories the pages belong to.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../shared-params.ts';

export const categories: QueryModule = {
  decl: {
    name: 'categories',
    path: 'query+categories',
    group: 'prop',
    prefix: 'cl',
    classname: 'ApiQueryCategories',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categories'],
    generator: true,
    params: {
      prop: { type: ['sortkey', 'timestamp', 'hidden'], multi: true },
      show: { type: ['hidden', '!hidden'], multi: true },
      limit: limit(10),
      continue: CONT,
      categories: { type: 'string', multi: true },
      dir: DIR,
    },
  },
};
