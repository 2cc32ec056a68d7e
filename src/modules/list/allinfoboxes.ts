// list=allinfoboxes: every infobox in use on the wiki (the spec's infobox extension).
import type { QueryModule } from '../../api/module.ts';
import { INFOBOX_SOURCE } from '../param-blocks.ts';

export const allinfoboxes: QueryModule = {
  decl: {
    name: 'allinfoboxes',
    path: 'query+allinfoboxes',
    group: 'list',
    prefix: '',
    classname: 'ApiQueryAllInfoboxes',
    source: INFOBOX_SOURCE,
    helpUrls: [],
    params: {},
  },
};
