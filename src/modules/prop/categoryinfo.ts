// prop=categoryinfo: Returns information about the given categories.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT } from '../../api/params/common.ts';

export const categoryinfo = defineQueryModule({
  prefix: 'ci',
  classname: 'ApiQueryCategoryInfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categoryinfo'],
  params: {
    continue: CONT,
  },
});
