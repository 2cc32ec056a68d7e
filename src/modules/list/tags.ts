// list=tags: List change tags.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, limit } from '../../api/params/common.ts';

export const tags: QueryModule = {
  decl: {
    name: 'tags',
    path: 'query+tags',
    group: 'list',
    prefix: 'tg',
    classname: 'ApiQueryTags',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Tags'],
    params: {
      continue: CONT,
      limit: limit(10),
      prop: {
        type: ['displayname', 'description', 'hitcount', 'defined', 'source', 'active'],
        default: '',
        multi: true,
      },
    },
  },
};
