// prop=pageprops: Get various page properties defined in the page content.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT } from '../../api/params/common.ts';

export const pageprops = defineQueryModule({
  prefix: 'pp',
  classname: 'ApiQueryPageProps',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pageprops'],
  params: {
    continue: CONT,
    prop: { type: 'string', multi: true },
  },
});
