// list=pagepropnames: List all page property names in use on the wiki.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, limit } from '../../api/params/common.ts';

export const pagepropnames = defineQueryModule({
  prefix: 'ppn',
  classname: 'ApiQueryPagePropNames',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pagepropnames'],
  params: {
    continue: CONT,
    limit: limit(10),
  },
});
