// list=random: Get a set of random pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, NAMESPACES, limit } from '../../api/params/common.ts';

export const random = defineQueryModule({
  prefix: 'rn',
  classname: 'ApiQueryRandom',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Random'],
  generator: true,
  params: {
    namespace: NAMESPACES,
    filterredir: { type: ['all', 'redirects', 'nonredirects'], default: 'nonredirects' },
    redirect: { type: 'boolean', deprecated: true },
    limit: limit(1),
    continue: CONT,
  },
});
