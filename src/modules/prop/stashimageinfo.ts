// prop=stashimageinfo: Returns file information for stashed files.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';

export const stashimageinfo = defineQueryModule({
  prefix: 'sii',
  classname: 'ApiQueryStashImageInfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Stashimageinfo'],
  cacheMode: 'private',
  params: {
    filekey: { type: 'string', multi: true },
    sessionkey: { type: 'string', multi: true, deprecated: true },
    prop: {
      type: [
        'timestamp', 'canonicaltitle', 'url', 'size', 'dimensions', 'sha1', 'mime', 'thumbmime',
        'metadata', 'commonmetadata', 'extmetadata', 'bitdepth', 'badfile',
      ],
      default: 'timestamp|url',
      multi: true,
    },
    urlwidth: { type: 'integer', default: -1 },
    urlheight: { type: 'integer', default: -1 },
    urlparam: { type: 'string', default: '' },
  },
});
