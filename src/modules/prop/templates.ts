// prop=templates: Returns all pages transcluded on the given pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { TARGET_TITLES, pageLinksParams } from '../param-blocks.ts';
import { listLinks } from './page-links.ts';

export const templates = defineQueryModule({
  prefix: 'tl',
  classname: 'ApiQueryLinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Templates'],
  generator: true,
  params: pageLinksParams({ templates: TARGET_TITLES }),
  execute: (run) => listLinks(run, { table: 'templatelinks', listKey: 'templates', targetTitles: run.params.templates }),
});
