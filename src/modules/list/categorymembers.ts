// list=categorymembers: List all pages in a given category.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, NAMESPACES, limit } from '../shared-params.ts';

export const categorymembers: QueryModule = {
  decl: {
    name: 'categorymembers',
    path: 'query+categorymembers',
    group: 'list',
    prefix: 'cm',
    classname: 'ApiQueryCategoryMembers',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categorymembers'],
    generator: true,
    params: {
      title: { type: 'string' },
      pageid: { type: 'integer' },
      prop: {
        type: ['ids', 'title', 'sortkey', 'sortkeyprefix', 'type', 'timestamp'],
        default: 'ids|title',
        multi: true,
      },
      namespace: NAMESPACES,
      type: { type: ['page', 'subcat', 'file'], default: 'page|subcat|file', multi: true },
      continue: CONT,
      limit: limit(10),
      sort: { type: ['sortkey', 'timestamp'], default: 'sortkey' },
      dir: {
        type: ['asc', 'desc', 'ascending', 'descending', 'newer', 'older'],
        default: 'ascending',
      },
      start: { type: 'timestamp' },
      end: { type: 'timestamp' },
      starthexsortkey: { type: 'string' },
      endhexsortkey: { type: 'string' },
      startsortkeyprefix: { type: 'string' },
      endsortkeyprefix: { type: 'string' },
      startsortkey: { type: 'string', deprecated: true },
      endsortkey: { type: 'string', deprecated: true },
    },
  },
};
