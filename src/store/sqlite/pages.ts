// SQLite queries for page rows; each lookup is an index-backed IN query.
import type { PageRow, PageStore, RedirectRow, TitleKey } from '../pages.ts';
import { placeholders, type SqliteDatabase } from './database.ts';

const PAGE_COLUMNS =
  'page_id, page_namespace, page_title, page_is_redirect, page_is_new, page_latest, page_len, page_touched, page_content_model, page_lang';

/** Bound parameters per statement stay well under SQLite's limit. */
const CHUNK = 400;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class SqlitePageStore implements PageStore {
  constructor(private readonly db: SqliteDatabase) {}

  async byTitles(titles: readonly TitleKey[]): Promise<PageRow[]> {
    const out: PageRow[] = [];
    for (const part of chunks(titles, CHUNK / 2)) {
      const where = part.map(() => '(page_namespace = ? AND page_title = ?)').join(' OR ');
      out.push(...this.db.rows<PageRow>(PAGE_COLUMNS, `FROM page WHERE ${where}`, ...part.flatMap((t) => [t.ns, t.dbKey])));
    }
    return out;
  }

  async byIds(ids: readonly number[]): Promise<PageRow[]> {
    const out: PageRow[] = [];
    for (const part of chunks(ids)) {
      out.push(...this.db.rows<PageRow>(PAGE_COLUMNS, `FROM page WHERE page_id IN (${placeholders(part.length)})`, ...part));
    }
    return out;
  }

  async pagesOfRevisions(revIds: readonly number[]): Promise<{ rev_id: number; rev_page: number }[]> {
    const out: { rev_id: number; rev_page: number }[] = [];
    for (const part of chunks(revIds)) {
      out.push(...this.db.all<{ rev_id: number; rev_page: number }>(`SELECT rev_id, rev_page FROM revision WHERE rev_id IN (${placeholders(part.length)})`, ...part));
    }
    return out;
  }

  async redirectTargets(pageIds: readonly number[]): Promise<RedirectRow[]> {
    const out: RedirectRow[] = [];
    for (const part of chunks(pageIds)) {
      out.push(
        ...this.db.all<RedirectRow>(
          `SELECT rd_from, rd_namespace, rd_title, rd_interwiki, rd_fragment FROM redirect WHERE rd_from IN (${placeholders(part.length)})`,
          ...part,
        ),
      );
    }
    return out;
  }

  async existingFiles(names: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (const part of chunks(names)) {
      for (const r of this.db.all<{ img_name: string }>(`SELECT img_name FROM image WHERE img_name IN (${placeholders(part.length)})`, ...part)) out.add(r.img_name);
    }
    return out;
  }

  async latestText(ns: number, dbKey: string): Promise<string | null> {
    const row = this.db.get<{ old_text: string | Buffer; old_flags: string }>(
      `SELECT old_text, old_flags FROM page
         JOIN slots ON slot_revision_id = page_latest
         JOIN slot_roles ON role_id = slot_role_id AND role_name = 'main'
         JOIN content ON content_id = slot_content_id
         JOIN text ON old_id = CAST(substr(content_address, 4) AS INTEGER)
       WHERE page_namespace = ? AND page_title = ? AND content_address LIKE 'tt:%'`,
      ns,
      dbKey,
    );
    if (!row) return null;
    return typeof row.old_text === 'string' ? row.old_text : row.old_text.toString('utf8');
  }
}
