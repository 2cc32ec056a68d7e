// Queries of the pages using interwiki, language and external links, read from the target's
// end: iwlinks by iwl_prefix_title_from, langlinks by ll_lang, externallinks by el_index_60.
import type {
  ExternalLinkUse,
  ExternalLinkUsesQuery,
  OutboundTargetUse,
  OutboundTargetUsesQuery,
} from '../outbound-backlinks.ts';
import type { SqlExecutor } from './executor.ts';
import { caseSensitiveLike } from './outbound-links.ts';
import { Conditions, LINKING_PAGE_COLUMNS } from './queries.ts';

/** Blob columns may come back as bytes from SQLite. */
function text(value: string | Uint8Array): string {
  return typeof value === 'string' ? value : Buffer.from(value).toString('utf8');
}

const TARGET_COLUMNS = {
  iwlinks: { from: 'iwl_from', prefix: 'iwl_prefix', title: 'iwl_title' },
  langlinks: { from: 'll_from', prefix: 'll_lang', title: 'll_title' },
} as const;

export async function outboundTargetUses(db: SqlExecutor, q: OutboundTargetUsesQuery): Promise<OutboundTargetUse[]> {
  if (q.limit <= 0) return [];
  const cols = TARGET_COLUMNS[q.table];
  const c = new Conditions(db.dialect);
  // The columns a prefix (and title) leave free, in order; the continuation compares only them.
  const order: [string, unknown][] = [];
  const at = q.continueAt;
  const after = q.descending ? '<' : '>';
  if (q.prefix !== null) {
    c.add(`${cols.prefix} = ?`, q.prefix);
    if (at && at.prefix !== q.prefix) {
      // A continuation at another prefix leaves all of this one or none of it.
      if (!compareBytes(q.prefix, at.prefix, after)) return [];
    }
    if (q.title !== null) {
      c.add(`${cols.title} = ?`, q.title);
      if (at && at.prefix === q.prefix && at.title !== q.title && !compareBytes(q.title, at.title, after)) return [];
    }
  }
  const samePrefix = at !== null && q.prefix !== null && at.prefix === q.prefix;
  const sameTitle = samePrefix && q.title !== null && at!.title === q.title;
  if (q.prefix === null) order.push([cols.prefix, at?.prefix]);
  if (q.prefix === null || q.title === null) order.push([cols.title, at?.title]);
  order.push([cols.from, at?.from]);
  const [first, firstValue] = order[0]!;
  if (at && (q.prefix === null || samePrefix) && (q.title === null || sameTitle)) {
    const columns = order.map(([col]) => col).join(', ');
    const marks = order.map(() => '?').join(', ');
    // The first column's bound on its own too: MariaDB reads a range for it, not for the row value.
    if (order.length > 1) c.add(`${first} ${after}= ?`, firstValue);
    c.add(order.length === 1 ? `${columns} ${after}= ?` : `(${columns}) ${after}= (${marks})`, ...order.map(([, value]) => value));
  } else if (order.length > 1) {
    // A bound that holds every text, so that the databases read the index as a range that LIMIT ends.
    c.add(`${first} >= ?`, '');
  }
  const dir = q.descending ? ' DESC' : '';
  const rows = await db.rows<OutboundTargetUse & { target_prefix: string | Uint8Array; target_title: string | Uint8Array }>(
    `${LINKING_PAGE_COLUMNS}, ${cols.prefix} AS target_prefix, ${cols.title} AS target_title`,
    `FROM {${q.table}} JOIN {page} ON page_id = ${cols.from} ${c.where} ORDER BY ${order.map(([col]) => col + dir).join(', ')} LIMIT ?`,
    ...c.values,
    q.limit,
  );
  return rows.map((r) => ({
    page_id: Number(r.page_id),
    page_namespace: Number(r.page_namespace),
    page_title: text(r.page_title),
    page_is_redirect: Number(r.page_is_redirect),
    target_prefix: text(r.target_prefix),
    target_title: text(r.target_title),
  }));
}

/** `a op b` for texts compared byte by byte, as the databases compare these binary columns. */
function compareBytes(a: string, b: string, op: '<' | '>'): boolean {
  const order = Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
  return op === '<' ? order < 0 : order > 0;
}

export async function externalLinkUses(db: SqlExecutor, q: ExternalLinkUsesQuery): Promise<ExternalLinkUse[]> {
  if (q.limit <= 0) return [];
  const c = new Conditions(db.dialect);
  const f = q.filter;
  if (f.index60Equals !== null) c.add('el_index_60 = ?', f.index60Equals);
  if (q.index60Range) {
    // SQLite reads no index for a LIKE or GLOB of a BLOB column: the range is what it reads.
    c.add('el_index_60 >= ?', q.index60Range.from);
    if (q.index60Range.before !== null) c.add('el_index_60 < ?', q.index60Range.before);
  }
  if (f.index60Like !== null) c.add(...caseSensitiveLike(db, 'el_index_60', f.index60Like));
  if (f.indexLike !== null) c.add(...caseSensitiveLike(db, 'el_index', f.indexLike));
  if (q.withoutRelativeCopies) c.add("(el_to NOT LIKE '//%' OR el_index_60 LIKE 'http://%')");
  // On SQLite `+` keeps page's namespace index out: walked from page, the links would all be sorted.
  c.inList(db.dialect.name === 'sqlite' ? '+page_namespace' : 'page_namespace', q.namespaces);
  const order: [string, unknown][] = [];
  if (q.byIndex) order.push(['el_index_60', q.continueAt?.index60]);
  order.push(['el_id', q.continueAt?.id]);
  if (q.continueAt) {
    const columns = order.map(([col]) => col).join(', ');
    // el_index_60's bound on its own too: MariaDB reads a range for it, not for the row value.
    if (order.length > 1) c.add('el_index_60 >= ?', q.continueAt.index60);
    c.add(order.length === 1 ? `${columns} >= ?` : `(${columns}) >= (${order.map(() => '?').join(', ')})`, ...order.map(([, v]) => v));
  } else if (q.byIndex && !q.index60Range) {
    // A bound that holds every text, so that the databases read el_index_60 as a range that LIMIT ends.
    c.add('el_index_60 >= ?', '');
  }
  const rows = await db.rows<ExternalLinkUse>(
    'el_id, el_to, el_index_60, page_id, page_namespace, page_title',
    `FROM {externallinks} JOIN {page} ON page_id = el_from ${c.where} ORDER BY ${order.map(([col]) => col).join(', ')} LIMIT ?`,
    ...c.values,
    q.limit,
  );
  return rows.map((r) => ({
    el_id: Number(r.el_id),
    el_to: text(r.el_to),
    el_index_60: text(r.el_index_60),
    page_id: Number(r.page_id),
    page_namespace: Number(r.page_namespace),
    page_title: text(r.page_title),
  }));
}
