// list=allimages: Enumerate all images sequentially.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, limit, user } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { continuationTimestamp } from '../../api/query/continuation.ts';
import { mergeInto, type ResultObject } from '../../api/result.ts';
import type { AllFilesQuery, FileVersionRow } from '../../store/files.ts';
import { sha1HexToBase36 } from '../../wiki/files.ts';
import type { SiteConfig } from '../../wiki/site.ts';
import { nowMw } from '../../wiki/timestamps.ts';
import { metadataBlobTexts, parsedComments, TransformCounter, versionInfo, type ShownVersion } from '../prop/imageinfo-version.ts';
import { titlePartToKey } from './allpages.ts';

const NS_FILE = 6;

const params = {
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
} as const satisfies ParamDecls;

export const allimages = defineQueryModule({
  prefix: 'ai',
  classname: 'ApiQueryAllImages',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allimages'],
  generator: true,
  params,
  itemTag: 'img',
  execute: runAllImages,
});

type AllImagesRun = QueryRun<typeof params>;

/** GroupPermissionsLookup::getGroupsWithPermission. */
function groupsWithRight(site: SiteConfig, right: string): string[] {
  return Object.entries(site.groups)
    .filter(([, group]) => (group.rights ?? []).includes(right) && !(group.revoke ?? []).includes(right))
    .map(([name]) => name);
}

/** File::splitMime: `image/png` as major and minor; a type without a slash is `unknown` below. */
function splitMime(mime: string): readonly [string, string] {
  const slash = mime.indexOf('/');
  return slash === -1 ? [mime, 'unknown'] : [mime.slice(0, slash), mime.slice(slash + 1)];
}

function mustUseWith(run: AllImagesRun, name: string, sort: string): never {
  return run.fail('apierror-invalidparammix-mustusewith', [run.paramName(name), `${run.prefix}sort=${sort}`], 'invalidparammix');
}

function query(run: AllImagesRun): AllFilesQuery | null {
  const p = run.params;
  const descending = p.dir === 'descending' || p.dir === 'older';
  const q: AllFilesQuery = {
    sort: p.sort, descending, from: null, to: null, prefix: null, continueName: null, start: null, end: null, continueAt: null,
    actorName: null, bots: null, botGroups: [], now: nowMw(), minSize: null, maxSize: null, sha1: null, mimes: null, limit: p.limit + 1,
  };
  if (p.sort === 'name') {
    for (const name of ['start', 'end', 'user'] as const) if (p[name] !== undefined) mustUseWith(run, name, 'timestamp');
    if (p.filterbots !== 'all') mustUseWith(run, 'filterbots', 'timestamp');
    if (p.continue !== undefined) {
      const parts = p.continue.split('|');
      if (parts.length !== 1) run.fail('apierror-badcontinue');
      q.continueName = parts[0]!;
    }
    if (p.from !== undefined) q.from = titlePartToKey(run, p.from, NS_FILE);
    if (p.to !== undefined) q.to = titlePartToKey(run, p.to, NS_FILE);
    if (p.prefix !== undefined) q.prefix = titlePartToKey(run, p.prefix, NS_FILE);
  } else {
    for (const name of ['from', 'to', 'prefix'] as const) if (p[name] !== undefined) mustUseWith(run, name, 'name');
    if (p.user !== undefined && p.filterbots !== 'all') {
      run.fail('apierror-invalidparammix-cannotusewith', [run.paramName('user'), run.paramName('filterbots')]);
    }
    q.start = p.start ?? null;
    q.end = p.end ?? null;
    if (p.continue !== undefined) {
      const parts = p.continue.split('|');
      if (parts.length !== 2) run.fail('apierror-badcontinue');
      q.continueAt = { timestamp: continuationTimestamp(parts[0]!), name: parts[1]! };
    }
    if (p.user !== undefined) q.actorName = p.user;
    if (p.filterbots !== 'all') {
      q.bots = p.filterbots;
      q.botGroups = groupsWithRight(run.services.site, 'bot');
    }
  }
  if (p.minsize !== undefined) q.minSize = p.minsize;
  if (p.maxsize !== undefined) q.maxSize = p.maxsize;
  if (p.sha1 !== undefined) {
    const hex = p.sha1.toLowerCase();
    if (!/^[a-f0-9]{40}$/.test(hex)) run.fail('apierror-invalidsha1hash');
    q.sha1 = sha1HexToBase36(hex);
  } else if (p.sha1base36 !== undefined) {
    const base36 = p.sha1base36.toLowerCase();
    if (!/^[a-z0-9]{31}$/.test(base36)) run.fail('apierror-invalidsha1base36hash');
    q.sha1 = base36;
  }
  if (q.sha1 === '') q.sha1 = null;
  if (p.mime !== undefined) {
    if (run.services.site.miserMode) run.fail('apierror-mimesearchdisabled');
    if (!p.mime.length) return null;
    q.mimes = p.mime.map(splitMime);
  }
  return q;
}

async function runAllImages(run: AllImagesRun): Promise<void> {
  if (run.generator && run.resolveRedirects) run.fail('apierror-allimages-redirect', [], 'invalidparammix');
  const q = query(run);
  // No MIME type asked for: no files.
  if (q === null) return;
  const { store, titles } = run.services;
  const rows = await store.files.allFiles(q);
  const limitValue = run.params.limit;
  const continueValue = (row: FileVersionRow): string =>
    q.sort === 'name' ? row.name : `${store.storedTimestamp(row.timestamp, 'img_timestamp')}|${row.name}`;
  if (rows.length > limitValue) run.setContinue('continue', continueValue(rows[limitValue]!));
  const shownRows = rows.slice(0, limitValue);
  if (run.generator) {
    for (const row of shownRows) run.generator.addTitle(NS_FILE, row.name);
    return;
  }
  const prop = new Set<string>(run.params.prop);
  const pageIds = new Map<string, number>();
  if (prop.has('url') && shownRows.length) {
    for (const page of await store.pages.byTitles(shownRows.map((r) => ({ ns: NS_FILE, dbKey: r.name })))) pageIds.set(page.page_title, page.page_id);
  }
  const versions: ShownVersion[] = shownRows.map((row) => ({ row, name: row.name, pageId: pageIds.get(row.name) ?? 0 }));
  const comments = prop.has('parsedcomment') ? await parsedComments(run, versions) : new Map<ShownVersion, string>();
  const options = { prop, metadataVersion: 'latest', extMetadataFilter: undefined, blobTexts: await metadataBlobTexts(run, prop, shownRows) };
  const counter = new TransformCounter();
  for (const version of versions) {
    const info = versionInfo(run, version, options, null, counter, comments.get(version));
    const item: ResultObject = { name: version.name };
    mergeInto(item, info);
    item.ns = NS_FILE;
    item.title = titles.text(NS_FILE, version.name);
    if (!run.addItem(item)) {
      run.setContinue('continue', continueValue(version.row!));
      break;
    }
  }
}

