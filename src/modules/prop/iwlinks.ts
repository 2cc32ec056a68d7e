// prop=iwlinks: Returns all interwiki links from the given pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';

export const iwlinks = defineQueryModule({
  prefix: 'iw',
  classname: 'ApiQueryIWLinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Iwlinks'],
  params: {
    prop: { type: ['url'], multi: true },
    prefix: { type: 'string' },
    title: { type: 'string' },
    dir: DIR,
    limit: limit(10),
    continue: CONT,
    url: { type: 'boolean', deprecated: true },
  },
});
