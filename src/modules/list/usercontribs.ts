// list=usercontribs: Get all edits by a user.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, NAMESPACES, TIME_DIR, limit, user } from '../../api/params/common.ts';

export const usercontribs = defineQueryModule({
  prefix: 'uc',
  classname: 'ApiQueryUserContribs',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Usercontribs'],
  params: {
    limit: limit(10),
    start: { type: 'timestamp' },
    end: { type: 'timestamp' },
    continue: CONT,
    user: user(['name', 'ip', 'interwiki'], { multi: true }),
    userids: { type: 'integer', multi: true },
    userprefix: { type: 'string' },
    dir: TIME_DIR,
    namespace: NAMESPACES,
    prop: {
      type: [
        'ids', 'title', 'timestamp', 'comment', 'parsedcomment', 'size', 'sizediff', 'flags',
        'patrolled', 'tags',
      ],
      default: 'ids|title|timestamp|comment|size|flags',
      multi: true,
    },
    show: {
      type: [
        'minor', '!minor', 'patrolled', '!patrolled', 'autopatrolled', '!autopatrolled', 'top',
        '!top', 'new', '!new',
      ],
      multi: true,
    },
    tag: { type: 'string' },
    toponly: { type: 'boolean', deprecated: true },
  },
});
