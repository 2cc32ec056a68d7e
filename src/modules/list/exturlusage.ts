// list=exturlusage: Enumerate pages that contain a given URL.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, NAMESPACES, limit } from '../../api/params/common.ts';
import { PROTOCOL } from '../param-blocks.ts';

export const exturlusage = defineQueryModule({
  prefix: 'eu',
  classname: 'ApiQueryExtLinksUsage',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Exturlusage'],
  generator: true,
  params: {
    prop: { type: ['ids', 'title', 'url'], default: 'ids|title|url', multi: true },
    continue: CONT,
    protocol: { type: PROTOCOL, default: '' },
    query: { type: 'string' },
    namespace: NAMESPACES,
    limit: limit(10),
    expandurl: { type: 'boolean' },
  },
});
