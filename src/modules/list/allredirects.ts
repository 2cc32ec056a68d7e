// list=allredirects: List all redirects to a namespace.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { allLinksParams } from '../param-blocks.ts';
import { runAllLinks } from './all-links.ts';

export const allredirects = defineQueryModule({
  prefix: 'ar',
  classname: 'ApiQueryAllLinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allredirects'],
  generator: true,
  params: allLinksParams(['ids', 'title', 'fragment', 'interwiki'], 0),
  itemTag: 'r',
  execute: (run) => runAllLinks(run, { table: 'redirect', namespace: run.params.namespace, rowProps: ['fragment', 'interwiki'] }),
});
