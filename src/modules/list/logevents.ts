// list=logevents: Get events from logs.
import { timestampIdContinuation } from '../../api/query/continuation.ts';
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, TIME_DIR, VIRTUAL_NAMESPACES, limit, user } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, setFlag, setType, type ResultList, type ResultObject } from '../../api/result.ts';
import type { LogEventRow, LogPosition } from '../../store/logging.ts';
import { formatComments } from '../../wiki/comment-formatter.ts';
import { hiddenLogTypes } from '../../wiki/log-params.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { escapeWikiText, isInvalidTitle } from '../../wiki/titles.ts';
import {
  LOG_DELETED_ACTION, LOG_DELETED_COMMENT, LOG_DELETED_RESTRICTED, LOG_DELETED_USER, hiddenLogUserMask, logUserCanBitfield,
} from '../../wiki/visibility.ts';
import { DeletedFields } from '../deleted-fields.ts';
import { commentContext } from '../prop/revision-shared.ts';
import { apiLogParams } from './log-params-result.ts';

/** $wgLogActionsHandlers' keys (and `type/*` wildcards): what leaction accepts. */
const LOG_ACTIONS = [
  'block/block', 'block/reblock', 'block/unblock', 'contentmodel/change',
  'contentmodel/new', 'create/create', 'delete/delete', 'delete/delete_redir',
  'delete/event', 'delete/restore', 'delete/revision', 'import/interwiki', 'import/upload',
  'interwiki/*', 'managetags/activate', 'managetags/create', 'managetags/deactivate',
  'managetags/delete', 'merge/merge', 'move/move', 'move/move_redir', 'newusers/autocreate',
  'newusers/byemail', 'newusers/create', 'newusers/create2', 'newusers/newusers',
  'patrol/autopatrol', 'patrol/patrol', 'protect/modify', 'protect/move_prot',
  'protect/protect', 'protect/unprotect', 'rights/autopromote', 'rights/rights',
  'suppress/block', 'suppress/delete', 'suppress/event', 'suppress/reblock',
  'suppress/revision', 'tag/update', 'upload/overwrite', 'upload/revert', 'upload/upload',
] as const;

/**
 * Log types the spec declares whose extension (Interwiki) the wiki lacks: $wgLogTypes and the
 * handlers have no such type, so MediaWiki refuses them as values of letype and leaction.
 */
const UNHANDLED_LOG_TYPES: ReadonlySet<string> = new Set(['interwiki']);

const params = {
  prop: {
    type: ['ids', 'title', 'type', 'user', 'userid', 'timestamp', 'comment', 'parsedcomment', 'details', 'tags'],
    default: 'ids|title|type|user|timestamp|comment|details',
    multi: true,
  },
  type: {
    type: [
      '', 'block', 'protect', 'rights', 'delete', 'upload', 'move', 'import', 'patrol', 'merge',
      'suppress', 'tag', 'managetags', 'contentmodel', 'newusers', 'create', 'interwiki',
    ],
  },
  action: { type: LOG_ACTIONS, checkedByModule: true },
  start: { type: 'timestamp' },
  end: { type: 'timestamp' },
  dir: TIME_DIR,
  user: user(),
  title: { type: 'string' },
  namespace: { type: 'namespace', extraNamespaces: VIRTUAL_NAMESPACES },
  prefix: { type: 'string' },
  tag: { type: 'string' },
  limit: limit(10),
  continue: CONT,
} as const satisfies ParamDecls;

export const logevents = defineQueryModule({
  prefix: 'le',
  classname: 'ApiQueryLogEvents',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Logevents'],
  params,
  itemTag: 'item',
  execute: runLogEvents,
});

type LogEventsRun = QueryRun<typeof params>;

function continuePosition(run: LogEventsRun): LogPosition | null {
  return timestampIdContinuation(run.params.continue, () => run.fail('apierror-badcontinue'));
}

const HANDLED_LOG_ACTIONS: ReadonlySet<string> = new Set(LOG_ACTIONS.filter((a) => !UNHANDLED_LOG_TYPES.has(a.slice(0, a.indexOf('/')))));

/** The log type and action of leaction, which accepts what the wiki has handlers for. */
function typeAndAction(run: LogEventsRun): { type: string | null; action: string | null } {
  const action = run.params.action;
  if (action === undefined) return { type: run.params.type ?? null, action: null };
  const slash = action.indexOf('/');
  const type = action.slice(0, slash);
  if (slash < 0 || !(HANDLED_LOG_ACTIONS.has(action) || HANDLED_LOG_ACTIONS.has(`${type}/*`))) {
    run.fail('apierror-unrecognizedvalue', [run.paramName('action'), escapeWikiText(action)], `unknown_${run.paramName('action')}`);
  }
  return { type, action: action.slice(slash + 1) };
}

/** A title of `title` or `prefix`: bad and interwiki titles are errors. */
function titleParam(run: LogEventsRun, text: string): { ns: number; dbKey: string } {
  const title = run.services.titles.parse(text);
  if (isInvalidTitle(title) || title.interwiki !== '') run.fail('apierror-invalidtitle', [escapeWikiText(text)]);
  return { ns: title.ns, dbKey: title.dbKey };
}

/** The validator's answer to a type the wiki does not have (it checks against $wgLogTypes). */
function refuseUnhandledType(run: LogEventsRun): void {
  const type = run.params.type;
  if (type === undefined || !UNHANDLED_LOG_TYPES.has(type)) return;
  const allowed = params.type.type.filter((t) => !UNHANDLED_LOG_TYPES.has(t));
  run.fail(
    'paramvalidator-badvalue-enumnotmulti',
    [{ plaintext: run.paramName('type') }, { plaintext: type }, { list: allowed.map((v) => ({ plaintext: v })), type: 'text' }, { num: allowed.length }],
    'badvalue',
  );
}

async function runLogEvents(run: LogEventsRun): Promise<void> {
  const p = run.params;
  refuseUnhandledType(run);
  const given = (['title', 'namespace', 'prefix'] as const).filter((name) => p[name] !== undefined);
  if (given.length > 1) {
    run.fail('apierror-invalidparammix', [{ list: given.map((n) => `<var>${run.paramName(n)}</var>`), type: 'text' }, given.length]);
  }
  const props = new Set(p.prop);
  const rights = run.caller.rights;
  const { type, action } = typeAndAction(run);
  const from = continuePosition(run);
  const title = p.title === undefined ? null : titleParam(run, p.title);
  let prefix: { ns: number; dbKey: string } | null = null;
  if (p.prefix !== undefined) {
    if (run.services.site.miserMode) run.fail('apierror-prefixsearchdisabled');
    prefix = titleParam(run, p.prefix);
  }
  // T19342: a title or performer filter must not find entries whose title or performer is hidden.
  const byTitle = p.namespace !== undefined || title !== null || prefix !== null;
  const titleMask = byTitle ? actionMask(rights) : 0;
  const tagId = p.tag === undefined ? undefined : await run.services.store.site.tagId(p.tag);
  const limit = p.limit;
  const rows = await run.services.store.logging.logEvents({
    newer: p.dir === 'newer',
    type,
    action,
    hiddenTypes: hiddenLogTypes(rights),
    start: p.start ?? null,
    end: p.end ?? null,
    from,
    performer: p.user ?? null,
    namespace: title?.ns ?? prefix?.ns ?? p.namespace ?? null,
    title: title?.dbKey ?? null,
    titlePrefix: prefix?.dbKey ?? null,
    tagId,
    titleHiddenMask: titleMask,
    performerHiddenMask: p.user !== undefined ? hiddenLogUserMask(rights) : 0,
    limit: limit + 1,
  });
  const { store } = run.services;
  const continueValue = (row: LogEventRow): string => `${store.storedTimestamp(row.log_timestamp, 'log_timestamp')}|${row.log_id}`;
  if (rows.length > limit) run.setContinue('continue', continueValue(rows[limit]!));
  const shown = rows.slice(0, limit);
  const [tags, parsed] = await Promise.all([
    props.has('tags') ? store.changeTags.tagsOfLogEntries(shown.map((r) => r.log_id)) : undefined,
    props.has('parsedcomment') ? parsedComments(run, shown) : undefined,
  ]);
  for (const row of shown) {
    const item = logEventItem(run, props, row, tags?.get(row.log_id) ?? [], parsed?.get(row.log_id));
    if (!run.addItem(item)) {
      run.setContinue('continue', continueValue(row));
      break;
    }
  }
}

/** The log_deleted bits that hide an entry's title from the caller (with hiddenLogUserMask's rights). */
function actionMask(rights: ReadonlySet<string>): number {
  if (!rights.has('deletedhistory')) return LOG_DELETED_ACTION;
  if (!rights.has('suppressrevision') && !rights.has('viewsuppressed')) return LOG_DELETED_ACTION | LOG_DELETED_RESTRICTED;
  return 0;
}

async function parsedComments(run: LogEventsRun, rows: readonly LogEventRow[]): Promise<Map<number, string>> {
  const visible = rows.filter((r) => logUserCanBitfield(r.log_deleted, LOG_DELETED_COMMENT, run.caller.rights));
  const html = await formatComments(commentContext(run), visible.map((r) => ({ comment: r.comment_text, self: { ns: r.log_namespace, dbKey: r.log_title } })));
  return new Map(visible.map((r, i) => [r.log_id, html[i]!]));
}

/** ApiQueryLogEvents::extractRowInfo */
function logEventItem(run: LogEventsRun, props: ReadonlySet<string>, row: LogEventRow, tags: string[], parsed: string | undefined): ResultObject {
  const item: ResultObject = setType({}, 'assoc');
  const deleted = new DeletedFields(item, row.log_deleted, logUserCanBitfield, run.caller.rights);
  if (props.has('ids')) item.logid = row.log_id;
  const showsAction = props.has('title') || props.has('ids') || (props.has('details') && row.log_params !== '');
  if (showsAction && deleted.visible(LOG_DELETED_ACTION, 'action')) {
    if (props.has('title')) {
      item.ns = row.log_namespace;
      item.title = run.services.titles.text(row.log_namespace, row.log_title);
    }
    if (props.has('ids')) {
      item.pageid = row.page_id ?? 0;
      item.logpage = row.log_page ?? 0;
    }
    if (props.has('details')) {
      item.params = apiLogParams(run, { type: row.log_type, action: row.log_action, timestamp: row.log_timestamp, params: row.log_params });
    }
  }
  if (props.has('type')) {
    item.type = row.log_type;
    item.action = row.log_action;
  }
  if ((props.has('user') || props.has('userid')) && deleted.visible(LOG_DELETED_USER, 'user')) {
    if (props.has('user')) item.user = row.actor_name;
    if (props.has('userid')) item.userid = row.actor_user ?? 0;
    if (!row.actor_user) setFlag(item, 'anon', true);
  }
  if (props.has('timestamp')) item.timestamp = mwToIso(row.log_timestamp);
  if ((props.has('comment') || props.has('parsedcomment')) && deleted.visible(LOG_DELETED_COMMENT, 'comment')) {
    if (props.has('comment')) item.comment = row.comment_text;
    if (props.has('parsedcomment')) item.parsedcomment = parsed ?? '';
  }
  if (props.has('tags')) item.tags = list('tag', [...tags]) as ResultList;
  deleted.flagSuppressed();
  return item;
}
