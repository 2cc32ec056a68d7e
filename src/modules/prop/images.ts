// prop=images: Returns all files contained on the given pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import type { TitleKey } from '../../store/pages.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';
import { phpInt } from '../../wiki/php-values.ts';
import { escapeWikiText } from '../../wiki/titles.ts';

const NS_FILE = 6;

const params = {
  limit: limit(10),
  continue: CONT,
  images: { type: 'string', multi: true },
  dir: DIR,
} as const;

export const images = defineQueryModule({
  prefix: 'im',
  classname: 'ApiQueryImages',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Images'],
  generator: true,
  params,
  execute: listImages,
});

type ImagesRun = QueryRun<typeof params>;

/** `il_from|il_to`, as MediaWiki writes and reads it. */
function parseContinue(run: ImagesRun): { from: number; ns: number; title: string } | null {
  const raw = run.params.continue;
  if (raw === undefined) return null;
  const parts = raw.split('|');
  if (parts.length !== 2) run.fail('apierror-badcontinue');
  return { from: phpInt(parts[0]!), ns: NS_FILE, title: parts[1]! };
}

/** imimages: file titles (parsed in the main namespace, so `File:` is needed); others are warned about. */
function fileFilter(run: ImagesRun): TitleKey[] | null {
  const inputs = run.params.images;
  if (!inputs?.length) return null;
  const files: TitleKey[] = [];
  for (const input of inputs) {
    const parsed = run.services.titles.parse(input, 0);
    if ('invalid' in parsed || parsed.ns !== NS_FILE || parsed.interwiki) run.warn('apiwarn-notfile', escapeWikiText(input));
    else files.push({ ns: NS_FILE, dbKey: parsed.dbKey });
  }
  return files;
}

async function listImages(run: ImagesRun): Promise<void> {
  const pages = run.pageset.goodPages();
  if (!pages.length) return;
  const continueAt = parseContinue(run);
  const targets = fileFilter(run);
  if (targets && !targets.length) return;
  const limit = run.params.limit;
  const rows = await run.services.store.links.from('imagelinks', {
    fromIds: pages.map((p) => p.pageId),
    namespaces: null,
    targets,
    continueAt,
    descending: run.params.dir === 'descending',
    limit: limit + 1,
  });
  let count = 0;
  for (const row of rows) {
    const position = `${row.pl_from}|${row.pl_title}`;
    if (++count > limit) {
      run.setContinue('continue', position);
      break;
    }
    if (run.generator) {
      run.generator.addTitle(NS_FILE, row.pl_title);
      continue;
    }
    const item = { ns: NS_FILE, title: run.services.titles.text(NS_FILE, row.pl_title) };
    if (!run.addPageItem(row.pl_from, 'images', item, run.prefix)) {
      run.setContinue('continue', position);
      break;
    }
  }
}
