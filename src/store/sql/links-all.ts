// list=alllinks, alltransclusions, allfileusages and allredirects: the links of every page to one
// namespace, read in target order from the index that leads with the target (pl_namespace,
// linktarget's lt_namespace_title then tl_target_id, il_to, rd_ns_title), source page ids second.
import type { AllLinksQuery, AllLinksRow, AllLinksTable } from '../links.ts';
import type { SqlExecutor } from './executor.ts';
import { Conditions } from './queries.ts';
import { prefixUpperBound } from './pages.ts';

interface AllLinksColumns {
  /** FROM of the listing with one row per link. */
  links: string;
  /** FROM and first condition of the unique listing (one row per target that has a link). */
  targets: string;
  /** The target namespace column, or null when the table has none (imagelinks). */
  ns: string | null;
  title: string;
  from: string;
}

const COLUMNS: Record<AllLinksTable, AllLinksColumns> = {
  pagelinks: { links: '{pagelinks}', targets: '{pagelinks}', ns: 'pl_namespace', title: 'pl_title', from: 'pl_from' },
  // A linktarget row may outlive its last transclusion: only targets still used are listed.
  templatelinks: {
    links: '{linktarget} JOIN {templatelinks} ON tl_target_id = lt_id',
    targets: '{linktarget}',
    ns: 'lt_namespace',
    title: 'lt_title',
    from: 'tl_from',
  },
  imagelinks: { links: '{imagelinks}', targets: '{imagelinks}', ns: null, title: 'il_to', from: 'il_from' },
  redirect: { links: '{redirect}', targets: '{redirect}', ns: 'rd_namespace', title: 'rd_title', from: 'rd_from' },
};

export async function allLinks(db: SqlExecutor, q: AllLinksQuery): Promise<AllLinksRow[]> {
  const cols = COLUMNS[q.table];
  const c = new Conditions(db.dialect);
  if (cols.ns !== null) c.add(`${cols.ns} = ?`, q.namespace);
  if (q.unique && q.table === 'templatelinks') c.add('EXISTS (SELECT 1 FROM {templatelinks} WHERE tl_target_id = lt_id)');
  const [after, beyond] = q.descending ? ['<=', '<'] : ['>=', '>'];
  if (q.continueAt) {
    if (q.unique) c.add(`${cols.title} ${after} ?`, q.continueAt.title);
    // The title alone bounds the index range; the source page only decides at that title.
    else c.add(`${cols.title} ${after} ? AND (${cols.title} ${beyond} ? OR ${cols.from} ${after} ?)`, q.continueAt.title, q.continueAt.title, q.continueAt.from);
  }
  if (q.from !== null) c.add(`${cols.title} >= ?`, q.from);
  if (q.to !== null) c.add(`${cols.title} <= ?`, q.to);
  if (q.prefix) {
    c.add(`${cols.title} >= ?`, q.prefix);
    const upper = prefixUpperBound(q.prefix);
    if (upper !== null) c.add(`${cols.title} < ?`, upper);
  }
  // Without any condition MariaDB may sort the whole table and PostgreSQL read the whole index:
  // a range that holds every title makes both read the title index in order, up to the limit.
  if (c.sql.length === 0) c.add(`${cols.title} >= ?`, '');
  const dir = q.descending ? ' DESC' : '';
  if (q.unique) {
    // all(), not rows(): a backend's own reading of the select list would lose the DISTINCT.
    // The title alone: with a constant beside it SQLite keeps the titles seen in a temporary B-tree.
    const distinct = q.table === 'templatelinks' ? '' : 'DISTINCT ';
    const titles = await db.all<{ pl_title: string }>(
      `SELECT ${distinct}${cols.title} AS pl_title FROM ${cols.targets} ${c.where} ORDER BY ${cols.title}${dir} LIMIT ?`,
      ...c.values,
      q.limit,
    );
    return titles.map((row) => ({ pl_title: row.pl_title, pl_from: 0 }));
  }
  const details = q.redirectDetails ? ', rd_fragment, rd_interwiki' : '';
  return db.rows<AllLinksRow>(
    `${cols.title} AS pl_title, ${cols.from} AS pl_from${details}`,
    `FROM ${cols.links} ${c.where} ORDER BY ${cols.title}${dir}, ${cols.from}${dir} LIMIT ?`,
    ...c.values,
    q.limit,
  );
}
