// list=recentchanges: Enumerate recent changes.
import { timestampIdContinuation } from '../../api/query/continuation.ts';
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, TIME_DIR, VIRTUAL_NAMESPACES, limit, user } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, setFlag, type ResultList, type ResultObject } from '../../api/result.ts';
import {
  PRC_AUTOPATROLLED, PRC_UNPATROLLED, RC_TYPES, type ChangePosition, type RecentChangeRow, type RecentChangesQuery,
} from '../../store/recent-changes.ts';
import { formatComments } from '../../wiki/comment-formatter.ts';
import { sha1Base36ToHex } from '../../wiki/files.ts';
import { logParamsForApi } from '../../wiki/log-params.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { escapeWikiText, isInvalidTitle } from '../../wiki/titles.ts';
import {
  DELETED_COMMENT, DELETED_RESTRICTED, DELETED_TEXT, DELETED_USER, LOG_DELETED_ACTION, hiddenUserMask, logUserCanBitfield, userCanBitfield,
} from '../../wiki/visibility.ts';
import { commentContext } from '../prop/revision-shared.ts';
import { logParamsResult } from './log-params-result.ts';

const params = {
  start: { type: 'timestamp' },
  end: { type: 'timestamp' },
  dir: TIME_DIR,
  namespace: {
    type: 'namespace',
    multi: true,
    allSpecifier: true,
    extraNamespaces: VIRTUAL_NAMESPACES,
  },
  user: user(),
  excludeuser: user(),
  tag: { type: 'string' },
  prop: {
    type: [
      'user', 'userid', 'comment', 'parsedcomment', 'flags', 'timestamp', 'title', 'ids',
      'sizes', 'redirect', 'patrolled', 'loginfo', 'tags', 'sha1',
    ],
    default: 'title|timestamp|ids',
    multi: true,
  },
  token: { type: ['patrol'], multi: true, deprecated: true },
  show: {
    type: [
      'minor', '!minor', 'bot', '!bot', 'anon', '!anon', 'redirect', '!redirect', 'patrolled',
      '!patrolled', 'unpatrolled', 'autopatrolled', '!autopatrolled',
    ],
    multi: true,
  },
  limit: limit(10),
  type: {
    type: ['edit', 'new', 'log', 'external', 'categorize'],
    default: 'edit|new|log|categorize',
    multi: true,
  },
  toponly: { type: 'boolean' },
  title: { type: 'string' },
  continue: CONT,
  generaterevisions: { type: 'boolean' },
} as const satisfies ParamDecls;

export const recentchanges = defineQueryModule({
  prefix: 'rc',
  classname: 'ApiQueryRecentChanges',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Recentchanges'],
  generator: true,
  params,
  itemTag: 'rc',
  execute: runRecentChanges,
});

type RecentChangesRun = QueryRun<typeof params>;
type Show = (typeof params.show.type)[number];

const RC_TYPE_NAMES = new Map<number, string>(Object.entries(RC_TYPES).map(([name, id]) => [id, name]));

/** Pairs of rcshow values that cannot be asked together. */
const CONFLICTS: readonly [Show, Show][] = [
  ['minor', '!minor'], ['bot', '!bot'], ['anon', '!anon'], ['redirect', '!redirect'], ['patrolled', '!patrolled'],
  ['patrolled', 'unpatrolled'], ['!patrolled', 'autopatrolled'], ['autopatrolled', 'unpatrolled'], ['autopatrolled', '!autopatrolled'],
];

const PATROL_FLAGS: readonly Show[] = ['patrolled', '!patrolled', 'unpatrolled', 'autopatrolled', '!autopatrolled'];

/** User::useRCPatrol / useNPPatrol with the default $wgUseRCPatrol: patrol or patrolmarks. */
function usesPatrol(run: RecentChangesRun): boolean {
  return run.caller.rights.has('patrol') || run.caller.rights.has('patrolmarks');
}

function continuePosition(run: RecentChangesRun): ChangePosition | null {
  return timestampIdContinuation(run.params.continue, () => run.fail('apierror-badcontinue'));
}

function buildQuery(run: RecentChangesRun): RecentChangesQuery {
  const p = run.params;
  const from = continuePosition(run);
  let title: RecentChangesQuery['title'] = null;
  if (p.title !== undefined) {
    const parsed = run.services.titles.parse(p.title);
    if (isInvalidTitle(parsed) || parsed.interwiki !== '') run.fail('apierror-invalidtitle', [escapeWikiText(p.title)]);
    title = { ns: parsed.ns, dbKey: parsed.dbKey };
  }
  const show = new Set<Show>(p.show ?? []);
  if (CONFLICTS.some(([a, b]) => show.has(a) && show.has(b))) run.fail('apierror-show');
  if (PATROL_FLAGS.some((flag) => show.has(flag)) && !usesPatrol(run)) run.fail('apierror-permissiondenied-patrolflag', [], 'permissiondenied');
  if (p.user !== undefined && p.excludeuser !== undefined) {
    run.fail('apierror-invalidparammix', [{ list: [`<var>${run.paramName('user')}</var>`, `<var>${run.paramName('excludeuser')}</var>`], type: 'text' }, 2]);
  }
  if (p.prop.includes('patrolled') && !usesPatrol(run)) run.fail('apierror-permissiondenied-patrolflag', [], 'permissiondenied');
  const patrolledIs: number[] = [];
  const patrolledIsNot: number[] = [];
  if (show.has('!patrolled')) patrolledIs.push(PRC_UNPATROLLED);
  if (show.has('patrolled')) patrolledIsNot.push(PRC_UNPATROLLED);
  if (show.has('unpatrolled')) patrolledIs.push(PRC_UNPATROLLED);
  if (show.has('!autopatrolled')) patrolledIsNot.push(PRC_AUTOPATROLLED);
  if (show.has('autopatrolled')) patrolledIs.push(PRC_AUTOPATROLLED);
  const byUser = p.user !== undefined || p.excludeuser !== undefined;
  return {
    newer: p.dir === 'newer',
    start: p.start ?? null,
    end: p.end ?? null,
    from,
    types: p.type.map((t) => RC_TYPES[t]),
    namespaces: p.namespace ?? null,
    title,
    minor: show.has('minor') ? true : show.has('!minor') ? false : null,
    bot: show.has('bot') ? true : show.has('!bot') ? false : null,
    anon: show.has('anon') ? true : show.has('!anon') ? false : null,
    redirect: show.has('redirect') ? true : show.has('!redirect') ? false : null,
    patrolledIs,
    patrolledIsNot,
    topOnly: p.toponly,
    performer: p.user ?? null,
    excludedPerformer: p.excludeuser ?? null,
    performerHiddenMask: byUser ? hiddenUserMask(run.caller.rights) : 0,
    // MediaWiki looks for a request parameter named `namespace` here, which this module's is not
    // (it is rcnamespace): a request without one never hides log rows.
    logActionHiddenMask: 0,
    limit: p.limit + 1,
  };
}

async function runRecentChanges(run: RecentChangesRun): Promise<void> {
  const p = run.params;
  const query = buildQuery(run);
  const { store } = run.services;
  query.tagId = p.tag === undefined ? undefined : await store.site.tagId(p.tag);
  const rows = await store.recentChanges.recentChanges(query);
  const limit = p.limit;
  const continueValue = (row: RecentChangeRow): string => `${store.storedTimestamp(row.rc_timestamp, 'rc_timestamp')}|${row.rc_id}`;
  if (rows.length > limit) run.setContinue('continue', continueValue(rows[limit]!));
  const shown = rows.slice(0, limit);
  if (run.generator) {
    if (shown.length) run.setGeneratorBatchStart('continue', continueValue(shown[0]!));
    for (const row of shown) {
      if (!p.generaterevisions) run.generator.addTitle(row.rc_namespace, row.rc_title);
      else if (row.rc_this_oldid > 0) run.generator.addRevisionId?.(row.rc_this_oldid);
    }
    return;
  }
  const props = new Set(p.prop);
  const [tags, parsed] = await Promise.all([
    props.has('tags') ? store.changeTags.tagsOfChanges(shown.map((r) => r.rc_id)) : undefined,
    props.has('parsedcomment') ? parsedComments(run, shown) : undefined,
  ]);
  for (const row of shown) {
    const item = changeItem(run, props, row, tags?.get(row.rc_id) ?? [], parsed?.get(row.rc_id));
    if (!run.addItem(item)) {
      run.setContinue('continue', continueValue(row));
      break;
    }
  }
}

async function parsedComments(run: RecentChangesRun, rows: readonly RecentChangeRow[]): Promise<Map<number, string>> {
  const visible = rows.filter((r) => userCanBitfield(r.rc_deleted, DELETED_COMMENT, run.caller.rights));
  const html = await formatComments(commentContext(run), visible.map((r) => ({ comment: r.comment_text, self: { ns: r.rc_namespace, dbKey: r.rc_title } })));
  return new Map(visible.map((r, i) => [r.rc_id, html[i]!]));
}

/** ApiQueryRecentChanges::extractRowInfo */
function changeItem(run: RecentChangesRun, props: ReadonlySet<string>, row: RecentChangeRow, tags: string[], parsed: string | undefined): ResultObject {
  const rights = run.caller.rights;
  const isLog = row.rc_type === RC_TYPES.log;
  const item: ResultObject = { type: RC_TYPE_NAMES.get(row.rc_type) ?? String(row.rc_type) };
  let anyHidden = false;
  if (props.has('title') || props.has('ids')) {
    if (isLog && row.rc_deleted & LOG_DELETED_ACTION) {
      setFlag(item, 'actionhidden', true);
      anyHidden = true;
    }
    if (!isLog || logUserCanBitfield(row.rc_deleted, LOG_DELETED_ACTION, rights)) {
      if (props.has('title')) {
        item.ns = row.rc_namespace;
        item.title = run.services.titles.text(row.rc_namespace, row.rc_title);
      }
      if (props.has('ids')) {
        item.pageid = row.rc_cur_id;
        item.revid = row.rc_this_oldid;
        item.old_revid = row.rc_last_oldid;
      }
    }
  }
  if (props.has('ids')) item.rcid = row.rc_id;
  if (props.has('user') || props.has('userid')) {
    if (row.rc_deleted & DELETED_USER) {
      setFlag(item, 'userhidden', true);
      anyHidden = true;
    }
    if (userCanBitfield(row.rc_deleted, DELETED_USER, rights)) {
      if (props.has('user')) item.user = row.actor_name;
      if (props.has('userid')) item.userid = row.actor_user ?? 0;
      if (!row.actor_user) setFlag(item, 'anon', true);
    }
  }
  if (props.has('flags')) {
    setFlag(item, 'bot', row.rc_bot !== 0, false);
    setFlag(item, 'new', row.rc_type === RC_TYPES.new, false);
    setFlag(item, 'minor', row.rc_minor !== 0, false);
  }
  if (props.has('sizes')) {
    item.oldlen = row.rc_old_len ?? 0;
    item.newlen = row.rc_new_len ?? 0;
  }
  if (props.has('timestamp')) item.timestamp = mwToIso(row.rc_timestamp);
  if (props.has('comment') || props.has('parsedcomment')) {
    if (row.rc_deleted & DELETED_COMMENT) {
      setFlag(item, 'commenthidden', true);
      anyHidden = true;
    }
    if (userCanBitfield(row.rc_deleted, DELETED_COMMENT, rights)) {
      if (props.has('comment')) item.comment = row.comment_text;
      if (props.has('parsedcomment')) item.parsedcomment = parsed ?? '';
    }
  }
  if (props.has('redirect')) setFlag(item, 'redirect', Boolean(row.page_is_redirect), false);
  if (props.has('patrolled')) {
    setFlag(item, 'patrolled', row.rc_patrolled !== PRC_UNPATROLLED, false);
    // ChangesList::isUnpatrolled: only callers who patrol get here.
    setFlag(item, 'unpatrolled', row.rc_patrolled === PRC_UNPATROLLED, false);
    setFlag(item, 'autopatrolled', row.rc_patrolled === PRC_AUTOPATROLLED, false);
  }
  if (props.has('loginfo') && isLog) {
    if (row.rc_deleted & LOG_DELETED_ACTION) {
      setFlag(item, 'actionhidden', true);
      anyHidden = true;
    }
    if (logUserCanBitfield(row.rc_deleted, LOG_DELETED_ACTION, rights)) {
      item.logid = row.rc_logid;
      item.logtype = row.rc_log_type ?? '';
      item.logaction = row.rc_log_action ?? '';
      item.logparams = logParamsResult(
        logParamsForApi(
          { titles: run.services.titles },
          { type: row.rc_log_type ?? '', action: row.rc_log_action ?? '', timestamp: row.rc_timestamp, params: row.rc_params ?? '' },
        ),
      );
    }
  }
  if (props.has('tags')) item.tags = list('tag', [...tags]) as ResultList;
  if (props.has('sha1') && row.rev_sha1 !== null) {
    const revDeleted = row.rev_deleted ?? 0;
    if (revDeleted & DELETED_TEXT) {
      setFlag(item, 'sha1hidden', true);
      anyHidden = true;
    }
    if (userCanBitfield(revDeleted, DELETED_TEXT, rights)) item.sha1 = row.rev_sha1 === '' ? '' : sha1Base36ToHex(row.rev_sha1);
  }
  if (anyHidden && row.rc_deleted & DELETED_RESTRICTED) setFlag(item, 'suppressed', true);
  return item;
}
