// list=recentchanges: Enumerate recent changes.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, TIME_DIR, VIRTUAL_NAMESPACES, limit, user } from '../../api/params/common.ts';

export const recentchanges = defineQueryModule({
  prefix: 'rc',
  classname: 'ApiQueryRecentChanges',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Recentchanges'],
  generator: true,
  params: {
    start: { type: 'timestamp' },
    end: { type: 'timestamp' },
    dir: TIME_DIR,
    namespace: {
      type: 'namespace',
      multi: true,
      allSpecifier: true,
      extraNamespaces: VIRTUAL_NAMESPACES,
    },
    user: user(),
    excludeuser: user(),
    tag: { type: 'string' },
    prop: {
      type: [
        'user', 'userid', 'comment', 'parsedcomment', 'flags', 'timestamp', 'title', 'ids',
        'sizes', 'redirect', 'patrolled', 'loginfo', 'tags', 'sha1',
      ],
      default: 'title|timestamp|ids',
      multi: true,
    },
    token: { type: ['patrol'], multi: true, deprecated: true },
    show: {
      type: [
        'minor', '!minor', 'bot', '!bot', 'anon', '!anon', 'redirect', '!redirect', 'patrolled',
        '!patrolled', 'unpatrolled', 'autopatrolled', '!autopatrolled',
      ],
      multi: true,
    },
    limit: limit(10),
    type: {
      type: ['edit', 'new', 'log', 'external', 'categorize'],
      default: 'edit|new|log|categorize',
      multi: true,
    },
    toponly: { type: 'boolean' },
    title: { type: 'string' },
    continue: CONT,
    generaterevisions: { type: 'boolean' },
  },
});
