// prop=imageinfo: Returns file information and upload history.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, limit } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { continuationTimestamp } from '../../api/query/continuation.ts';
import { setFlag, type ResultObject } from '../../api/result.ts';
import type { FileVersionRow } from '../../store/files.ts';
import { currentText } from '../../store/page-text.ts';
import { badFileList, isBadFile } from '../../wiki/files-bad-list.ts';
import { missingFileWarning, type ExistsWarning, type WarningFile } from '../../wiki/files-upload-warning.ts';
import { handlerKind, normaliseThumbParams, parseThumbParamString, THUMB_LIMITS, type ThumbParams } from '../../wiki/files.ts';
import { escapeWikiText } from '../../wiki/titles.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { imageFacts, metadataBlobTexts, mimeOf, parsedComments, TransformCounter, versionInfo, type InfoOptions, type ShownVersion } from './imageinfo-version.ts';

const NS_FILE = 6;
const NS_MEDIAWIKI = 8;

export const IMAGEINFO_PROPS = [
  'timestamp', 'user', 'userid', 'comment', 'parsedcomment', 'canonicaltitle', 'url',
  'size', 'dimensions', 'sha1', 'mime', 'thumbmime', 'mediatype', 'metadata',
  'commonmetadata', 'extmetadata', 'archivename', 'bitdepth', 'uploadwarning', 'badfile',
] as const;

const params = {
  prop: { type: IMAGEINFO_PROPS, default: 'timestamp|user', multi: true },
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
} as const satisfies ParamDecls;

export const imageinfo = defineQueryModule({
  prefix: 'ii',
  classname: 'ApiQueryImageInfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Imageinfo'],
  params,
  execute: runImageInfo,
});

type ImageInfoRun = QueryRun<typeof params>;

/** A file title of the page set: a page, or a missing title with its fake id. */
interface FileTitle {
  name: string;
  pageId: number;
  exists: boolean;
}

/** PHP's `<` and asort of two strings: numerically when both are numeric, else byte by byte. */
function phpCompare(a: string, b: string): number {
  const numeric = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
  if (numeric.test(a) && numeric.test(b)) return Number(a) - Number(b);
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function fileTitles(run: ImageInfoRun): FileTitle[] {
  const out: FileTitle[] = [];
  for (const page of run.pageset.goodPages()) if (page.ns === NS_FILE) out.push({ name: page.dbKey, pageId: page.pageId, exists: true });
  for (const missing of run.pageset.missing()) if (missing.ns === NS_FILE) out.push({ name: missing.dbKey, pageId: missing.fakeId, exists: false });
  return out.sort((a, b) => phpCompare(a.name, b.name));
}

/** ApiQueryImageInfo::getScale. */
function requestedScale(run: ImageInfoRun): ThumbParams | null {
  const { urlwidth, urlheight, urlparam } = run.params;
  if (urlwidth !== -1) return { width: urlwidth, height: urlheight };
  if (urlheight !== -1) return { height: urlheight };
  if (urlparam) return {};
  return null;
}

/** ApiQueryImageInfo::mergeThumbParams with checkParameterNormalise. */
function mergeThumbParams(run: ImageInfoRun, row: FileVersionRow | null, name: string, scale: ThumbParams | null): ThumbParams | null {
  if (scale === null) return null;
  const merged: ThumbParams = { ...scale };
  const width = row?.width ?? 0;
  if (merged.width === undefined && merged.height !== undefined) merged.width = width <= 0 ? Math.max(...THUMB_LIMITS) : width;
  const mime = row ? mimeOf(row) : 'unknown/unknown';
  const hasHandler = handlerKind(mime) !== null;
  const checkNormalise = (p: ThumbParams): void => {
    if (!hasHandler || !row) return;
    if (!normaliseThumbParams(imageFacts(row), p)) run.fail('apierror-urlparamnormal', [escapeWikiText(name)]);
  };
  const otherParams = run.params.urlparam;
  if (!otherParams) {
    checkNormalise(merged);
    return merged;
  }
  const prefix = run.prefix;
  if (!hasHandler) {
    run.warn('apiwarn-nothumb-noimagehandler', escapeWikiText(name));
    return merged;
  }
  const parsed = parseThumbParamString(mime, otherParams);
  if (!parsed) {
    run.warn('apiwarn-badurlparam', prefix, escapeWikiText(name));
    checkNormalise(merged);
    return merged;
  }
  if (parsed.width !== undefined && merged.width !== undefined && Math.trunc(parsed.width) !== Math.trunc(merged.width)) {
    run.warn('apiwarn-urlparamwidth', prefix, String(parsed.width), String(merged.width));
  }
  for (const [key, value] of Object.entries(parsed)) {
    const valid = key === 'width' || key === 'height' ? Number(value) > 0 : key === 'quality' ? value === 'low' : key === 'lang' ? value !== '' : false;
    if (!valid) run.fail('apierror-invalidurlparam', [prefix, escapeWikiText(key), escapeWikiText(String(value))]);
  }
  const final: ThumbParams = { ...parsed, ...merged };
  checkNormalise(final);
  return final;
}

/** The version rows of the titles: their own, or a file redirect's target's (LocalRepo::checkRedirect). */
interface FoundFiles {
  /** The file each title shows, by the title's DB key. */
  files: Map<string, { row: FileVersionRow; pageId: number }>;
  /** Titles whose page redirects to another file. */
  fileRedirects: Set<string>;
}

async function findFiles(run: ImageInfoRun, titles: readonly FileTitle[]): Promise<FoundFiles> {
  const { store } = run.services;
  const rows = new Map((await store.files.currentVersions(titles.map((t) => t.name))).map((r) => [r.name, r]));
  const found = new Map<string, { row: FileVersionRow; pageId: number }>();
  const redirected = titles.filter((t) => !rows.has(t.name) && t.exists);
  const targets = new Map<number, string>();
  if (redirected.length) {
    for (const r of await store.pages.redirectTargets(redirected.map((t) => t.pageId))) {
      if (r.rd_namespace === NS_FILE && !r.rd_interwiki) targets.set(r.rd_from, r.rd_title);
    }
  }
  const targetRows = new Map((await store.files.currentVersions([...new Set(targets.values())])).map((r) => [r.name, r]));
  const pageIds = new Map<string, number>();
  const targetNames = [...targetRows.keys()];
  if (targetNames.length) {
    for (const p of await store.pages.byTitles(targetNames.map((dbKey) => ({ ns: NS_FILE, dbKey })))) pageIds.set(p.page_title, p.page_id);
  }
  for (const t of titles) {
    const own = rows.get(t.name);
    if (own) {
      found.set(t.name, { row: own, pageId: t.exists ? t.pageId : 0 });
      continue;
    }
    const target = targets.get(t.pageId);
    const targetRow = target === undefined ? undefined : targetRows.get(target);
    if (targetRow) found.set(t.name, { row: targetRow, pageId: pageIds.get(targetRow.name) ?? 0 });
  }
  const fileRedirects = new Set(titles.filter((t) => targets.has(t.pageId)).map((t) => t.name));
  return { files: found, fileRedirects };
}

function warningFile(run: ImageInfoRun, row: FileVersionRow): WarningFile {
  return { ...imageFacts(row), title: run.services.titles.text(NS_FILE, row.name) };
}

async function uploadWarning(run: ImageInfoRun, title: FileTitle, found: FileVersionRow | null, fileRedirect: boolean): Promise<ExistsWarning | null> {
  if (found) return { kind: 'exists', file: warningFile(run, found) };
  const { store, titles } = run.services;
  const lookup = {
    file: async (name: string): Promise<WarningFile | null> => {
      const [row] = await store.files.currentVersions([name]);
      return row ? warningFile(run, row) : null;
    },
    firstWithPrefix: async (prefix: string): Promise<string | null> => (await store.files.namesWithPrefix(prefix, 1))[0] ?? null,
  };
  return missingFileWarning(title.name, titles.text(NS_FILE, title.name), { exists: title.exists, fileRedirect }, lookup);
}

function continueParts(run: ImageInfoRun): { title: string; timestamp: string } | null {
  const raw = run.params.continue;
  if (raw === undefined) return null;
  const parts = raw.split('|');
  if (parts.length !== 2) run.fail('apierror-badcontinue');
  return { title: parts[0]!, timestamp: parts[1]! };
}

function badFileContext(run: ImageInfoRun): string | null {
  const input = run.params.badfilecontexttitle;
  if (input === undefined) return null;
  const parsed = run.services.titles.parse(input);
  if ('invalid' in parsed || parsed.interwiki) run.fail('apierror-bad-badfilecontexttitle', [run.prefix], 'invalid-title');
  const prefixed = run.services.titles.text(parsed.ns, parsed.dbKey);
  return prefixed.replace(/ /g, '_');
}

async function runImageInfo(run: ImageInfoRun): Promise<void> {
  const prop = new Set<string>(run.params.prop);
  const scale = requestedScale(run);
  const options: InfoOptions = { prop, metadataVersion: run.params.metadataversion, extMetadataFilter: run.params.extmetadatafilter };
  const contextTitle = badFileContext(run);
  const allTitles = fileTitles(run);
  if (!allTitles.length) return;
  const single = allTitles.length === 1;
  const cont = continueParts(run);
  let titles = allTitles;
  if (cont) {
    const firstKept = titles.findIndex((t) => phpCompare(t.name, cont.title) >= 0);
    titles = firstKept === -1 ? [] : titles.slice(firstKept);
  }
  const { files: found, fileRedirects } = await findFiles(run, titles);
  const wantsMissing = prop.has('uploadwarning') || prop.has('badfile');
  const badList = prop.has('badfile')
    ? badFileList(await currentText(run.services.store, { ns: NS_MEDIAWIKI, dbKey: 'Bad_image_list' }), run.services.titles)
    : null;
  const counter = new TransformCounter();
  const limitValue = run.params.limit;
  const startParam = run.params.start ?? null;
  const endParam = run.params.end ?? null;

  for (const title of titles) {
    const start = cont && title.name === cont.title ? cont.timestamp : startParam;
    const file = found.get(title.name) ?? null;
    const info: ResultObject = {};
    if (!file) {
      if (!wantsMissing) {
        run.addPageFields(title.pageId, { imagerepository: '' });
        continue;
      }
      info.imagerepository = '';
    }
    const originalName = title.name;
    const continueFrom = (row: FileVersionRow | null, at: string | null): string => `${originalName}|${at ?? row?.timestamp ?? ''}`;
    if (counter.count >= TransformCounter.LIMIT) {
      if (single) run.setContinue('start', start ?? mwToIso(file?.row.timestamp ?? ''));
      else run.setContinue('continue', continueFrom(file?.row ?? null, start));
      break;
    }
    if (info.imagerepository === undefined) info.imagerepository = 'local';
    if (badList) setFlag(info, 'badfile', isBadFile(badList, file ? file.row.name : title.name, contextTitle), false);
    run.addPageFields(title.pageId, info);

    const fileName = file ? file.row.name : title.name;
    const thumbParams = mergeThumbParams(run, file?.row ?? null, fileName, scale);
    const warning = prop.has('uploadwarning') ? await uploadWarning(run, title, file?.row ?? null, fileRedirects.has(title.name)) : undefined;
    const shown = (row: FileVersionRow | null): ShownVersion => ({
      row,
      name: fileName,
      // A missing file's description page is its own title's page, when there is one.
      pageId: file ? file.pageId : title.exists ? title.pageId : 0,
      ...(warning !== undefined ? { warning } : {}),
    });

    const versions: ShownVersion[] = [];
    let gotOne = false;
    const current = file?.row ?? null;
    const currentTimestamp = current?.timestamp ?? '';
    if ((start === null || currentTimestamp <= start) && (endParam === null || currentTimestamp >= endParam)) {
      gotOne = true;
      versions.push(shown(current));
    }
    let more: FileVersionRow | null = null;
    if (current) {
      const count = gotOne ? 1 : 0;
      const old = await oldVersions(run, fileName, limitValue - count + 1, start, endParam);
      for (const [i, row] of old.entries()) {
        if (count + i + 1 > limitValue) {
          more = row;
          break;
        }
        versions.push(shown(row));
      }
    }
    const comments = prop.has('parsedcomment') ? await parsedComments(run, versions) : new Map<ShownVersion, string>();
    const versionOptions = { ...options, blobTexts: await metadataBlobTexts(run, prop, versions.map((v) => v.row)) };
    let fit = true;
    for (const [i, version] of versions.entries()) {
      const isCurrent = i === 0 && gotOne;
      if (!isCurrent && counter.count >= TransformCounter.LIMIT) fit = false;
      else fit = run.addPageItem(title.pageId, 'imageinfo', versionInfo(run, version, versionOptions, thumbParams, counter, comments.get(version)), 'ii');
      if (!fit) {
        const row = version.row;
        if (single) run.setContinue('start', mwToIso(row?.timestamp ?? ''));
        // An old version continues under its file's own name, the current one under the title asked for.
        else run.setContinue('continue', isCurrent ? continueFrom(row, null) : `${fileName}|${row?.timestamp ?? ''}`);
        break;
      }
    }
    if (!fit) break;
    if (more && single) run.setContinue('start', mwToIso(more.timestamp));
  }
}

/** LocalFile::getHistory: newest first; with only an end, the oldest after it (read upwards, then turned). */
async function oldVersions(run: ImageInfoRun, name: string, limit: number, start: string | null, end: string | null): Promise<FileVersionRow[]> {
  const startGiven = start !== null && start !== '' && start !== '0';
  const endGiven = end !== null && end !== '' && end !== '0';
  const ascending = !startGiven && end !== null;
  const rows = await run.services.store.files.oldVersions({
    name,
    start: startGiven ? continuationTimestamp(start) : null,
    end: endGiven ? continuationTimestamp(end) : null,
    limit,
    ascending,
  });
  return ascending ? rows.reverse() : rows;
}
