// What alllinks, alltransclusions, allfileusages and allredirects share (MediaWiki's
// ApiQueryAllLinks): the links of every page to one namespace in target order, or each target once
// (`unique`), as items or as a generator (the source pages, or with `unique` the targets).
import type { QueryRun } from '../../api/query/run.ts';
import { setType, type ResultObject } from '../../api/result.ts';
import type { AllLinksQuery, AllLinksRow, AllLinksTable } from '../../store/links.ts';
import { phpInt } from '../../wiki/php-values.ts';
import type { allLinksParams } from '../param-blocks.ts';
import { titlePartToKey } from './allpages.ts';

/** What the four modules' parameters have in common (allfileusages has no `namespace`). */
type AllLinksRun = QueryRun<Omit<ReturnType<typeof allLinksParams<readonly ['ids', 'title', 'fragment', 'interwiki']>>, 'namespace'>>;

export interface AllLinksOptions {
  table: AllLinksTable;
  /** The target namespace: the `namespace` parameter, or the files' for imagelinks. */
  namespace: number;
  /** Props that `unique` cannot go with besides `ids` (allredirects' fragment and interwiki). */
  rowProps: readonly ('fragment' | 'interwiki')[];
}

function continuePosition(run: AllLinksRun, unique: boolean): AllLinksQuery['continueAt'] {
  const value = run.params.continue;
  if (value === undefined) return null;
  const parts = value.split('|');
  if (parts.length !== (unique ? 1 : 2)) run.fail('apierror-badcontinue');
  return { title: parts[0]!, from: unique ? 0 : phpInt(parts[1]!) };
}

export async function runAllLinks(run: AllLinksRun, options: AllLinksOptions): Promise<void> {
  const { namespace } = options;
  const props = new Set(run.params.prop);
  const unique = run.params.unique;
  if (unique) {
    const clashing = run.params.prop.filter((p) => p === 'ids' || (options.rowProps as readonly string[]).includes(p));
    if (clashing.length) {
      // MediaWiki names the parameters with the module's own prefix, also as a generator.
      const prefix = run.generator ? run.prefix.slice(1) : run.prefix;
      run.fail('apierror-invalidparammix-cannotusewith', [`${prefix}prop=${clashing.join('|')}`, `${prefix}unique`], 'invalidparammix');
    }
  }
  const continueAt = continuePosition(run, unique);
  const part = (value: string | undefined): string | null => (value === undefined ? null : titlePartToKey(run, value, namespace));
  // A continuation overrides `from`.
  const from = continueAt === null ? part(run.params.from) : null;
  const to = part(run.params.to);
  const prefix = part(run.params.prefix);
  const limit = run.params.limit;
  const rows = await run.services.store.links.all({
    table: options.table,
    namespace,
    unique,
    descending: run.params.dir === 'descending',
    from,
    to,
    prefix,
    continueAt,
    redirectDetails: options.rowProps.some((p) => props.has(p)),
    limit: limit + 1,
  });
  const continueValue = (row: AllLinksRow): string => (unique ? row.pl_title : `${row.pl_title}|${row.pl_from}`);
  if (rows.length > limit) run.setContinue('continue', continueValue(rows[limit]!));
  const shown = rows.slice(0, limit);
  if (run.generator) {
    if (unique) for (const row of shown) run.generator.addTitle(namespace, row.pl_title);
    // MediaWiki looks the source pages up by id, and lists them in that order.
    else for (const id of [...new Set(shown.map((row) => row.pl_from))].sort((a, b) => a - b)) run.generator.addPageId(id);
    return;
  }
  for (const row of shown) {
    if (!run.addItem(item(run, options, props, row))) {
      run.setContinue('continue', continueValue(row));
      break;
    }
  }
}

function item(run: AllLinksRun, options: AllLinksOptions, props: ReadonlySet<string>, row: AllLinksRow): ResultObject {
  const out: ResultObject = setType({}, 'assoc');
  if (props.has('ids')) out.fromid = row.pl_from;
  if (props.has('title')) {
    out.ns = options.namespace;
    out.title = run.services.titles.text(options.namespace, row.pl_title);
  }
  for (const name of options.rowProps) {
    const value = name === 'fragment' ? row.rd_fragment : row.rd_interwiki;
    if (props.has(name) && value !== null && value !== undefined && value !== '') out[name] = value;
  }
  return out;
}
