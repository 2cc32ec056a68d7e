// list=allrevisions: List all revisions.
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../api/errors.ts';
import { msg } from '../../api/i18n/messages.ts';
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, NAMESPACES, TIME_DIR, user } from '../../api/params/common.ts';
import { continuationTimestamp } from '../../api/query/continuation.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, type ResultNode, type ResultObject } from '../../api/result.ts';
import type { AllRevisionRow } from '../../store/revision-lists.ts';
import type { RevisionBound } from '../../store/revisions.ts';
import { phpInt } from '../../wiki/php-values.ts';
import { hiddenUserMask } from '../../wiki/visibility.ts';
import { revCommon } from '../param-blocks.ts';
import { requireMaxOneParameter } from './user-facts.ts';
import { revisionFromRow } from '../prop/revision-record.ts';
import { RevisionRenderer, readRevCommon, userNameParam, warnMediaWikiDeprecations } from '../prop/revision-shared.ts';

const params = {
  ...revCommon(),
  user: user(),
  namespace: NAMESPACES,
  start: { type: 'timestamp' },
  end: { type: 'timestamp' },
  dir: TIME_DIR,
  excludeuser: user(),
  continue: CONT,
  generatetitles: { type: 'boolean' },
} as const satisfies ParamDecls;

export const allrevisions = defineQueryModule({
  prefix: 'arv',
  classname: 'ApiQueryAllRevisions',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allrevisions'],
  generator: true,
  params,
  itemTag: 'page',
  execute: runAllRevisions,
});

type AllRevisionsRun = QueryRun<typeof params>;

/** `ts|id`: a timestamp ConvertibleTimestamp reads and an id written as PHP writes the integer. */
export function revisionContinuation(run: QueryRun, raw: string | undefined): RevisionBound | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split('|');
  if (parts.length !== 2) run.fail('apierror-badcontinue');
  const ts = continuationTimestamp(parts[0]!);
  const id = phpInt(parts[1]!);
  if (String(id) !== parts[1]) run.fail('apierror-badcontinue');
  return { ts, id };
}

/**
 * Only unknown namespaces asked: MediaWiki 1.39 builds its query with an empty list for
 * page_namespace, which its database layer refuses with an exception.
 */
function emptyNamespaceList(): never {
  const type = 'InvalidArgumentException';
  throw new ApiError(
    msg('apierror-exceptioncaught', randomBytes(12).toString('hex'), 'Wikimedia\\Rdbms\\Platform\\SQLPlatform::makeList: empty input for field page_namespace'),
    { code: `internal_api_error_${type}`, data: { errorclass: type } },
  );
}

async function runAllRevisions(run: AllRevisionsRun): Promise<void> {
  warnMediaWikiDeprecations(run, 'list');
  requireMaxOneParameter(run, run.params, ['user', 'excludeuser']);
  const { store } = run.services;
  const settings = run.generator ? null : await readRevCommon(run, { limit: run.rawParam('limit') === 'max' ? 'max' : run.params.limit, setParsedLimit: true, group: 'list' });
  const limit = settings ? settings.limit : (run.params.limit ?? 10);
  const renderer = settings ? new RevisionRenderer(run, settings) : null;

  // Every namespace asked is no filter at all; in miser mode the others are kept after reading,
  // the rows read counting toward the limit (and an empty list keeps nothing rather than failing).
  const namespaces = namespaceFilter(run, run.params.namespace);
  const namespacesAfterReading = namespaces && run.services.site.miserMode ? namespaces : undefined;
  if (namespaces?.length === 0 && !namespacesAfterReading) emptyNamespaceList();
  const userName = await userNameParam(run, run.params.user, 'user');
  const excludeName = await userNameParam(run, run.params.excludeuser, 'excludeuser');
  const actor = userName !== undefined ? { name: userName, exclude: false } : excludeName !== undefined ? { name: excludeName, exclude: true } : undefined;
  const rows = await store.revisions.lists.allRevisions({
    dir: run.params.dir,
    start: run.params.start,
    end: run.params.end,
    from: revisionContinuation(run, run.params.continue),
    namespaces: namespacesAfterReading ? undefined : namespaces,
    actor,
    // Paranoia against searching for hidden users (T19342), only with a user filter.
    hiddenMask: actor ? hiddenUserMask(run.caller.rights) : undefined,
    limit: limit + 1,
    slots: renderer?.slotsWanted(),
  });
  const continueValue = (row: AllRevisionRow) => `${store.storedTimestamp(row.rev_timestamp, 'rev_timestamp')}|${row.rev_id}`;
  const read = rows.slice(0, limit);
  const shown = namespacesAfterReading ? read.filter((row) => namespacesAfterReading.includes(row.page_namespace)) : read;
  const next = rows.length > limit ? rows[limit]! : null;

  if (run.generator) {
    // Revisions come in at the start of the list all the time: a batch continues from its first row.
    if (rows.length) run.setGeneratorBatchStart('continue', continueValue(rows[0]!));
    const seen = new Set<number>();
    for (const row of shown) {
      if (!run.params.generatetitles) run.generator.addRevisionId?.(row.rev_id);
      else if (!seen.has(row.rev_page)) {
        seen.add(row.rev_page);
        run.generator.addPageId(row.rev_page);
      }
    }
    if (next) run.setContinue('continue', continueValue(next));
    return;
  }

  const view = renderer!;
  const revs = shown.map((row) => ({ row, rev: revisionFromRow(row, { ns: row.page_namespace, dbKey: row.page_title }) }));
  const slots = view.slotsWanted() ? new Map(shown.map((row) => [row.rev_id, row.slots ?? []])) : undefined;
  await view.load(revs.map((r) => r.rev), slots);
  // Each page once, where its first revision comes, with all its revisions of this batch.
  const pages = new Map<number, { first: AllRevisionRow; revisions: ResultNode[] }>();
  for (const { row, rev } of revs) {
    let page = pages.get(row.rev_page);
    if (!page) pages.set(row.rev_page, (page = { first: row, revisions: [] }));
    page.revisions.push(view.render(rev));
  }
  for (const { first, revisions } of pages.values()) {
    const item: ResultObject = { pageid: first.rev_page, revisions: list('rev', revisions) };
    item.ns = first.page_namespace;
    item.title = run.services.titles.text(first.page_namespace, first.page_title);
    if (!run.addItem(item)) {
      run.setContinue('continue', continueValue(first));
      return;
    }
  }
  if (next) run.setContinue('continue', continueValue(next));
}

/** The namespaces to keep; undefined when none was asked or all the wiki's are (no filter then). */
function namespaceFilter(run: AllRevisionsRun, asked: readonly number[] | undefined): readonly number[] | undefined {
  if (asked === undefined) return undefined;
  const wanted = [...new Set(asked)].sort((a, b) => a - b);
  const valid = run.services.namespaces.all().map((n) => n.id).filter((id) => id >= 0).sort((a, b) => a - b);
  return wanted.length === valid.length && wanted.every((id, i) => id === valid[i]) ? undefined : wanted;
}
