// list=alllinks: Enumerate all links that point to a given namespace.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { allLinksParams } from '../param-blocks.ts';
import { runAllLinks } from './all-links.ts';

export const alllinks = defineQueryModule({
  prefix: 'al',
  classname: 'ApiQueryAllLinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alllinks'],
  generator: true,
  params: allLinksParams(['ids', 'title'], 0),
  itemTag: 'l',
  execute: (run) => runAllLinks(run, { table: 'pagelinks', namespace: run.params.namespace, rowProps: [] }),
});
