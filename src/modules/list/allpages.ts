// list=allpages: Enumerate all pages sequentially in a given namespace.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../shared-params.ts';

export const allpages: QueryModule = {
  decl: {
    name: 'allpages',
    path: 'query+allpages',
    group: 'list',
    prefix: 'ap',
    classname: 'ApiQueryAllPages',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allpages'],
    generator: true,
    params: {
      from: { type: 'string' },
      continue: CONT,
      to: { type: 'string' },
      prefix: { type: 'string' },
      namespace: { type: 'namespace', default: 0 },
      filterredir: { type: ['all', 'redirects', 'nonredirects'], default: 'all' },
      minsize: { type: 'integer' },
      maxsize: { type: 'integer' },
      prtype: { type: ['edit', 'move', 'upload'], multi: true },
      prlevel: { type: ['', 'autoconfirmed', 'sysop'], multi: true },
      prfiltercascade: { type: ['cascading', 'noncascading', 'all'], default: 'all' },
      limit: limit(10),
      dir: DIR,
      filterlanglinks: { type: ['withlanglinks', 'withoutlanglinks', 'all'], default: 'all' },
      prexpiry: { type: ['indefinite', 'definite', 'all'], default: 'all' },
    },
  },
};
