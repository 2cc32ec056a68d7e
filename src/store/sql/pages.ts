// Queries of the page family; each lookup is an index-backed IN query, each listing a range
// scan of the (page_namespace, page_title) index.
import type {
  AllPagesQuery,
  LinkingPage,
  ListedPage,
  PageRow,
  PageStore,
  ProtectedTitleListQuery,
  ProtectedTitleListRow,
  ProtectedTitleRow,
  PrefixSearchQuery,
  ProtectionFilter,
  RandomPageRow,
  RandomPagesQuery,
  RedirectRow,
  RestrictionRow,
  TitleKey,
} from '../pages.ts';
import type { PagePropRow, PagesWithPropQuery, PageWithPropRow } from '../page-props.ts';
import { inList } from './dialect.ts';
import type { SqlExecutor } from './executor.ts';
import { CHUNK, chunks, Conditions, LINKING_PAGE_COLUMNS, titleSet } from './queries.ts';
import { protectedTitleList } from './protected-titles.ts';
import { pagePropBytesWithPrefix, pagePropNames, pagePropsOf, pagesWithProp } from './page-props.ts';
import { randomPages } from './pages-random.ts';
import { prefixSearch } from './pages-prefix.ts';

export const RESTRICTION_COLUMNS = 'pr_page, pr_type, pr_level, pr_expiry, pr_cascade';

/** FROM and WHERE of the create protections of `count` titles, with who protected them and why. */
export function protectedTitlesFrom(count: number): string {
  return 'FROM {protected_titles} LEFT JOIN {user} ON user_id = pt_user LEFT JOIN {comment} ON comment_id = pt_reason_id ' +
    `WHERE ${titleSet('pt', count)}`;
}

const PAGE_COLUMNS =
  'page_id, page_namespace, page_title, page_is_redirect, page_is_new, page_latest, page_len, page_touched, page_content_model, page_lang';

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

export class SqlPageStore implements PageStore {
  constructor(private readonly db: SqlExecutor) {}

  async byTitles(titles: readonly TitleKey[]): Promise<PageRow[]> {
    const out: PageRow[] = [];
    for (const part of chunks(titles, CHUNK / 2)) {
      const where = part.map(() => '(page_namespace = ? AND page_title = ?)').join(' OR ');
      out.push(...(await this.db.rows<PageRow>(PAGE_COLUMNS, `FROM {page} WHERE ${where}`, ...part.flatMap((t) => [t.ns, t.dbKey]))));
    }
    return out;
  }

  async byIds(ids: readonly number[]): Promise<PageRow[]> {
    const out: PageRow[] = [];
    for (const part of chunks(ids)) {
      const ids = inList(this.db.dialect, 'page_id', part);
      out.push(...(await this.db.rows<PageRow>(PAGE_COLUMNS, `FROM {page} WHERE ${ids.sql}`, ...ids.values)));
    }
    return out;
  }

  async redirectTargets(pageIds: readonly number[]): Promise<RedirectRow[]> {
    const out: RedirectRow[] = [];
    for (const part of chunks(pageIds)) {
      const ids = inList(this.db.dialect, 'rd_from', part);
      out.push(
        ...(await this.db.all<RedirectRow>(`SELECT rd_from, rd_namespace, rd_title, rd_interwiki, rd_fragment FROM {redirect} WHERE ${ids.sql}`, ...ids.values)),
      );
    }
    return out;
  }

  async allPages(q: AllPagesQuery): Promise<LinkingPage[]> {
    const [after, before] = q.descending ? ['<=', '>='] : ['>=', '<='];
    const c = new Conditions(this.db.dialect).add('page_namespace = ?', q.namespace);
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
      c.add(`${q.langlinks === 'withoutlanglinks' ? 'NOT ' : ''}EXISTS (SELECT 1 FROM {langlinks} WHERE ll_from = page_id)`);
    }
    const order = q.descending ? 'DESC' : '';
    return this.db.rows<LinkingPage>(LINKING_PAGE_COLUMNS, `FROM {page} ${c.where} ORDER BY page_title ${order} LIMIT ?`, ...c.values, q.limit);
  }

  /** MediaWiki joins page_restrictions with DISTINCT; EXISTS keeps the same pages. */
  private protectionCondition(c: Conditions, p: ProtectionFilter): void {
    const d = this.db.dialect;
    const inner = new Conditions(d).add('pr_page = page_id').add(`(pr_expiry > ${d.timestampParameter()} OR pr_expiry IS NULL)`, p.now);
    inner.inList('pr_type', p.types).inList('pr_level', p.levels);
    if (p.cascade !== null) inner.add('pr_cascade = ?', p.cascade);
    if (p.expiry === 'indefinite') inner.add('(pr_expiry = ? OR pr_expiry IS NULL)', 'infinity');
    else if (p.expiry === 'definite') inner.add('pr_expiry != ?', 'infinity');
    c.add(`EXISTS (SELECT 1 FROM {page_restrictions} ${inner.where})`, ...inner.values);
  }

  async props(pageIds: readonly number[], name: string): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const part of chunks(pageIds)) {
      const ids = inList(this.db.dialect, 'pp_page', part);
      const rows = await this.db.all<{ pp_page: number; pp_value: Buffer | string }>(
        `SELECT pp_page, pp_value FROM {page_props} WHERE pp_propname = ? AND ${ids.sql}`,
        name,
        ...ids.values,
      );
      for (const r of rows) out.set(r.pp_page, typeof r.pp_value === 'string' ? r.pp_value : r.pp_value.toString('utf8'));
    }
    return out;
  }

  propsOf(pageIds: readonly number[], names: readonly string[] | null): Promise<PagePropRow[]> {
    return pagePropsOf(this.db, pageIds, names);
  }

  propBytesWithPrefix(pageIds: readonly number[], prefix: string): Promise<Map<number, Map<string, Uint8Array>>> {
    return pagePropBytesWithPrefix(this.db, pageIds, prefix);
  }

  propNames(from: string | null, limit: number): Promise<string[]> {
    return pagePropNames(this.db, from, limit);
  }

  withProp(query: PagesWithPropQuery): Promise<PageWithPropRow[]> {
    return pagesWithProp(this.db, query);
  }

  async restrictions(pageIds: readonly number[]): Promise<RestrictionRow[]> {
    const out: RestrictionRow[] = [];
    for (const part of chunks([...pageIds].sort((a, b) => a - b))) {
      const ids = inList(this.db.dialect, 'pr_page', part);
      out.push(
        ...(await this.db.all<RestrictionRow>(
          `SELECT ${RESTRICTION_COLUMNS} FROM {page_restrictions} WHERE ${ids.sql} ORDER BY pr_page, pr_type`,
          ...ids.values,
        )),
      );
    }
    return out;
  }

  protectedTitleList(q: ProtectedTitleListQuery): Promise<ProtectedTitleListRow[]> {
    return protectedTitleList(this.db, q);
  }

  randomPages(q: RandomPagesQuery): Promise<RandomPageRow[]> {
    return randomPages(this.db, q);
  }

  prefixSearch(q: PrefixSearchQuery): Promise<ListedPage[]> {
    return prefixSearch(this.db, q, prefixUpperBound);
  }

  async protectedTitles(titles: readonly TitleKey[]): Promise<ProtectedTitleRow[]> {
    const out: ProtectedTitleRow[] = [];
    for (const part of chunks(titles, CHUNK / 2)) {
      out.push(
        ...(await this.db.all<ProtectedTitleRow>(
          `SELECT pt_namespace, pt_title, pt_create_perm, pt_expiry, user_name, comment_text AS pt_reason_text ${protectedTitlesFrom(part.length)} ` +
            'ORDER BY pt_namespace, pt_title',
          ...part.flatMap((t) => [t.ns, t.dbKey]),
        )),
      );
    }
    return out;
  }
}
