// list=iwbacklinks: Find all pages that link to the given interwiki link.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';

export const iwbacklinks: QueryModule = {
  decl: {
    name: 'iwbacklinks',
    path: 'query+iwbacklinks',
    group: 'list',
    prefix: 'iwbl',
    classname: 'ApiQueryIWBacklinks',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Iwbacklinks'],
    generator: true,
    params: {
      prefix: { type: 'string' },
      title: { type: 'string' },
      continue: CONT,
      limit: limit(10),
      prop: { type: ['iwprefix', 'iwtitle'], default: '', multi: true },
      dir: DIR,
    },
  },
};
