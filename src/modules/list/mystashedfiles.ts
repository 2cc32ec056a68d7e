// list=mystashedfiles: Get a list of files in the current user's upload stash.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, limit } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import type { ResultObject } from '../../api/result.ts';

const params = {
  prop: { type: ['size', 'type'], default: '', multi: true },
  limit: limit(10),
  continue: CONT,
} as const satisfies ParamDecls;

export const mystashedfiles = defineQueryModule({
  prefix: 'msf',
  classname: 'ApiQueryMyStashedFiles',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:mystashedfiles'],
  cacheMode: 'private',
  params,
  itemTag: 'file',
  execute: listStashedFiles,
});

async function listStashedFiles(run: QueryRun<typeof params>): Promise<void> {
  if (run.caller.isAnonymous) run.fail('apierror-mustbeloggedin-uploadstash', [], 'stashnotloggedin');
  let fromId: number | null = null;
  if (run.params.continue !== undefined) {
    const parts = run.params.continue.split('|');
    if (parts.length !== 1) run.fail('apierror-badcontinue');
    fromId = Number.parseInt(parts[0]!, 10);
    if (String(fromId) !== parts[0]) run.fail('apierror-badcontinue');
  }
  const prop = new Set<string>(run.params.prop);
  const limitValue = run.params.limit;
  const rows = await run.services.store.files.stashedFiles(run.caller.id, fromId, limitValue + 1);
  for (const [index, row] of rows.entries()) {
    if (index >= limitValue) {
      run.setContinue('continue', row.us_id);
      break;
    }
    const item: ResultObject = { filekey: row.us_key, status: row.us_status };
    if (prop.has('size')) {
      item.size = Number(row.us_size);
      item.width = Number(row.us_image_width ?? 0);
      item.height = Number(row.us_image_height ?? 0);
      item.bits = Number(row.us_image_bits ?? 0);
    }
    if (prop.has('type')) {
      item.mimetype = row.us_mime;
      item.mediatype = row.us_media_type;
    }
    if (!run.addItem(item)) {
      run.setContinue('continue', row.us_id);
      break;
    }
  }
}
