// meta=siteinfo: Return general information about the site.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';

export const siteinfo: QueryModule = {
  decl: {
    name: 'siteinfo',
    path: 'query+siteinfo',
    group: 'meta',
    prefix: 'si',
    classname: 'ApiQuerySiteinfo',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Siteinfo'],
    params: {
      prop: {
        type: [
          'general', 'namespaces', 'namespacealiases', 'specialpagealiases', 'magicwords',
          'interwikimap', 'dbrepllag', 'statistics', 'usergroups', 'libraries', 'extensions',
          'fileextensions', 'rightsinfo', 'restrictions', 'languages', 'languagevariants', 'skins',
          'extensiontags', 'functionhooks', 'showhooks', 'variables', 'protocols', 'defaultoptions',
          'uploaddialog',
        ],
        default: 'general',
        multi: true,
      },
      filteriw: { type: ['local', '!local'] },
      showalldb: { type: 'boolean' },
      numberingroup: { type: 'boolean' },
      inlanguagecode: { type: 'string' },
    },
  },
};
