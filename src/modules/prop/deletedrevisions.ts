// prop=deletedrevisions: Get deleted revision information.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, TIME_DIR, user } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import type { ArchiveRow } from '../../store/archive.ts';
import type { TitleKey } from '../../store/pages.ts';
import { hiddenUserMask } from '../../wiki/visibility.ts';
import { continueInt, titlePosition } from '../list/alldeletedrevisions.ts';
import { requireMaxOneParameter } from '../list/user-facts.ts';
import { revCommon } from '../param-blocks.ts';
import { revisionFromArchiveRow } from './revision-record.ts';
import { RevisionRenderer, readRevCommon, requireDeletedRevisionRights, userNameParam, warnMediaWikiDeprecations } from './revision-shared.ts';

const params = {
  ...revCommon(),
  start: { type: 'timestamp' },
  end: { type: 'timestamp' },
  dir: TIME_DIR,
  tag: { type: 'string' },
  user: user(),
  excludeuser: user(),
  continue: CONT,
} as const satisfies ParamDecls;

export const deletedrevisions = defineQueryModule({
  prefix: 'drv',
  classname: 'ApiQueryDeletedRevisions',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Deletedrevisions'],
  generator: true,
  cacheMode: 'private',
  params,
  execute: runDeletedRevisions,
});

type DeletedRevisionsRun = QueryRun<typeof params>;

async function runDeletedRevisions(run: DeletedRevisionsRun): Promise<void> {
  warnMediaWikiDeprecations(run);
  const pageset = run.pageset;
  // The pages asked for, existing or not, under the ids the output shows them with.
  const pages = new Map<string, number>();
  for (const page of pageset.goodPages()) pages.set(`${page.ns}:${page.dbKey}`, page.pageId);
  for (const page of pageset.missing()) pages.set(`${page.ns}:${page.dbKey}`, page.fakeId);
  if (pages.size === 0 && !pageset.isRevisionMode()) return;
  // With revision ids, only the deleted ones among them, in ar_rev_id order.
  const byRevision = pageset.isRevisionMode();
  const deletedIds = [...pageset.deletedRevisionIds.keys()];
  if (byRevision && deletedIds.length === 0) return;

  const p = run.params;
  const { store } = run.services;
  requireMaxOneParameter(run, p, ['user', 'excludeuser']);
  const settings = run.generator ? null : await readRevCommon(run, { limit: run.rawParam('limit') === 'max' ? 'max' : p.limit, setParsedLimit: true });
  const limit = settings ? settings.limit : (p.limit ?? 10);
  const tagId = p.tag === undefined ? undefined : await store.site.tagId(p.tag);
  if (settings) requireDeletedRevisionRights(run, settings);

  const userName = await userNameParam(run, p.user, 'user');
  const excludeName = await userNameParam(run, p.excludeuser, 'excludeuser');
  const titles: TitleKey[] = [...pages.keys()].map((key) => {
    const colon = key.indexOf(':');
    return { ns: Number(key.slice(0, colon)), dbKey: key.slice(colon + 1) };
  });
  const namespaces = new Set(titles.map((t) => t.ns));
  const rows = await store.revisions.archive.revisions({
    dir: p.dir,
    ...(byRevision ? { revIds: deletedIds } : { titles, start: p.start, end: p.end }),
    user: userName,
    excludeUser: excludeName,
    hiddenMask: userName !== undefined || excludeName !== undefined ? hiddenUserMask(run.caller.rights) : undefined,
    tagId,
    // By revision id, or namespace and title (in the order only where they vary) and time.
    order: byRevision
      ? { by: 'revid', from: p.continue === undefined ? undefined : revisionPosition(run, p.continue) }
      : { by: 'title', byNamespace: namespaces.size > 1, byTitle: titles.length > 1, from: p.continue === undefined ? undefined : titlePosition(run, p.continue) },
    limit: limit + 1,
    slots: settings ? new RevisionRenderer(run, settings).slotsWanted() : undefined,
  });
  const continueValue = (row: ArchiveRow) =>
    byRevision ? `${row.ar_rev_id}|${row.ar_id}` : `${row.ar_namespace}|${row.ar_title}|${store.storedTimestamp(row.ar_timestamp, 'ar_timestamp')}|${row.ar_id}`;
  const shown = rows.slice(0, limit);
  const next = rows.length > limit ? rows[limit]! : null;
  if (run.generator) {
    for (const row of shown) run.generator.addRevisionId?.(row.ar_rev_id);
    if (next) run.setContinue('continue', continueValue(next));
    return;
  }
  const view = new RevisionRenderer(run, settings!);
  const revs = shown.map((row) => ({ row, rev: revisionFromArchiveRow(row) }));
  const slots = view.slotsWanted() ? new Map(shown.map((row) => [row.ar_rev_id, row.slots ?? []])) : undefined;
  await view.load(revs.map((r) => r.rev), slots);
  for (const { row, rev } of revs) {
    const pageId = pages.get(`${row.ar_namespace}:${row.ar_title}`);
    if (pageId === undefined) continue;
    if (!run.addPageItem(pageId, 'deletedrevisions', view.render(rev), 'rev')) {
      run.setContinue('continue', continueValue(row));
      return;
    }
  }
  if (next) run.setContinue('continue', continueValue(next));
}

/** `ar_rev_id|ar_id`, the continuation when revision ids were asked for. */
function revisionPosition(run: QueryRun, raw: string): { revId: number; id: number } {
  const parts = raw.split('|');
  if (parts.length !== 2) run.fail('apierror-badcontinue');
  return { revId: continueInt(run, parts[0]!), id: continueInt(run, parts[1]!) };
}
