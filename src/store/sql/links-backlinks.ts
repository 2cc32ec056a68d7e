// The pages pointing at several titles (prop=linkshere, transcludedin, fileusage, redirects), in
// MediaWiki's order: target namespace, target title, from-namespace, page id. One statement per
// target namespace, `ns = ? AND title IN (...)`, which every database reads from the target index
// in title and page id order, so that LIMIT stops the reading early; a continuation's position
// applies to its own namespace, and namespaces before it are skipped.
import type { Backlink, BacklinksOfTitlesQuery, BacklinkTable } from '../links.ts';
import { inList, placeholders } from './dialect.ts';
import type { SqlExecutor } from './executor.ts';
import { Conditions, LINKING_PAGE_COLUMNS } from './queries.ts';

interface BacklinkColumns {
  /** FROM clause, the page table joined. */
  from: string;
  pageId: string;
  fromNs: string;
  /** null: every target is a file (imagelinks). */
  ns: string | null;
  title: string;
  fragment: string;
  /** A condition every row meets. */
  always: string | null;
}

const COLUMNS: Record<BacklinkTable, BacklinkColumns> = {
  pagelinks: {
    from: '{pagelinks} JOIN {page} ON page_id = pl_from',
    pageId: 'pl_from',
    fromNs: 'pl_from_namespace',
    ns: 'pl_namespace',
    title: 'pl_title',
    fragment: 'NULL',
    always: null,
  },
  // 1.39 reads templatelinks through linktarget only.
  templatelinks: {
    from: '{linktarget} JOIN {templatelinks} ON tl_target_id = lt_id JOIN {page} ON page_id = tl_from',
    pageId: 'tl_from',
    fromNs: 'tl_from_namespace',
    ns: 'lt_namespace',
    title: 'lt_title',
    fragment: 'NULL',
    always: null,
  },
  imagelinks: {
    from: '{imagelinks} JOIN {page} ON page_id = il_from',
    pageId: 'il_from',
    fromNs: 'il_from_namespace',
    ns: null,
    title: 'il_to',
    fragment: 'NULL',
    always: null,
  },
  // Redirects have no from-namespace column: the page's namespace stands for it.
  redirect: {
    from: '{redirect} JOIN {page} ON page_id = rd_from',
    pageId: 'rd_from',
    fromNs: 'page_namespace',
    ns: 'rd_namespace',
    title: 'rd_title',
    fragment: 'rd_fragment',
    always: "(rd_interwiki = '' OR rd_interwiki IS NULL)",
  },
};

const FILE_NAMESPACE = 6;

export async function backlinksOfTitles(db: SqlExecutor, q: BacklinksOfTitlesQuery): Promise<Backlink[]> {
  const cols = COLUMNS[q.table];
  const titlesByNs = new Map<number, Set<string>>();
  for (const t of q.targets) {
    const ns = cols.ns === null ? FILE_NAMESPACE : t.ns;
    let titles = titlesByNs.get(ns);
    if (!titles) titlesByNs.set(ns, (titles = new Set()));
    titles.add(t.dbKey);
  }
  const out: Backlink[] = [];
  for (const ns of [...titlesByNs.keys()].sort((a, b) => a - b)) {
    if (out.length >= q.limit) break;
    // Only the namespace the continuation stopped in resumes mid-way; those before it are done.
    const after = q.after && (!q.byTargetNs || q.after.ns === ns) ? q.after : null;
    if (q.after && q.byTargetNs && ns < q.after.ns) continue;
    out.push(...(await inOneNamespace(db, q, cols, ns, [...titlesByNs.get(ns)!], after, q.limit - out.length)));
  }
  return out;
}

async function inOneNamespace(
  db: SqlExecutor,
  q: BacklinksOfTitlesQuery,
  cols: BacklinkColumns,
  ns: number,
  titles: string[],
  after: BacklinksOfTitlesQuery['after'],
  limit: number,
): Promise<Backlink[]> {
  const c = new Conditions(db.dialect);
  if (cols.ns !== null) c.add(`${cols.ns} = ?`, ns);
  if (titles.length === 1) c.add(`${cols.title} = ?`, titles[0]);
  else {
    const list = inList(db.dialect, cols.title, titles);
    c.add(list.sql, ...list.values);
  }
  if (cols.always) c.add(cols.always);
  c.inList(cols.fromNs, q.fromNamespaces);
  // Columns constant in the statement take no part in the order, nor in the continuation.
  const sortColumns: [string, unknown][] = [];
  if (q.byTargetTitle) sortColumns.push([cols.title, after?.title]);
  if (q.byFromNamespace) sortColumns.push([cols.fromNs, after?.fromNs]);
  sortColumns.push([cols.pageId, after?.from]);
  if (after) {
    const names = sortColumns.map(([col]) => col).join(', ');
    c.add(`(${names}) >= (${placeholders(sortColumns.length)})`, ...sortColumns.map(([, value]) => value));
  }
  c.redirects(q.redirects);
  if (q.fragments === 'with') c.add("rd_fragment != ''");
  else if (q.fragments === 'without') c.add("(rd_fragment = '' OR rd_fragment IS NULL)");
  const select =
    `${LINKING_PAGE_COLUMNS}, ${cols.ns ?? FILE_NAMESPACE} AS target_ns, ${cols.title} AS target_title, ` +
    `${cols.fromNs} AS from_ns, ${cols.fragment} AS fragment`;
  const order = sortColumns.map(([col]) => col).join(', ');
  return db.rows<Backlink>(select, `FROM ${cols.from} ${c.where} ORDER BY ${order} LIMIT ?`, ...c.values, limit);
}
