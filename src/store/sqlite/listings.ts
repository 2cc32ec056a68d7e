// SQLite implementation of ListingStore: index-backed range scans over page, categorylinks and the link tables.
import type {
  AllPagesQuery,
  CategoryMemberRow,
  LinkingPage,
  LinkingViaRedirect,
  LinksToQuery,
  LinksToRedirectsQuery,
  ListingStore,
  MembersBySortkeyQuery,
  MembersByTimestampQuery,
  ProtectionFilter,
  RedirectFilter,
} from '../listings.ts';
import type { LinkTable } from '../pagelinks.ts';
import type { TitleKey } from '../pages.ts';
import { placeholders, type SqliteDatabase } from './database.ts';

/** WHERE conditions and their bound values, built together so they never drift apart. */
class Conditions {
  readonly sql: string[] = [];
  readonly values: unknown[] = [];

  add(sql: string, ...values: unknown[]): this {
    this.sql.push(sql);
    this.values.push(...values);
    return this;
  }

  inList(column: string, values: readonly unknown[] | null): this {
    if (values && values.length) this.add(`${column} IN (${placeholders(values.length)})`, ...values);
    return this;
  }

  redirects(filter: RedirectFilter): this {
    if (filter !== 'all') this.add('page_is_redirect = ?', filter === 'redirects' ? 1 : 0);
    return this;
  }

  get where(): string {
    return this.sql.length ? `WHERE ${this.sql.join(' AND ')}` : '';
  }
}

/**
 * The smallest string greater than every string starting with `prefix` (UTF-8 byte order is
 * code point order, so incrementing the last code point is enough); null if there is none.
 */
export function prefixUpperBound(prefix: string): string | null {
  const chars = [...prefix];
  while (chars.length) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      const next = last === 0xd7ff ? 0xe000 : last + 1;
      return chars.join('') + String.fromCodePoint(next);
    }
  }
  return null;
}

/** Rounds an OR list up to a power of two (repeating its last entry) so few SQL variants exist. */
function padded<T>(items: readonly T[]): T[] {
  let size = 1;
  while (size < items.length) size *= 2;
  const out = [...items];
  while (out.length < size) out.push(items[items.length - 1]!);
  return out;
}

/** Raw bytes compared as TEXT, byte for byte, as MediaWiki's quoted string literals are. */
const SORTKEY = 'CAST(? AS TEXT)';

const LINKING_PAGE_COLUMNS = 'page_id, page_namespace, page_title, page_is_redirect';

const MEMBER_COLUMNS =
  'cl_from, lower(hex(cl_sortkey)) AS sortkey_hex, cl_sortkey_prefix, cl_type, cl_timestamp, page_id, page_namespace, page_title';

interface LinkColumns {
  table: string;
  from: string;
  fromNs: string;
  /** Namespace column of the target (a constant for imagelinks). */
  ns: string;
  title: string;
  /** Extra join to reach the target's namespace and title. */
  join: string;
}

const LINK_COLUMNS: Record<LinkTable, LinkColumns> = {
  pagelinks: { table: 'pagelinks', from: 'pl_from', fromNs: 'pl_from_namespace', ns: 'pl_namespace', title: 'pl_title', join: '' },
  templatelinks: {
    table: 'templatelinks',
    from: 'tl_from',
    fromNs: 'tl_from_namespace',
    ns: 'lt_namespace',
    title: 'lt_title',
    join: 'JOIN linktarget ON lt_id = tl_target_id',
  },
  imagelinks: { table: 'imagelinks', from: 'il_from', fromNs: 'il_from_namespace', ns: '6', title: 'il_to', join: '' },
};

export class SqliteListingStore implements ListingStore {
  constructor(private readonly db: SqliteDatabase) {}

  async allPages(q: AllPagesQuery): Promise<LinkingPage[]> {
    const [after, before] = q.descending ? ['<=', '>='] : ['>=', '<='];
    const c = new Conditions().add('page_namespace = ?', q.namespace);
    if (q.continueFrom !== null) c.add(`page_title ${after} ?`, q.continueFrom);
    if (q.from !== null) c.add(`page_title ${after} ?`, q.from);
    if (q.to !== null) c.add(`page_title ${before} ?`, q.to);
    if (q.prefix) {
      c.add('page_title >= ?', q.prefix);
      const upper = prefixUpperBound(q.prefix);
      if (upper !== null) c.add('page_title < ?', upper);
    }
    c.redirects(q.redirects);
    if (q.minSize !== null) c.add('page_len >= ?', q.minSize);
    if (q.maxSize !== null) c.add('page_len <= ?', q.maxSize);
    if (q.protection) this.protectionCondition(c, q.protection);
    if (q.langlinks !== 'all') {
      c.add(`${q.langlinks === 'withoutlanglinks' ? 'NOT ' : ''}EXISTS (SELECT 1 FROM langlinks WHERE ll_from = page_id)`);
    }
    const order = q.descending ? 'DESC' : '';
    return this.db.rows<LinkingPage>(LINKING_PAGE_COLUMNS, `FROM page ${c.where} ORDER BY page_title ${order} LIMIT ?`, ...c.values, q.limit);
  }

  /** MediaWiki joins page_restrictions with DISTINCT; EXISTS keeps the same pages. */
  private protectionCondition(c: Conditions, p: ProtectionFilter): void {
    const inner = new Conditions().add('pr_page = page_id').add('(pr_expiry > ? OR pr_expiry IS NULL)', p.now);
    inner.inList('pr_type', p.types).inList('pr_level', p.levels);
    if (p.cascade !== null) inner.add('pr_cascade = ?', p.cascade);
    if (p.expiry === 'indefinite') inner.add('(pr_expiry = ? OR pr_expiry IS NULL)', 'infinity');
    else if (p.expiry === 'definite') inner.add('pr_expiry != ?', 'infinity');
    c.add(`EXISTS (SELECT 1 FROM page_restrictions ${inner.where})`, ...inner.values);
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

  async linksTo(q: LinksToQuery): Promise<LinkingPage[]> {
    const cols = LINK_COLUMNS[q.table];
    const c = new Conditions();
    if (!this.targetCondition(c, q.table, q.target)) return [];
    c.inList(cols.fromNs, q.fromNamespaces);
    const op = q.descending ? '<=' : '>=';
    if (q.after) {
      if (q.byFromNamespace) c.add(`(${cols.fromNs}, ${cols.from}) ${op} (?, ?)`, q.after.fromNs, q.after.from);
      else c.add(`${cols.from} ${op} ?`, q.after.from);
    }
    c.redirects(q.redirects);
    const dir = q.descending ? ' DESC' : '';
    const order = [...(q.byFromNamespace ? [cols.fromNs] : []), cols.from].map((col) => col + dir).join(', ');
    const rest = `FROM ${cols.table} JOIN page ON page_id = ${cols.from} ${c.where} ORDER BY ${order} LIMIT ?`;
    return this.db.rows<LinkingPage>(LINKING_PAGE_COLUMNS, rest, ...c.values, q.limit);
  }

  /** Adds the "links to this title" condition; false when nothing can link to it. */
  private targetCondition(c: Conditions, table: LinkTable, target: TitleKey): boolean {
    if (table === 'pagelinks') {
      c.add('pl_namespace = ? AND pl_title = ?', target.ns, target.dbKey);
    } else if (table === 'imagelinks') {
      c.add('il_to = ?', target.dbKey);
    } else {
      const id = this.linkTargetId(target);
      if (id === undefined) return false;
      c.add('tl_target_id = ?', id);
    }
    return true;
  }

  private linkTargetId(target: TitleKey): number | undefined {
    return this.db.get<{ lt_id: number }>('SELECT lt_id FROM linktarget WHERE lt_namespace = ? AND lt_title = ?', target.ns, target.dbKey)
      ?.lt_id;
  }

  async linksToRedirects(q: LinksToRedirectsQuery): Promise<LinkingViaRedirect[]> {
    if (q.targets.length === 0) return [];
    const cols = LINK_COLUMNS[q.table];
    const c = new Conditions();
    const targets = padded(q.targets);
    if (q.table === 'imagelinks') {
      c.inList(cols.title, targets.map((t) => t.dbKey));
    } else {
      const one = `(${cols.ns} = ? AND ${cols.title} = ?)`;
      c.add(`(${targets.map(() => one).join(' OR ')})`, ...targets.flatMap((t) => [t.ns, t.dbKey]));
    }
    c.inList('page_namespace', q.namespaces);
    // Columns constant in the query take no part in the order, nor in the continuation.
    const sortColumns: [string, unknown][] = [];
    if (q.byTargetNs) sortColumns.push([cols.ns, q.after?.ns]);
    if (q.byTargetTitle) sortColumns.push([cols.title, q.after?.title]);
    if (q.byFromNamespace) sortColumns.push([cols.fromNs, q.after?.fromNs]);
    sortColumns.push([cols.from, q.after?.from]);
    if (q.after) {
      const op = q.descending ? '<=' : '>=';
      const names = sortColumns.map(([col]) => col).join(', ');
      c.add(`(${names}) ${op} (${placeholders(sortColumns.length)})`, ...sortColumns.map(([, v]) => v));
    }
    c.redirects(q.redirects);
    const dir = q.descending ? ' DESC' : '';
    const order = sortColumns.map(([col]) => col + dir).join(', ');
    const select = `${LINKING_PAGE_COLUMNS}, ${cols.ns} AS target_ns, ${cols.title} AS target_title`;
    const rest = `FROM ${cols.table} ${cols.join} JOIN page ON page_id = ${cols.from} ${c.where} ORDER BY ${order} LIMIT ?`;
    return this.db.rows<LinkingViaRedirect>(select, rest, ...c.values, q.limit);
  }
}
