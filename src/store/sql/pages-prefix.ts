// Title prefix search (MediaWiki's TitlePrefixSearch over the database): the pages of some
// namespaces whose titles start with a prefix, in title then namespace order.
import type { ListedPage, PrefixSearchQuery } from '../pages.ts';
import type { SqlExecutor } from './executor.ts';
import { inList } from './dialect.ts';

/**
 * `upperBound` gives the smallest title past every title with the prefix (prefixUpperBound of
 * pages.ts, handed in so that this file does not import the one importing it).
 */
export async function prefixSearch(
  db: SqlExecutor,
  q: PrefixSearchQuery,
  upperBound: (prefix: string) => string | null,
): Promise<ListedPage[]> {
  const alternatives: string[] = [];
  const values: unknown[] = [];
  for (const group of q.groups) {
    const namespaces = inList(db.dialect, 'page_namespace', group.namespaces);
    const parts = [namespaces.sql];
    values.push(...namespaces.values);
    // A range rather than MediaWiki's LIKE: the same titles, byte for byte, on every database.
    if (group.prefix !== '') {
      parts.push('page_title >= ?');
      values.push(group.prefix);
      const upper = upperBound(group.prefix);
      if (upper !== null) {
        parts.push('page_title < ?');
        values.push(upper);
      }
    }
    alternatives.push(`(${parts.join(' AND ')})`);
  }
  if (alternatives.length === 0) return [];
  return db.rows<ListedPage>(
    'page_id, page_namespace, page_title',
    `FROM {page} WHERE ${alternatives.join(' OR ')} ORDER BY page_title, page_namespace LIMIT ? OFFSET ?`,
    ...values,
    q.limit,
    // SQLite, under MediaWiki's reference wiki, reads a negative offset as none; the others refuse it.
    Math.max(0, q.offset),
  );
}
