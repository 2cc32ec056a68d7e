// prop=contributors: Get the list of logged-in contributors and the count of anonymous contributors to a page.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, GROUPS, RIGHTS, limit } from '../../api/params/common.ts';

export const contributors = defineQueryModule({
  prefix: 'pc',
  classname: 'ApiQueryContributors',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Contributors'],
  params: {
    group: { type: GROUPS, multi: true },
    excludegroup: { type: GROUPS, multi: true },
    rights: { type: RIGHTS, multi: true },
    excluderights: { type: RIGHTS, multi: true },
    limit: limit(10),
    continue: CONT,
  },
});
