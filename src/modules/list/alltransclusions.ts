// list=alltransclusions: List all transclusions (pages embedded using {{x}}), including non-existing.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { allLinksParams } from '../param-blocks.ts';
import { runAllLinks } from './all-links.ts';

export const alltransclusions = defineQueryModule({
  prefix: 'at',
  classname: 'ApiQueryAllLinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alltransclusions'],
  generator: true,
  params: allLinksParams(['ids', 'title'], 10),
  itemTag: 't',
  execute: (run) => runAllLinks(run, { table: 'templatelinks', namespace: run.params.namespace, rowProps: [] }),
});
