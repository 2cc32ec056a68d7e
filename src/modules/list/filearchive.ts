// list=filearchive: Enumerate all deleted files sequentially.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';

export const filearchive = defineQueryModule({
  prefix: 'fa',
  classname: 'ApiQueryFilearchive',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Filearchive'],
  cacheMode: 'private',
  params: {
    from: { type: 'string' },
    to: { type: 'string' },
    prefix: { type: 'string' },
    dir: DIR,
    sha1: { type: 'string' },
    sha1base36: { type: 'string' },
    prop: {
      type: [
        'sha1', 'timestamp', 'user', 'size', 'dimensions', 'description', 'parseddescription',
        'mime', 'mediatype', 'metadata', 'bitdepth', 'archivename',
      ],
      default: 'timestamp',
      multi: true,
    },
    limit: limit(10),
    continue: CONT,
  },
});
