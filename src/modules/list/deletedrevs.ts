// list=deletedrevs: List deleted revisions.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, limit, modes, user } from '../../api/params/common.ts';

export const deletedrevs = defineQueryModule({
  prefix: 'dr',
  classname: 'ApiQueryDeletedrevs',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Deletedrevs'],
  deprecated: true,
  cacheMode: 'private',
  params: {
    start: { type: 'timestamp', info: [modes(1, 2)] },
    end: { type: 'timestamp', info: [modes(1, 2)] },
    dir: { type: ['newer', 'older'], default: 'older', info: [modes(1, 3)] },
    from: { type: 'string', info: [modes(3)] },
    to: { type: 'string', info: [modes(3)] },
    prefix: { type: 'string', info: [modes(3)] },
    unique: { type: 'boolean', info: [modes(3)] },
    namespace: { type: 'namespace', default: 0, info: [modes(3)] },
    tag: { type: 'string' },
    user: user(),
    excludeuser: user(),
    prop: {
      type: [
        'revid', 'parentid', 'user', 'userid', 'comment', 'parsedcomment', 'minor', 'len', 'sha1',
        'content', 'token', 'tags',
      ],
      default: 'user|comment',
      multi: true,
    },
    limit: limit(10),
    continue: CONT,
  },
});
