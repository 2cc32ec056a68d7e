// Queries of page_props: every property of some pages, the distinct names in use (one seek of the
// pp_propname_page index per name), and the pages with one property (by that index too).
import type { PagePropRow, PagesWithPropQuery, PageWithPropRow } from '../page-props.ts';
import type { SqlExecutor } from './executor.ts';
import { Conditions, jumpsToDistinctValues } from './queries.ts';
import { caseSensitiveLike } from './outbound-links.ts';

/** pp_value is a blob: SQLite may give its bytes. */
function text(value: string | Uint8Array): string {
  return typeof value === 'string' ? value : Buffer.from(value).toString('utf8');
}

/** The properties of the pages (only the named ones, unless null), by page and name. */
export async function pagePropsOf(db: SqlExecutor, pageIds: readonly number[], names: readonly string[] | null): Promise<PagePropRow[]> {
  if (!pageIds.length || (names && !names.length)) return [];
  const c = new Conditions(db.dialect).valuesIn('pp_page', [...new Set(pageIds)], 'integers');
  if (names) c.valuesIn('pp_propname', [...new Set(names)], 'strings');
  const rows = await db.rows<PagePropRow>('pp_page, pp_propname, pp_value', `FROM {page_props} ${c.where} ORDER BY pp_page, pp_propname`, ...c.values);
  return rows.map((r) => ({ pp_page: Number(r.pp_page), pp_propname: text(r.pp_propname), pp_value: text(r.pp_value) }));
}

/**
 * Distinct property names from `from` on (inclusive), in byte order: one index seek per name
 * (a recursive walk of pp_propname_page), so that a name carried by millions of pages is not read
 * row by row as a DISTINCT scan would.
 */
export async function pagePropNames(db: SqlExecutor, from: string | null, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  if (jumpsToDistinctValues(db.dialect)) {
    const distinct = await db.all<{ name: string }>(
      'SELECT DISTINCT pp_propname AS name FROM {page_props} WHERE pp_propname >= ? ORDER BY pp_propname LIMIT ?',
      from ?? '',
      limit,
    );
    return distinct.map((r) => text(r.name));
  }
  const rows = await db.all<{ name: string }>(
    'WITH RECURSIVE names (name, n) AS (' +
      'SELECT (SELECT MIN(pp_propname) FROM {page_props} WHERE pp_propname >= ?), 1 ' +
      'UNION ALL SELECT (SELECT MIN(pp_propname) FROM {page_props} WHERE pp_propname > name), n + 1 FROM names WHERE name IS NOT NULL AND n < ?' +
      ') SELECT name FROM names WHERE name IS NOT NULL',
    from ?? '',
    limit,
  );
  return rows.map((r) => text(r.name));
}

export async function pagesWithProp(db: SqlExecutor, q: PagesWithPropQuery): Promise<PageWithPropRow[]> {
  const params: unknown[] = [q.name];
  let range = '';
  if (q.from !== null) {
    range = ` AND pp_page ${q.descending ? '<=' : '>='} ?`;
    params.push(q.from);
  }
  const dir = q.descending ? ' DESC' : '';
  const rows = await db.rows<PageWithPropRow>(
    'page_id, page_namespace, page_title, pp_value',
    `FROM {page_props} JOIN {page} ON page_id = pp_page WHERE pp_propname = ?${range} ORDER BY pp_page${dir} LIMIT ?`,
    ...params,
    q.limit,
  );
  return rows.map((r) => ({ ...r, page_id: Number(r.page_id), pp_value: text(r.pp_value) }));
}

/**
 * The values of the properties whose names start with `prefix`, as the bytes stored (pp_value is a
 * blob: Cite's `references-N` hold compressed data, which text would spoil), by page then name.
 */
export async function pagePropBytesWithPrefix(db: SqlExecutor, pageIds: readonly number[], prefix: string): Promise<Map<number, Map<string, Uint8Array>>> {
  const out = new Map<number, Map<string, Uint8Array>>();
  if (!pageIds.length || prefix === '') return out;
  // A pattern, not a range of names: PostgreSQL's collations may not order `-` by its code.
  const c = new Conditions(db.dialect).valuesIn('pp_page', [...new Set(pageIds)], 'integers');
  c.add(...caseSensitiveLike(db, 'pp_propname', `${prefix.replace(/[!%_]/g, '!$&')}%`));
  // Named pp_bytes so that the MariaDB executor leaves them undecoded.
  const rows = await db.rows<{ pp_page: number; pp_propname: string | Uint8Array; pp_bytes: string | Uint8Array }>(
    'pp_page, pp_propname, pp_value AS pp_bytes',
    `FROM {page_props} ${c.where} ORDER BY pp_page, pp_propname`,
    ...c.values,
  );
  for (const r of rows) {
    const name = text(r.pp_propname);
    if (!name.startsWith(prefix)) continue;
    const page = Number(r.pp_page);
    let props = out.get(page);
    if (!props) out.set(page, (props = new Map()));
    props.set(name, typeof r.pp_bytes === 'string' ? Buffer.from(r.pp_bytes, 'utf8') : r.pp_bytes);
  }
  return out;
}
