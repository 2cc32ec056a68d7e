// SQLite queries of the category family: categorylinks from the member's end (cl_from, cl_to) or
// the category's (cl_sortkey and cl_timestamp indexes).
import type {
  CategoriesOfQuery,
  CategoryLinkRow,
  CategoryMemberRow,
  CategoryStore,
  MembersBySortkeyQuery,
  MembersByTimestampQuery,
} from '../categories.ts';
import type { SqliteDatabase } from './database.ts';
import { Conditions, JSON_IDS, orderedIds } from './queries.ts';

/** Raw bytes compared as TEXT, byte for byte, as MediaWiki's quoted string literals are. */
const SORTKEY = 'CAST(? AS TEXT)';

const MEMBER_COLUMNS =
  'cl_from, lower(hex(cl_sortkey)) AS sortkey_hex, cl_sortkey_prefix, cl_type, cl_timestamp, page_id, page_namespace, page_title';

export class SqliteCategoryStore implements CategoryStore {
  constructor(private readonly db: SqliteDatabase) {}

  async of(query: CategoriesOfQuery): Promise<CategoryLinkRow[]> {
    const ids = orderedIds(query.fromIds, query.descending, query.continueAt?.from);
    if (!ids.length || query.limit <= 0) return [];
    // A category is hidden when its page has the hiddencat property (MediaWiki joins page and
    // page_props the same way; both lookups are unique-index hits).
    const hidden =
      "EXISTS (SELECT 1 FROM page JOIN page_props ON pp_page = page_id AND pp_propname = 'hiddencat'" +
      ' WHERE page_namespace = 14 AND page_title = cl_to)';
    const where = [`cl_from IN (${JSON_IDS})`];
    const params: unknown[] = [JSON.stringify(ids)];
    if (query.categories) {
      where.push(`cl_to IN (${JSON_IDS})`);
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
    const select = `cl_from, cl_to, lower(hex(cl_sortkey)) AS sortkey_hex, cl_sortkey_prefix, cl_timestamp, ${hidden} AS hidden`;
    const rest = `FROM categorylinks WHERE ${where.join(' AND ')} ORDER BY cl_from${dir}, cl_to${dir} LIMIT ?`;
    return this.db
      .rows<Omit<CategoryLinkRow, 'hidden'> & { hidden: number }>(select, rest, ...params, query.limit)
      .map((row) => ({ ...row, hidden: row.hidden === 1 }));
  }

  async membersBySortkey(q: MembersBySortkeyQuery): Promise<CategoryMemberRow[]> {
    const [after, before] = q.descending ? ['<=', '>='] : ['>=', '<='];
    const c = new Conditions().add('cl_to = ?', q.category).add('cl_type = ?', q.type).inList('page_namespace', q.namespaces);
    if (q.start) c.add(`cl_sortkey ${after} ${SORTKEY}`, q.start);
    if (q.end) c.add(`cl_sortkey ${before} ${SORTKEY}`, q.end);
    if (q.after) c.add(`(cl_sortkey, cl_from) ${after} (${SORTKEY}, ?)`, q.after.sortkey, q.after.from);
    const order = q.descending ? 'cl_sortkey DESC, cl_from DESC' : 'cl_sortkey, cl_from';
    return this.db.rows<CategoryMemberRow>(MEMBER_COLUMNS, `FROM categorylinks JOIN page ON page_id = cl_from ${c.where} ORDER BY ${order} LIMIT ?`, ...c.values, q.limit);
  }

  async membersByTimestamp(q: MembersByTimestampQuery): Promise<CategoryMemberRow[]> {
    const [after, before] = q.descending ? ['<=', '>='] : ['>=', '<='];
    const c = new Conditions().add('cl_to = ?', q.category).inList('page_namespace', q.namespaces);
    if (q.start !== null) c.add(`cl_timestamp ${after} ?`, q.start);
    if (q.end !== null) c.add(`cl_timestamp ${before} ?`, q.end);
    if (q.after) c.add(`(cl_timestamp, cl_from) ${after} (?, ?)`, q.after.timestamp, q.after.from);
    const order = q.descending ? 'cl_timestamp DESC, cl_from DESC' : 'cl_timestamp, cl_from';
    return this.db.rows<CategoryMemberRow>(MEMBER_COLUMNS, `FROM categorylinks JOIN page ON page_id = cl_from ${c.where} ORDER BY ${order} LIMIT ?`, ...c.values, q.limit);
  }
}
