// list=alltransclusions: List all transclusions (pages embedded using {{x}}), including non-existing.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, VIRTUAL_NAMESPACES, limit } from '../shared-params.ts';

export const alltransclusions: QueryModule = {
  decl: {
    name: 'alltransclusions',
    path: 'query+alltransclusions',
    group: 'list',
    prefix: 'at',
    classname: 'ApiQueryAllLinks',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alltransclusions'],
    generator: true,
    params: {
      continue: CONT,
      from: { type: 'string' },
      to: { type: 'string' },
      prefix: { type: 'string' },
      unique: { type: 'boolean' },
      prop: { type: ['ids', 'title'], default: 'title', multi: true },
      namespace: { type: 'namespace', default: 10, extraNamespaces: VIRTUAL_NAMESPACES },
      limit: limit(10),
      dir: DIR,
    },
  },
};
