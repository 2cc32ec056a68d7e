// prop=langlinks: Returns all interlanguage links from the given pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';

export const langlinks = defineQueryModule({
  prefix: 'll',
  classname: 'ApiQueryLangLinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Langlinks'],
  params: {
    prop: { type: ['url', 'langname', 'autonym'], multi: true },
    lang: { type: 'string' },
    title: { type: 'string' },
    dir: DIR,
    inlanguagecode: { type: 'string', default: 'en' },
    limit: limit(10),
    continue: CONT,
    url: { type: 'boolean', deprecated: true },
  },
});
