// list=alllinks: Enumerate all links that point to a given namespace.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, VIRTUAL_NAMESPACES, limit } from '../shared-params.ts';

export const alllinks: QueryModule = {
  decl: {
    name: 'alllinks',
    path: 'query+alllinks',
    group: 'list',
    prefix: 'al',
    classname: 'ApiQueryAllLinks',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alllinks'],
    generator: true,
    params: {
      continue: CONT,
      from: { type: 'string' },
      to: { type: 'string' },
      prefix: { type: 'string' },
      unique: { type: 'boolean' },
      prop: { type: ['ids', 'title'], default: 'title', multi: true },
      namespace: { type: 'namespace', default: 0, extraNamespaces: VIRTUAL_NAMESPACES },
      limit: limit(10),
      dir: DIR,
    },
  },
};
