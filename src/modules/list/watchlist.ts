// list=watchlist: Get recent changes to pages in the current user's watchlist.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, NAMESPACES, NAME_ONLY, TIME_DIR, limit, user } from '../../api/params/common.ts';
import { continuationTimestamp } from '../../api/query/continuation.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setFlag, type ResultObject } from '../../api/result.ts';
import { PRC_AUTOPATROLLED, PRC_UNPATROLLED, RC_TYPES } from '../../store/recent-changes.ts';
import type { WatchlistChangeRow, WatchlistChangesQuery } from '../../store/watchlist.ts';
import { phpInt, phpIntEqualsText } from '../../wiki/php-values.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { DELETED_RESTRICTED, DELETED_USER, LOG_DELETED_ACTION, hiddenUserMask, logUserCanBitfield } from '../../wiki/visibility.ts';
import { userNameParam } from '../prop/revision-shared.ts';
import { ChangeItem, changeContinueValue, parsedChangeComments, usesPatrol } from './change-rows.ts';
import { watchlistLogDisplays } from './watchlist-log-display.ts';
import { watchlistOwner, watchlistExpiryFilter } from './watchlist-owner.ts';

const params = {
  allrev: { type: 'boolean' },
  start: { type: 'timestamp' },
  end: { type: 'timestamp' },
  namespace: NAMESPACES,
  user: user(),
  excludeuser: user(),
  dir: TIME_DIR,
  limit: limit(10),
  prop: {
    type: [
      'ids', 'title', 'flags', 'user', 'userid', 'comment', 'parsedcomment', 'timestamp',
      'patrol', 'sizes', 'notificationtimestamp', 'loginfo', 'tags',
    ],
    default: 'ids|title|flags',
    multi: true,
  },
  show: {
    type: [
      'minor', '!minor', 'bot', '!bot', 'anon', '!anon', 'patrolled', '!patrolled',
      'autopatrolled', '!autopatrolled', 'unread', '!unread',
    ],
    multi: true,
  },
  type: {
    type: ['edit', 'new', 'log', 'external', 'categorize'],
    default: 'edit|new|log|categorize',
    multi: true,
  },
  owner: user(NAME_ONLY),
  token: { type: 'string', sensitive: true },
  continue: CONT,
} as const satisfies ParamDecls;

export const watchlist = defineQueryModule({
  prefix: 'wl',
  classname: 'ApiQueryWatchlist',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlist'],
  generator: true,
  cacheMode: 'private',
  params,
  itemTag: 'item',
  execute: runWatchlist,
});

type WatchlistRun = QueryRun<typeof params>;
type Show = (typeof params.show.type)[number];

/** Pairs of wlshow values that cannot be asked together. */
const CONFLICTS: readonly [Show, Show][] = [
  ['minor', '!minor'], ['bot', '!bot'], ['anon', '!anon'], ['patrolled', '!patrolled'],
  ['autopatrolled', '!autopatrolled'], ['autopatrolled', '!patrolled'], ['unread', '!unread'],
];

/**
 * WatchedItemQueryService::getExtraDeletedPageLogEntryRelatedCond: a log entry whose action is
 * hidden would tell the page's title, so those the caller may not see are left out.
 */
function hiddenLogActionMask(rights: ReadonlySet<string>): number {
  const userMask = hiddenUserMask(rights);
  if (userMask === 0) return 0;
  return userMask === DELETED_USER ? LOG_DELETED_ACTION : LOG_DELETED_ACTION | DELETED_RESTRICTED;
}

function continuePosition(run: WatchlistRun): WatchlistChangesQuery['from'] {
  const value = run.params.continue;
  if (value === undefined) return null;
  const parts = value.split('|');
  if (parts.length !== 2) run.fail('apierror-badcontinue');
  if (!phpIntEqualsText(parts[1]!)) run.fail('apierror-badcontinue');
  return { timestamp: continuationTimestamp(parts[0]!), id: phpInt(parts[1]!) };
}

async function runWatchlist(run: WatchlistRun): Promise<void> {
  const p = run.params;
  const owner = await watchlistOwner(run, p.owner, p.token);
  const props = new Set<string>(run.generator ? [] : p.prop);
  if (props.has('patrol') && !usesPatrol(run.caller.rights)) run.fail('apierror-permissiondenied-patrolflag', [], 'patrol');
  const from = continuePosition(run);
  const show = new Set<Show>(p.show ?? []);
  if (CONFLICTS.some(([a, b]) => show.has(a) && show.has(b))) run.fail('apierror-show');
  if ((show.has('patrolled') || show.has('!patrolled')) && !usesPatrol(run.caller.rights)) run.fail('apierror-permissiondenied-patrolflag', [], 'permissiondenied');
  if (p.user !== undefined && p.excludeuser !== undefined) {
    run.fail('apierror-invalidparammix', [{ list: [`<var>${run.paramName('user')}</var>`, `<var>${run.paramName('excludeuser')}</var>`], type: 'text' }, 2]);
  }
  const performer = await userNameParam(run, p.user, 'user');
  const excludedPerformer = await userNameParam(run, p.excludeuser, 'excludeuser');
  // Unless the owner may patrol, MediaWiki's query service ignores the patrol filters.
  const patrolledIs: number[] = [];
  const patrolledIsNot: number[] = [];
  if (usesPatrol(owner.rights)) {
    if (show.has('patrolled')) patrolledIsNot.push(PRC_UNPATROLLED);
    else if (show.has('!patrolled')) patrolledIs.push(PRC_UNPATROLLED);
    if (show.has('autopatrolled')) patrolledIs.push(PRC_AUTOPATROLLED);
    else if (show.has('!autopatrolled')) patrolledIsNot.push(PRC_AUTOPATROLLED);
  }
  const byUser = performer !== undefined || excludedPerformer !== undefined;
  const query: WatchlistChangesQuery = {
    userId: owner.id,
    expiry: watchlistExpiryFilter(run),
    allRevisions: p.allrev,
    namespaces: p.namespace ?? null,
    types: p.type.map((t) => RC_TYPES[t]),
    minor: show.has('minor') ? true : show.has('!minor') ? false : null,
    bot: show.has('bot') ? true : show.has('!bot') ? false : null,
    anon: show.has('anon') ? true : show.has('!anon') ? false : null,
    patrolledIs,
    patrolledIsNot,
    unread: show.has('unread') ? true : show.has('!unread') ? false : null,
    newer: p.dir === 'newer',
    start: p.start ?? null,
    end: p.end ?? null,
    from,
    performer: performer ?? null,
    excludedPerformer: excludedPerformer ?? null,
    performerHiddenMask: byUser ? hiddenUserMask(owner.rights) : 0,
    logActionHiddenMask: hiddenLogActionMask(owner.rights),
    limit: p.limit + 1,
  };
  const { store } = run.services;
  const rows = await store.watchlist.changes(query);
  if (rows.length > p.limit) run.setContinue('continue', changeContinueValue(run, rows[p.limit]!));
  const shown = rows.slice(0, p.limit);
  if (run.generator) {
    for (const row of shown) {
      if (p.allrev) run.generator.addRevisionId?.(row.rc_this_oldid);
      else run.generator.addPageId(row.rc_cur_id);
    }
    return;
  }
  const logRows = props.has('loginfo') ? shown.filter((r) => r.rc_type === RC_TYPES.log && logUserCanBitfield(r.rc_deleted, LOG_DELETED_ACTION, run.caller.rights)) : [];
  const [tags, parsed, displays] = await Promise.all([
    props.has('tags') ? store.changeTags.tagsOfChanges(shown.map((r) => r.rc_id)) : undefined,
    props.has('parsedcomment') ? parsedChangeComments(run, shown) : undefined,
    logRows.length ? watchlistLogDisplays(run, logRows) : undefined,
  ]);
  for (const row of shown) {
    const item = changeItem(run, props, row, tags?.get(row.rc_id) ?? [], parsed?.get(row.rc_id), displays?.get(row.rc_id));
    if (!run.addItem(item)) {
      run.setContinue('continue', changeContinueValue(run, row));
      break;
    }
  }
}

/** ApiQueryWatchlist::extractOutputData */
function changeItem(
  run: WatchlistRun,
  props: ReadonlySet<string>,
  row: WatchlistChangeRow,
  tags: readonly string[],
  parsed: string | undefined,
  logDisplay: string | undefined,
): ResultObject {
  const change = new ChangeItem(run, props, row);
  const { item } = change;
  change.addTitleAndIds();
  if ((props.has('user') || props.has('userid')) && change.deleted.visible(DELETED_USER, 'user')) {
    if (props.has('userid')) {
      item.userid = row.actor_user ?? 0;
      // MediaWiki also gives the id as `user`, for clients of old versions; a name replaces it.
      item.user = row.actor_user ?? 0;
    }
    if (props.has('user')) item.user = row.actor_name;
    setFlag(item, 'anon', !row.actor_user, false);
  }
  change.addFlags();
  change.addSizes();
  change.addTimestamp();
  if (props.has('notificationtimestamp')) {
    item.notificationtimestamp = row.wl_notificationtimestamp === null ? '' : mwToIso(row.wl_notificationtimestamp);
  }
  change.addComment(parsed);
  if (props.has('patrol')) change.addPatrolFlags();
  if (change.addLogInfo()) item.logdisplay = logDisplay ?? '';
  change.addTags(tags);
  return change.done();
}
