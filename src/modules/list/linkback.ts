// What backlinks, embeddedin and imageusage share (MediaWiki's ApiQueryBacklinks): the target
// title, the limit, the continuation, the two queries (direct links, then links through
// redirects) and the `redirlinks` result.
import type { QueryRun } from '../../api/query/run.ts';
import type { LinkBackParams } from '../param-blocks.ts';
import { hasRight } from '../../api/caller.ts';
import { msg } from '../../api/i18n/messages.ts';
import { list, setFlag, type ResultList, type ResultObject } from '../../api/result.ts';
import type { LinkingViaRedirect, LinkTable } from '../../store/links.ts';
import type { LinkingPage, RedirectFilter, TitleKey } from '../../store/pages.ts';
import { NS } from '../../wiki/namespaces.ts';
import { escapeWikiText, isInvalidTitle } from '../../wiki/titles.ts';
import { LIMIT_BOUNDS } from '../../api/params/declaration.ts';

// ---------------------------------------------------------------------------------------------
// Parameters shared with other "one title" lists (categorymembers)

/** The parameters naming one page. */
type TitleOrPageIdRun = QueryRun<Pick<LinkBackParams, 'title' | 'pageid'>>;

/** ApiBase::requireOnlyOneParameter for `title` / `pageid`. */
export function requireTitleOrPageId(run: TitleOrPageIdRun): void {
  const given = (['title', 'pageid'] as const).filter((name) => run.params[name] !== undefined);
  const names = (list: readonly string[]) => ({ list: list.map((n) => `<var>${run.paramName(n)}</var>`), type: 'text' as const });
  if (given.length > 1) run.fail('apierror-invalidparammix', [names(given), given.length]);
  if (given.length === 0) run.fail('apierror-missingparam-one-of', [names(['title', 'pageid']), 2], 'missingparam');
}

/**
 * The title named by `title` or `pageid` (ApiBase::getTitleFromTitleOrPageId): a bad or
 * interwiki title and an unknown page id are errors; a title need not exist.
 */
export async function titleFromTitleOrPageId(run: TitleOrPageIdRun): Promise<TitleKey> {
  requireTitleOrPageId(run);
  const text = run.params.title;
  if (text !== undefined) {
    const title = run.services.titles.parse(text);
    if (isInvalidTitle(title) || title.interwiki !== '') run.fail('apierror-invalidtitle', [escapeWikiText(text)]);
    return { ns: title.ns, dbKey: title.dbKey };
  }
  const pageId = run.params.pageid!;
  const [row] = await run.services.store.pages.byIds([pageId]);
  if (!row) run.fail('apierror-nosuchpageid', [pageId]);
  return { ns: row.page_namespace, dbKey: row.page_title };
}

// ---------------------------------------------------------------------------------------------
// Limit

/**
 * With `redirect`, each of the two queries may return `limit` rows, so MediaWiki halves the
 * maximum: `max` means the halved one, and a limit the ordinary validation let through (or
 * clamped, with its own warning) is checked again against it.
 */
function redirectModeLimit(run: QueryRun, validated: number): number {
  const max = LIMIT_BOUNDS.max / 2;
  const highMax = LIMIT_BOUNDS.highMax / 2;
  const curMax = hasRight(run.caller, 'apihighlimits') ? highMax : max;
  if (run.rawParam('limit') === 'max') {
    run.setParsedLimit(curMax);
    return curMax;
  }
  if (validated <= curMax) return validated;
  run.warnings.add(
    run.path,
    msg('paramvalidator-outofrange-minmax', { plaintext: run.paramName('limit') }, { plaintext: String(validated) }, { num: LIMIT_BOUNDS.min }, { num: curMax }),
    'outofrange',
    { min: LIMIT_BOUNDS.min, curmax: curMax, max, highmax: highMax },
  );
  return curMax;
}

// ---------------------------------------------------------------------------------------------
// Continuation: `fromns|from` for the direct links, then `ns|title|fromns|from` for the links
// through redirects (MediaWiki also accepts two more fields for results that did not fit).

interface Position {
  /** Direct links: from-namespace and page id of the first row to show. */
  fromNs: number;
  from: number;
  /** Links through redirects: where the second query resumes. */
  redirect: { ns: number; title: string; fromNs: number; from: number } | null;
}

/** `(string)(int)$x === $x`: a plain decimal integer, as PHP prints it. */
function strictInt(text: string): number | null {
  if (!/^(0|-?[1-9][0-9]*)$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

function parseContinue(run: QueryRun, value: string): Position {
  const parts = value.split('|');
  if (![2, 6, 7, 8].includes(parts.length)) run.fail('apierror-badcontinue');
  const int = (i: number): number => {
    const n = strictInt(parts[i]!);
    if (n === null) run.fail('apierror-badcontinue');
    return n;
  };
  // MediaWiki checks the optional trailing fields first.
  for (let i = parts.length - 1; i >= 6; i--) int(i);
  let redirect: Position['redirect'] = null;
  if (parts.length >= 6) redirect = { ns: int(2), title: parts[3]!, fromNs: int(4), from: int(5) };
  return { fromNs: int(0), from: int(1), redirect };
}

// ---------------------------------------------------------------------------------------------
// The module

export interface LinkBackOptions {
  table: LinkTable;
  /** XML tag of items and of `redirlinks` items (`bl`, `ei`, `iu`). */
  code: string;
  /** `redirect` (backlinks and imageusage): list the links to redirects to the title too. */
  redirect: boolean;
}

interface ShownPage {
  item: ResultObject;
  redirlinks: ResultObject[];
}

function pageItem(run: QueryRun, row: LinkingPage): ResultObject {
  const item: ResultObject = { pageid: row.page_id, ns: row.page_namespace, title: run.services.titles.text(row.page_namespace, row.page_title) };
  setFlag(item, 'redirect', row.page_is_redirect === 1);
  return item;
}

export async function runLinkBack(run: QueryRun<LinkBackParams>, options: LinkBackOptions): Promise<void> {
  const { redirect } = options;
  let limit = run.params.limit;
  if (redirect) limit = redirectModeLimit(run, limit);

  const target = await titleFromTitleOrPageId(run);
  if (options.table === 'imagelinks' && target.ns !== NS.FILE) {
    run.fail('apierror-imageusage-badtitle', [run.name], 'bad_image_title');
  }
  const continueText = run.params.continue;
  const position = continueText === undefined ? null : parseContinue(run, continueText);
  const namespaces = run.params.namespace ?? [];
  const descending = run.params.dir === 'descending';
  const filter = run.params.filterredir;

  const direct = await run.services.store.links.to({
    table: options.table,
    target,
    fromNamespaces: namespaces,
    byFromNamespace: namespaces.length > 1,
    descending,
    after: position ? { fromNs: position.fromNs, from: position.from } : null,
    // T24245: listing non-redirects while following redirects would be contradictory.
    redirects: filter === 'nonredirects' && redirect ? 'all' : filter,
    limit: limit + 1,
  });
  const shown = direct.slice(0, limit);
  let continueValue: string | null = null;
  if (direct.length > limit) continueValue = `${direct[limit]!.page_namespace}|${direct[limit]!.page_id}`;

  // MediaWiki's continuation fields: the first query's start (its first row when not given),
  // then the second query's start (its first row when not given).
  const fields: (string | number)[] = position
    ? [position.fromNs, position.from]
    : shown[0]
      ? [shown[0].page_namespace, shown[0].page_id]
      : [0, 0];
  if (position?.redirect) fields.push(position.redirect.ns, position.redirect.title, position.redirect.fromNs, position.redirect.from);

  const pages = new Map<number, ShownPage>();
  for (const row of shown) pages.set(row.page_id, { item: pageItem(run, row), redirlinks: [] });
  if (run.generator) for (const row of shown) run.generator.addPageId(row.page_id);

  const redirects = shown.filter((row) => row.page_is_redirect === 1);
  if (redirect && redirects.length) {
    const viaRedirects = await linksThroughRedirects(run, options, redirects, position, namespaces, descending, filter, limit);
    const targetNs = (row: LinkingViaRedirect): number => (options.table === 'imagelinks' ? NS.FILE : row.target_ns);
    const parents = new Map(shown.map((row) => [`${row.page_namespace}|${row.page_title}`, row.page_id]));
    const first = viaRedirects[0];
    if (fields.length < 6 && first) fields.push(targetNs(first), first.target_title, first.page_namespace, first.page_id);
    for (const row of viaRedirects.slice(0, limit)) {
      if (run.generator) run.generator.addPageId(row.page_id);
      pages.get(parents.get(`${targetNs(row)}|${row.target_title}`)!)?.redirlinks.push(pageItem(run, row));
    }
    if (viaRedirects.length > limit) {
      const next = viaRedirects[limit]!;
      continueValue = [...fields.slice(0, 2), targetNs(next), next.target_title, next.page_namespace, next.page_id].join('|');
    }
  }

  if (!run.generator) {
    const unfit = addPages(run, options, pages);
    // A page that did not fit in the result: start again there (the extra field names it).
    if (unfit !== null) continueValue = [...fields, 0, '', 0, 0].slice(0, 6).concat(unfit).join('|');
  }
  if (continueValue !== null) run.setContinue('continue', continueValue);
}

/** Adds the pages to the result; returns the id of the first one that did not fit, if any. */
function addPages(run: QueryRun, options: LinkBackOptions, pages: ReadonlyMap<number, ShownPage>): number | null {
  for (const [pageId, { item, redirlinks }] of pages) {
    if (redirlinks.length) item.redirlinks = list(options.code, redirlinks) as ResultList;
    if (!run.addItem(item)) return pageId;
  }
  return null;
}

async function linksThroughRedirects(
  run: QueryRun,
  options: LinkBackOptions,
  redirects: readonly LinkingPage[],
  position: Position | null,
  namespaces: readonly number[],
  descending: boolean,
  filter: RedirectFilter,
  limit: number,
): Promise<LinkingViaRedirect[]> {
  const targets = redirects.map((row) => ({ ns: row.page_namespace, dbKey: row.page_title }));
  const hasNs = options.table !== 'imagelinks';
  return run.services.store.links.toRedirects({
    table: options.table,
    targets,
    namespaces,
    byTargetNs: hasNs && new Set(targets.map((t) => t.ns)).size > 1,
    byTargetTitle: new Set(targets.map((t) => t.dbKey)).size > 1,
    byFromNamespace: namespaces.length > 1,
    descending,
    after: position?.redirect ?? null,
    redirects: filter,
    limit: limit + 1,
  });
}
