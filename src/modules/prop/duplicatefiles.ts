// prop=duplicatefiles: List all files that are duplicates of the given files based on hash values.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setFlag, type ResultObject } from '../../api/result.ts';
import type { FileVersionRow } from '../../store/files.ts';
import { mwToIso } from '../../wiki/timestamps.ts';

const NS_FILE = 6;

const params = {
  limit: limit(10),
  continue: CONT,
  dir: DIR,
  localonly: { type: 'boolean' },
} as const satisfies ParamDecls;

export const duplicatefiles = defineQueryModule({
  prefix: 'df',
  classname: 'ApiQueryDuplicateFiles',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Duplicatefiles'],
  generator: true,
  params,
  execute: listDuplicates,
});

type DuplicatesRun = QueryRun<typeof params>;

/** PHP's `<` of two strings: numerically when both are numeric, else byte by byte. */
function phpLess(a: string, b: string): boolean {
  const numeric = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
  if (numeric.test(a) && numeric.test(b)) return Number(a) < Number(b);
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')) < 0;
}

async function listDuplicates(run: DuplicatesRun): Promise<void> {
  // The page set's file titles in its own order (getGoodAndMissingTitlesByNamespace).
  let images: { name: string; pageId: number }[] = [
    ...run.pageset.goodPages().filter((p) => p.ns === NS_FILE).map((p) => ({ name: p.dbKey, pageId: p.pageId })),
    ...run.pageset.missing().filter((m) => m.ns === NS_FILE).map((m) => ({ name: m.dbKey, pageId: m.fakeId })),
  ];
  if (!images.length) return;
  const descending = run.params.dir === 'descending';
  if (descending) images = images.reverse();
  let skipUntil: string | null = null;
  if (run.params.continue !== undefined) {
    const parts = run.params.continue.split('|');
    if (parts.length !== 2) run.fail('apierror-badcontinue');
    const fromImage = parts[0]!;
    skipUntil = parts[1]!;
    // Titles before the continuation's are dropped, up to the first that is not.
    const firstKept = images.findIndex((image) => !phpLess(image.name, fromImage));
    images = firstKept === -1 ? [] : images.slice(firstKept);
  }
  const { store } = run.services;
  const files = await store.files.currentVersions(images.map((i) => i.name));
  const sha1Of = new Map(files.map((f) => [f.name, f.sha1]));
  const bySha1 = new Map<string, FileVersionRow[]>();
  for (const row of await store.files.filesBySha1([...new Set(sha1Of.values())])) {
    const list = bySha1.get(row.sha1) ?? [];
    list.push(row);
    bySha1.set(row.sha1, list);
  }
  const limitValue = run.params.limit;
  let count = 0;
  let fit = true;
  for (const image of images) {
    const sha1 = sha1Of.get(image.name);
    if (sha1 === undefined) continue;
    let duplicates = bySha1.get(sha1) ?? [];
    if (descending) duplicates = [...duplicates].reverse();
    for (const dup of duplicates) {
      if (dup.name === image.name) continue;
      if (skipUntil !== null && phpLess(dup.name, skipUntil)) continue;
      skipUntil = null;
      if (++count > limitValue) {
        fit = false;
        run.setContinue('continue', `${image.name}|${dup.name}`);
        break;
      }
      if (run.generator) {
        run.generator.addTitle(NS_FILE, dup.name);
        continue;
      }
      const item: ResultObject = { name: dup.name, timestamp: mwToIso(dup.timestamp) };
      setFlag(item, 'shared', false, false);
      item.user = dup.actor_name;
      fit = run.addPageItem(image.pageId, 'duplicatefiles', item, 'df');
      if (!fit) {
        run.setContinue('continue', `${image.name}|${dup.name}`);
        break;
      }
    }
    if (!fit) break;
  }
}
