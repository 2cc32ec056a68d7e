// Queries of the category family: categorylinks from the member's end (cl_from, cl_to) or
// the category's (cl_sortkey and cl_timestamp indexes).
import type {
  AllCategoriesQuery,
  CategoriesOfQuery,
  CategoryInfoRow,
  CategoryLinkRow,
  CategoryMemberRow,
  CategoryRow,
  CategoryStore,
  MembersBySortkeyQuery,
  MembersByTimestampQuery,
} from '../categories.ts';
import type { Dialect } from './dialect.ts';
import type { SqlExecutor } from './executor.ts';
import { Conditions, orderedIds, statementsAreCalls } from './queries.ts';
import { allCategories } from './categories-all.ts';

function memberColumns(d: Dialect): string {
  return `cl_from, ${d.hex('cl_sortkey')} AS sortkey_hex, cl_sortkey_prefix, cl_type, cl_timestamp, page_id, page_namespace, page_title`;
}

export class SqlCategoryStore implements CategoryStore {
  private readonly memberColumns: string;

  constructor(private readonly db: SqlExecutor) {
    this.memberColumns = memberColumns(db.dialect);
  }

  all(q: AllCategoriesQuery): Promise<CategoryRow[]> {
    return allCategories(this.db, q);
  }

  async of(query: CategoriesOfQuery): Promise<CategoryLinkRow[]> {
    const ids = orderedIds(query.fromIds, query.descending, query.continueAt?.from);
    if (!ids.length || query.limit <= 0) return [];
    const d = this.db.dialect;
    const c = new Conditions(d).valuesIn('cl_from', ids, 'integers');
    if (query.categories) c.valuesIn('cl_to', query.categories, 'strings');
    const op = query.descending ? '<=' : '>=';
    if (query.continueAt) c.add(`(cl_from, cl_to) ${op} (?, ?)`, query.continueAt.from, query.continueAt.to);
    // A category is hidden when its page has the hiddencat property: MediaWiki joins page and
    // page_props the same way, both unique-index hits, so a join adds no rows. Only asked for
    // when needed: it is most of such a statement's cost on a server.
    const needsHidden = query.withHidden || query.hidden !== null;
    const join = needsHidden
      ? " LEFT JOIN {page} AS category_page ON category_page.page_namespace = 14 AND category_page.page_title = cl_to" +
        " LEFT JOIN {page_props} AS hidden_prop ON hidden_prop.pp_page = category_page.page_id AND hidden_prop.pp_propname = 'hiddencat'"
      : '';
    if (query.hidden === 'only') c.add('hidden_prop.pp_page IS NOT NULL');
    else if (query.hidden === 'exclude') c.add('hidden_prop.pp_page IS NULL');
    const dir = query.descending ? ' DESC' : '';
    const hidden = needsHidden ? d.flag('hidden_prop.pp_page IS NOT NULL') : '0';
    const select = `cl_from, cl_to, ${d.hex('cl_sortkey')} AS sortkey_hex, cl_sortkey_prefix, cl_timestamp, ${hidden} AS hidden`;
    const rest = `FROM {categorylinks}${join} ${c.where} ORDER BY cl_from${dir}, cl_to${dir} LIMIT ?`;
    const rows = await this.db.rows<Omit<CategoryLinkRow, 'hidden'> & { hidden: number }>(select, rest, ...c.values, query.limit);
    return rows.map((row) => ({ ...row, hidden: Number(row.hidden) === 1 }));
  }

  async info(titles: readonly string[], from: string | null): Promise<CategoryInfoRow[]> {
    if (!titles.length) return [];
    const d = this.db.dialect;
    const c = new Conditions(d).valuesIn('cat_title', [...new Set(titles)], 'strings');
    if (from !== null) c.add('cat_title >= ?', from);
    const hidden = "EXISTS (SELECT 1 FROM {page} JOIN {page_props} ON pp_page = page_id AND pp_propname = 'hiddencat' WHERE page_namespace = 14 AND page_title = cat_title)";
    const rows = await this.db.rows<Omit<CategoryInfoRow, 'hidden'> & { hidden: number }>(
      `cat_title, cat_pages, cat_subcats, cat_files, ${d.flag(hidden)} AS hidden`,
      `FROM {category} ${c.where} ORDER BY cat_title`,
      ...c.values,
    );
    return rows.map((row) => ({ ...row, hidden: Number(row.hidden) === 1 }));
  }

  async membersBySortkey(q: MembersBySortkeyQuery): Promise<CategoryMemberRow[]> {
    const types = [...new Set(q.types)];
    const branches = types.map((type, index) => this.membersOfType(q, type, index === 0 ? q.after : null));
    if (statementsAreCalls(this.db.dialect) || branches.length < 2) {
      // One type after another, until the limit is reached.
      const rows: CategoryMemberRow[] = [];
      for (const { rest, values } of branches) {
        rows.push(...(await this.db.rows<CategoryMemberRow>(this.memberColumns, rest, ...values)));
        if (rows.length >= q.limit) break;
      }
      return rows;
    }
    // On a server, one statement for every type rather than a round trip per type: each branch
    // still walks the cl_sortkey index of its type up to the limit, and the rows are put in the
    // order the walks one after the other give (type, then sort key and page id).
    const union = branches.map(({ rest }, index) => `SELECT * FROM (SELECT ${this.memberColumns} ${rest}) AS members_${index}`).join(' UNION ALL ');
    const rows = await this.db.all<CategoryMemberRow>(union, ...branches.flatMap((b) => b.values));
    const rank = new Map(types.map((type, index) => [type, index]));
    const sign = q.descending ? -1 : 1;
    // Hexadecimal keeps the byte order of the sort keys (cl_sortkey compares byte for byte).
    rows.sort((a, b) =>
      rank.get(a.cl_type)! - rank.get(b.cl_type)! ||
      sign * (a.sortkey_hex < b.sortkey_hex ? -1 : a.sortkey_hex > b.sortkey_hex ? 1 : a.cl_from - b.cl_from));
    // The types a walk one after the other would have read: up to the one that reaches the limit.
    let end = 0;
    while (end < rows.length && end < q.limit) {
      const type = rows[end]!.cl_type;
      while (end < rows.length && rows[end]!.cl_type === type) end++;
    }
    return rows.slice(0, end);
  }

  /** The members of one type, FROM onwards, with its bound values. */
  private membersOfType(q: MembersBySortkeyQuery, type: string, resume: MembersBySortkeyQuery['after']): { rest: string; values: unknown[] } {
    const d = this.db.dialect;
    const [after, before] = q.descending ? ['<=', '>='] : ['>=', '<='];
    const sortkey = d.bytesParameter();
    const c = new Conditions(d).add('cl_to = ?', q.category).add('cl_type = ?', type).inList('page_namespace', q.namespaces);
    if (q.start) c.add(`cl_sortkey ${after} ${sortkey}`, q.start);
    if (q.end) c.add(`cl_sortkey ${before} ${sortkey}`, q.end);
    if (resume) c.add(`(cl_sortkey, cl_from) ${after} (${sortkey}, ?)`, resume.sortkey, resume.from);
    const order = q.descending ? 'cl_sortkey DESC, cl_from DESC' : 'cl_sortkey, cl_from';
    const from = `FROM {categorylinks}${d.useIndex('cl_sortkey')} JOIN {page} ON page_id = cl_from`;
    return { rest: `${from} ${c.where} ORDER BY ${order} LIMIT ?`, values: [...c.values, q.limit] };
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
