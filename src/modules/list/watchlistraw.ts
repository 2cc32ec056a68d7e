// list=watchlistraw: Get all pages on the current user's watchlist.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, NAMESPACES, NAME_ONLY, limit, user } from '../../api/params/common.ts';

export const watchlistraw = defineQueryModule({
  prefix: 'wr',
  classname: 'ApiQueryWatchlistRaw',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlistraw'],
  generator: true,
  cacheMode: 'private',
  params: {
    continue: CONT,
    namespace: NAMESPACES,
    limit: limit(10),
    prop: { type: ['changed'], multi: true },
    show: { type: ['changed', '!changed'], multi: true },
    owner: user(NAME_ONLY),
    token: { type: 'string', sensitive: true },
    dir: DIR,
    fromtitle: { type: 'string' },
    totitle: { type: 'string' },
  },
});
