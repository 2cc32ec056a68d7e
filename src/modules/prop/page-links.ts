// What prop=links and prop=templates share (MediaWiki's ApiQueryLinks serves both): the links of
// the good pages, filtered by namespace or by target titles, in (page id, namespace, title) order.
import type { QueryRun } from '../../api/query/run.ts';
import type { PageLinksParams } from '../param-blocks.ts';
import type { LinkPosition, LinkTable } from '../../store/links.ts';
import type { TitleKey } from '../../store/pages.ts';
import { phpInt } from '../../wiki/php-values.ts';
import { escapeWikiText } from '../../wiki/titles.ts';

type PageLinksRun = QueryRun<PageLinksParams>;

export interface LinkListing {
  table: LinkTable;
  /** Output list under each page (`links`, `templates`). */
  listKey: string;
  /** The titles of the target-title filter parameter (`titles`, `templates`), if given. */
  targetTitles: readonly string[] | undefined;
}

/** `pl_from|pl_namespace|pl_title`, as MediaWiki writes and reads it. */
function parseContinue(run: PageLinksRun): LinkPosition | null {
  const raw = run.params.continue;
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
function targetFilter(run: QueryRun, inputs: readonly string[], namespaces: readonly number[] | null): TitleKey[] | null {
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

export async function listLinks(run: PageLinksRun, listing: LinkListing): Promise<void> {
  const pages = run.pageset.goodPages();
  if (!pages.length) return;
  const nsParam = run.params.namespace;
  const namespaces = nsParam?.length ? nsParam : null;
  const targets = targetFilter(run, listing.targetTitles ?? [], namespaces);
  if (targets && !targets.length) return;
  const continueAt = parseContinue(run);
  const limit = run.params.limit;
  const rows = await run.services.store.links.from(listing.table, {
    fromIds: pages.map((p) => p.pageId),
    namespaces: targets ? null : namespaces,
    targets,
    continueAt,
    descending: run.params.dir === 'descending',
    limit: limit + 1,
  });
  const { titles } = run.services;
  let count = 0;
  for (const row of rows) {
    const position = `${row.pl_from}|${row.pl_namespace}|${row.pl_title}`;
    if (++count > limit) {
      run.setContinue('continue', position);
      break;
    }
    if (run.generator) {
      run.generator.addTitle(row.pl_namespace, row.pl_title);
      continue;
    }
    const item = { ns: row.pl_namespace, title: titles.text(row.pl_namespace, row.pl_title) };
    if (!run.addPageItem(row.pl_from, listing.listKey, item, run.prefix)) {
      run.setContinue('continue', position);
      break;
    }
  }
}
