// What prop=links and prop=templates share (MediaWiki's ApiQueryLinks serves both): the links of
// the good pages, filtered by namespace or by target titles, in (page id, namespace, title) order.
import type { QueryRun } from '../../api/query/run.ts';
import type { LinkPosition, LinkTable } from '../../store/pagelinks.ts';
import type { TitleKey } from '../../store/pages.ts';
import { escapeWikiText } from '../../wiki/titles.ts';

export interface LinkListing {
  table: LinkTable;
  /** Output list under each page (`links`, `templates`). */
  listKey: string;
  /** The target-title filter parameter, without prefix (`titles`, `templates`). */
  titlesParam: string;
}

/** PHP's `(int)` of a string: the leading number, 0 when there is none. */
export function phpInt(text: string): number {
  const m = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(text);
  if (!m) return 0;
  const n = Math.trunc(Number(m[0].trim()));
  return Number.isFinite(n) ? n : 0;
}

/** `pl_from|pl_namespace|pl_title`, as MediaWiki writes and reads it. */
function parseContinue(run: QueryRun): LinkPosition | null {
  const raw = run.str('continue');
  if (raw === undefined) return null;
  const parts = raw.split('|');
  if (parts.length !== 3) run.fail('apierror-badcontinue');
  return { from: phpInt(parts[0]!), ns: phpInt(parts[1]!), title: parts[2]! };
}

/**
 * The target titles to keep, or null for no filter. MediaWiki parses each in the main namespace,
 * warns about invalid and interwiki ones, drops those outside the namespace filter, and (as its
 * LinkBatch does) silently drops virtual-namespace and empty titles.
 */
function targetFilter(run: QueryRun, titlesParam: string, namespaces: readonly number[] | null): TitleKey[] | null {
  const inputs = run.strList(titlesParam);
  if (!inputs.length) return null;
  const wanted = new Map<string, TitleKey>();
  for (const input of inputs) {
    const parsed = run.services.titles.parse(input, 0);
    if ('invalid' in parsed || parsed.interwiki) {
      run.warn('apiwarn-invalidtitle', escapeWikiText(input));
      continue;
    }
    if (namespaces && !namespaces.includes(parsed.ns)) continue;
    if (parsed.ns < 0 || parsed.dbKey === '') continue;
    wanted.set(`${parsed.ns}:${parsed.dbKey}`, { ns: parsed.ns, dbKey: parsed.dbKey });
  }
  return [...wanted.values()];
}

export async function listLinks(run: QueryRun, listing: LinkListing): Promise<void> {
  const pages = run.pageset.goodPages();
  if (!pages.length) return;
  const nsParam = run.intList('namespace');
  const namespaces = nsParam.length ? nsParam : null;
  const targets = targetFilter(run, listing.titlesParam, namespaces);
  if (targets && !targets.length) return;
  const continueAt = parseContinue(run);
  const limit = run.int('limit')!;
  const rows = await run.services.store.pageLinks.links(listing.table, {
    fromIds: pages.map((p) => p.pageId),
    namespaces: targets ? null : namespaces,
    targets,
    continueAt,
    descending: run.str('dir') === 'descending',
    limit: limit + 1,
  });
  const { titles } = run.services;
  let count = 0;
  for (const row of rows) {
    const position = `${row.from}|${row.ns}|${row.title}`;
    if (++count > limit) {
      run.setContinue('continue', position);
      break;
    }
    if (run.generator) {
      run.generator.addTitle(row.ns, row.title);
      continue;
    }
    const item = { ns: row.ns, title: titles.text(row.ns, row.title) };
    if (!run.addPageItem(row.from, listing.listKey, item, run.prefix)) {
      run.setContinue('continue', position);
      break;
    }
  }
}
