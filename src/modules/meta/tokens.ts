// meta=tokens: Gets tokens for data-modifying actions.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';

export const tokens: QueryModule = {
  decl: {
    name: 'tokens',
    path: 'query+tokens',
    group: 'meta',
    prefix: '',
    classname: 'ApiQueryTokens',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Tokens'],
    readRights: false,
    params: {
      type: {
        type: ['createaccount', 'csrf', 'login', 'patrol', 'rollback', 'userrights', 'watch'],
        default: 'csrf',
        multi: true,
      },
    },
  },
};
