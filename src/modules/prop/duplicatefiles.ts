// prop=duplicatefiles: List all files that are duplicates of the given files based on hash values.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';

export const duplicatefiles = defineQueryModule({
  prefix: 'df',
  classname: 'ApiQueryDuplicateFiles',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Duplicatefiles'],
  generator: true,
  params: {
    limit: limit(10),
    continue: CONT,
    dir: DIR,
    localonly: { type: 'boolean' },
  },
});
