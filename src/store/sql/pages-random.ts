// list=random: pages in page_random order from a point on (or before one), read along the
// page_random index as MediaWiki's ApiQueryRandom reads it.
import type { RandomPageRow, RandomPagesQuery } from '../pages.ts';
import type { SqlExecutor } from './executor.ts';
import { Conditions } from './queries.ts';

export async function randomPages(db: SqlExecutor, q: RandomPagesQuery): Promise<RandomPageRow[]> {
  const c = new Conditions(db.dialect).inList('page_namespace', q.namespaces).redirects(q.redirects);
  if (q.start !== null) {
    // The plain lower bound is implied by the pair; it is there so the index range starts at it.
    c.add('page_random >= ?', q.start);
    if (q.startId > 0) c.add('(page_random = ? AND page_id >= ? OR page_random > ?)', q.start, q.startId, q.start);
  }
  if (q.end !== null) c.add('page_random < ?', q.end);
  return db.rows<RandomPageRow>(
    'page_id, page_namespace, page_title, page_is_redirect, page_random',
    `FROM {page} ${c.where} ORDER BY page_random, page_id LIMIT ?`,
    ...c.values,
    q.limit,
  );
}
