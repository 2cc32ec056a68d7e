// list=users: Get information about a list of users.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, mergeInto, setFlag, setType, type ResultList, type ResultObject } from '../../api/result.ts';
import { formatMessage } from '../../api/errors.ts';
import { msg } from '../../api/i18n/messages.ts';
import type { AccountWithBlock } from '../../store/user-lists.ts';
import { activeMemberships, effectiveGroups } from '../../wiki/rights.ts';
import { mwToIso, nowMw } from '../../wiki/timestamps.ts';
import { blockFromRow } from '../../wiki/blocks.ts';
import { blockDetails, callerDates } from '../meta/userinfo.ts';
import {
  canReceiveEmail, centralUserInfo, firstEdits, groupList, implicitGroupsOfAccount, optionOf, requireMaxOneParameter, rightsOfAccount,
} from './user-facts.ts';

const params = {
  prop: {
    type: [
      'blockinfo', 'groups', 'groupmemberships', 'implicitgroups', 'rights', 'editcount',
      'registration', 'emailable', 'gender', 'centralids', 'cancreate',
    ],
    multi: true,
  },
  attachedwiki: { type: 'string' },
  users: { type: 'string', multi: true },
  userids: { type: 'integer', multi: true },
  token: { type: ['userrights'], multi: true, deprecated: true },
} as const satisfies ParamDecls;

export const users = defineQueryModule({
  prefix: 'us',
  classname: 'ApiQueryUsers',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Users'],
  params,
  itemTag: 'user',
  execute: runUsers,
});

type UsersRun = QueryRun<typeof params>;

async function runUsers(run: UsersRun): Promise<void> {
  requireMaxOneParameter(run, run.params, ['users', 'userids']);
  const props = new Set(run.params.prop);
  const names = run.params.users;
  const byName = names !== undefined;
  const userNames = run.services.userNames;
  const done: (string | number)[] = [];
  const goodNames: string[] = [];
  for (const name of names ?? []) {
    const canonical = userNames.canonical(name, 'valid');
    if (canonical === null || canonical === '') {
      const invalid: ResultObject = { name };
      setFlag(invalid, 'invalid', true);
      if (!run.addItem(invalid)) {
        run.setContinue('users', (names ?? []).filter((n) => !done.includes(n)).join('|'));
        return;
      }
      done.push(name);
    } else {
      goodNames.push(canonical);
    }
  }
  const wanted: (string | number)[] = byName ? goodNames : [...(run.params.userids ?? [])];
  const found = wanted.length ? await readUsers(run, props, byName ? (wanted as string[]) : null, byName ? null : (wanted as number[])) : new Map<string | number, ResultObject>();
  for (const key of wanted) {
    let item = found.get(key);
    if (item === undefined) item = byName ? await missingUser(run, props, key as string) : flagged({ userid: key }, 'missing');
    if (!run.addItem(item)) {
      const all: readonly (string | number)[] = byName ? (names ?? []) : (run.params.userids ?? []);
      run.setContinue(byName ? 'users' : 'userids', all.filter((n) => !done.includes(n)).join('|'));
      return;
    }
    done.push(key);
  }
}

/** The accounts found, by name or by id, as MediaWiki lists them; hidden names only for `hideuser`. */
async function readUsers(
  run: UsersRun,
  props: ReadonlySet<string>,
  names: string[] | null,
  ids: number[] | null,
): Promise<Map<string | number, ResultObject>> {
  const { store, site } = run.services;
  const now = nowMw();
  let rows = await store.users.lists.accountsWithBlocks({ names, ids, now });
  if (!run.caller.rights.has('hideuser')) rows = rows.filter((row) => !row.block || Number(row.block.ipb_deleted) === 0);
  const userIds = [...new Set(rows.map((row) => row.account.user_id))];
  const needsGroups = props.has('groups') || props.has('groupmemberships') || props.has('implicitgroups') || props.has('rights');
  const [memberships, edits, genders, disableMail, dates] = await Promise.all([
    needsGroups ? store.users.lists.activeMembershipsOf(userIds, now) : null,
    needsGroups ? firstEdits(run, userIds) : null,
    props.has('gender') ? optionOf(run, userIds, 'gender') : null,
    props.has('emailable') ? optionOf(run, userIds, 'disablemail') : null,
    props.has('blockinfo') ? callerDates(run) : null,
  ]);
  const out = new Map<string | number, ResultObject>();
  for (const row of rows) {
    const { account, block } = row;
    // User::getEditCount counts the revisions of an account whose count was never set.
    if (account.user_editcount === null && (props.has('editcount') || needsGroups)) {
      account.user_editcount = await store.users.revisionCount(account.user_id);
    }
    const item: ResultObject = { userid: account.user_id, name: account.user_name };
    if (props.has('editcount')) item.editcount = account.user_editcount ?? 0;
    if (props.has('registration')) item.registration = account.user_registration === null ? null : mwToIso(account.user_registration);
    if (needsGroups) addGroups(run, props, item, row, memberships!.get(account.user_id) ?? [], edits!.get(account.user_id));
    if (block && Number(block.ipb_deleted)) setFlag(item, 'hidden', true);
    if (props.has('blockinfo') && block && block.ipb_by_text !== null) mergeInto(item, blockDetails(blockFromRow(block), run.services.site, dates!));
    if (props.has('emailable')) setFlag(item, 'emailable', canReceiveEmail(run, account, disableMail!.get(account.user_id)), false);
    if (props.has('gender')) item.gender = genderOf(genders!.get(account.user_id));
    if (props.has('centralids')) mergeInto(item, await centralUserInfo(run, account.user_id, account.user_name, run.params.attachedwiki));
    out.set(names !== null ? account.user_name : account.user_id, item);
  }
  return out;
}

function addGroups(
  run: UsersRun,
  props: ReadonlySet<string>,
  item: ResultObject,
  row: AccountWithBlock,
  rows: readonly { ug_group: string; ug_expiry: string | null }[],
  firstEdit: string | null | undefined,
): void {
  const memberships = activeMemberships(rows.map((r) => ({ group: r.ug_group, expiry: r.ug_expiry })), nowMw());
  const explicit = memberships.map((m) => m.group);
  const implicit = implicitGroupsOfAccount(run, row.account, explicit, row.block, firstEdit);
  const groups = effectiveGroups(explicit, implicit);
  if (props.has('groups')) item.groups = groupList(groups, 'g');
  if (props.has('groupmemberships')) {
    item.groupmemberships = setType(
      list('groupmembership', memberships.map((m) => ({ group: m.group, expiry: m.expiry === null ? 'infinity' : mwToIso(m.expiry) }))),
      'array',
    );
  }
  if (props.has('implicitgroups')) item.implicitgroups = groupList(implicit, 'g');
  if (props.has('rights')) item.rights = groupList(rightsOfAccount(run, groups, row.block !== null), 'r');
}

/** GenderCache: `male`, `female` or `unknown` (what any other value reads as). */
function genderOf(value: unknown): string {
  return value === 'male' || value === 'female' ? value : 'unknown';
}

/** A valid name without a (visible) account: whether it could be registered, and why not. */
async function missingUser(run: UsersRun, props: ReadonlySet<string>, name: string): Promise<ResultObject> {
  const item = flagged({ name }, 'missing');
  if (!props.has('cancreate')) return item;
  const reason = await cannotCreateReason(run, name);
  setFlag(item, 'cancreate', reason === null, false);
  if (reason !== null) item.cancreateerror = statusErrors(run, reason.key, reason.code);
  return item;
}

/**
 * AuthManager::canCreateAccount with the core providers: a name that is registered (even one a
 * block hides) is taken; one that is not creatable (reserved, too long, `@:>` ...) has no name.
 */
async function cannotCreateReason(run: UsersRun, name: string): Promise<{ key: string; code: string } | null> {
  const userNames = run.services.userNames;
  const usable = userNames.canonical(name, 'usable');
  if (usable !== null && (await run.services.store.users.idByName(usable)) !== 0) return { key: 'userexists', code: 'userexists' };
  if (userNames.canonical(name, 'creatable') === null) return { key: 'noname', code: 'invaliduser' };
  return null;
}

/** ApiErrorFormatter::arrayFromStatus of one error in the request's format (bc: message, params, code, type). */
function statusErrors(run: UsersRun, key: string, code: string): ResultList {
  if (run.errorFormat === 'bc') {
    const error: ResultObject = { message: key, params: list('param', []), code, type: 'error' };
    return list('error', [error]);
  }
  const rendered = formatMessage(code, msg(key), { errorFormat: run.errorFormat, lang: run.errorLang, articleUrl: (title) => title });
  return list('error', [rendered]);
}

function flagged(item: ResultObject, flag: string): ResultObject {
  setFlag(item, flag, true);
  return item;
}
