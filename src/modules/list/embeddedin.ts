// list=embeddedin: Find all pages that embed (transclude) the given title.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { linkBack } from '../param-blocks.ts';
import { runLinkBack } from './linkback.ts';

export const embeddedin: QueryModule = {
  decl: {
    name: 'embeddedin',
    path: 'query+embeddedin',
    group: 'list',
    prefix: 'ei',
    classname: 'ApiQueryBacklinks',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Embeddedin'],
    generator: true,
    params: {
      ...linkBack(),
    },
  },
  itemTag: 'ei',
  execute: (run) => runLinkBack(run, { table: 'templatelinks', code: 'ei', followsRedirects: false }),
};
