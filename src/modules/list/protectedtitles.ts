// list=protectedtitles: List all titles protected from creation.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, NAMESPACES, TIME_DIR, limit } from '../../api/params/common.ts';

export const protectedtitles = defineQueryModule({
  prefix: 'pt',
  classname: 'ApiQueryProtectedTitles',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Protectedtitles'],
  generator: true,
  params: {
    namespace: NAMESPACES,
    level: { type: ['autoconfirmed', 'sysop'], multi: true },
    limit: limit(10),
    dir: TIME_DIR,
    start: { type: 'timestamp' },
    end: { type: 'timestamp' },
    prop: {
      type: ['timestamp', 'user', 'userid', 'comment', 'parsedcomment', 'expiry', 'level'],
      default: 'timestamp|level',
      multi: true,
    },
    continue: CONT,
  },
});
