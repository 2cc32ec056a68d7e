// list=usercontribs: Get all edits by a user.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, NAMESPACES, TIME_DIR, limit, user } from '../../api/params/common.ts';
import { continuationTimestamp } from '../../api/query/continuation.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, setFlag, type ResultObject } from '../../api/result.ts';
import type { ActorRow, ActorsQuery, ContributionRow, ContributionsQuery, PatrolFilter } from '../../store/revision-lists.ts';
import type { RevisionBound } from '../../store/revisions.ts';
import { formatComments } from '../../wiki/comment-formatter.ts';
import { phpInt, phpIntEqualsText } from '../../wiki/php-values.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { DELETED_COMMENT, DELETED_TEXT, DELETED_USER, hiddenUserMask, userCanBitfield } from '../../wiki/visibility.ts';
import { DeletedFields } from '../deleted-fields.ts';
import { commentContext } from '../prop/revision-shared.ts';

const params = {
  limit: limit(10),
  start: { type: 'timestamp' },
  end: { type: 'timestamp' },
  continue: CONT,
  user: user(['name', 'ip', 'interwiki'], { multi: true }),
  userids: { type: 'integer', multi: true },
  userprefix: { type: 'string' },
  dir: TIME_DIR,
  namespace: NAMESPACES,
  prop: {
    type: [
      'ids', 'title', 'timestamp', 'comment', 'parsedcomment', 'size', 'sizediff', 'flags',
      'patrolled', 'tags',
    ],
    default: 'ids|title|timestamp|comment|size|flags',
    multi: true,
  },
  show: {
    type: [
      'minor', '!minor', 'patrolled', '!patrolled', 'autopatrolled', '!autopatrolled', 'top',
      '!top', 'new', '!new',
    ],
    multi: true,
  },
  tag: { type: 'string' },
  toponly: { type: 'boolean', deprecated: true },
} as const satisfies ParamDecls;

export const usercontribs = defineQueryModule({
  prefix: 'uc',
  classname: 'ApiQueryUserContribs',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Usercontribs'],
  params,
  itemTag: 'item',
  execute: runUserContribs,
});

type UserContribsRun = QueryRun<typeof params>;
type Show = NonNullable<UserContribsRun['params']['show']>[number];

/** RecentChange::PRC_* */
const PRC_UNPATROLLED = 0;
const PRC_AUTOPATROLLED = 2;

/** Pairs of ucshow values that cannot be asked together (ApiQueryUserContribs::prepareQuery). */
const CONFLICTS: readonly [Show, Show][] = [
  ['minor', '!minor'], ['patrolled', '!patrolled'], ['autopatrolled', '!autopatrolled'], ['autopatrolled', '!patrolled'],
  ['top', '!top'], ['new', '!new'],
];

/** Actors a `userprefix` listing reads at a time. */
const PREFIX_BATCH = 100;

/**
 * How the contributions are ordered: one user's by time alone; several users' by actor id (names,
 * ids) or name (prefix) first, which the continuation names.
 */
type OrderBy = 'actor' | 'name';

interface Position {
  user?: string;
  bound: RevisionBound;
}

/** ApiBase::requireOnlyOneParameter, with MediaWiki's list of the four (uciprange included). */
function requireOneUserParameter(run: UserContribsRun): void {
  const names = (list: readonly string[]) => ({ list: list.map((n) => `<var>${n}</var>`), type: 'text' as const });
  const given = (['user', 'userids', 'userprefix'] as const).filter((name) => run.params[name] !== undefined);
  if (given.length > 1) run.fail('apierror-invalidparammix', [names(given.map((n) => run.paramName(n))), given.length]);
  if (given.length === 0) {
    const all = ['userprefix', 'userids', 'iprange', 'user'].map((n) => run.paramName(n));
    run.fail('apierror-missingparam-one-of', [names(all), all.length], 'missingparam');
  }
}

function paramEmpty(run: UserContribsRun, name: 'user' | 'userids'): never {
  const full = run.paramName(name);
  return run.fail('apierror-paramempty', [full], `paramempty_${full}`);
}

/** The continuation: `ts|id` for one user, `orderBy|user|ts|id` for several. */
function continuePosition(run: UserContribsRun, multiUser: boolean, orderBy: OrderBy): Position | undefined {
  const raw = run.params.continue;
  if (raw === undefined) return undefined;
  const parts = raw.split('|');
  let user: string | undefined;
  if (multiUser) {
    if (parts.length !== 4 || parts[0] !== orderBy) run.fail('apierror-badcontinue');
    user = parts[1]!;
    parts.splice(0, 2);
  } else if (parts.length !== 2) {
    run.fail('apierror-badcontinue');
  }
  const ts = continuationTimestamp(parts[0]!);
  if (!phpIntEqualsText(parts[1]!)) run.fail('apierror-badcontinue');
  return { user, bound: { ts, id: phpInt(parts[1]!) } };
}

function patrolFilter(show: ReadonlySet<Show>): PatrolFilter {
  const filter: PatrolFilter = { notEquals: [] };
  if (show.has('!patrolled')) filter.equals = PRC_UNPATROLLED;
  if (show.has('autopatrolled')) filter.equals = PRC_AUTOPATROLLED;
  if (show.has('patrolled')) filter.notEquals!.push(PRC_UNPATROLLED);
  if (show.has('!autopatrolled')) filter.notEquals!.push(PRC_AUTOPATROLLED);
  return filter;
}

async function runUserContribs(run: UserContribsRun): Promise<void> {
  const { store } = run.services;
  const props = new Set(run.params.prop);
  const show = new Set<Show>(run.params.show ?? []);
  if (run.params.toponly) show.add('top');
  const limit = run.params.limit;
  const descending = run.params.dir === 'older';
  requireOneUserParameter(run);

  // The users, as MediaWiki picks them before it reads any revision.
  let query: ActorsQuery;
  let orderBy: OrderBy;
  let multiUser: boolean;
  if (run.params.userprefix !== undefined) {
    query = { by: 'prefix', prefix: run.params.userprefix, limit: PREFIX_BATCH };
    orderBy = 'name';
    multiUser = true;
  } else if (run.params.userids !== undefined) {
    const ids = run.params.userids;
    if (!ids.length) paramEmpty(run, 'userids');
    for (const id of ids) if (id <= 0) run.fail('apierror-invaliduserid', [id], 'invaliduserid');
    query = { by: 'userIds', userIds: ids };
    orderBy = 'actor';
    multiUser = ids.length > 1;
  } else {
    const given = run.params.user ?? [];
    if (!given.length || given.includes('')) paramEmpty(run, 'user');
    // Canonical names: `bob` and `Bob` are one user.
    const names = [...new Set(given)];
    query = { by: 'names', names };
    orderBy = 'actor';
    multiUser = names.length > 1;
  }
  const position = continuePosition(run, multiUser, orderBy);

  for (const [a, b] of CONFLICTS) if (show.has(a) && show.has(b)) run.fail('apierror-show');
  const patrolFilterAsked = (['patrolled', '!patrolled', 'autopatrolled', '!autopatrolled'] as const).some((s) => show.has(s));
  if ((patrolFilterAsked || props.has('patrolled')) && !(run.caller.rights.has('patrol') || run.caller.rights.has('patrolmarks'))) {
    run.fail('apierror-permissiondenied-patrolflag', [], 'permissiondenied');
  }

  const tag = run.params.tag;
  const base: Omit<ContributionsQuery, 'actorId' | 'limit'> = {
    dir: run.params.dir,
    start: run.params.start,
    end: run.params.end,
    namespaces: run.params.namespace,
    minor: show.has('minor') ? true : show.has('!minor') ? false : undefined,
    top: show.has('top') ? true : show.has('!top') ? false : undefined,
    created: show.has('new') ? true : show.has('!new') ? false : undefined,
    patrol: patrolFilterAsked || props.has('patrolled') ? { join: patrolFilterAsked ? 'inner' : 'left', filter: patrolFilter(show) } : undefined,
    hiddenMask: hiddenUserMask(run.caller.rights),
    tagId: tag === undefined ? undefined : await store.site.tagId(tag),
  };

  // Contributions of each actor in turn, until one more than the limit is found.
  const rows: { row: ContributionRow; actor: ActorRow }[] = [];
  const lists = store.revisions.lists;
  let from = multiUser && orderBy === 'name' && position ? { name: position.user!, inclusive: true } : undefined;
  for (;;) {
    const actors = await lists.actors(query.by === 'prefix' ? { ...query, from } : query, descending);
    for (const actor of actors) {
      let bound: RevisionBound | undefined;
      if (position && multiUser) {
        const user = position.user!;
        const cmp = orderBy === 'name' ? compareBinary(actor.actor_name, user) : compareActorId(actor.actor_id, user);
        if (descending ? cmp > 0 : cmp < 0) continue;
        if (cmp === 0) bound = position.bound;
      } else if (position) {
        bound = position.bound;
      }
      const found = await lists.contributions({ ...base, actorId: actor.actor_id, from: bound, limit: limit + 1 - rows.length });
      for (const row of found) rows.push({ row, actor });
      if (rows.length > limit) break;
    }
    if (rows.length > limit || query.by !== 'prefix' || actors.length < PREFIX_BATCH) break;
    // The next batch of names starts after the last one read.
    from = { name: actors[actors.length - 1]!.actor_name, inclusive: false };
  }

  const shown = rows.slice(0, limit);
  const parentLens = props.has('sizediff') ? await lists.sizes(shown.map((r) => r.row.rev_parent_id).filter((id): id is number => !!id)) : new Map<number, number>();
  const tags = props.has('tags') && shown.length ? await store.revisions.tagsOf(shown.map((r) => r.row.rev_id)) : new Map<number, string[]>();
  const parsed = props.has('parsedcomment') ? await parsedComments(run, shown.map((r) => r.row)) : [];

  const continueValue = ({ row, actor }: { row: ContributionRow; actor: ActorRow }): string => {
    const ts = store.storedTimestamp(row.rev_timestamp, 'rev_timestamp');
    if (!multiUser) return `${ts}|${row.rev_id}`;
    return `${orderBy}|${orderBy === 'name' ? actor.actor_name : actor.actor_id}|${ts}|${row.rev_id}`;
  };
  for (const [index, entry] of rows.entries()) {
    if (index >= limit) {
      run.setContinue('continue', continueValue(entry));
      break;
    }
    const item = contribution(run, props, entry.row, parentLens, tags, parsed[index]);
    if (!run.addItem(item)) {
      run.setContinue('continue', continueValue(entry));
      break;
    }
  }
}

/**
 * An actor id against the continuation's text as MediaWiki's SQL compares them (`rev_actor < '4'`):
 * as numbers when the text is an integer, and otherwise every id comes before the text.
 */
function compareActorId(actorId: number, text: string): number {
  return /^-?\d+$/.test(text) ? actorId - Number(text) : -1;
}

/** Binary comparison of names, as the database compares actor_name. */
function compareBinary(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

async function parsedComments(run: UserContribsRun, rows: readonly ContributionRow[]): Promise<(string | undefined)[]> {
  const rights = run.caller.rights;
  const visible = rows.map((r) => userCanBitfield(r.rev_deleted, DELETED_COMMENT, rights));
  const items = rows.filter((_, i) => visible[i]).map((r) => ({ comment: r.comment_text ?? '', self: { ns: r.page_namespace, dbKey: r.page_title } }));
  const html = await formatComments(commentContext(run), items);
  let next = 0;
  return visible.map((v) => (v ? html[next++] : undefined));
}

/** ApiQueryUserContribs::extractRowInfo */
function contribution(
  run: UserContribsRun,
  props: ReadonlySet<string>,
  row: ContributionRow,
  parentLens: ReadonlyMap<number, number>,
  tags: ReadonlyMap<number, string[]>,
  parsedComment: string | undefined,
): ResultObject {
  const vals: ResultObject = {};
  const deleted = new DeletedFields(vals, row.rev_deleted, userCanBitfield, run.caller.rights);
  deleted.hide('text', (row.rev_deleted & DELETED_TEXT) !== 0);
  // Revisions whose user the caller may not see were left out by the query.
  vals.userid = row.actor_user ?? 0;
  vals.user = row.actor_name;
  deleted.hide('user', (row.rev_deleted & DELETED_USER) !== 0);
  if (props.has('ids')) {
    vals.pageid = row.rev_page;
    vals.revid = row.rev_id;
    if (row.rev_parent_id !== null) vals.parentid = row.rev_parent_id;
  }
  if (props.has('title')) {
    vals.ns = row.page_namespace;
    vals.title = run.services.titles.text(row.page_namespace, row.page_title);
  }
  if (props.has('timestamp')) vals.timestamp = mwToIso(row.rev_timestamp);
  if (props.has('flags')) {
    setFlag(vals, 'new', row.rev_parent_id === 0, false);
    setFlag(vals, 'minor', row.rev_minor_edit !== 0, false);
    setFlag(vals, 'top', row.page_latest === row.rev_id, false);
  }
  if ((props.has('comment') || props.has('parsedcomment')) && deleted.visible(DELETED_COMMENT, 'comment')) {
    if (props.has('comment')) vals.comment = row.comment_text ?? '';
    if (props.has('parsedcomment')) vals.parsedcomment = parsedComment ?? '';
  }
  if (props.has('patrolled')) {
    const patrolled = row.rc_patrolled ?? null;
    // No change row: NULL, which PHP compares as 0 (unpatrolled).
    setFlag(vals, 'patrolled', patrolled !== null && Number(patrolled) !== PRC_UNPATROLLED, false);
    setFlag(vals, 'autopatrolled', patrolled !== null && Number(patrolled) === PRC_AUTOPATROLLED, false);
  }
  if (props.has('size') && row.rev_len !== null) vals.size = row.rev_len;
  if (props.has('sizediff') && row.rev_len !== null && row.rev_parent_id !== null) {
    vals.sizediff = row.rev_len - (parentLens.get(row.rev_parent_id) ?? 0);
  }
  if (props.has('tags')) vals.tags = list('tag', [...(tags.get(row.rev_id) ?? [])]);
  deleted.flagSuppressed();
  return vals;
}
