// list=allcategories: the category table in title order (its unique cat_title index), with the
// counts, and whether the category page is hidden (its page and page_props rows, each a unique-key hit).
import type { AllCategoriesQuery, CategoryRow } from '../categories.ts';
import type { SqlExecutor } from './executor.ts';
import { Conditions } from './queries.ts';
import { prefixUpperBound } from './pages.ts';

const HIDDEN_JOIN =
  "LEFT JOIN {page} ON page_namespace = 14 AND page_title = cat_title LEFT JOIN {page_props} ON pp_page = page_id AND pp_propname = 'hiddencat'";

export async function allCategories(db: SqlExecutor, q: AllCategoriesQuery): Promise<CategoryRow[]> {
  const [after, before] = q.descending ? ['<=', '>='] : ['>=', '<='];
  const c = new Conditions(db.dialect);
  if (q.continueFrom !== null) c.add(`cat_title ${after} ?`, q.continueFrom);
  if (q.from !== null) c.add(`cat_title ${after} ?`, q.from);
  if (q.to !== null) c.add(`cat_title ${before} ?`, q.to);
  if (q.minPages !== null) c.add('cat_pages >= ?', q.minPages);
  if (q.maxPages !== null) c.add('cat_pages <= ?', q.maxPages);
  if (q.prefix) {
    c.add('cat_title >= ?', q.prefix);
    const upper = prefixUpperBound(q.prefix);
    if (upper !== null) c.add('cat_title < ?', upper);
  }
  // Without any condition MariaDB may sort the whole table and PostgreSQL read the whole index:
  // a range that holds every title makes both read the title index in order, up to the limit.
  if (q.continueFrom === null && q.from === null && q.to === null && !q.prefix) c.add('cat_title >= ?', '');
  const hidden = q.hidden ? 'pp_propname' : 'NULL';
  const join = q.hidden ? HIDDEN_JOIN : '';
  return db.rows<CategoryRow>(
    `cat_title, cat_pages, cat_subcats, cat_files, ${hidden} AS cat_hidden`,
    `FROM {category} ${join} ${c.where} ORDER BY cat_title${q.descending ? ' DESC' : ''} LIMIT ?`,
    ...c.values,
    q.limit,
  );
}
