// What prop=linkshere, transcludedin, fileusage and redirects share (MediaWiki's
// ApiQueryBacklinksprop): the pages pointing at each title of the page set (missing and special
// ones too), under that title, in (target namespace, target title, from-namespace, page id) order,
// continued with the values of those of the four that vary in the request.
import type { QueryRun } from '../../api/query/run.ts';
import { setFlag, type ResultObject } from '../../api/result.ts';
import type { Backlink, BacklinkTable } from '../../store/links.ts';
import type { RedirectFilter, TitleKey } from '../../store/pages.ts';
import { NS } from '../../wiki/namespaces.ts';
import { phpInt, phpIntEqualsText } from '../../wiki/php-values.ts';
import { isInvalidTitle } from '../../wiki/titles.ts';

export interface BacklinksPropRequest {
  table: BacklinkTable;
  prop: readonly string[];
  namespace: readonly number[] | undefined;
  show: readonly string[] | undefined;
  limit: number;
  continue: string | undefined;
}

/** A title of the page set, with the id its output record has (negative for missing and special ones). */
interface Target extends TitleKey {
  id: number;
}

/**
 * The good, missing and special titles of the page set. Special pages can be redirect targets;
 * the page set lists them only in its output, whose records carry their fake ids.
 */
function targetsOf(run: QueryRun): Target[] {
  const targets: Target[] = run.pageset.goodPages().map((p) => ({ id: p.pageId, ns: p.ns, dbKey: p.dbKey }));
  for (const m of run.pageset.missing()) targets.push({ id: m.fakeId, ns: m.ns, dbKey: m.dbKey });
  const { pageset } = run;
  // Neither good nor missing: invalid or special titles, which only the output tells apart.
  if (pageset.totalCount() > pageset.goodCount() + pageset.missingCount()) {
    for (const [id, record] of pageset.buildPagesOutput()) {
      if (!(record as ResultObject).special) continue;
      const title = run.services.titles.parse(String((record as ResultObject).title));
      if (!isInvalidTitle(title)) targets.push({ id: Number(id), ns: title.ns, dbKey: title.dbKey });
    }
  }
  return targets;
}

interface SortFields {
  byTargetNs: boolean;
  byTargetTitle: boolean;
  byFromNamespace: boolean;
}

/** Reads `ns|title|fromns|from` (only the fields sorted by) as MediaWiki does. */
function parseContinue(run: QueryRun, text: string, sort: SortFields, targets: readonly Target[]) {
  const parts = text.split('|');
  const count = Number(sort.byTargetNs) + Number(sort.byTargetTitle) + Number(sort.byFromNamespace) + 1;
  if (parts.length !== count) run.fail('apierror-badcontinue');
  // MediaWiki checks the fields from the last one.
  const int = (text: string): number => {
    if (!phpIntEqualsText(text)) run.fail('apierror-badcontinue');
    return phpInt(text);
  };
  const from = int(parts.pop()!);
  const fromNs = sort.byFromNamespace ? int(parts.pop()!) : 0;
  const title = sort.byTargetTitle ? parts.pop()! : targets[0]!.dbKey;
  const ns = sort.byTargetNs ? int(parts.pop()!) : targets[0]!.ns;
  return { ns, title, fromNs, from };
}

export async function runBacklinksProp(run: QueryRun, request: BacklinksPropRequest): Promise<void> {
  const isRedirects = request.table === 'redirect';
  let targets = targetsOf(run);
  const hasNs = request.table !== 'imagelinks';
  if (!hasNs) targets = targets.filter((t) => t.ns === NS.FILE);
  if (!targets.length) return;
  const namespaces = request.namespace;
  if (namespaces !== undefined && namespaces.length === 0) return;

  const sort: SortFields = {
    byTargetNs: hasNs && new Set(targets.map((t) => t.ns)).size > 1,
    byTargetTitle: new Set(targets.map((t) => t.dbKey)).size > 1,
    byFromNamespace: !isRedirects && namespaces !== undefined && namespaces.length > 1,
  };
  // Redirects have no from-namespace column: in miser mode the namespaces are kept after reading.
  const miserNamespaces = isRedirects && namespaces !== undefined && run.services.site.miserMode ? namespaces : null;
  const after = request.continue === undefined ? null : parseContinue(run, request.continue, sort, targets);

  const show = new Set(request.show ?? []);
  if ((show.has('fragment') && show.has('!fragment')) || (show.has('redirect') && show.has('!redirect'))) {
    run.fail('apierror-show');
  }
  const redirects: RedirectFilter = show.has('redirect') ? 'redirects' : show.has('!redirect') ? 'nonredirects' : 'all';
  const limit = request.limit;
  const rows = await run.services.store.links.backlinksOfTitles({
    table: request.table,
    targets,
    fromNamespaces: miserNamespaces || !namespaces ? null : namespaces,
    ...sort,
    after,
    redirects,
    fragments: show.has('fragment') ? 'with' : show.has('!fragment') ? 'without' : 'all',
    limit: limit + 1,
  });

  const idOf = new Map(targets.map((t) => [`${t.ns}|${t.dbKey}`, t.id]));
  const props = new Set(request.prop);
  const continueAt = (row: Backlink): string => {
    const fields: (string | number)[] = [];
    if (sort.byTargetNs) fields.push(row.target_ns);
    if (sort.byTargetTitle) fields.push(row.target_title);
    if (sort.byFromNamespace) fields.push(row.from_ns);
    fields.push(row.page_id);
    return fields.join('|');
  };
  let count = 0;
  for (const row of rows) {
    if (++count > limit) {
      run.setContinue('continue', continueAt(row));
      break;
    }
    if (miserNamespaces && !miserNamespaces.includes(row.page_namespace)) continue;
    if (run.generator) {
      run.generator.addTitle(row.page_namespace, row.page_title);
      continue;
    }
    const item: ResultObject = {};
    if (props.has('pageid')) item.pageid = row.page_id;
    if (props.has('title')) {
      item.ns = row.page_namespace;
      item.title = run.services.titles.text(row.page_namespace, row.page_title);
    }
    if (props.has('fragment') && row.fragment) item.fragment = row.fragment;
    if (props.has('redirect')) setFlag(item, 'redirect', row.page_is_redirect === 1, false);
    if (!run.addPageItem(idOf.get(`${row.target_ns}|${row.target_title}`)!, run.name, item, run.prefix)) {
      run.setContinue('continue', continueAt(row));
      break;
    }
  }
}
