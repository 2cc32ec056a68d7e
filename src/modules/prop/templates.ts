// prop=templates: Returns all pages transcluded on the given pages.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { pageLinksParams } from '../param-blocks.ts';
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
    params: pageLinksParams('templates'),
  },
  execute: (run) => listLinks(run, { table: 'templatelinks', listKey: 'templates', titlesParam: 'templates' }),
};
