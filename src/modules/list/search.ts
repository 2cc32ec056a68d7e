// list=search: Perform a full text search.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { searchCommon } from '../param-blocks.ts';

export const search = defineQueryModule({
  prefix: 'sr',
  classname: 'ApiQuerySearch',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Search'],
  generator: true,
  params: {
    ...searchCommon(),
    what: { type: ['title', 'text', 'nearmatch'] },
    info: {
      type: ['totalhits', 'suggestion', 'rewrittenquery'],
      default: 'totalhits|suggestion|rewrittenquery',
      multi: true,
    },
    prop: {
      type: [
        'size', 'wordcount', 'timestamp', 'snippet', 'titlesnippet', 'redirecttitle',
        'redirectsnippet', 'sectiontitle', 'sectionsnippet', 'isfilematch', 'categorysnippet',
        'score', 'hasrelated', 'extensiondata',
      ],
      default: 'size|wordcount|timestamp|snippet',
      multi: true,
      deprecatedValues: ['score', 'hasrelated'],
    },
    interwiki: { type: 'boolean' },
    enablerewrites: { type: 'boolean' },
    sort: { type: ['relevance'], default: 'relevance' },
  },
});
