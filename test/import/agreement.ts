// Compares the link tables of two MediaWiki SQLite databases row by row: how far an import agrees with MediaWiki.

import Database from 'better-sqlite3';

export interface TableAgreement {
  table: string;
  expected: number;
  actual: number;
  matching: number;
  /** |expected ∩ actual| / |expected ∪ actual|: 1 when the tables are identical. */
  agreement: number;
  missing: string[];
  extra: string[];
}

/** One row per line, in columns that MediaWiki derives from page text (ids and timestamps of the edit left out). */
export const COMPARED_TABLES: Record<string, string> = {
  pagelinks: 'SELECT pl_from, pl_namespace, pl_title, pl_from_namespace FROM pagelinks',
  templatelinks:
    'SELECT tl_from, lt_namespace, lt_title, tl_from_namespace FROM templatelinks JOIN linktarget ON lt_id = tl_target_id',
  categorylinks: 'SELECT cl_from, cl_to, cl_sortkey, cl_sortkey_prefix, cl_collation, cl_type FROM categorylinks',
  imagelinks: 'SELECT il_from, il_to, il_from_namespace FROM imagelinks',
  externallinks: 'SELECT el_from, el_to, el_index, el_index_60 FROM externallinks',
  langlinks: 'SELECT ll_from, ll_lang, ll_title FROM langlinks',
  iwlinks: 'SELECT iwl_from, iwl_prefix, iwl_title FROM iwlinks',
  page_props: 'SELECT pp_page, pp_propname, pp_value FROM page_props',
  redirect: "SELECT rd_from, rd_namespace, rd_title, coalesce(rd_interwiki, ''), coalesce(rd_fragment, '') FROM redirect",
  category: 'SELECT cat_title, cat_pages, cat_subcats, cat_files FROM category',
  page: 'SELECT page_id, page_namespace, page_title, page_is_redirect, page_latest, page_len, page_content_model FROM page',
  revision: 'SELECT rev_id, rev_page, rev_timestamp, rev_minor_edit, rev_deleted, rev_len, rev_parent_id, rev_sha1 FROM revision',
};

function rows(db: Database.Database, sql: string): Set<string> {
  return new Set((db.prepare(sql).raw().all() as unknown[][]).map((r) => r.map((v) => String(v)).join('|')));
}

export function compareDatabases(expectedPath: string, actualPath: string, tables = Object.keys(COMPARED_TABLES)): TableAgreement[] {
  const expected = new Database(expectedPath, { readonly: true });
  const actual = new Database(actualPath, { readonly: true });
  try {
    return tables.map((table) => {
      const sql = COMPARED_TABLES[table]!;
      const a = rows(expected, sql);
      const b = rows(actual, sql);
      const missing = [...a].filter((r) => !b.has(r));
      const extra = [...b].filter((r) => !a.has(r));
      const matching = a.size - missing.length;
      const union = a.size + extra.length;
      return { table, expected: a.size, actual: b.size, matching, agreement: union === 0 ? 1 : matching / union, missing, extra };
    });
  } finally {
    expected.close();
    actual.close();
  }
}

export function formatAgreement(results: TableAgreement[]): string {
  return results
    .map((r) => `${r.table.padEnd(14)} ${(r.agreement * 100).toFixed(1).padStart(5)}%  expected ${r.expected}, imported ${r.actual}, matching ${r.matching}`)
    .join('\n');
}
