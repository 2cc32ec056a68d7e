// meta=filerepoinfo: Return meta information about image repositories configured on the wiki.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';

export const filerepoinfo = defineQueryModule({
  prefix: 'fri',
  classname: 'ApiQueryFileRepoInfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Filerepoinfo'],
  params: {
    prop: {
      type: [
        'canUpload', 'displayname', 'favicon', 'initialCapital', 'local', 'name', 'rootUrl',
        'scriptDirUrl', 'thumbUrl', 'url',
      ],
      default: 'canUpload|displayname|favicon|initialCapital|local|name|rootUrl|scriptDirUrl|thumbUrl|url',
      multi: true,
    },
  },
});
