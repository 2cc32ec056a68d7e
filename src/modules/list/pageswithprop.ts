// list=pageswithprop: List all pages using a given page property.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';

export const pageswithprop = defineQueryModule({
  prefix: 'pwp',
  classname: 'ApiQueryPagesWithProp',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pageswithprop'],
  generator: true,
  params: {
    propname: { type: 'string', required: true },
    prop: { type: ['ids', 'title', 'value'], default: 'ids|title', multi: true },
    continue: CONT,
    limit: limit(10),
    dir: DIR,
  },
});
