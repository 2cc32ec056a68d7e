// list=allredirects: List all redirects to a namespace.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, VIRTUAL_NAMESPACES, limit } from '../shared-params.ts';

export const allredirects: QueryModule = {
  decl: {
    name: 'allredirects',
    path: 'query+allredirects',
    group: 'list',
    prefix: 'ar',
    classname: 'ApiQueryAllLinks',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allredirects'],
    generator: true,
    params: {
      continue: CONT,
      from: { type: 'string' },
      to: { type: 'string' },
      prefix: { type: 'string' },
      unique: { type: 'boolean' },
      prop: { type: ['ids', 'title', 'fragment', 'interwiki'], default: 'title', multi: true },
      namespace: { type: 'namespace', default: 0, extraNamespaces: VIRTUAL_NAMESPACES },
      limit: limit(10),
      dir: DIR,
    },
  },
};
