// meta=authmanagerinfo: Retrieve information about the current authentication status.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';

export const authmanagerinfo = defineQueryModule({
  prefix: 'ami',
  classname: 'ApiQueryAuthManagerInfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Authmanagerinfo'],
  readRights: false,
  params: {
    securitysensitiveoperation: { type: 'string' },
    requestsfor: {
      type: [
        'login', 'login-continue', 'create', 'create-continue', 'link', 'link-continue', 'change',
        'remove', 'unlink',
      ],
    },
    mergerequestfields: { type: 'boolean' },
    messageformat: { type: ['html', 'wikitext', 'raw', 'none'], default: 'wikitext' },
  },
});
