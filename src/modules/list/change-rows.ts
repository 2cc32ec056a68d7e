// The items of list=recentchanges and list=watchlist: MediaWiki builds them alike
// (ApiQueryRecentChanges::extractRowInfo, ApiQueryWatchlist::extractOutputData), each module
// with a few fields of its own in between, so a module adds these sections in its own order.
import type { QueryRun } from '../../api/query/run.ts';
import { list, setFlag, type ResultList, type ResultObject } from '../../api/result.ts';
import { PRC_AUTOPATROLLED, PRC_UNPATROLLED, RC_TYPES, type ChangeRow } from '../../store/recent-changes.ts';
import { formatComments } from '../../wiki/comment-formatter.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { DELETED_COMMENT, LOG_DELETED_ACTION, logUserCanBitfield, userCanBitfield } from '../../wiki/visibility.ts';
import { DeletedFields } from '../deleted-fields.ts';
import { commentContext } from '../prop/revision-shared.ts';
import { apiLogParams } from './log-params-result.ts';

const RC_TYPE_NAMES = new Map<number, string>(Object.entries(RC_TYPES).map(([name, id]) => [id, name]));

/** User::useRCPatrol / useNPPatrol with the default $wgUseRCPatrol: patrol or patrolmarks. */
export function usesPatrol(rights: ReadonlySet<string>): boolean {
  return rights.has('patrol') || rights.has('patrolmarks');
}

/** The `continue` value that starts at this change. */
export function changeContinueValue(run: QueryRun, row: ChangeRow): string {
  return `${run.services.store.storedTimestamp(row.rc_timestamp, 'rc_timestamp')}|${row.rc_id}`;
}

/** The parsed comments of the changes whose comment the caller may see, by rc_id. */
export async function parsedChangeComments(run: QueryRun, rows: readonly ChangeRow[]): Promise<Map<number, string>> {
  const visible = rows.filter((r) => userCanBitfield(r.rc_deleted, DELETED_COMMENT, run.caller.rights));
  const html = await formatComments(commentContext(run), visible.map((r) => ({ comment: r.comment_text, self: { ns: r.rc_namespace, dbKey: r.rc_title } })));
  return new Map(visible.map((r, i) => [r.rc_id, html[i]!]));
}

/** One change's item, built section by section; each section adds its fields when they are asked. */
export class ChangeItem {
  readonly item: ResultObject;
  /** The change's fields that its rc_deleted hides (RevisionRecord::DELETED_* bits, LogPage's for log rows). */
  readonly deleted: DeletedFields;
  private readonly isLog: boolean;

  constructor(
    private readonly run: QueryRun,
    private readonly props: ReadonlySet<string>,
    private readonly row: ChangeRow,
  ) {
    this.isLog = row.rc_type === RC_TYPES.log;
    this.item = { type: RC_TYPE_NAMES.get(row.rc_type) ?? String(row.rc_type) };
    this.deleted = new DeletedFields(this.item, row.rc_deleted, userCanBitfield, run.caller.rights);
  }

  /** A log row's title and details are its action, which log deletion hides; other rows' are always shown. */
  private logActionVisible(): boolean {
    return !this.isLog || this.deleted.visible(LOG_DELETED_ACTION, 'action', logUserCanBitfield);
  }

  addTitleAndIds(): void {
    const { props, row, item } = this;
    if (!(props.has('title') || props.has('ids')) || !this.logActionVisible()) return;
    if (props.has('title')) {
      item.ns = row.rc_namespace;
      item.title = this.run.services.titles.text(row.rc_namespace, row.rc_title);
    }
    if (props.has('ids')) {
      item.pageid = row.rc_cur_id;
      item.revid = row.rc_this_oldid;
      item.old_revid = row.rc_last_oldid;
    }
  }

  addFlags(): void {
    if (!this.props.has('flags')) return;
    setFlag(this.item, 'bot', this.row.rc_bot !== 0, false);
    setFlag(this.item, 'new', this.row.rc_type === RC_TYPES.new, false);
    setFlag(this.item, 'minor', this.row.rc_minor !== 0, false);
  }

  addSizes(): void {
    if (!this.props.has('sizes')) return;
    this.item.oldlen = this.row.rc_old_len ?? 0;
    this.item.newlen = this.row.rc_new_len ?? 0;
  }

  addTimestamp(): void {
    if (this.props.has('timestamp')) this.item.timestamp = mwToIso(this.row.rc_timestamp);
  }

  addComment(parsed: string | undefined): void {
    const { props, row, item } = this;
    if (!(props.has('comment') || props.has('parsedcomment')) || !this.deleted.visible(DELETED_COMMENT, 'comment')) return;
    if (props.has('comment')) item.comment = row.comment_text;
    if (props.has('parsedcomment')) item.parsedcomment = parsed ?? '';
  }

  /** The patrol flags (only callers who patrol ask for them). */
  addPatrolFlags(): void {
    const patrolled = this.row.rc_patrolled;
    setFlag(this.item, 'patrolled', patrolled !== PRC_UNPATROLLED, false);
    // ChangesList::isUnpatrolled: only callers who patrol get here.
    setFlag(this.item, 'unpatrolled', patrolled === PRC_UNPATROLLED, false);
    setFlag(this.item, 'autopatrolled', patrolled === PRC_AUTOPATROLLED, false);
  }

  /** A log row's entry, when asked; whether it was shown. */
  addLogInfo(): boolean {
    const { row, item } = this;
    if (!this.props.has('loginfo') || !this.isLog || !this.logActionVisible()) return false;
    item.logid = row.rc_logid;
    item.logtype = row.rc_log_type ?? '';
    item.logaction = row.rc_log_action ?? '';
    item.logparams = apiLogParams(this.run, {
      type: row.rc_log_type ?? '', action: row.rc_log_action ?? '', timestamp: row.rc_timestamp, params: row.rc_params ?? '',
    });
    return true;
  }

  addTags(tags: readonly string[]): void {
    if (this.props.has('tags')) this.item.tags = list('tag', [...tags]) as ResultList;
  }

  /** The item, flagged `suppressed` when a field is hidden by a suppressed deletion. */
  done(): ResultObject {
    this.deleted.flagSuppressed();
    return this.item;
  }
}
