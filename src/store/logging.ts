// The logging family: logging, with the actors, comments and pages of its entries.

/** A log entry with its performer, comment and the page now at its title. */
export interface LogEventRow {
  log_id: number;
  log_type: string;
  log_action: string;
  /** 14 digits. */
  log_timestamp: string;
  /** LogPage::DELETED_* bits. */
  log_deleted: number;
  log_namespace: number;
  log_title: string;
  log_page: number | null;
  log_params: string;
  /** The page now at the entry's title; null when there is none. */
  page_id: number | null;
  /** NULL for IPs and imported users. */
  actor_user: number | null;
  actor_name: string;
  comment_text: string;
}

/** A position in (log_timestamp, log_id) order: a continuation's. */
export interface LogPosition {
  timestamp: string;
  id: number;
}

/** ApiQueryLogEvents' conditions. */
export interface LogEventsQuery {
  /** `newer`: oldest first. */
  newer: boolean;
  /** log_type, when one is asked for ('' matches nothing but entries without a type). */
  type: string | null;
  /** log_action, with `type`. */
  action: string | null;
  /** Log types the caller may not read ($wgLogRestrictions). */
  hiddenTypes: readonly string[];
  start: string | null;
  end: string | null;
  /** Continue at this entry (included). */
  from: LogPosition | null;
  /** Entries by this actor name only. */
  performer: string | null;
  namespace: number | null;
  title: string | null;
  /** log_title starts with this (in `namespace`). */
  titlePrefix: string | null;
  /** Entries carrying this change tag id; null: the tag does not exist, nothing matches. */
  tagId?: number | null;
  /** Leave out entries where `log_deleted & mask == mask` (T19342), for title and performer filters. */
  titleHiddenMask: number;
  performerHiddenMask: number;
  limit: number;
}

export interface LoggingStore {
  logEvents(query: LogEventsQuery): Promise<LogEventRow[]>;
}
