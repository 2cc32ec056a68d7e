// prop=imageinfo: Returns file information and upload history.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, limit } from '../../api/params/common.ts';

export const imageinfo = defineQueryModule({
  prefix: 'ii',
  classname: 'ApiQueryImageInfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Imageinfo'],
  params: {
    prop: {
      type: [
        'timestamp', 'user', 'userid', 'comment', 'parsedcomment', 'canonicaltitle', 'url',
        'size', 'dimensions', 'sha1', 'mime', 'thumbmime', 'mediatype', 'metadata',
        'commonmetadata', 'extmetadata', 'archivename', 'bitdepth', 'uploadwarning', 'badfile',
      ],
      default: 'timestamp|user',
      multi: true,
    },
    limit: limit(1),
    start: { type: 'timestamp' },
    end: { type: 'timestamp' },
    urlwidth: { type: 'integer', default: -1 },
    urlheight: { type: 'integer', default: -1 },
    metadataversion: { type: 'string', default: '1' },
    extmetadatalanguage: { type: 'string', default: 'en' },
    extmetadatamultilang: { type: 'boolean' },
    extmetadatafilter: { type: 'string', multi: true },
    urlparam: { type: 'string', default: '' },
    badfilecontexttitle: { type: 'string' },
    continue: CONT,
    localonly: { type: 'boolean' },
  },
});
