// list=alldeletedrevisions: List all deleted revisions by a user or in a namespace.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { ANY_USER, CONT, NAMESPACES, NON_USER_ONLY, TIME_DIR, USER_ONLY, user } from '../../api/params/common.ts';
import { revCommon } from '../param-blocks.ts';

export const alldeletedrevisions = defineQueryModule({
  prefix: 'adr',
  classname: 'ApiQueryAllDeletedRevisions',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alldeletedrevisions'],
  generator: true,
  cacheMode: 'private',
  params: {
    ...revCommon(),
    user: user(),
    namespace: NAMESPACES,
    start: { type: 'timestamp', info: [USER_ONLY] },
    end: { type: 'timestamp', info: [USER_ONLY] },
    dir: TIME_DIR,
    from: { type: 'string', info: [NON_USER_ONLY] },
    to: { type: 'string', info: [NON_USER_ONLY] },
    prefix: { type: 'string', info: [NON_USER_ONLY] },
    excludeuser: user(ANY_USER, { info: [NON_USER_ONLY] }),
    tag: { type: 'string' },
    continue: CONT,
    generatetitles: { type: 'boolean' },
  },
});
