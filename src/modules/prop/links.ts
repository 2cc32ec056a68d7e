// prop=links: Returns all links from the given pages.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { pageLinksParams } from '../param-blocks.ts';
import { listLinks } from './page-links.ts';

export const links: QueryModule = {
  decl: {
    name: 'links',
    path: 'query+links',
    group: 'prop',
    prefix: 'pl',
    classname: 'ApiQueryLinks',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Links'],
    generator: true,
    params: pageLinksParams('titles'),
  },
  execute: (run) => listLinks(run, { table: 'pagelinks', listKey: 'links', titlesParam: 'titles' }),
};
