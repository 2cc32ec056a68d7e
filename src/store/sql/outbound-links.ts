// Queries of langlinks, iwlinks and externallinks from a set of pages: each a range of the
// table's (from, ...) index, the page ids bound as one JSON list.
import type {
  ExternalLinkRow,
  ExternalLinksQuery,
  InterwikiLinkRow,
  InterwikiLinksQuery,
  LangLinkRow,
  LangLinksQuery,
} from '../outbound-links.ts';
import type { SqlExecutor } from './executor.ts';
import { Conditions, orderedIds } from './queries.ts';

/** Blob columns may come back as bytes from SQLite. */
function text(value: string | Uint8Array): string {
  return typeof value === 'string' ? value : Buffer.from(value).toString('utf8');
}

export async function langLinksOf(db: SqlExecutor, q: LangLinksQuery): Promise<LangLinkRow[]> {
  const ids = orderedIds(q.fromIds, q.descending, q.continueAt?.from);
  if (!ids.length || q.limit <= 0) return [];
  const c = new Conditions(db.dialect).valuesIn('ll_from', ids, 'integers');
  if (q.lang !== null) c.add('ll_lang = ?', q.lang);
  if (q.lang !== null && q.title !== null) c.add('ll_title = ?', q.title);
  if (q.continueAt) c.add(`(ll_from, ll_lang) ${q.descending ? '<=' : '>='} (?, ?)`, q.continueAt.from, q.continueAt.lang);
  const dir = q.descending ? ' DESC' : '';
  const rows = await db.rows<LangLinkRow>('ll_from, ll_lang, ll_title', `FROM {langlinks} ${c.where} ORDER BY ll_from${dir}, ll_lang${dir} LIMIT ?`, ...c.values, q.limit);
  return rows.map((r) => ({ ll_from: Number(r.ll_from), ll_lang: text(r.ll_lang), ll_title: text(r.ll_title) }));
}

export async function interwikiLinksOf(db: SqlExecutor, q: InterwikiLinksQuery): Promise<InterwikiLinkRow[]> {
  const ids = orderedIds(q.fromIds, q.descending, q.continueAt?.from);
  if (!ids.length || q.limit <= 0) return [];
  const c = new Conditions(db.dialect).valuesIn('iwl_from', ids, 'integers');
  if (q.prefix !== null) c.add('iwl_prefix = ?', q.prefix);
  if (q.prefix !== null && q.title !== null) c.add('iwl_title = ?', q.title);
  if (q.continueAt) {
    c.add(`(iwl_from, iwl_prefix, iwl_title) ${q.descending ? '<=' : '>='} (?, ?, ?)`, q.continueAt.from, q.continueAt.prefix, q.continueAt.title);
  }
  const dir = q.descending ? ' DESC' : '';
  const rows = await db.rows<InterwikiLinkRow>(
    'iwl_from, iwl_prefix, iwl_title',
    `FROM {iwlinks} ${c.where} ORDER BY iwl_from${dir}, iwl_prefix${dir}, iwl_title${dir} LIMIT ?`,
    ...c.values,
    q.limit,
  );
  return rows.map((r) => ({ iwl_from: Number(r.iwl_from), iwl_prefix: text(r.iwl_prefix), iwl_title: text(r.iwl_title) }));
}

export async function externalLinksOf(db: SqlExecutor, q: ExternalLinksQuery): Promise<ExternalLinkRow[]> {
  const ids = orderedIds(q.fromIds, false, q.continueAt?.from ?? undefined);
  if (!ids.length || q.limit <= 0) return [];
  // One page as an equality, so that PostgreSQL reads el_from_index_60 in the order asked rather than el_index_60 whole.
  const c = ids.length === 1 ? new Conditions(db.dialect).add('el_from = ?', ids[0]) : new Conditions(db.dialect).valuesIn('el_from', ids, 'integers');
  const f = q.filter;
  if (f.index60Equals !== null) c.add('el_index_60 = ?', f.index60Equals);
  if (f.index60Like !== null) c.add(...caseSensitiveLike(db, 'el_index_60', f.index60Like));
  if (f.indexLike !== null) c.add(...caseSensitiveLike(db, 'el_index', f.indexLike));
  if (q.withoutRelativeCopies) c.add("(el_to NOT LIKE '//%' OR el_index_60 LIKE 'http://%')");
  const order: [string, unknown][] = [];
  if (q.byFrom) order.push(['el_from', q.continueAt?.from]);
  if (q.byIndex) order.push(['el_index_60', q.continueAt?.index60]);
  order.push(['el_id', q.continueAt?.id]);
  if (q.continueAt) c.add(`(${order.map(([col]) => col).join(', ')}) >= (${order.map(() => '?').join(', ')})`, ...order.map(([, v]) => v));
  const rows = await db.rows<ExternalLinkRow>(
    'el_id, el_from, el_to, el_index_60',
    `FROM {externallinks} ${c.where} ORDER BY ${order.map(([col]) => col).join(', ')} LIMIT ?`,
    ...c.values,
    q.limit,
  );
  return rows.map((r) => ({ el_id: Number(r.el_id), el_from: Number(r.el_from), el_to: text(r.el_to), el_index_60: text(r.el_index_60) }));
}

/**
 * `column LIKE pattern` (escaped with `!`), telling case apart as MediaWiki's databases do (it turns
 * SQLite's case_sensitive_like on): on SQLite as a GLOB, whose `*` and `?` are LIKE's `%` and `_`.
 */
export function caseSensitiveLike(db: SqlExecutor, column: string, pattern: string): [string, string] {
  if (db.dialect.name !== 'sqlite') return [`${column} LIKE ? ESCAPE '!'`, pattern];
  let glob = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '!' && i + 1 < pattern.length) {
      const literal = pattern[++i]!;
      glob += '*?['.includes(literal) ? `[${literal}]` : literal;
    } else if (c === '%') glob += '*';
    else if (c === '_') glob += '?';
    else glob += '*?['.includes(c) ? `[${c}]` : c;
  }
  return [`${column} GLOB ?`, glob];
}
