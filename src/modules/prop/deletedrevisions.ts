// prop=deletedrevisions: Get deleted revision information.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, TIME_DIR, user } from '../../api/params/common.ts';
import { revCommon } from '../param-blocks.ts';

export const deletedrevisions = defineQueryModule({
  prefix: 'drv',
  classname: 'ApiQueryDeletedRevisions',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Deletedrevisions'],
  generator: true,
  cacheMode: 'private',
  params: {
    ...revCommon(),
    start: { type: 'timestamp' },
    end: { type: 'timestamp' },
    dir: TIME_DIR,
    tag: { type: 'string' },
    user: user(),
    excludeuser: user(),
    continue: CONT,
  },
});
