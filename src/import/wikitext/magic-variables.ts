// Magic variables ({{PAGENAME}}, {{NAMESPACE}}, {{CURRENTYEAR}}, {{SITENAME}}...), and the title words as functions of another title ({{PAGENAME:Foo}}).

import type { CallHost, FunctionHandler, FunctionSpec } from './call-handlers.ts';
import { formatTime } from '../../wiki/time-format.ts';
import { decodeCharReferencesOnly } from '../../wiki/titles.ts';
import { wfUrlencode } from '../../wiki/urls.ts';

/** Magic variables (MagicWordFactory's variable ids) by id. */
export const MAGIC_VARIABLES = new Map<string, FunctionHandler>();

/** The title words called with a title (`{{PAGENAME:Foo}}`); without one they are variables. */
export const TITLE_FUNCTIONS: FunctionSpec[] = [];

/** Title magic words, with and without an argument (`{{PAGENAME}}`, `{{PAGENAME:Foo}}`). */
const TITLE_WORDS: Record<string, (x: CallHost, ns: number, dbKey: string) => string> = {
  FULLPAGENAME: (x, ns, k) => x.codec.namespaces.prefixedText(ns, k),
  FULLPAGENAMEE: (x, ns, k) => wfUrlencode(x.codec.namespaces.prefixedText(ns, k).replace(/ /g, '_')),
  PAGENAME: (_x, _ns, k) => k.replace(/_/g, ' '),
  PAGENAMEE: (_x, _ns, k) => wfUrlencode(k),
  BASEPAGENAME: (x, ns, k) => basePage(x, ns, k).replace(/_/g, ' '),
  BASEPAGENAMEE: (x, ns, k) => wfUrlencode(basePage(x, ns, k)),
  ROOTPAGENAME: (x, ns, k) => (x.site.subpageNamespaces.has(ns) ? k.split('/')[0]! : k).replace(/_/g, ' '),
  ROOTPAGENAMEE: (x, ns, k) => wfUrlencode(x.site.subpageNamespaces.has(ns) ? k.split('/')[0]! : k),
  SUBPAGENAME: (x, ns, k) => (x.site.subpageNamespaces.has(ns) ? k.split('/').pop()! : k).replace(/_/g, ' '),
  SUBPAGENAMEE: (x, ns, k) => wfUrlencode(x.site.subpageNamespaces.has(ns) ? k.split('/').pop()! : k),
  NAMESPACE: (x, ns) => x.codec.namespaces.name(ns),
  NAMESPACEE: (x, ns) => wfUrlencode(x.codec.namespaces.name(ns).replace(/ /g, '_')),
  NAMESPACENUMBER: (_x, ns) => String(ns),
  TALKSPACE: (x, ns) => x.codec.namespaces.name(ns < 0 ? ns : ns | 1),
  TALKSPACEE: (x, ns) => wfUrlencode(x.codec.namespaces.name(ns < 0 ? ns : ns | 1).replace(/ /g, '_')),
  SUBJECTSPACE: (x, ns) => x.codec.namespaces.name(ns < 0 ? ns : ns & ~1),
  SUBJECTSPACEE: (x, ns) => wfUrlencode(x.codec.namespaces.name(ns < 0 ? ns : ns & ~1).replace(/ /g, '_')),
  TALKPAGENAME: (x, ns, k) => (ns < 0 ? '' : x.codec.namespaces.prefixedText(ns | 1, k)),
  TALKPAGENAMEE: (x, ns, k) => (ns < 0 ? '' : wfUrlencode(x.codec.namespaces.prefixedText(ns | 1, k).replace(/ /g, '_'))),
  SUBJECTPAGENAME: (x, ns, k) => x.codec.namespaces.prefixedText(ns < 0 ? ns : ns & ~1, k),
  SUBJECTPAGENAMEE: (x, ns, k) => wfUrlencode(x.codec.namespaces.prefixedText(ns < 0 ? ns : ns & ~1, k).replace(/ /g, '_')),
};

for (const [word, fn] of Object.entries(TITLE_WORDS)) {
  const id = word.toLowerCase();
  MAGIC_VARIABLES.set(id, (x) => fn(x, x.page.ns, x.page.dbKey));
  TITLE_FUNCTIONS.push({
    ids: [id],
    noHash: true,
    handler: (x, _frame, first) => {
      if (first === '') return fn(x, x.page.ns, x.page.dbKey);
      const title = x.codec.parse(decodeCharReferencesOnly(first));
      return title ? fn(x, title.ns, title.dbKey) : '';
    },
  });
}

const now = new Date();
/** MagicWordFactory's variables by id (titles above); the wiki's clock is UTC, as $wgLocaltimezone is by default. */
const SIMPLE_VARIABLES: Record<string, (x: CallHost) => string> = {
  '!': () => '|',
  '=': () => '=',
  sitename: (x) => x.site.siteName,
  server: (x) => x.site.server,
  servername: (x) => x.site.server.replace(/^[a-z]*:?\/\//, ''),
  scriptpath: (x) => x.site.scriptPath,
  stylepath: (x) => `${x.site.scriptPath}/skins`,
  articlepath: (x) => x.site.articlePath,
  contentlanguage: (x) => x.site.lang,
  pagelanguage: (x) => x.site.lang,
  directionmark: () => '\u200e',
  currentversion: () => '1.39.17',
  pageid: (x) => (x.page.pageId ? String(x.page.pageId) : ''),
  revisionid: (x) => (x.page.revisionId ? String(x.page.revisionId) : ''),
  revisionuser: (x) => x.page.user ?? '',
  revisiontimestamp: (x) => x.page.timestamp ?? '',
  revisionyear: (x) => (x.page.timestamp ?? '').slice(0, 4),
  revisionmonth: (x) => (x.page.timestamp ?? '').slice(4, 6),
  revisionmonth1: (x) => String(Number((x.page.timestamp ?? '').slice(4, 6)) || ''),
  revisionday: (x) => String(Number((x.page.timestamp ?? '').slice(6, 8)) || ''),
  revisionday2: (x) => (x.page.timestamp ?? '').slice(6, 8),
  revisionsize: () => '0',
  currentyear: () => String(now.getUTCFullYear()),
  currentmonth: () => String(now.getUTCMonth() + 1).padStart(2, '0'),
  currentmonth1: () => String(now.getUTCMonth() + 1),
  currentmonthname: (x) => formatTime('F', now, x.site.lang),
  currentmonthnamegen: (x) => formatTime('xg', now, x.site.lang),
  currentmonthabbrev: (x) => formatTime('M', now, x.site.lang),
  currentday: () => String(now.getUTCDate()),
  currentday2: () => String(now.getUTCDate()).padStart(2, '0'),
  currentdayname: (x) => formatTime('l', now, x.site.lang),
  currentdow: () => String(now.getUTCDay()),
  currentweek: (x) => formatTime('W', now, x.site.lang).replace(/^0/, ''),
  currenttime: () => `${String(now.getUTCHours()).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`,
  currenthour: () => String(now.getUTCHours()).padStart(2, '0'),
  currenttimestamp: () => now.toISOString().replace(/[-:T]/g, '').slice(0, 14),
  numberofpages: () => '0',
  numberofarticles: () => '0',
  numberoffiles: () => '0',
  numberofusers: () => '0',
  numberofactiveusers: () => '0',
  numberofedits: () => '0',
  numberofadmins: () => '0',
  cascadingsources: () => '',
};
for (const [id, fn] of Object.entries(SIMPLE_VARIABLES)) MAGIC_VARIABLES.set(id, (x) => fn(x));
for (const [id, fn] of [...MAGIC_VARIABLES]) {
  if (id.startsWith('current')) MAGIC_VARIABLES.set(id.replace('current', 'local'), fn);
}

function basePage(x: CallHost, ns: number, dbKey: string): string {
  if (!x.site.subpageNamespaces.has(ns)) return dbKey;
  const slash = dbKey.lastIndexOf('/');
  return slash > 0 ? dbKey.slice(0, slash) : dbKey;
}
