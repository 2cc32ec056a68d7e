// Queries of the change tag family.
import type { ChangeTagStore, TagDefinitionRow } from '../change-tags.ts';
import type { SqlExecutor } from './executor.ts';
import { inList } from './dialect.ts';
import { CHUNK, chunks } from './queries.ts';

export class SqlChangeTagStore implements ChangeTagStore {
  constructor(private readonly db: SqlExecutor) {}

  tagsOfLogEntries(logIds: readonly number[]): Promise<Map<number, string[]>> {
    return this.tagsBy('ct_log_id', logIds);
  }

  tagsOfChanges(rcIds: readonly number[]): Promise<Map<number, string[]>> {
    return this.tagsBy('ct_rc_id', rcIds);
  }

  /** Read through the unique (ct_log_id, ct_tag_id) and (ct_rc_id, ct_tag_id) indexes. */
  private async tagsBy(column: 'ct_log_id' | 'ct_rc_id', ids: readonly number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    for (const part of chunks([...new Set(ids)], CHUNK)) {
      const list = inList(this.db.dialect, column, part);
      const rows = await this.db.all<{ id: number; ctd_name: string }>(
        `SELECT ${column} AS id, ctd_name FROM {change_tag} JOIN {change_tag_def} ON ctd_id = ct_tag_id WHERE ${list.sql} ORDER BY ${column}, ct_tag_id`,
        ...list.values,
      );
      for (const row of rows) {
        const id = Number(row.id);
        let names = out.get(id);
        if (!names) out.set(id, (names = []));
        names.push(row.ctd_name);
      }
    }
    return out;
  }

  async definitions(): Promise<TagDefinitionRow[]> {
    const rows = await this.db.all<TagDefinitionRow>('SELECT ctd_id, ctd_name, ctd_user_defined, ctd_count FROM {change_tag_def} ORDER BY ctd_name');
    return rows.map((r) => ({ ctd_id: Number(r.ctd_id), ctd_name: r.ctd_name, ctd_user_defined: Number(r.ctd_user_defined), ctd_count: Number(r.ctd_count) }));
  }
}
