// prop=images: Returns all files contained on the given pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';

export const images = defineQueryModule({
  prefix: 'im',
  classname: 'ApiQueryImages',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Images'],
  generator: true,
  params: {
    limit: limit(10),
    continue: CONT,
    images: { type: 'string', multi: true },
    dir: DIR,
  },
});
