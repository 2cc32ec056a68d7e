// prop=references: the references (footnotes) of the given pages (Cite extension).
import type { QueryModule } from '../../api/module.ts';
import { CITE_SOURCE, CONT } from '../shared-params.ts';

export const references: QueryModule = {
  decl: {
    name: 'references',
    path: 'query+references',
    group: 'prop',
    prefix: 'rf',
    classname: 'ApiQueryReferences',
    source: CITE_SOURCE,
    helpUrls: [],
    params: {
      continue: CONT,
    },
  },
};
