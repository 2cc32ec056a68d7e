// The queries of MediaWiki's query pages (QueryPage::getQueryInfo of each special page), written
// as MediaWiki 1.39 runs them: the same tables, joins, conditions, groups and order, so that rows
// with equal values come out in the order MediaWiki's own query gives them on the same database.
//
// MediaWiki marks most of these pages expensive ($wgMiserMode then shows updateSpecialPages.php's
// querycache rows instead): they group, anti-join or sort a whole table (every link, every
// revision, every content page) and no index can avoid that. They read the indexes MediaWiki's
// query reads for their joins, and nothing better exists. The three cheap ones (Longpages,
// Shortpages, Mostlinkedcategories) read an index in order and stop after offset + limit rows.
import type { CachedQueryPageQuery, LiveQueryPageQuery, QueryPageName, QueryPageRow, QueryPageStore } from '../query-pages.ts';
import type { Dialect } from './dialect.ts';
import type { SqlExecutor } from './executor.ts';

/** One query page's SELECT, as portable SQL without LIMIT. */
interface PageQuery {
  select: string;
  from: string;
  where?: readonly string[];
  groupBy?: string;
  having?: string;
  orderBy: string;
  /**
   * The timestamp column `value` is: MediaWiki's result holds it as the database spells it
   * (PostgreSQL's `2025-01-08 08:50:30+00`), where executors give 14 digits.
   */
  valueTimestampColumn?: string;
}

/** `page_namespace = 0` or `page_namespace IN (0,100)`: MediaWiki writes the numbers into the query. */
function namespaceCondition(column: string, namespaces: readonly number[]): string {
  const ids = namespaces.filter((ns) => Number.isSafeInteger(ns));
  if (ids.length === 0) return '1 = 0';
  return ids.length === 1 ? `${column} = ${ids[0]}` : `${column} IN (${ids.join(',')})`;
}

/** A string literal (category titles of a wiki message): quotes doubled. */
function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** SQL text concatenation: MySQL's `||` is OR. */
function concat(d: Dialect, parts: readonly string[]): string {
  return d.name === 'mysql' ? `CONCAT(${parts.join(', ')})` : parts.map((p) => `(${p})`).join(' || ');
}

/** A number as text. */
function numberText(d: Dialect, expression: string): string {
  return `CAST(${expression} AS ${d.name === 'mysql' ? 'CHAR' : 'TEXT'})`;
}

function pageQuery(d: Dialect, q: LiveQueryPageQuery): PageQuery {
  const content = namespaceCondition('page_namespace', q.contentNamespaces);
  // MediaWiki orders by the title alone when there is one content namespace (a constant column in
  // the ORDER BY made MySQL sort).
  const contentOrder = q.contentNamespaces.length > 1 ? 'page_namespace, page_title' : 'page_title';
  const uncategorized = (namespace: string, order: string): PageQuery => ({
    select: 'page_namespace AS namespace, page_title AS title',
    from: '{page} LEFT JOIN {categorylinks} ON cl_from = page_id',
    where: ['cl_from IS NULL', namespace, 'page_is_redirect = 0'],
    orderBy: order,
  });
  const revisionCount = (order: string): PageQuery => ({
    select: 'page_namespace AS namespace, page_title AS title, COUNT(*) AS value',
    from: '{revision}, {page}',
    where: [content, 'page_id = rev_page', 'page_is_redirect = 0'],
    groupBy: 'page_namespace, page_title',
    orderBy: order,
  });
  const pageLength = (order: string): PageQuery => ({
    select: 'page_namespace AS namespace, page_title AS title, page_len AS value',
    from: '{page}',
    where: [content, 'page_is_redirect = 0'],
    orderBy: order,
  });
  const linksPerPage = (table: string, from: string): PageQuery => ({
    select: 'page_namespace AS namespace, page_title AS title, COUNT(*) AS value',
    from: `{${table}} LEFT JOIN {page} ON page_id = ${from}`,
    where: [content],
    groupBy: 'page_namespace, page_title',
    having: 'COUNT(*) > 1',
    orderBy: 'value DESC',
  });
  switch (q.page) {
    case 'Ancientpages':
      return {
        select: 'page_namespace AS namespace, page_title AS title, rev_timestamp AS value',
        from: '{page} JOIN {revision} ON page_latest = rev_id',
        where: [content, 'page_is_redirect = 0'],
        orderBy: 'value',
        valueTimestampColumn: 'rev_timestamp',
      };
    case 'BrokenRedirects':
      return {
        select: 'p1.page_namespace AS namespace, p1.page_title AS title, rd_namespace, rd_title, rd_fragment',
        from: '{redirect} JOIN {page} p1 ON rd_from = p1.page_id LEFT JOIN {page} p2 ON rd_namespace = p2.page_namespace AND rd_title = p2.page_title',
        where: ['rd_namespace >= 0', "(rd_interwiki IS NULL OR rd_interwiki = '')", 'p2.page_namespace IS NULL'],
        orderBy: 'rd_namespace, rd_title, rd_from',
      };
    case 'Deadendpages':
      return {
        select: 'page_namespace AS namespace, page_title AS title',
        from: '{page} LEFT JOIN {pagelinks} ON page_id = pl_from',
        where: ['pl_from IS NULL', content, 'page_is_redirect = 0'],
        orderBy: contentOrder,
      };
    case 'DoubleRedirects':
      return {
        select:
          'pa.page_namespace AS namespace, pa.page_title AS title, pb.page_namespace AS b_namespace, pb.page_title AS b_title, ' +
          'ra.rd_fragment AS b_fragment, rb.rd_namespace AS c_namespace, rb.rd_title AS c_title, rb.rd_fragment AS c_fragment, rb.rd_interwiki AS c_interwiki',
        from: '{redirect} ra, {redirect} rb, {page} pa, {page} pb',
        where: [
          'ra.rd_from = pa.page_id',
          "(ra.rd_interwiki IS NULL OR ra.rd_interwiki = '')",
          'pb.page_namespace = ra.rd_namespace',
          'pb.page_title = ra.rd_title',
          'rb.rd_from = pb.page_id',
        ],
        orderBy: 'ra.rd_namespace, ra.rd_title',
      };
    case 'Fewestrevisions':
      return revisionCount('value');
    case 'Mostrevisions':
      return revisionCount('value DESC');
    case 'GadgetUsage':
      // Users who chose a gadget, and how many of them are active (the activeusers rows that
      // updateSpecialPages.php stores in querycachetwo): MediaWiki puts that count in `namespace`.
      return {
        select: `up_property AS title, SUM(${d.name === 'postgres' ? 'CAST(up_value AS INTEGER)' : 'up_value'}) AS value, COUNT(qcc_title) AS namespace`,
        from:
          '{user_properties} LEFT JOIN {user} ON up_user = user_id ' +
          `LEFT JOIN {querycachetwo} ON user_name = qcc_title AND qcc_type = 'activeusers' AND up_value = ${d.name === 'postgres' ? "'1'" : '1'}`,
        where: ["up_property LIKE 'gadget-%'"],
        groupBy: 'up_property',
        orderBy: 'value DESC',
      };
    case 'ListDuplicatedFiles':
      return {
        select: '6 AS namespace, MIN(img_name) AS title, COUNT(*) AS value',
        from: '{image}',
        groupBy: 'img_sha1',
        having: 'COUNT(*) > 1',
        orderBy: 'value DESC',
      };
    case 'Listredirects':
      return {
        select: 'p1.page_namespace AS namespace, p1.page_title AS title, rd_namespace, rd_title, rd_fragment, rd_interwiki, p2.page_id AS redirid',
        from: '{page} p1 LEFT JOIN {redirect} ON rd_from = p1.page_id LEFT JOIN {page} p2 ON p2.page_namespace = rd_namespace AND p2.page_title = rd_title',
        where: ['p1.page_is_redirect = 1'],
        orderBy: 'p1.page_namespace, p1.page_title',
      };
    case 'Lonelypages':
      return {
        select: 'page_namespace AS namespace, page_title AS title',
        from:
          '{page} LEFT JOIN {pagelinks} ON pl_namespace = page_namespace AND pl_title = page_title ' +
          'LEFT JOIN {linktarget} ON lt_namespace = page_namespace AND lt_title = page_title LEFT JOIN {templatelinks} ON tl_target_id = lt_id',
        where: ['pl_namespace IS NULL', content, 'page_is_redirect = 0', 'tl_from IS NULL'],
        orderBy: contentOrder,
      };
    case 'Longpages':
      return pageLength('page_len DESC');
    case 'Shortpages':
      return pageLength('page_len');
    case 'MediaStatistics': {
      // One row per MIME type; the title carries type, MIME, count and bytes.
      const title = concat(d, ['img_media_type', "';'", 'img_major_mime', "'/'", 'img_minor_mime', "';'", numberText(d, 'COUNT(*)'), "';'", numberText(d, 'SUM(img_size)')]);
      return {
        select: `${title} AS title, -2 AS namespace, 1 AS value`,
        from: '{image}',
        groupBy: 'img_media_type, img_major_mime, img_minor_mime',
        orderBy: 'img_media_type DESC, COUNT(*) DESC, img_major_mime DESC, img_minor_mime DESC',
      };
    }
    case 'Mostcategories':
      return linksPerPage('categorylinks', 'cl_from');
    case 'Mostinterwikis':
      return linksPerPage('langlinks', 'll_from');
    case 'Mostimages':
      return {
        select: '6 AS namespace, il_to AS title, COUNT(*) AS value',
        from: '{imagelinks}',
        groupBy: 'il_to',
        having: 'COUNT(*) > 1',
        orderBy: 'value DESC',
      };
    case 'Mostlinked':
      return {
        select: 'pl_namespace AS namespace, pl_title AS title, COUNT(*) AS value, page_namespace',
        from: '{pagelinks} LEFT JOIN {page} ON page_namespace = pl_namespace AND page_title = pl_title',
        groupBy: 'pl_namespace, pl_title, page_namespace',
        having: 'COUNT(*) > 1',
        orderBy: 'value DESC',
      };
    case 'Mostlinkedcategories':
      return {
        select: 'cat_title AS title, 14 AS namespace, cat_pages AS value',
        from: '{category}',
        where: ['cat_pages > 0'],
        orderBy: 'value DESC',
      };
    case 'Mostlinkedtemplates':
      return {
        select: 'lt_namespace AS namespace, lt_title AS title, COUNT(*) AS value',
        from: '{templatelinks} JOIN {linktarget} ON tl_target_id = lt_id',
        groupBy: 'lt_namespace, lt_title',
        orderBy: 'value DESC',
      };
    case 'Uncategorizedcategories': {
      const query = uncategorized('page_namespace = 14', 'page_title');
      if (q.exceptions.length) query.where = [...query.where!, `page_title NOT IN (${q.exceptions.map(literal).join(',')})`];
      return query;
    }
    case 'Uncategorizedpages':
      return uncategorized(content, contentOrder);
    case 'Uncategorizedimages':
      return uncategorized('page_namespace = 6', 'title');
    case 'Uncategorizedtemplates':
      return uncategorized('page_namespace = 10', 'page_title');
    case 'Unusedcategories':
      return {
        select: 'page_namespace AS namespace, page_title AS title',
        from: "{page} LEFT JOIN {categorylinks} ON cl_to = page_title LEFT JOIN {page_props} ON page_id = pp_page AND pp_propname = 'expectunusedcategory'",
        where: ['cl_from IS NULL', 'page_namespace = 14', 'page_is_redirect = 0', 'pp_page IS NULL'],
        orderBy: 'title',
      };
    case 'Unusedimages':
      return {
        select: '6 AS namespace, img_name AS title, img_timestamp AS value',
        from: '{image} LEFT JOIN {imagelinks} ON il_to = img_name',
        where: ['il_to IS NULL'],
        orderBy: 'value',
        valueTimestampColumn: 'img_timestamp',
      };
    case 'Unusedtemplates':
      return {
        select: 'page_namespace AS namespace, page_title AS title',
        from: '{page} LEFT JOIN {linktarget} ON lt_title = page_title AND lt_namespace = page_namespace LEFT JOIN {templatelinks} ON tl_target_id = lt_id',
        where: ['page_namespace = 10', 'tl_from IS NULL', 'page_is_redirect = 0'],
        orderBy: 'title',
      };
    case 'Unwatchedpages':
      return {
        select: 'page_namespace AS namespace, page_title AS title, page_namespace AS value',
        from: '{page} LEFT JOIN {watchlist} ON wl_title = page_title AND wl_namespace = page_namespace',
        where: ['wl_title IS NULL', 'page_is_redirect = 0', 'page_namespace != 8'],
        orderBy: 'page_namespace, page_title',
      };
    case 'Wantedcategories':
      return {
        select: '14 AS namespace, cl_to AS title, COUNT(*) AS value',
        from: '{categorylinks} LEFT JOIN {page} ON page_title = cl_to AND page_namespace = 14',
        where: ['page_title IS NULL'],
        groupBy: 'cl_to',
        orderBy: 'value DESC, namespace, title',
      };
    case 'Wantedfiles':
      // Neither a file nor a file page redirecting to one.
      return {
        select: '6 AS namespace, il_to AS title, COUNT(*) AS value',
        from:
          '{imagelinks} LEFT JOIN {page} ON il_to = page_title AND page_namespace = 6 ' +
          "LEFT JOIN {redirect} ON page_id = rd_from AND rd_namespace = 6 AND rd_interwiki = '' " +
          'LEFT JOIN {image} img1 ON il_to = img1.img_name LEFT JOIN {image} img2 ON rd_title = img2.img_name',
        where: ['img1.img_name IS NULL', 'img2.img_name IS NULL'],
        groupBy: 'il_to',
        orderBy: 'value DESC, namespace, title',
      };
    case 'Wantedpages':
      // Links from MediaWiki: pages and to user pages do not count; nor titles only redirects link to.
      return {
        select: 'pl_namespace AS namespace, pl_title AS title, COUNT(*) AS value',
        from: '{pagelinks} LEFT JOIN {page} pg1 ON pg1.page_namespace = pl_namespace AND pg1.page_title = pl_title LEFT JOIN {page} pg2 ON pg2.page_id = pl_from',
        where: ['pg1.page_namespace IS NULL', 'pl_namespace NOT IN (2,3)', 'pg2.page_namespace != 8'],
        groupBy: 'pl_namespace, pl_title',
        having: 'COUNT(*) > 0 AND COUNT(*) > SUM(pg2.page_is_redirect)',
        orderBy: 'value DESC, namespace, title',
      };
    case 'Wantedtemplates':
      return {
        select: 'lt_namespace AS namespace, lt_title AS title, COUNT(*) AS value',
        from: '{templatelinks} JOIN {linktarget} ON tl_target_id = lt_id LEFT JOIN {page} ON page_namespace = lt_namespace AND page_title = lt_title',
        where: ['page_title IS NULL', 'lt_namespace = 10'],
        groupBy: 'lt_namespace, lt_title',
        orderBy: 'value DESC, namespace, title',
      };
    case 'AllInfoboxes':
      // PortableInfobox's page: templates whose parse found infoboxes. Its excluded subpages
      // ($wgAllInfoboxesSubpagesBlacklist) go through buildLike without a wildcard, so they only
      // exclude a title that is exactly `/doc` (and so on), as the extension's query does.
      return {
        select: 'page_namespace AS namespace, page_title AS title, page_id AS value, pp_value AS infoboxes',
        from: "{page} JOIN {page_props} ON page_id = pp_page AND pp_propname = 'infoboxes'",
        where: [
          'page_is_redirect = 0',
          'page_namespace = 10',
          'pp_value IS NOT NULL',
          "pp_value != ''",
          ...['doc', 'draft', 'test'].map((subpage) => `page_title NOT LIKE ${literal(`/${subpage}`)}`),
        ],
        orderBy: 'title',
      };
    case 'Withoutinterwiki':
      return {
        select: 'page_namespace AS namespace, page_title AS title',
        from: '{page} LEFT JOIN {langlinks} ON ll_from = page_id',
        where: ['ll_title IS NULL', content, 'page_is_redirect = 0'],
        orderBy: 'page_namespace, page_title',
      };
  }
}

/** The SQL of a live query page, LIMIT and OFFSET as its two parameters. */
export function liveQueryPageSql(d: Dialect, q: LiveQueryPageQuery): { select: string; rest: string; valueTimestampColumn?: string } {
  const query = pageQuery(d, q);
  let rest = `FROM ${query.from}`;
  if (query.where?.length) rest += ` WHERE ${query.where.join(' AND ')}`;
  if (query.groupBy) rest += ` GROUP BY ${query.groupBy}`;
  if (query.having) rest += ` HAVING ${query.having}`;
  rest += ` ORDER BY ${query.orderBy} LIMIT ? OFFSET ?`;
  return { select: query.select, rest, valueTimestampColumn: query.valueTimestampColumn };
}

const CACHE_ORDER: Record<CachedQueryPageQuery['order'], string> = {
  value: 'value',
  'value-descending': 'value DESC',
  'value-descending-then-title': 'value DESC, namespace, title',
  title: 'title',
};

export class SqlQueryPageStore implements QueryPageStore {
  constructor(private readonly db: SqlExecutor) {}

  async live(q: LiveQueryPageQuery): Promise<QueryPageRow[]> {
    const d = this.db.dialect;
    const { select, rest, valueTimestampColumn } = liveQueryPageSql(d, q);
    // Not rows(): that rewrites the select list, and the ORDER BY names its aliases. SQLite reads a
    // negative offset as none; the servers refuse it.
    const rows = await this.db.all<QueryPageRow>(`SELECT ${select} ${rest}`, q.limit, Math.max(0, q.offset));
    if (!valueTimestampColumn) return rows;
    return rows.map((row) => (typeof row.value === 'string' ? { ...row, value: d.storedTimestamp(row.value, valueTimestampColumn) } : row));
  }

  async cached(q: CachedQueryPageQuery): Promise<QueryPageRow[]> {
    // The (qc_type, qc_value) index holds one page's rows in value order.
    return this.db.all<QueryPageRow>(
      'SELECT qc_type, qc_namespace AS namespace, qc_title AS title, qc_value AS value ' +
        `FROM {querycache} WHERE qc_type = ? ORDER BY ${CACHE_ORDER[q.order]} LIMIT ? OFFSET ?`,
      q.page,
      q.limit,
      Math.max(0, q.offset),
    );
  }

  async cachedTimestamp(page: QueryPageName): Promise<string | null> {
    const row = await this.db.get<{ qci_timestamp: string }>('SELECT qci_timestamp FROM {querycache_info} WHERE qci_type = ? LIMIT 1', page);
    return row?.qci_timestamp ?? null;
  }
}
