// list=gadgetcategories: Returns a list of gadget categories.
import type { QueryModule } from '../../api/module.ts';
import { GADGETS_SOURCE } from '../param-blocks.ts';

export const gadgetcategories: QueryModule = {
  decl: {
    name: 'gadgetcategories',
    path: 'query+gadgetcategories',
    group: 'list',
    prefix: 'gc',
    classname: 'MediaWiki\\Extension\\Gadgets\\Api\\ApiQueryGadgetCategories',
    source: GADGETS_SOURCE,
    helpUrls: [],
    params: {
      prop: { type: ['name', 'title', 'members'], default: 'name', multi: true },
      names: { type: 'string', multi: true },
    },
  },
};
