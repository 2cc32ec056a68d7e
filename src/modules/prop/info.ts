// prop=info: Get basic page information.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT } from '../shared-params.ts';

export const info: QueryModule = {
  decl: {
    name: 'info',
    path: 'query+info',
    group: 'prop',
    prefix: 'in',
    classname: 'ApiQueryInfo',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Info'],
    params: {
      prop: {
        type: [
          'protection', 'talkid', 'watched', 'watchers', 'visitingwatchers',
          'notificationtimestamp', 'subjectid', 'url', 'readable', 'preload', 'displaytitle',
          'varianttitles',
        ],
        multi: true,
        deprecatedValues: ['readable'],
      },
      testactions: { type: 'string', multi: true },
      testactionsdetail: { type: ['boolean', 'full', 'quick'], default: 'boolean' },
      token: {
        type: ['edit', 'delete', 'protect', 'move', 'block', 'unblock', 'email', 'import', 'watch'],
        multi: true,
        deprecated: true,
      },
      continue: CONT,
    },
  },
};
