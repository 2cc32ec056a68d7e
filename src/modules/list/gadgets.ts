// list=gadgets: Returns a list of gadgets used on this wiki.
import { defineQueryModule } from '../../api/module.ts';
import { GADGETS_SOURCE } from '../param-blocks.ts';

export const gadgets = defineQueryModule({
  prefix: 'ga',
  classname: 'MediaWiki\\Extension\\Gadgets\\Api\\ApiQueryGadgets',
  source: GADGETS_SOURCE,
  helpUrls: [],
  params: {
    prop: { type: ['id', 'metadata', 'desc'], default: 'id|metadata', multi: true },
    categories: { type: 'string', multi: true },
    ids: { type: 'string', multi: true },
    allowedonly: { type: 'boolean' },
    enabledonly: { type: 'boolean' },
  },
});
