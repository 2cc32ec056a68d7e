// prop=extlinks: Returns all external URLs (not interwikis) from the given pages.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, limit } from '../../api/params/common.ts';
import { PROTOCOL } from '../param-blocks.ts';

export const extlinks: QueryModule = {
  decl: {
    name: 'extlinks',
    path: 'query+extlinks',
    group: 'prop',
    prefix: 'el',
    classname: 'ApiQueryExternalLinks',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Extlinks'],
    params: {
      limit: limit(10),
      continue: CONT,
      protocol: { type: PROTOCOL, default: '' },
      query: { type: 'string' },
      expandurl: { type: 'boolean' },
    },
  },
};
