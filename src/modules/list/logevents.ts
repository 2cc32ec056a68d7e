// list=logevents: Get events from logs.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, TIME_DIR, VIRTUAL_NAMESPACES, limit, user } from '../../api/params/common.ts';

export const logevents = defineQueryModule({
  prefix: 'le',
  classname: 'ApiQueryLogEvents',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Logevents'],
  params: {
    prop: {
      type: [
        'ids', 'title', 'type', 'user', 'userid', 'timestamp', 'comment', 'parsedcomment',
        'details', 'tags',
      ],
      default: 'ids|title|type|user|timestamp|comment|details',
      multi: true,
    },
    type: {
      type: [
        '', 'block', 'protect', 'rights', 'delete', 'upload', 'move', 'import', 'patrol', 'merge',
        'suppress', 'tag', 'managetags', 'contentmodel', 'newusers', 'create', 'interwiki',
      ],
    },
    action: {
      type: [
        'block/block', 'block/reblock', 'block/unblock', 'contentmodel/change',
        'contentmodel/new', 'create/create', 'delete/delete', 'delete/delete_redir',
        'delete/event', 'delete/restore', 'delete/revision', 'import/interwiki', 'import/upload',
        'interwiki/*', 'managetags/activate', 'managetags/create', 'managetags/deactivate',
        'managetags/delete', 'merge/merge', 'move/move', 'move/move_redir', 'newusers/autocreate',
        'newusers/byemail', 'newusers/create', 'newusers/create2', 'newusers/newusers',
        'patrol/autopatrol', 'patrol/patrol', 'protect/modify', 'protect/move_prot',
        'protect/protect', 'protect/unprotect', 'rights/autopromote', 'rights/rights',
        'suppress/block', 'suppress/delete', 'suppress/event', 'suppress/reblock',
        'suppress/revision', 'tag/update', 'upload/overwrite', 'upload/revert', 'upload/upload',
      ],
    },
    start: { type: 'timestamp' },
    end: { type: 'timestamp' },
    dir: TIME_DIR,
    user: user(),
    title: { type: 'string' },
    namespace: { type: 'namespace', extraNamespaces: VIRTUAL_NAMESPACES },
    prefix: { type: 'string' },
    tag: { type: 'string' },
    limit: limit(10),
    continue: CONT,
  },
});
