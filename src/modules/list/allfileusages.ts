// list=allfileusages: List all file usages, including non-existing.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { allFileUsagesParams } from '../param-blocks.ts';
import { NS } from '../../wiki/namespaces.ts';
import { runAllLinks } from './all-links.ts';

export const allfileusages = defineQueryModule({
  prefix: 'af',
  classname: 'ApiQueryAllLinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allfileusages'],
  generator: true,
  params: allFileUsagesParams(),
  itemTag: 'f',
  // imagelinks names files alone: no namespace to choose.
  execute: (run) => runAllLinks(run, { table: 'imagelinks', namespace: NS.FILE, rowProps: [] }),
});
