// prop=infobox: the infoboxes of the given pages (the spec's infobox extension).
import type { QueryModule } from '../../api/module.ts';
import { INFOBOX_SOURCE } from '../param-blocks.ts';

export const infobox: QueryModule = {
  decl: {
    name: 'infobox',
    path: 'query+infobox',
    group: 'prop',
    prefix: 'ib',
    classname: 'ApiQueryInfobox',
    source: INFOBOX_SOURCE,
    helpUrls: [],
    params: {},
  },
};
