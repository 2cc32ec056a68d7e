// list=recentchanges: Enumerate recent changes.
import { timestampIdContinuation } from '../../api/query/continuation.ts';
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, TIME_DIR, VIRTUAL_NAMESPACES, limit, user } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setFlag, type ResultObject } from '../../api/result.ts';
import {
  PRC_AUTOPATROLLED, PRC_UNPATROLLED, RC_TYPES, type ChangePosition, type RecentChangeRow, type RecentChangesQuery,
} from '../../store/recent-changes.ts';
import { sha1Base36ToHex } from '../../wiki/files.ts';
import { escapeWikiText, isInvalidTitle } from '../../wiki/titles.ts';
import { DELETED_TEXT, DELETED_USER, hiddenUserMask, userCanBitfield } from '../../wiki/visibility.ts';
import { ChangeItem, changeContinueValue, parsedChangeComments, usesPatrol } from './change-rows.ts';

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

/** Pairs of rcshow values that cannot be asked together. */
const CONFLICTS: readonly [Show, Show][] = [
  ['minor', '!minor'], ['bot', '!bot'], ['anon', '!anon'], ['redirect', '!redirect'], ['patrolled', '!patrolled'],
  ['patrolled', 'unpatrolled'], ['!patrolled', 'autopatrolled'], ['autopatrolled', 'unpatrolled'], ['autopatrolled', '!autopatrolled'],
];

const PATROL_FLAGS: readonly Show[] = ['patrolled', '!patrolled', 'unpatrolled', 'autopatrolled', '!autopatrolled'];

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
  if (PATROL_FLAGS.some((flag) => show.has(flag)) && !usesPatrol(run.caller.rights)) run.fail('apierror-permissiondenied-patrolflag', [], 'permissiondenied');
  if (p.user !== undefined && p.excludeuser !== undefined) {
    run.fail('apierror-invalidparammix', [{ list: [`<var>${run.paramName('user')}</var>`, `<var>${run.paramName('excludeuser')}</var>`], type: 'text' }, 2]);
  }
  if (p.prop.includes('patrolled') && !usesPatrol(run.caller.rights)) run.fail('apierror-permissiondenied-patrolflag', [], 'permissiondenied');
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
  if (rows.length > limit) run.setContinue('continue', changeContinueValue(run, rows[limit]!));
  const shown = rows.slice(0, limit);
  if (run.generator) {
    if (shown.length) run.setGeneratorBatchStart('continue', changeContinueValue(run, shown[0]!));
    for (const row of shown) {
      if (!p.generaterevisions) run.generator.addTitle(row.rc_namespace, row.rc_title);
      else if (row.rc_this_oldid > 0) run.generator.addRevisionId?.(row.rc_this_oldid);
    }
    return;
  }
  const props = new Set(p.prop);
  const [tags, parsed] = await Promise.all([
    props.has('tags') ? store.changeTags.tagsOfChanges(shown.map((r) => r.rc_id)) : undefined,
    props.has('parsedcomment') ? parsedChangeComments(run, shown) : undefined,
  ]);
  for (const row of shown) {
    const item = changeItem(run, props, row, tags?.get(row.rc_id) ?? [], parsed?.get(row.rc_id));
    if (!run.addItem(item)) {
      run.setContinue('continue', changeContinueValue(run, row));
      break;
    }
  }
}

/** ApiQueryRecentChanges::extractRowInfo */
function changeItem(run: RecentChangesRun, props: ReadonlySet<string>, row: RecentChangeRow, tags: string[], parsed: string | undefined): ResultObject {
  const change = new ChangeItem(run, props, row);
  const { item } = change;
  change.addTitleAndIds();
  if (props.has('ids')) item.rcid = row.rc_id;
  if ((props.has('user') || props.has('userid')) && change.deleted.visible(DELETED_USER, 'user')) {
    if (props.has('user')) item.user = row.actor_name;
    if (props.has('userid')) item.userid = row.actor_user ?? 0;
    if (!row.actor_user) setFlag(item, 'anon', true);
  }
  change.addFlags();
  change.addSizes();
  change.addTimestamp();
  change.addComment(parsed);
  if (props.has('redirect')) setFlag(item, 'redirect', Boolean(row.page_is_redirect), false);
  if (props.has('patrolled')) change.addPatrolFlags();
  change.addLogInfo();
  change.addTags(tags);
  if (props.has('sha1') && row.rev_sha1 !== null) {
    const revDeleted = row.rev_deleted ?? 0;
    change.deleted.hide('sha1', (revDeleted & DELETED_TEXT) !== 0);
    if (userCanBitfield(revDeleted, DELETED_TEXT, run.caller.rights)) item.sha1 = row.rev_sha1 === '' ? '' : sha1Base36ToHex(row.rev_sha1);
  }
  return change.done();
}
