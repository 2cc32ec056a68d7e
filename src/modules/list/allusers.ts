// list=allusers: Enumerate all registered users.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { mergeInto, setFlag, type ResultObject } from '../../api/result.ts';
import { DIR, GROUPS, RIGHTS, limit } from '../../api/params/common.ts';
import type { AllUsersRow } from '../../store/user-lists.ts';
import { groupPermissions } from '../../wiki/rights.ts';
import { dateToMw, mwToIso, nowMw } from '../../wiki/timestamps.ts';
import { ucfirst } from '../../wiki/titles.ts';
import { callerDates } from '../meta/userinfo.ts';
import { blockInfo, centralUserInfo, groupsWithRight, firstEdits, groupList, implicitGroupsOfAccount, requireMaxOneParameter } from './user-facts.ts';

const params = {
  from: { type: 'string' },
  to: { type: 'string' },
  prefix: { type: 'string' },
  dir: DIR,
  group: { type: GROUPS, multi: true },
  excludegroup: { type: GROUPS, multi: true },
  rights: { type: RIGHTS, multi: true },
  prop: {
    type: [
      'blockinfo', 'groups', 'implicitgroups', 'rights', 'editcount', 'registration',
      'centralids',
    ],
    multi: true,
  },
  limit: limit(10),
  witheditsonly: { type: 'boolean' },
  activeusers: { type: 'boolean' },
  attachedwiki: { type: 'string' },
} as const satisfies ParamDecls;

export const allusers = defineQueryModule({
  prefix: 'au',
  classname: 'ApiQueryAllUsers',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allusers'],
  params,
  itemTag: 'u',
  execute: runAllUsers,
});

type AllUsersRun = QueryRun<typeof params>;

/** ApiQueryAllUsers::getCanonicalUserName: first letter upper-cased, underscores as spaces. */
function canonicalName(name: string): string {
  return ucfirst(name).replaceAll('_', ' ');
}

async function runAllUsers(run: AllUsersRun): Promise<void> {
  const { site, store } = run.services;
  const props = new Set(run.params.prop);
  const limit = run.params.limit;
  const rightsAsked = run.params.rights ?? [];
  const params = { ...run.params } as Record<string, unknown>;
  if (rightsAsked.length) {
    const withRights = [...new Set(rightsAsked.flatMap((right) => groupsWithRight(site, right)))];
    // No group has the rights: nobody to list.
    if (!withRights.length) return;
    params.group = [...new Set([...(run.params.group ?? []), ...withRights])];
  }
  requireMaxOneParameter(run, params, ['group', 'excludegroup']);
  const groups = params.group as readonly string[] | undefined;
  const now = nowMw();
  const rows = await store.users.lists.allUsers({
    from: run.params.from === undefined ? null : canonicalName(run.params.from),
    to: run.params.to === undefined ? null : canonicalName(run.params.to),
    prefix: run.params.prefix === undefined ? null : canonicalName(run.params.prefix),
    descending: run.params.dir === 'descending',
    groups: groups?.length ? groups : null,
    excludeGroups: run.params.excludegroup?.length ? run.params.excludegroup : null,
    withEditsOnly: run.params.witheditsonly,
    activeSince: run.params.activeusers ? dateToMw(new Date(Date.now() - site.activeUserDays * 86400_000)) : null,
    withoutHiddenUsers: !run.caller.rights.has('hideuser'),
    now,
    limit: limit + 1,
  });
  const needsGroups = props.has('groups') || props.has('implicitgroups') || props.has('rights');
  const shown = rows.slice(0, limit);
  const ids = shown.map((row) => row.account.user_id);
  const [memberships, edits] = needsGroups
    ? await Promise.all([store.users.lists.activeMembershipsOf(ids, now), firstEdits(run, ids)])
    : [null, null];
  const dates = props.has('blockinfo') ? await callerDates(run) : null;
  let lastName: string | null = null;
  for (const [index, row] of rows.entries()) {
    const { account, block } = row;
    // A user with several live blocks comes once per block: the first is kept.
    if (account.user_name === lastName) continue;
    lastName = account.user_name;
    if (index >= limit) {
      run.setContinue('from', account.user_name);
      break;
    }
    // The active users cache may name a user without recent actions any more.
    if (run.params.activeusers && row.recentActions === 0) continue;
    const item: ResultObject = { userid: account.user_id, name: account.user_name };
    if (props.has('centralids')) mergeInto(item, await centralUserInfo(run, account.user_id, account.user_name, run.params.attachedwiki));
    if (props.has('blockinfo') && block) mergeInto(item, blockInfo(run, block, dates!));
    if (block && Number(block.ipb_deleted)) setFlag(item, 'hidden', true);
    if (props.has('editcount')) item.editcount = account.user_editcount ?? 0;
    if (run.params.activeusers) item.recentactions = row.recentActions ?? 0;
    if (props.has('registration')) item.registration = account.user_registration ? mwToIso(account.user_registration) : '';
    if (needsGroups) await addGroups(run, props, item, row, memberships!.get(account.user_id) ?? [], edits!.get(account.user_id));
    if (!run.addItem(item)) {
      run.setContinue('from', account.user_name);
      break;
    }
  }
}

/** Implicit groups first, then the explicit ones; rights of them all (no session narrows them here). */
async function addGroups(
  run: AllUsersRun,
  props: ReadonlySet<string>,
  item: ResultObject,
  row: AllUsersRow,
  memberships: readonly { ug_group: string }[],
  firstEdit: string | null | undefined,
): Promise<void> {
  const account = { ...row.account };
  if (account.user_editcount === null) account.user_editcount = await run.services.store.users.revisionCount(account.user_id);
  const explicit = memberships.map((m) => m.ug_group);
  const implicit = implicitGroupsOfAccount(run, account, explicit, row.block, firstEdit);
  const groups = [...implicit, ...explicit];
  if (props.has('groups')) item.groups = groupList(groups, 'g');
  if (props.has('implicitgroups')) item.implicitgroups = groupList(implicit, 'g');
  if (props.has('rights')) item.rights = groupList(groupPermissions(run.services.site, groups), 'r');
}
