// list=querypage: Get a list provided by a QueryPage-based special page.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { limit } from '../../api/params/common.ts';

export const querypage = defineQueryModule({
  prefix: 'qp',
  classname: 'ApiQueryQueryPage',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Querypage'],
  generator: true,
  params: {
    page: {
      type: [
        'Ancientpages', 'BrokenRedirects', 'Deadendpages', 'DoubleRedirects',
        'ListDuplicatedFiles', 'Listredirects', 'Lonelypages', 'Longpages', 'MediaStatistics',
        'Mostcategories', 'Mostimages', 'Mostinterwikis', 'Mostlinkedcategories',
        'Mostlinkedtemplates', 'Mostlinked', 'Mostrevisions', 'Fewestrevisions', 'Shortpages',
        'Uncategorizedcategories', 'Uncategorizedpages', 'Uncategorizedimages',
        'Uncategorizedtemplates', 'Unusedcategories', 'Unusedimages', 'Wantedcategories',
        'Wantedfiles', 'Wantedpages', 'Wantedtemplates', 'Unwatchedpages', 'Unusedtemplates',
        'Withoutinterwiki', 'GadgetUsage', 'AllInfoboxes',
      ],
      required: true,
    },
    offset: { type: 'integer', default: 0 },
    limit: limit(10),
  },
});
