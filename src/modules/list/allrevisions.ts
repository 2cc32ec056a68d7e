// list=allrevisions: List all revisions.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, NAMESPACES, TIME_DIR, user } from '../../api/params/common.ts';
import { revCommon } from '../param-blocks.ts';

export const allrevisions = defineQueryModule({
  prefix: 'arv',
  classname: 'ApiQueryAllRevisions',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allrevisions'],
  generator: true,
  params: {
    ...revCommon(),
    user: user(),
    namespace: NAMESPACES,
    start: { type: 'timestamp' },
    end: { type: 'timestamp' },
    dir: TIME_DIR,
    excludeuser: user(),
    continue: CONT,
    generatetitles: { type: 'boolean' },
  },
});
