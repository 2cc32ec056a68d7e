// list=watchlist: Get recent changes to pages in the current user's watchlist.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, NAMESPACES, NAME_ONLY, TIME_DIR, limit, user } from '../../api/params/common.ts';

export const watchlist = defineQueryModule({
  prefix: 'wl',
  classname: 'ApiQueryWatchlist',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlist'],
  generator: true,
  cacheMode: 'private',
  params: {
    allrev: { type: 'boolean' },
    start: { type: 'timestamp' },
    end: { type: 'timestamp' },
    namespace: NAMESPACES,
    user: user(),
    excludeuser: user(),
    dir: TIME_DIR,
    limit: limit(10),
    prop: {
      type: [
        'ids', 'title', 'flags', 'user', 'userid', 'comment', 'parsedcomment', 'timestamp',
        'patrol', 'sizes', 'notificationtimestamp', 'loginfo', 'tags',
      ],
      default: 'ids|title|flags',
      multi: true,
    },
    show: {
      type: [
        'minor', '!minor', 'bot', '!bot', 'anon', '!anon', 'patrolled', '!patrolled',
        'autopatrolled', '!autopatrolled', 'unread', '!unread',
      ],
      multi: true,
    },
    type: {
      type: ['edit', 'new', 'log', 'external', 'categorize'],
      default: 'edit|new|log|categorize',
      multi: true,
    },
    owner: user(NAME_ONLY),
    token: { type: 'string', sensitive: true },
    continue: CONT,
  },
});
