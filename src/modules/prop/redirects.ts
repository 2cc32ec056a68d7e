// prop=redirects: Returns all redirects to the given pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, NAMESPACES, limit } from '../../api/params/common.ts';
import { runBacklinksProp } from './backlinks-prop.ts';

export const redirects = defineQueryModule({
  prefix: 'rd',
  classname: 'ApiQueryBacklinksprop',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Redirects'],
  generator: true,
  params: {
    prop: { type: ['pageid', 'title', 'fragment'], default: 'pageid|title', multi: true },
    namespace: NAMESPACES,
    show: { type: ['fragment', '!fragment'], multi: true },
    limit: limit(10),
    continue: CONT,
  },
  execute: (run) => runBacklinksProp(run, { table: 'redirect', ...run.params }),
});
