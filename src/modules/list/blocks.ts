// list=blocks: List all blocked users and IP addresses.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, TIME_DIR, limit, user } from '../../api/params/common.ts';

export const blocks = defineQueryModule({
  prefix: 'bk',
  classname: 'ApiQueryBlocks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Blocks'],
  params: {
    start: { type: 'timestamp' },
    end: { type: 'timestamp' },
    dir: TIME_DIR,
    ids: { type: 'integer', multi: true },
    users: user(['name', 'ip', 'cidr'], { multi: true }),
    ip: { type: 'string' },
    limit: limit(10),
    prop: {
      type: [
        'id', 'user', 'userid', 'by', 'byid', 'timestamp', 'expiry', 'reason', 'range', 'flags',
        'restrictions',
      ],
      default: 'id|user|by|timestamp|expiry|reason|flags',
      multi: true,
    },
    show: {
      type: ['account', '!account', 'temp', '!temp', 'ip', '!ip', 'range', '!range'],
      multi: true,
    },
    continue: CONT,
  },
});
