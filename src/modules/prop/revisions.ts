// prop=revisions: Get revision information.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { ANY_USER, CONT, SINGLE_PAGE_ONLY, revCommon, user } from '../shared-params.ts';

export const revisions: QueryModule = {
  decl: {
    name: 'revisions',
    path: 'query+revisions',
    group: 'prop',
    prefix: 'rv',
    classname: 'ApiQueryRevisions',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Revisions'],
    generator: true,
    params: {
      ...revCommon({ limitInfo: [SINGLE_PAGE_ONLY] }),
      startid: { type: 'integer', info: [SINGLE_PAGE_ONLY] },
      endid: { type: 'integer', info: [SINGLE_PAGE_ONLY] },
      start: { type: 'timestamp', info: [SINGLE_PAGE_ONLY] },
      end: { type: 'timestamp', info: [SINGLE_PAGE_ONLY] },
      dir: { type: ['newer', 'older'], default: 'older', info: [SINGLE_PAGE_ONLY] },
      user: user(ANY_USER, { info: [SINGLE_PAGE_ONLY] }),
      excludeuser: user(ANY_USER, { info: [SINGLE_PAGE_ONLY] }),
      tag: { type: 'string' },
      token: { type: ['rollback'], multi: true, deprecated: true },
      continue: CONT,
    },
  },
};
