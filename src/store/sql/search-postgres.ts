// SearchPostgres: the tsvector columns MediaWiki's PostgreSQL schema keeps by trigger, page.titlevector
// (of page_title) and text.textvector (of old_text), matched with to_tsquery and ranked by ts_rank.
// It counts no total: the hits MediaWiki reports are the rows it read (at most one more than asked).
import type { HighlightTerm, SearchIndexState, SearchMatch, SearchMatches, SearchQuery } from '../search.ts';
import type { SqlExecutor } from './executor.ts';
import { valuesIn } from './dialect.ts';
import { numericIds } from './search-sqlite.ts';

/** SearchPostgres::parseQuery: the words as a to_tsquery expression (`a & b`, `!c`, `a | b`). */
export function postgresQuery(term: string): string {
  let t = term.replace(/\\/g, '');
  t = t.replace(/\s*\(\s*/g, ' (').replace(/\s*\)\s*/g, ') ').replace(/:/g, ' ');
  let out = '';
  for (const m of t.matchAll(/([-!]?)(\S+)\s*/g)) {
    if (m[1] !== '') out += ' & !';
    const word = m[2]!;
    const lower = word.toLowerCase();
    if (lower === 'and') out += ' & ';
    else if (lower === 'or' || word === '|') out += ' | ';
    else if (lower === 'not') out += ' & !';
    else out += ` & ${word}`;
  }
  out = out.replace(/^[\s&|]+/, '');
  out = out.replace(/([!&|]) +(?:[&|] +)+/g, '$1 ');
  out = out.replace(/([^ ])[!&|]/g, '$1');
  out = out.replace(/[\s!&|]+$/, '');
  return out.replace(/^['"](.*)['"]$/s, '$1');
}

export class PostgresSearch {
  constructor(private readonly db: SqlExecutor) {}

  async search(q: SearchQuery): Promise<SearchMatches | null> {
    const expression = postgresQuery(q.term);
    const parsed = await this.db.get<{ q: string }>('SELECT to_tsquery(?)::text AS q', expression);
    const lexemes = parsed?.q ?? '';
    // The words to highlight are the query's lexemes (stems), without word boundaries.
    const terms: HighlightTerm[] = [...new Set([...lexemes.matchAll(/'([^']+)'/g)].map((m) => m[1]!))].map((text) => ({ text, wordStart: false, wordEnd: false }));
    if (lexemes === '') return { pages: [], total: 0, terms };
    const vector = q.field === 'text' ? 'pc.textvector' : 'p.titlevector';
    const where = [
      'p.page_latest = r.rev_id',
      's.slot_revision_id = r.rev_id',
      "s.slot_role_id = (SELECT role_id FROM {slot_roles} WHERE role_name = 'main')",
      'c.content_id = s.slot_content_id',
      "pc.old_id = substring(c.content_address from '^tt:([0-9]+)$')::int",
      `${vector} @@ to_tsquery(?)`,
    ];
    const args: unknown[] = [expression];
    if (q.namespaces !== null) {
      const list = valuesIn(this.db.dialect, 'page_namespace', q.namespaces.length === 0 ? [0] : q.namespaces, 'integers');
      where.push(list.sql);
      args.push(...list.values);
    }
    const rows = await this.db.all<SearchMatch & { score: number }>(
      `SELECT page_id, page_namespace, page_title, ts_rank(${vector}, to_tsquery(?), 5) AS score ` +
        `FROM {page} p, {revision} r, {slots} s, {content} c, {text} pc WHERE ${where.join(' AND ')} ` +
        'ORDER BY score DESC, page_id DESC LIMIT ? OFFSET ?',
      expression,
      ...args,
      q.limit,
      // A negative offset, which PostgreSQL refuses, is read as none, as SQLite reads it.
      Math.max(0, q.offset),
    );
    return { pages: rows.map(numericIds), total: rows.length, terms };
  }

  async indexState(): Promise<SearchIndexState> {
    // The triggers keep the vectors as rows are written: there is nothing to build.
    const pages = await this.db.get<{ n: number | null }>('SELECT max(page_id) AS n FROM {page}');
    const lastPage = Number(pages?.n ?? 0);
    return { state: 'ready', indexed: lastPage, pages: lastPage };
  }
}
