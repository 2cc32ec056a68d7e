// list=exturlusage: Enumerate pages that contain a given URL.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, NAMESPACES, limit } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setType, type ResultObject } from '../../api/result.ts';
import type { ExternalLinkUsesQuery } from '../../store/outbound-backlinks.ts';
import { expandLinkUrl } from '../../wiki/external-links.ts';
import { PROTOCOL } from '../param-blocks.ts';
import { continuePosition, continueValue, linkSearchFilter, rawUrlDecode, type OrderColumn } from '../prop/extlinks.ts';

const params = {
  prop: { type: ['ids', 'title', 'url'], default: 'ids|title|url', multi: true },
  continue: CONT,
  protocol: { type: PROTOCOL, default: '' },
  query: { type: 'string' },
  namespace: NAMESPACES,
  limit: limit(10),
  expandurl: { type: 'boolean' },
} as const satisfies ParamDecls;

export const exturlusage = defineQueryModule({
  prefix: 'eu',
  classname: 'ApiQueryExtLinksUsage',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Exturlusage'],
  generator: true,
  params,
  itemTag: 'eu',
  execute: listExternalLinkUses,
});

async function listExternalLinkUses(run: QueryRun<typeof params>): Promise<void> {
  const { limit } = run.params;
  const { filter, withoutRelativeCopies } = linkSearchFilter(run, run.params.query, run.params.protocol);
  const byIndex = filter.index60Equals === null;
  const order: OrderColumn[] = byIndex ? ['el_index_60', 'el_id'] : ['el_id'];

  let continueAt: ExternalLinkUsesQuery['continueAt'] = null;
  if (run.params.continue !== undefined) {
    const parts = run.params.continue.split('|').map(rawUrlDecode);
    if (parts.length !== order.length) run.fail('apierror-badcontinue');
    const position = continuePosition(order, parts);
    if (position === null) return;
    continueAt = { index60: position.index60, id: position.id };
  }

  // In miser mode MediaWiki keeps the namespaces after reading (the rows read still count toward
  // the limit): a page may hold fewer items than asked, even none, and continue.
  const wanted = run.params.namespace ?? null;
  const miserNamespaces = run.services.site.miserMode && wanted?.length ? wanted : null;
  const rows = await run.services.store.links.externalLinkUses({
    filter,
    index60Range: filter.index60Like === null ? null : likeRange(filter.index60Like),
    withoutRelativeCopies,
    namespaces: run.services.site.miserMode ? null : wanted,
    byIndex,
    continueAt,
    limit: limit + 1,
  });
  const props = new Set(run.params.prop);
  const canonicalServer = run.services.site.server;
  let count = 0;
  for (const row of rows) {
    if (++count > limit) {
      run.setContinue('continue', continueValue(order, row));
      break;
    }
    if (miserNamespaces && !miserNamespaces.includes(row.page_namespace)) continue;
    if (run.generator) {
      run.generator.addPageId(row.page_id);
      continue;
    }
    const item: ResultObject = setType({}, 'assoc');
    if (props.has('ids')) item.pageid = row.page_id;
    if (props.has('title')) {
      item.ns = row.page_namespace;
      item.title = run.services.titles.text(row.page_namespace, row.page_title);
    }
    if (props.has('url')) item.url = run.params.expandurl ? (expandLinkUrl(row.el_to, canonicalServer) ?? false) : row.el_to;
    if (!run.addItem(item)) {
      run.setContinue('continue', continueValue(order, row));
      break;
    }
  }
}

/**
 * The values a `prefix%` LIKE pattern (escaped with `!`) can match, as a range: from the prefix
 * up to (not including) the next text in code point order, which is UTF-8's byte order too.
 */
function likeRange(pattern: string): { from: string; before: string | null } {
  let prefix = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '!' && i + 1 < pattern.length) prefix += pattern[++i];
    else if (c === '%' || c === '_') break;
    else prefix += c;
  }
  const chars = [...prefix];
  while (chars.length) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last === 0x10ffff) continue;
    const next = last === 0xd7ff ? 0xe000 : last + 1;
    return { from: prefix, before: chars.join('') + String.fromCodePoint(next) };
  }
  return { from: prefix, before: null };
}
