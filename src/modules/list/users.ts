// list=users: Get information about a list of users.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';

export const users = defineQueryModule({
  prefix: 'us',
  classname: 'ApiQueryUsers',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Users'],
  params: {
    prop: {
      type: [
        'blockinfo', 'groups', 'groupmemberships', 'implicitgroups', 'rights', 'editcount',
        'registration', 'emailable', 'gender', 'centralids', 'cancreate',
      ],
      multi: true,
    },
    attachedwiki: { type: 'string' },
    users: { type: 'string', multi: true },
    userids: { type: 'integer', multi: true },
    token: { type: ['userrights'], multi: true, deprecated: true },
  },
});
