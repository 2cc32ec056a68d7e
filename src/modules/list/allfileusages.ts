// list=allfileusages: List all file usages, including non-existing.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { allLinksParams } from '../param-blocks.ts';

export const allfileusages = defineQueryModule({
  prefix: 'af',
  classname: 'ApiQueryAllLinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allfileusages'],
  generator: true,
  params: allLinksParams(['ids', 'title'], null),
});
