// list=tags: List change tags.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, limit } from '../../api/params/common.ts';

export const tags = defineQueryModule({
  prefix: 'tg',
  classname: 'ApiQueryTags',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Tags'],
  params: {
    continue: CONT,
    limit: limit(10),
    prop: {
      type: ['displayname', 'description', 'hitcount', 'defined', 'source', 'active'],
      default: '',
      multi: true,
    },
  },
});
