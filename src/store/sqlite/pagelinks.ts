// SQLite implementation of PageLinkStore: one index-ordered statement per listing, the page ids and
// filters bound as JSON arrays so that a handful of SQL variants serve every request.
import type { CategoryLinkQuery, CategoryLinkRow, LinkQuery, LinkRow, LinkTable, PageLinkStore } from '../pagelinks.ts';
import type { SqliteDatabase } from './database.ts';

interface LinkColumns {
  from: string;
  ns: string;
  title: string;
  tables: string;
  /** Sort columns after the source page id (a constant namespace is not one). */
  order: string[];
  /** The target filter, given `?` = JSON array of [ns, title] pairs. */
  targetFilter: string;
}

const PAIRS = "SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?)";

const LINK_COLUMNS: Record<LinkTable, LinkColumns> = {
  pagelinks: {
    from: 'pl_from',
    ns: 'pl_namespace',
    title: 'pl_title',
    tables: 'pagelinks',
    order: ['pl_namespace', 'pl_title'],
    targetFilter: `(pl_namespace, pl_title) IN (${PAIRS})`,
  },
  // 1.39 reads templatelinks through linktarget only (tl_namespace/tl_title are gone).
  templatelinks: {
    from: 'tl_from',
    ns: 'lt_namespace',
    title: 'lt_title',
    tables: 'templatelinks JOIN linktarget ON lt_id = tl_target_id',
    order: ['lt_namespace', 'lt_title'],
    targetFilter: `tl_target_id IN (SELECT lt_id FROM linktarget WHERE (lt_namespace, lt_title) IN (${PAIRS}))`,
  },
  // imagelinks targets are files: the namespace is implied.
  imagelinks: {
    from: 'il_from',
    ns: '6',
    title: 'il_to',
    tables: 'imagelinks',
    order: ['il_to'],
    targetFilter: `il_to IN (SELECT json_extract(value, '$[1]') FROM json_each(?) WHERE json_extract(value, '$[0]') = 6)`,
  },
};

const IDS = 'SELECT value FROM json_each(?)';

/** Distinct ids in listing order, without those a continuation has already passed. */
function orderedIds(ids: readonly number[], descending: boolean, continueFrom: number | undefined): number[] {
  let out = [...new Set(ids)].sort((a, b) => (descending ? b - a : a - b));
  if (continueFrom !== undefined) out = out.filter((id) => (descending ? id <= continueFrom : id >= continueFrom));
  return out;
}

export class SqlitePageLinkStore implements PageLinkStore {
  constructor(private readonly db: SqliteDatabase) {}

  async links(table: LinkTable, query: LinkQuery): Promise<LinkRow[]> {
    const ids = orderedIds(query.fromIds, query.descending, query.continueAt?.from);
    if (!ids.length || query.limit <= 0) return [];
    const c = LINK_COLUMNS[table];
    const where = [`${c.from} IN (${IDS})`];
    const params: unknown[] = [JSON.stringify(ids)];
    if (query.namespaces) {
      where.push(`${c.ns} IN (${IDS})`);
      params.push(JSON.stringify(query.namespaces));
    }
    if (query.targets) {
      where.push(c.targetFilter);
      params.push(JSON.stringify(query.targets.map((t) => [t.ns, t.dbKey])));
    }
    const op = query.descending ? '<=' : '>=';
    if (query.continueAt) {
      where.push(`(${c.from}, ${c.ns}, ${c.title}) ${op} (?, ?, ?)`);
      params.push(query.continueAt.from, query.continueAt.ns, query.continueAt.title);
    }
    const dir = query.descending ? ' DESC' : '';
    const rest =
      `FROM ${c.tables} WHERE ${where.join(' AND ')} ORDER BY ${[c.from, ...c.order].map((col) => col + dir).join(', ')} LIMIT ?`;
    return this.db.rows<LinkRow>(`${c.from} AS "from", ${c.ns} AS ns, ${c.title} AS title`, rest, ...params, query.limit);
  }

  async categories(query: CategoryLinkQuery): Promise<CategoryLinkRow[]> {
    const ids = orderedIds(query.fromIds, query.descending, query.continueAt?.from);
    if (!ids.length || query.limit <= 0) return [];
    // A category is hidden when its page has the hiddencat property (MediaWiki joins page and
    // page_props the same way; both lookups are unique-index hits).
    const hidden =
      "EXISTS (SELECT 1 FROM page JOIN page_props ON pp_page = page_id AND pp_propname = 'hiddencat'" +
      ' WHERE page_namespace = 14 AND page_title = cl_to)';
    const where = [`cl_from IN (${IDS})`];
    const params: unknown[] = [JSON.stringify(ids)];
    if (query.categories) {
      where.push(`cl_to IN (${IDS})`);
      params.push(JSON.stringify(query.categories));
    }
    const op = query.descending ? '<=' : '>=';
    if (query.continueAt) {
      where.push(`(cl_from, cl_to) ${op} (?, ?)`);
      params.push(query.continueAt.from, query.continueAt.to);
    }
    if (query.hidden === 'only') where.push(hidden);
    else if (query.hidden === 'exclude') where.push(`NOT ${hidden}`);
    const dir = query.descending ? ' DESC' : '';
    const select =
      `cl_from AS "from", cl_to AS "to", lower(hex(cl_sortkey)) AS sortkeyHex, cl_sortkey_prefix AS sortkeyPrefix,` +
      ` cl_timestamp AS timestamp, ${hidden} AS hidden`;
    const rest = `FROM categorylinks WHERE ${where.join(' AND ')} ORDER BY cl_from${dir}, cl_to${dir} LIMIT ?`;
    return this.db
      .rows<Omit<CategoryLinkRow, 'hidden'> & { hidden: number }>(select, rest, ...params, query.limit)
      .map((row) => ({ ...row, hidden: row.hidden === 1 }));
  }
}
