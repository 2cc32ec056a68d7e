// list=prefixsearch: Perform a prefix search for page titles.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { limit } from '../../api/params/common.ts';

export const prefixsearch = defineQueryModule({
  prefix: 'ps',
  classname: 'ApiQueryPrefixSearch',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Prefixsearch'],
  generator: true,
  params: {
    search: { type: 'string', required: true },
    namespace: { type: 'namespace', default: 0, multi: true, allSpecifier: true },
    limit: limit(10),
    offset: { type: 'integer', default: 0 },
  },
});
