// list=allimages: Enumerate all images sequentially.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { CONT, limit, user } from '../../api/params/common.ts';

export const allimages = defineQueryModule({
  prefix: 'ai',
  classname: 'ApiQueryAllImages',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allimages'],
  generator: true,
  params: {
    sort: { type: ['name', 'timestamp'], default: 'name' },
    dir: { type: ['ascending', 'descending', 'newer', 'older'], default: 'ascending' },
    from: { type: 'string' },
    to: { type: 'string' },
    continue: CONT,
    start: { type: 'timestamp' },
    end: { type: 'timestamp' },
    prop: {
      type: [
        'timestamp', 'user', 'userid', 'comment', 'parsedcomment', 'canonicaltitle', 'url',
        'size', 'dimensions', 'sha1', 'mime', 'mediatype', 'metadata', 'commonmetadata',
        'extmetadata', 'bitdepth', 'badfile',
      ],
      default: 'timestamp|url',
      multi: true,
    },
    prefix: { type: 'string' },
    minsize: { type: 'integer' },
    maxsize: { type: 'integer' },
    sha1: { type: 'string' },
    sha1base36: { type: 'string' },
    user: user(),
    filterbots: { type: ['all', 'bots', 'nobots'], default: 'all' },
    mime: { type: 'string', multi: true },
    limit: limit(10),
  },
});
