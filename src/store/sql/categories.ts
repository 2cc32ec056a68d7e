// Queries of the category family: categorylinks from the member's end (cl_from, cl_to) or
// the category's (cl_sortkey and cl_timestamp indexes).
import type {
  CategoriesOfQuery,
  CategoryLinkRow,
  CategoryMemberRow,
  CategoryStore,
  MembersBySortkeyQuery,
  MembersByTimestampQuery,
} from '../categories.ts';
import type { Dialect } from './dialect.ts';
import type { SqlExecutor } from './executor.ts';
import { Conditions, orderedIds } from './queries.ts';

function memberColumns(d: Dialect): string {
  return `cl_from, ${d.hex('cl_sortkey')} AS sortkey_hex, cl_sortkey_prefix, cl_type, cl_timestamp, page_id, page_namespace, page_title`;
}

export class SqlCategoryStore implements CategoryStore {
  private readonly memberColumns: string;

  constructor(private readonly db: SqlExecutor) {
    this.memberColumns = memberColumns(db.dialect);
  }

  async of(query: CategoriesOfQuery): Promise<CategoryLinkRow[]> {
    const ids = orderedIds(query.fromIds, query.descending, query.continueAt?.from);
    if (!ids.length || query.limit <= 0) return [];
    // A category is hidden when its page has the hiddencat property (MediaWiki joins page and
    // page_props the same way; both lookups are unique-index hits).
    const d = this.db.dialect;
    const hidden =
      "EXISTS (SELECT 1 FROM {page} JOIN {page_props} ON pp_page = page_id AND pp_propname = 'hiddencat'" +
      ' WHERE page_namespace = 14 AND page_title = cl_to)';
    const where = [d.inJsonList('cl_from', 'integers')];
    const params: unknown[] = [JSON.stringify(ids)];
    if (query.categories) {
      where.push(d.inJsonList('cl_to', 'strings'));
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
    const select = `cl_from, cl_to, ${d.hex('cl_sortkey')} AS sortkey_hex, cl_sortkey_prefix, cl_timestamp, ${d.flag(hidden)} AS hidden`;
    const rest = `FROM {categorylinks} WHERE ${where.join(' AND ')} ORDER BY cl_from${dir}, cl_to${dir} LIMIT ?`;
    const rows = await this.db.rows<Omit<CategoryLinkRow, 'hidden'> & { hidden: number }>(select, rest, ...params, query.limit);
    return rows.map((row) => ({ ...row, hidden: row.hidden === 1 }));
  }

  async membersBySortkey(q: MembersBySortkeyQuery): Promise<CategoryMemberRow[]> {
    const d = this.db.dialect;
    const [after, before] = q.descending ? ['<=', '>='] : ['>=', '<='];
    const sortkey = d.bytesParameter();
    const c = new Conditions(d).add('cl_to = ?', q.category).add('cl_type = ?', q.type).inList('page_namespace', q.namespaces);
    if (q.start) c.add(`cl_sortkey ${after} ${sortkey}`, q.start);
    if (q.end) c.add(`cl_sortkey ${before} ${sortkey}`, q.end);
    if (q.after) c.add(`(cl_sortkey, cl_from) ${after} (${sortkey}, ?)`, q.after.sortkey, q.after.from);
    const order = q.descending ? 'cl_sortkey DESC, cl_from DESC' : 'cl_sortkey, cl_from';
    const from = `FROM {categorylinks}${d.useIndex('cl_sortkey')} JOIN {page} ON page_id = cl_from`;
    return this.db.rows<CategoryMemberRow>(this.memberColumns, `${from} ${c.where} ORDER BY ${order} LIMIT ?`, ...c.values, q.limit);
  }

  async membersByTimestamp(q: MembersByTimestampQuery): Promise<CategoryMemberRow[]> {
    const d = this.db.dialect;
    const [after, before] = q.descending ? ['<=', '>='] : ['>=', '<='];
    const timestamp = d.timestampParameter();
    const c = new Conditions(d).add('cl_to = ?', q.category).inList('page_namespace', q.namespaces);
    if (q.start !== null) c.add(`cl_timestamp ${after} ${timestamp}`, q.start);
    if (q.end !== null) c.add(`cl_timestamp ${before} ${timestamp}`, q.end);
    if (q.after) c.add(`(cl_timestamp, cl_from) ${after} (${timestamp}, ?)`, q.after.timestamp, q.after.from);
    const order = q.descending ? 'cl_timestamp DESC, cl_from DESC' : 'cl_timestamp, cl_from';
    const from = `FROM {categorylinks}${d.useIndex('cl_timestamp')} JOIN {page} ON page_id = cl_from`;
    return this.db.rows<CategoryMemberRow>(this.memberColumns, `${from} ${c.where} ORDER BY ${order} LIMIT ?`, ...c.values, q.limit);
  }
}
