// list=alldeletedrevisions: List all deleted revisions by a user or in a namespace.
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../api/errors.ts';
import { msg } from '../../api/i18n/messages.ts';
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { ANY_USER, CONT, NAMESPACES, NON_USER_ONLY, TIME_DIR, USER_ONLY, user } from '../../api/params/common.ts';
import { continuationTimestamp } from '../../api/query/continuation.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, type ResultNode, type ResultObject } from '../../api/result.ts';
import type { ArchiveQuery, ArchiveRow, ArchiveTitlePosition, ArchiveTitleRange } from '../../store/archive.ts';
import type { TitleKey } from '../../store/pages.ts';
import { phpInt } from '../../wiki/php-values.ts';
import { hiddenUserMask } from '../../wiki/visibility.ts';
import { revCommon } from '../param-blocks.ts';
import { titlePartToKey } from './allpages.ts';
import { revisionFromArchiveRow } from '../prop/revision-record.ts';
import { RevisionRenderer, readRevCommon, requireDeletedRevisionRights, userNameParam, warnMediaWikiDeprecations } from '../prop/revision-shared.ts';

const params = {
  ...revCommon(),
  user: user(),
  namespace: NAMESPACES,
  start: { type: 'timestamp', info: [USER_ONLY] },
  end: { type: 'timestamp', info: [USER_ONLY] },
  dir: TIME_DIR,
  from: { type: 'string', info: [NON_USER_ONLY] },
  to: { type: 'string', info: [NON_USER_ONLY] },
  prefix: { type: 'string', info: [NON_USER_ONLY] },
  excludeuser: user(ANY_USER, { info: [NON_USER_ONLY] }),
  tag: { type: 'string' },
  continue: CONT,
  generatetitles: { type: 'boolean' },
} as const satisfies ParamDecls;

export const alldeletedrevisions = defineQueryModule({
  prefix: 'adr',
  classname: 'ApiQueryAllDeletedRevisions',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alldeletedrevisions'],
  generator: true,
  cacheMode: 'private',
  params,
  itemTag: 'page',
  execute: runAllDeletedRevisions,
});

type AllDeletedRun = QueryRun<typeof params>;

/** An exception MediaWiki lets through to its API error handler (internal_api_error_TYPE). */
export function mediaWikiException(type: string, message: string): ApiError {
  return new ApiError(msg('apierror-exceptioncaught', randomBytes(12).toString('hex'), message), { code: `internal_api_error_${type}`, data: { errorclass: type } });
}

/** An integer part of a continuation, written as PHP writes it. */
export function continueInt(run: QueryRun, text: string): number {
  const value = phpInt(text);
  if (String(value) !== text) run.fail('apierror-badcontinue');
  return value;
}

/** `ns|title|timestamp|ar_id`, the continuation of listings in title order. */
export function titlePosition(run: QueryRun, raw: string): ArchiveTitlePosition {
  const parts = raw.split('|');
  if (parts.length !== 4) run.fail('apierror-badcontinue');
  const ns = continueInt(run, parts[0]!);
  const ts = continuationTimestamp(parts[2]!);
  return { ns, title: parts[1]!, ts, id: continueInt(run, parts[3]!) };
}

/** `timestamp|ar_id`, the continuation of listings in time order. */
export function timePosition(run: QueryRun, raw: string): { ts: string; id: number } {
  const parts = raw.split('|');
  if (parts.length !== 2) run.fail('apierror-badcontinue');
  const ts = continuationTimestamp(parts[0]!);
  return { ts, id: continueInt(run, parts[1]!) };
}

/**
 * `from`, `to` and `prefix` as title keys in each namespace, namespaces sharing the same keys
 * grouped (they differ only where a namespace's titles are case-sensitive).
 */
function titleRanges(run: AllDeletedRun, namespaces: readonly number[]): ArchiveTitleRange[] {
  const { from, to, prefix } = run.params;
  const ranges: ArchiveTitleRange[] = [];
  if (from === undefined && to === undefined && prefix === undefined) return ranges;
  const groups = new Map<string, { namespaces: number[]; range: Omit<ArchiveTitleRange, 'namespaces'> }>();
  // MediaWiki ANDs the from/to groups with the prefix groups; with the same keys per namespace
  // (first-letter case everywhere), one group of both says the same.
  for (const ns of namespaces) {
    const range: Omit<ArchiveTitleRange, 'namespaces'> = {};
    if (from !== undefined) range.from = titlePartToKey(run, from, ns);
    if (to !== undefined) range.to = titlePartToKey(run, to, ns);
    if (prefix !== undefined) range.prefix = titlePartToKey(run, prefix, ns);
    const key = JSON.stringify(range);
    const group = groups.get(key);
    if (group) group.namespaces.push(ns);
    else groups.set(key, { namespaces: [ns], range });
  }
  for (const { namespaces: list, range } of groups.values()) ranges.push({ namespaces: list, ...range });
  return ranges;
}

function mixError(run: AllDeletedRun, key: 'apierror-invalidparammix-cannotusewith' | 'apierror-invalidparammix-mustusewith', name: string): never {
  return run.fail(key, [`${run.prefix}${name}`, `${run.prefix}user`], 'invalidparammix');
}

async function runAllDeletedRevisions(run: AllDeletedRun): Promise<void> {
  warnMediaWikiDeprecations(run, 'list');
  const p = run.params;
  const { store } = run.services;
  const userMode = p.user !== undefined;
  // In miser mode a user's deleted revisions are read in every namespace and the namespaces kept
  // afterwards, the rows read counting toward the limit.
  const namespacesAfterReading = userMode && run.services.site.miserMode ? p.namespace : undefined;
  // No valid namespace asked: no revisions.
  if (p.namespace?.length === 0 && !namespacesAfterReading) return;
  if (userMode) {
    for (const name of ['from', 'to', 'prefix', 'excludeuser'] as const) if (p[name] !== undefined) mixError(run, 'apierror-invalidparammix-cannotusewith', name);
  } else {
    for (const name of ['start', 'end'] as const) if (p[name] !== undefined) mixError(run, 'apierror-invalidparammix-mustusewith', name);
  }
  let distinctTitles = false;
  if (!userMode && p.generatetitles && run.generator) {
    if (p.dir === 'newer') distinctTitles = true;
    // The module's own prefix, without the generator's `g`.
    else run.warn('apiwarn-alldeletedrevisions-performance', 'adr');
  }
  if (run.generator && (p.user !== undefined || p.excludeuser !== undefined)) {
    // MediaWiki 1.39 joins actor with a join condition its database layer refuses.
    throw mediaWikiException('Wikimedia\\Assert\\ParameterTypeException', 'Bad value for parameter join_conds[actor]: must be a array');
  }
  const settings = run.generator ? null : await readRevCommon(run, { limit: run.rawParam('limit') === 'max' ? 'max' : p.limit, setParsedLimit: true, group: 'list' });
  const limit = settings ? settings.limit : (p.limit ?? 10);
  const tagId = p.tag === undefined ? undefined : await store.site.tagId(p.tag);
  if (settings) requireDeletedRevisionRights(run, settings);

  const userName = await userNameParam(run, p.user, 'user');
  const excludeName = await userNameParam(run, p.excludeuser, 'excludeuser');
  const hiddenMask = userName !== undefined || excludeName !== undefined ? hiddenUserMask(run.caller.rights) : undefined;
  const allNamespaces = p.namespace ?? run.services.namespaces.all().map((n) => n.id).filter((id) => id >= 0);
  const byNamespace = p.namespace === undefined || new Set(p.namespace).size > 1;
  const ranges = userMode ? undefined : titleRanges(run, allNamespaces);
  const archive = store.revisions.archive;

  if (distinctTitles) {
    let from: { ns: number; title: string } | undefined;
    if (p.continue !== undefined) {
      const parts = p.continue.split('|');
      if (parts.length !== 2) run.fail('apierror-badcontinue');
      from = { ns: continueInt(run, parts[0]!), title: parts[1]! };
    }
    const titles = await archive.titles({ dir: p.dir, namespaces: p.namespace, ranges, excludeUser: excludeName, hiddenMask, tagId, byNamespace, from, limit: limit + 1 });
    for (const [index, t] of titles.entries()) {
      if (index >= limit) {
        run.setContinue('continue', `${t.ns}|${t.dbKey}`);
        break;
      }
      run.generator!.addTitle(t.ns, t.dbKey);
    }
    return;
  }

  const renderer = settings ? new RevisionRenderer(run, settings) : null;
  const query: ArchiveQuery = {
    dir: p.dir,
    namespaces: namespacesAfterReading ? undefined : p.namespace,
    ranges,
    user: userName,
    excludeUser: excludeName,
    hiddenMask,
    tagId,
    limit: limit + 1,
    slots: renderer?.slotsWanted(),
    order: userMode
      ? { by: 'time', from: p.continue === undefined ? undefined : timePosition(run, p.continue) }
      : { by: 'title', byNamespace, byTitle: true, from: p.continue === undefined ? undefined : titlePosition(run, p.continue) },
  };
  if (userMode) {
    query.start = p.start;
    query.end = p.end;
  }
  const rows = await archive.revisions(query);
  const continueValue = (row: ArchiveRow): string => {
    const ts = store.storedTimestamp(row.ar_timestamp, 'ar_timestamp');
    return userMode ? `${ts}|${row.ar_id}` : `${row.ar_namespace}|${row.ar_title}|${ts}|${row.ar_id}`;
  };
  const shown = rows.slice(0, limit);
  const next = rows.length > limit ? rows[limit]! : null;

  if (run.generator) {
    const seen = new Set<string>();
    for (const row of shown) {
      if (!p.generatetitles) run.generator.addRevisionId?.(row.ar_rev_id);
      else if (!seen.has(`${row.ar_namespace}:${row.ar_title}`)) {
        seen.add(`${row.ar_namespace}:${row.ar_title}`);
        run.generator.addTitle(row.ar_namespace, row.ar_title);
      }
    }
    if (next) run.setContinue('continue', continueValue(next));
    return;
  }

  const kept = namespacesAfterReading ? shown.filter((row) => namespacesAfterReading.includes(row.ar_namespace)) : shown;
  if (!(await addArchivedPages(run, renderer!, kept, continueValue))) return;
  if (next) run.setContinue('continue', continueValue(next));
}

/**
 * Deleted revisions grouped under their titles (each title once, where its first revision comes),
 * with the id of the page now at that title, as list=allrevisions shows live ones.
 */
export async function addArchivedPages(run: QueryRun, view: RevisionRenderer, rows: readonly ArchiveRow[], continueValue: (row: ArchiveRow) => string): Promise<boolean> {
  const revs = rows.map((row) => ({ row, rev: revisionFromArchiveRow(row) }));
  const slots = view.slotsWanted() ? new Map(rows.map((row) => [row.ar_rev_id, row.slots ?? []])) : undefined;
  await view.load(revs.map((r) => r.rev), slots);
  const pages = new Map<string, { first: ArchiveRow; revisions: ResultNode[] }>();
  for (const { row, rev } of revs) {
    const key = `${row.ar_namespace}:${row.ar_title}`;
    let page = pages.get(key);
    if (!page) pages.set(key, (page = { first: row, revisions: [] }));
    page.revisions.push(view.render(rev));
  }
  const titles: TitleKey[] = [...pages.values()].map(({ first }) => ({ ns: first.ar_namespace, dbKey: first.ar_title }));
  const existing = titles.length ? await run.services.store.pages.byTitles(titles) : [];
  const pageIds = new Map(existing.map((r) => [`${r.page_namespace}:${r.page_title}`, r.page_id]));
  for (const [key, { first, revisions }] of pages) {
    const item: ResultObject = { pageid: pageIds.get(key) ?? 0, revisions: list('rev', revisions) };
    item.ns = first.ar_namespace;
    item.title = run.services.titles.text(first.ar_namespace, first.ar_title);
    if (!run.addItem(item)) {
      run.setContinue('continue', continueValue(first));
      return false;
    }
  }
  return true;
}
