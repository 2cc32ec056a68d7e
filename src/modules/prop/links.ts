// prop=links: Returns all links from the given pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { TARGET_TITLES, pageLinksParams } from '../param-blocks.ts';
import { listLinks } from './page-links.ts';

export const links = defineQueryModule({
  prefix: 'pl',
  classname: 'ApiQueryLinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Links'],
  generator: true,
  params: pageLinksParams({ titles: TARGET_TITLES }),
  execute: (run) => listLinks(run, { table: 'pagelinks', listKey: 'links', targetTitles: run.params.titles }),
});
