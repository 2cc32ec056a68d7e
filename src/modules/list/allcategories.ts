// list=allcategories: Enumerate all categories.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';

export const allcategories = defineQueryModule({
  prefix: 'ac',
  classname: 'ApiQueryAllCategories',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allcategories'],
  generator: true,
  params: {
    from: { type: 'string' },
    continue: CONT,
    to: { type: 'string' },
    prefix: { type: 'string' },
    dir: DIR,
    min: { type: 'integer' },
    max: { type: 'integer' },
    limit: limit(10),
    prop: { type: ['size', 'hidden'], default: '', multi: true },
  },
});
