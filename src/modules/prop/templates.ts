// prop=templates: Returns all pages transcluded on the given pages.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, VIRTUAL_NAMESPACES, limit } from '../shared-params.ts';
import { listLinks } from './page-links.ts';

export const templates: QueryModule = {
  decl: {
    name: 'templates',
    path: 'query+templates',
    group: 'prop',
    prefix: 'tl',
    classname: 'ApiQueryLinks',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Templates'],
    generator: true,
    params: {
      namespace: {
        type: 'namespace',
        multi: true,
        allSpecifier: true,
        extraNamespaces: VIRTUAL_NAMESPACES,
      },
      limit: limit(10),
      continue: CONT,
      templates: { type: 'string', multi: true },
      dir: DIR,
    },
  },
  execute: (run) => listLinks(run, { table: 'templatelinks', listKey: 'templates', titlesParam: 'templates' }),
};
