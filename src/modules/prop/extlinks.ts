// prop=extlinks: Returns all external URLs (not interwikis) from the given pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, limit } from '../../api/params/common.ts';
import { PROTOCOL } from '../param-blocks.ts';

export const extlinks = defineQueryModule({
  prefix: 'el',
  classname: 'ApiQueryExternalLinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Extlinks'],
  params: {
    limit: limit(10),
    continue: CONT,
    protocol: { type: PROTOCOL, default: '' },
    query: { type: 'string' },
    expandurl: { type: 'boolean' },
  },
});
