// list=allusers: Enumerate all registered users.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { DIR, GROUPS, RIGHTS, limit } from '../../api/params/common.ts';

export const allusers = defineQueryModule({
  prefix: 'au',
  classname: 'ApiQueryAllUsers',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allusers'],
  params: {
    from: { type: 'string' },
    to: { type: 'string' },
    prefix: { type: 'string' },
    dir: DIR,
    group: { type: GROUPS, multi: true },
    excludegroup: { type: GROUPS, multi: true },
    rights: { type: RIGHTS, multi: true },
    prop: {
      type: [
        'blockinfo', 'groups', 'implicitgroups', 'rights', 'editcount', 'registration',
        'centralids',
      ],
      multi: true,
    },
    limit: limit(10),
    witheditsonly: { type: 'boolean' },
    activeusers: { type: 'boolean' },
    attachedwiki: { type: 'string' },
  },
});
