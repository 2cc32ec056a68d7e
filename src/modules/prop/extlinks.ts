// prop=extlinks: Returns all external URLs (not interwikis) from the given pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, limit } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setContent, type ResultObject } from '../../api/result.ts';
import type { ExternalLinkIndexFilter, ExternalLinkRow, ExternalLinksQuery } from '../../store/outbound-links.ts';
import { expandLinkUrl, linkSearchPrefix, normalizeLinkUrl, protocolPrefix } from '../../wiki/external-links.ts';
import { PROTOCOL } from '../param-blocks.ts';

const params = {
  limit: limit(10),
  continue: CONT,
  protocol: { type: PROTOCOL, default: '' },
  query: { type: 'string' },
  expandurl: { type: 'boolean' },
} as const satisfies ParamDecls;

export const extlinks = defineQueryModule({
  prefix: 'el',
  classname: 'ApiQueryExternalLinks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Extlinks'],
  params,
  execute: listExternalLinks,
});

type ExtLinksRun = QueryRun<typeof params>;

/** el_index_60 holds the first 60 bytes of el_index. */
const INDEX_60_BYTES = 60;

/**
 * The el_index conditions of a search for `query` (LinkFilter::getQueryConditions with one
 * wildcard): the query, normalized as stored links are, is read as a URL with `protocol`
 * (http:// when none is given); null where MediaWiki answers apierror-badquery.
 */
export function externalLinkSearch(query: string, protocol: string | null): ExternalLinkIndexFilter | null {
  const prefix = linkSearchPrefix(normalizeLinkUrl((protocol ?? 'http://') + query));
  if (prefix === null) return null;
  const like = `${escapeLike(prefix)}%`;
  const bytes = Buffer.from(prefix, 'utf8');
  if (bytes.length < INDEX_60_BYTES) return { index60Equals: null, index60Like: like, indexLike: like };
  const first60 = bytes.subarray(0, INDEX_60_BYTES).toString('utf8');
  // A cut through a character cannot be written as text: the whole characters before it are a prefix still.
  if (Buffer.byteLength(first60, 'utf8') !== INDEX_60_BYTES || first60.includes('\ufffd')) {
    return { index60Equals: null, index60Like: `${escapeLike(wholeCharacters(bytes.subarray(0, INDEX_60_BYTES)))}%`, indexLike: like };
  }
  return { index60Equals: first60, index60Like: null, indexLike: like };
}

function wholeCharacters(bytes: Uint8Array): string {
  let end = bytes.length;
  // Step back over a trailing incomplete UTF-8 sequence.
  while (end > 0 && (bytes[end - 1]! & 0xc0) === 0x80) end--;
  if (end > 0 && bytes[end - 1]! >= 0xc0) end--;
  return Buffer.from(bytes.subarray(0, end)).toString('utf8');
}

/** A LIKE pattern's literal text, escaped with `!` as the store's queries declare. */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, '!$&');
}

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/**
 * What SQLite makes of a continuation part compared with an integer column: a number, or (not
 * a number) a text, greater than every number.
 */
function continueNumber(text: string): number {
  return /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/.test(text) ? Number(text) : Infinity;
}

export type ContinuePosition = NonNullable<ExternalLinksQuery['continueAt']>;

/**
 * The first row at or after a continuation, as MediaWiki's `>`/`=` conditions over the order
 * columns find it on SQLite, written as integers every database takes: a fraction is rounded up, a
 * value past any id skips what the columns before it fix. Null when no row can follow.
 */
export function continuePosition(order: readonly OrderColumn[], parts: readonly string[]): ContinuePosition | null {
  const values: (number | string)[] = [];
  let k = 0;
  for (; k < order.length; k++) {
    if (order[k] === 'el_index_60') {
      values.push(parts[k]!);
      continue;
    }
    const value = continueNumber(parts[k]!);
    if (Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX) {
      values.push(value);
      continue;
    }
    if (value <= INT_MAX) {
      values.push(Math.max(INT_MIN, Math.ceil(value)));
      k++;
      break;
    }
    // Past every id: on to the next value of the column before.
    const before = values.pop();
    if (before === undefined || before === INT_MAX) return null;
    values.push(typeof before === 'string' ? `${before}\u0001` : before + 1);
    break;
  }
  // The columns after a rounded or skipped one take their lowest values.
  for (k = values.length; k < order.length; k++) values.push(order[k] === 'el_index_60' ? '' : INT_MIN);
  const at = (column: OrderColumn): number | string | undefined => values[order.indexOf(column)];
  const from = at('el_from');
  const index60 = at('el_index_60');
  return { from: from === undefined ? null : Number(from), index60: index60 === undefined ? null : String(index60), id: Number(at('el_id')) };
}

/** PHP's rawurldecode: `%XX` as bytes, `+` kept. */
export function rawUrlDecode(text: string): string {
  if (!text.includes('%')) return text;
  const bytes = Buffer.from(text, 'utf8');
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes[i] === 0x25 ? String.fromCharCode(bytes[i + 1] ?? 0, bytes[i + 2] ?? 0) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(bytes[i]!);
    }
  }
  return Buffer.from(out).toString('utf8');
}

/** The order columns' values joined by `|`, each with `%` and `|` escaped. */
export function continueValue(order: readonly OrderColumn[], row: Partial<Record<OrderColumn, number | string>>): string {
  return order.map((column) => String(row[column]).replace(/%/g, '%25').replace(/\|/g, '%7C')).join('|');
}

export type OrderColumn = 'el_from' | 'el_index_60' | 'el_id';

/**
 * What `query` and `protocol` ask of the links' el_index (ApiQueryExternalLinks and
 * ApiQueryExtLinksUsage read them alike): a search (http:// unless a protocol is given), all links of
 * a protocol, or every link, whose protocol-relative copies then count once.
 */
export function linkSearchFilter(run: { fail(key: string): never }, query: string | undefined, protocolParam: string): { filter: ExternalLinkIndexFilter; withoutRelativeCopies: boolean } {
  let protocol = protocolPrefix(protocolParam);
  if (query !== undefined && query !== '') {
    protocol ??= 'http://';
    const search = externalLinkSearch(query, protocol);
    if (search === null) run.fail('apierror-badquery');
    return { filter: search, withoutRelativeCopies: false };
  }
  if (protocol !== null) return { filter: { index60Equals: null, index60Like: `${escapeLike(protocol)}%`, indexLike: null }, withoutRelativeCopies: false };
  return { filter: { index60Equals: null, index60Like: null, indexLike: null }, withoutRelativeCopies: true };
}

async function listExternalLinks(run: ExtLinksRun): Promise<void> {
  const pages = run.pageset.goodPages();
  if (!pages.length) return;
  const { limit } = run.params;
  // Ordered by page only when there is more than one.
  const byFrom = pages.length !== 1;
  const { filter, withoutRelativeCopies } = linkSearchFilter(run, run.params.query, run.params.protocol);
  const byIndex = filter.index60Equals === null;
  const order: OrderColumn[] = [];
  if (byFrom) order.push('el_from');
  if (byIndex) order.push('el_index_60');
  order.push('el_id');

  let continueAt: ExternalLinksQuery['continueAt'] = null;
  if (run.params.continue !== undefined) {
    const parts = run.params.continue.split('|').map(rawUrlDecode);
    if (parts.length !== order.length) run.fail('apierror-badcontinue');
    continueAt = continuePosition(order, parts);
    if (continueAt === null) return;
  }

  const rows = await run.services.store.links.externalLinks({
    fromIds: pages.map((p) => p.pageId),
    byFrom,
    filter,
    withoutRelativeCopies,
    byIndex,
    continueAt,
    limit: limit + 1,
  });
  const canonicalServer = run.services.site.server;
  let count = 0;
  for (const row of rows) {
    if (++count > limit) {
      run.setContinue('continue', continueValue(order, row));
      break;
    }
    const url = run.params.expandurl ? expandLinkUrl(row.el_to, canonicalServer) : row.el_to;
    const item: ResultObject = {};
    setContent(item, 'url', url ?? false);
    if (!run.addPageItem(row.el_from, 'extlinks', item, run.prefix)) {
      run.setContinue('continue', continueValue(order, row));
      break;
    }
  }
}
