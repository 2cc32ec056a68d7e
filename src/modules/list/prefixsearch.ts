// list=prefixsearch: Perform a prefix search for page titles.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { searchCommon } from '../param-blocks.ts';

export const prefixsearch = defineQueryModule({
  prefix: 'ps',
  classname: 'ApiQueryPrefixSearch',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Prefixsearch'],
  generator: true,
  params: searchCommon(),
});
