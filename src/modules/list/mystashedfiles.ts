// list=mystashedfiles: Get a list of files in the current user's upload stash.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, limit } from '../../api/params/common.ts';

export const mystashedfiles: QueryModule = {
  decl: {
    name: 'mystashedfiles',
    path: 'query+mystashedfiles',
    group: 'list',
    prefix: 'msf',
    classname: 'ApiQueryMyStashedFiles',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:mystashedfiles'],
    params: {
      prop: { type: ['size', 'type'], default: '', multi: true },
      limit: limit(10),
      continue: CONT,
    },
  },
};
