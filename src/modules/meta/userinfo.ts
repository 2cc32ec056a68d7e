// meta=userinfo: Get information about the current user.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';

export const userinfo: QueryModule = {
  decl: {
    name: 'userinfo',
    path: 'query+userinfo',
    group: 'meta',
    prefix: 'ui',
    classname: 'ApiQueryUserInfo',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Userinfo'],
    params: {
      prop: {
        type: [
          'blockinfo', 'hasmsg', 'groups', 'groupmemberships', 'implicitgroups', 'rights',
          'changeablegroups', 'options', 'editcount', 'ratelimits', 'email', 'realname',
          'acceptlang', 'registrationdate', 'unreadcount', 'centralids', 'preferencestoken',
          'latestcontrib',
        ],
        multi: true,
        deprecatedValues: ['preferencestoken'],
      },
      attachedwiki: { type: 'string' },
    },
  },
};
