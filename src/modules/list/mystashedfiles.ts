// list=mystashedfiles: Get a list of files in the current user's upload stash.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, limit } from '../../api/params/common.ts';

export const mystashedfiles = defineQueryModule({
  prefix: 'msf',
  classname: 'ApiQueryMyStashedFiles',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:mystashedfiles'],
  cacheMode: 'private',
  params: {
    prop: { type: ['size', 'type'], default: '', multi: true },
    limit: limit(10),
    continue: CONT,
  },
});
