// prop=stashimageinfo: Returns file information for stashed files.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';

const params = {
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
} as const satisfies ParamDecls;

export const stashimageinfo = defineQueryModule({
  prefix: 'sii',
  classname: 'ApiQueryStashImageInfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Stashimageinfo'],
  cacheMode: 'private',
  params,
  execute: describeStashedFiles,
});

/** UploadStash::KEY_FORMAT_REGEX */
const KEY_FORMAT = /^[\w\-.]+\.\w*$/;

/**
 * The caller's stashed files by key. The stash's files live in MediaWiki's file storage, which
 * wikiquery does not have: a key the stash table knows (whoever stashed it) is answered as MediaWiki
 * answers when the stashed file is gone from its storage, which it checks before the owner.
 */
async function describeStashedFiles(run: QueryRun<typeof params>): Promise<void> {
  if (run.caller.isAnonymous) run.fail('apierror-mustbeloggedin-uploadstash', [], 'notloggedin');
  const { filekey, sessionkey } = run.params;
  if (!filekey?.length && !sessionkey?.length) {
    const names = ['filekey', 'sessionkey'].map((name) => `<var>${run.paramName(name)}</var>`);
    run.fail('apierror-missingparam-at-least-one-of', [{ list: names, type: 'text' }, 2], 'missingparam');
  }
  const keys = filekey?.length ? filekey : sessionkey!;
  for (const key of keys) {
    if (!KEY_FORMAT.test(key)) run.fail('uploadstash-bad-path-bad-format', [key], 'uploadstash-bad-path-bad-format');
    const row = await run.services.store.files.stashedFile(key);
    if (!row) run.fail('uploadstash-file-not-found', [key], 'uploadstash-file-not-found');
    run.fail('uploadstash-file-not-found-not-exists', [], 'uploadstash-file-not-found-not-exists');
  }
}
