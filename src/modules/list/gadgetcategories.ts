// list=gadgetcategories: Returns a list of gadget categories.
import { defineQueryModule } from '../../api/module.ts';
import { GADGETS_SOURCE } from '../param-blocks.ts';

export const gadgetcategories = defineQueryModule({
  prefix: 'gc',
  classname: 'MediaWiki\\Extension\\Gadgets\\Api\\ApiQueryGadgetCategories',
  source: GADGETS_SOURCE,
  helpUrls: [],
  params: {
    prop: { type: ['name', 'title', 'members'], default: 'name', multi: true },
    names: { type: 'string', multi: true },
  },
});
