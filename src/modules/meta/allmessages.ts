// meta=allmessages: Return messages from this site.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';

export const allmessages = defineQueryModule({
  prefix: 'am',
  classname: 'ApiQueryAllMessages',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allmessages'],
  params: {
    messages: { type: 'string', default: '*', multi: true },
    prop: { type: ['default'], multi: true },
    enableparser: { type: 'boolean' },
    nocontent: { type: 'boolean' },
    includelocal: { type: 'boolean' },
    args: { type: 'string', multi: true, allowsDuplicates: true },
    filter: { type: 'string' },
    customised: { type: ['all', 'modified', 'unmodified'], default: 'all' },
    lang: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    title: { type: 'string' },
    prefix: { type: 'string' },
  },
});
