// prop=revisions: Get revision information.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import type { RevisionBound, RevisionRow, SlotsWanted } from '../../store/revisions.ts';
import { phpInt, phpIntEqualsText } from '../../wiki/php-values.ts';
import { ANY_USER, CONT, SINGLE_PAGE_ONLY, user } from '../../api/params/common.ts';
import { revCommon } from '../param-blocks.ts';
import { hiddenUserMask } from '../../wiki/visibility.ts';
import { revisionFromRow } from './revision-record.ts';
import { RevisionRenderer, readRevCommon, warnMediaWikiDeprecations, type RevCommonSettings } from './revision-shared.ts';

/** getModulePrefix(): `rv` also when running as a generator. */
const MODULE_PREFIX = 'rv';

/** The parameters that switch to enumerating one page's history. */
const ENUM_PARAMS = ['user', 'excludeuser', 'limit', 'startid', 'endid', 'start', 'end'] as const;

const params = {
  ...revCommon({ limitInfo: [SINGLE_PAGE_ONLY] }),
  startid: { type: 'integer', info: [SINGLE_PAGE_ONLY] },
  endid: { type: 'integer', info: [SINGLE_PAGE_ONLY] },
  start: { type: 'timestamp', info: [SINGLE_PAGE_ONLY] },
  end: { type: 'timestamp', info: [SINGLE_PAGE_ONLY] },
  dir: { type: ['newer', 'older'], default: 'older', info: [SINGLE_PAGE_ONLY] },
  user: user(ANY_USER, { info: [SINGLE_PAGE_ONLY] }),
  excludeuser: user(ANY_USER, { info: [SINGLE_PAGE_ONLY] }),
  tag: { type: 'string' },
  token: { type: ['rollback'], multi: true, deprecated: true },
  continue: CONT,
} as const satisfies ParamDecls;

export const revisions = defineQueryModule({
  prefix: 'rv',
  classname: 'ApiQueryRevisions',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Revisions'],
  generator: true,
  params,
  execute: runRevisions,
});

type RevisionsRun = QueryRun<typeof params>;

type Mode = 'enum' | 'revids' | 'pages';

async function runRevisions(run: RevisionsRun): Promise<void> {
  warnMediaWikiDeprecations(run);
  const enumMode = ENUM_PARAMS.some((p) => run.params[p] !== undefined) || run.params.dir === 'newer';
  const pageset = run.pageset;
  const revIds = [...pageset.revisionIds.keys()];
  // Deleted revision ids count as revision ids (MediaWiki's getRevisionCount), though only live ones are listed.
  const revisionCount = revIds.length + pageset.deletedRevisionIds.size;
  const pageCount = pageset.goodCount();
  if (revisionCount === 0 && pageCount === 0) return;
  // Revision mode, but every revision asked for is deleted.
  if (revisionCount > 0 && revIds.length === 0) return;
  if (revisionCount > 0 && enumMode) {
    run.fail('apierror-revisions-norevids', [MODULE_PREFIX], 'invalidparammix');
  }
  if (pageCount > 1 && enumMode) {
    run.fail('apierror-revisions-singlepage', [MODULE_PREFIX], 'invalidparammix');
  }
  const mode: Mode = enumMode ? 'enum' : revisionCount > 0 ? 'revids' : 'pages';

  let settings: RevCommonSettings | null = null;
  let limit: number;
  if (run.generator) {
    limit = run.params.limit ?? 10;
  } else {
    // Without enumeration, rvlimit cannot be used: MediaWiki takes the maximum.
    const rawLimit = run.rawParam('limit') === 'max' ? 'max' : run.params.limit;
    settings = await readRevCommon(run, { limit: enumMode ? rawLimit : 'max', setParsedLimit: enumMode });
    limit = settings.limit;
  }

  const tag = run.params.tag;
  const tagId = tag === undefined ? undefined : await run.services.store.site.tagId(tag);
  const renderer = settings ? new RevisionRenderer(run, settings) : null;
  // The slots (and texts) the renderer needs come with the revisions, in the same statement.
  const rows = await fetchRows(run, mode, revIds, tagId, limit + 1, renderer?.slotsWanted());

  const shown = rows.slice(0, limit);
  const next = rows.length > limit ? rows[limit]! : null;
  if (run.generator) {
    for (const row of shown) run.generator.addRevisionId?.(row.rev_id);
    if (next) run.setContinue('continue', continueValue(run, mode, next));
    return;
  }
  // Outside generator mode the settings, and so the renderer, are read.
  const view = renderer!;
  const revs = shown.map((row) => {
    const page = pageset.goodPage(row.rev_page);
    return { row, rev: revisionFromRow(row, page ?? { ns: 0, dbKey: '' }) };
  });
  const slots = view.slotsWanted() ? new Map(shown.map((row) => [row.rev_id, row.slots ?? []])) : undefined;
  await view.load(revs.map((r) => r.rev), slots);
  for (const { row, rev } of revs) {
    // A result grown past $wgAPIMaxResultSize continues at the revision that did not fit.
    if (!run.addPageItem(row.rev_page, 'revisions', view.render(rev), 'rev')) {
      run.setContinue('continue', continueValue(run, mode, row));
      return;
    }
  }
  if (next) run.setContinue('continue', continueValue(run, mode, next));
}

function continueValue(run: QueryRun, mode: Mode, row: RevisionRow): string | number {
  // MediaWiki continues from the timestamp as the database returned it.
  if (mode === 'enum') return `${run.services.store.storedTimestamp(row.rev_timestamp, 'rev_timestamp')}|${row.rev_id}`;
  // An integer, which MediaWiki's continuation keeps as a JSON number.
  if (mode === 'revids') return row.rev_id;
  return `${row.rev_page}|${row.rev_id}`;
}

/** `a|b` continuation parts as integers, or MediaWiki's badcontinue. */
function continueParts(run: QueryRun, raw: string, count: number): string[] {
  const parts = raw.split('|');
  if (parts.length !== count) run.fail('apierror-badcontinue');
  return parts;
}

async function fetchRows(run: RevisionsRun, mode: Mode, revIds: number[], tagId: number | null | undefined, limit: number, slots: SlotsWanted | undefined): Promise<RevisionRow[]> {
  const store = run.services.store.revisions;
  const cont = run.params.continue;
  if (mode === 'revids') {
    return store.byIds({ revIds, fromId: cont === undefined ? undefined : phpInt(cont), tagId, limit, slots });
  }
  if (mode === 'pages') {
    let from: { pageId: number; revId: number } | undefined;
    if (cont !== undefined) {
      const [page, rev] = continueParts(run, cont, 2);
      from = { pageId: phpInt(page!), revId: phpInt(rev!) };
    }
    const pageIds = run.pageset.goodPages().map((p) => p.pageId);
    return store.latestOfPages({ pageIds, from, tagId, limit, slots });
  }
  return store.pageHistory({ ...(await historyBounds(run, cont)), tagId, limit, slots });
}

/** The single page's history query: direction, bounds, user filter (ApiQueryRevisions enum mode). */
async function historyBounds(run: RevisionsRun, cont: string | undefined) {
  requireMaxOne(run, 'startid', 'start');
  requireMaxOne(run, 'endid', 'end');
  requireMaxOne(run, 'user', 'excludeuser');
  const dir = run.params.dir;
  let from: RevisionBound | undefined;
  if (cont !== undefined) {
    const [ts, id] = continueParts(run, cont, 2);
    if (!phpIntEqualsText(id!)) run.fail('apierror-badcontinue');
    from = { ts: continueTimestamp(ts!), id: phpInt(id!) };
  }
  const startId = run.params.startid;
  const endId = run.params.endid;
  let start: RevisionBound | undefined;
  let end: RevisionBound | undefined;
  if (startId !== undefined || endId !== undefined) {
    const ids = [startId, endId].filter((x): x is number => x !== undefined);
    const times = await run.services.store.revisions.timestampsOf(ids);
    if (startId !== undefined) {
      const ts = times.get(startId);
      if (ts === undefined) run.fail('apierror-revisions-badid', [run.paramName('startid')], `badid_${run.paramName('startid')}`);
      start = { ts, id: startId };
    }
    if (endId !== undefined) {
      const ts = times.get(endId);
      if (ts === undefined) run.fail('apierror-revisions-badid', [run.paramName('endid')], `badid_${run.paramName('endid')}`);
      end = { ts, id: endId };
    }
  } else {
    const s = run.params.start;
    const e = run.params.end;
    if (s !== undefined) start = { ts: s };
    if (e !== undefined) end = { ts: e };
  }
  const userName = await userParam(run, 'user');
  const excludeName = await userParam(run, 'excludeuser');
  const actor = userName !== undefined ? { name: userName, exclude: false } : excludeName !== undefined ? { name: excludeName, exclude: true } : undefined;
  const pageId = run.pageset.goodPages()[0]!.pageId;
  return { pageId, dir, start, end, from, actor, hiddenMask: actor ? hiddenUserMask(run.caller.rights) : undefined };
}

/** A user parameter's name; `#123` names the user with that id, as UserDef resolves it. */
async function userParam(run: RevisionsRun, name: 'user' | 'excludeuser'): Promise<string | undefined> {
  const value = run.params[name];
  const id = /^#(\d+)$/.exec(run.rawParam(name)?.trim() ?? '');
  if (value === undefined || !id) return value;
  return (await run.services.store.users.nameById(Number(id[1]))) ?? value;
}

/** The timestamp part of `rvcontinue` as the database compares it (Database::timestamp). */
function continueTimestamp(raw: string): string {
  const digits = raw.replace(/[^0-9]/g, '');
  return /^\d{14}$/.test(raw) ? raw : digits.length >= 14 ? digits.slice(0, 14) : raw;
}

/** ApiBase::requireMaxOneParameter */
function requireMaxOne(run: RevisionsRun, a: keyof typeof params, b: keyof typeof params): void {
  if (run.params[a] === undefined || run.params[b] === undefined) return;
  run.fail(
    'apierror-invalidparammix',
    [{ list: [`<var>${run.paramName(a)}</var>`, `<var>${run.paramName(b)}</var>`], type: 'text' }, 2],
    'invalidparammix',
  );
}
