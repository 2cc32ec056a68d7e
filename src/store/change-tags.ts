// The change tag family: change_tag (the tags of revisions, log entries and recent changes) and
// change_tag_def (the tags defined, with their hit counts).

/** A change_tag_def row. */
export interface TagDefinitionRow {
  ctd_id: number;
  ctd_name: string;
  ctd_user_defined: number;
  ctd_count: number;
}

export interface ChangeTagStore {
  /** Tag names per log entry, in tag-id order (ChangeTags::makeTagSummarySubquery). */
  tagsOfLogEntries(logIds: readonly number[]): Promise<Map<number, string[]>>;
  /** Tag names per recent change, in tag-id order. */
  tagsOfChanges(rcIds: readonly number[]): Promise<Map<number, string[]>>;
  /** Every defined tag, by name. */
  definitions(): Promise<TagDefinitionRow[]>;
}
