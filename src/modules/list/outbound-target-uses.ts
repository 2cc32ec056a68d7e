// list=iwbacklinks and list=langbacklinks: the pages linking to an interwiki or a language
// target, ordered by (prefix, title, page id), continued by `prefix|title|page id`.
import type { ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setFlag, type ResultObject } from '../../api/result.ts';
import type { OutboundTargetTable } from '../../store/outbound-backlinks.ts';
import { phpInt } from '../../wiki/php-values.ts';

export interface OutboundTargetUsesParams {
  title?: string;
  continue?: string;
  limit: number;
  prop: readonly string[];
  dir: string;
}

/** The names one module gives its target parameter and result fields. */
export interface OutboundTargetNames {
  table: OutboundTargetTable;
  /** The parameter naming the prefix or language (`prefix`, `lang`). */
  prefixParam: string;
  /** The error code of a title without the prefix (`invalidparammix`, langbacklinks' `nolang`). */
  titleAloneCode: string;
  /** The result fields and `prop` values of the target's two parts. */
  prefixField: string;
  titleField: string;
}

export async function listOutboundTargetUses<P extends ParamDecls>(
  run: QueryRun<P>,
  params: OutboundTargetUsesParams,
  prefix: string | undefined,
  names: OutboundTargetNames,
): Promise<void> {
  if (params.title !== undefined && prefix === undefined) {
    run.fail('apierror-invalidparammix-mustusewith', [run.paramName('title'), run.paramName(names.prefixParam)], names.titleAloneCode);
  }
  let continueAt: { prefix: string; title: string; from: number } | null = null;
  if (params.continue !== undefined) {
    const parts = params.continue.split('|');
    if (parts.length !== 3) run.fail('apierror-badcontinue');
    continueAt = { prefix: parts[0]!, title: parts[1]!, from: phpInt(parts[2]!) };
  }
  const limit = params.limit;
  const rows = await run.services.store.links.outboundTargetUses({
    table: names.table,
    prefix: prefix ?? null,
    title: prefix === undefined ? null : (params.title ?? null),
    continueAt,
    descending: params.dir === 'descending',
    limit: limit + 1,
  });
  const props = new Set(params.prop);
  let count = 0;
  for (const row of rows) {
    const continueValue = `${row.target_prefix}|${row.target_title}|${row.page_id}`;
    if (++count > limit) {
      run.setContinue('continue', continueValue);
      break;
    }
    if (run.generator) {
      run.generator.addTitle(row.page_namespace, row.page_title);
      continue;
    }
    const item: ResultObject = {
      pageid: row.page_id,
      ns: row.page_namespace,
      title: run.services.titles.text(row.page_namespace, row.page_title),
    };
    setFlag(item, 'redirect', row.page_is_redirect === 1);
    if (props.has(names.prefixField)) item[names.prefixField] = row.target_prefix;
    if (props.has(names.titleField)) item[names.titleField] = row.target_title;
    if (!run.addItem(item)) {
      run.setContinue('continue', continueValue);
      break;
    }
  }
}
