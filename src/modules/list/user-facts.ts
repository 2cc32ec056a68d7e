// What the lists of people (list=users, list=allusers) tell of an account other than the caller's:
// its implicit groups and rights as MediaWiki computes them for any user, its central ids, its
// options (gender, disablemail) and the parameter checks these modules share.
import type { QueryRun } from '../../api/query/run.ts';
import { list, setFlag, setType, type ResultList, type ResultObject } from '../../api/result.ts';
import type { AccountRow } from '../../store/user-lists.ts';
import { blockFromRow, type BlockRow } from '../../wiki/blocks.ts';
import { autopromoteNeeds, implicitGroupsOf, userRights } from '../../wiki/rights.ts';
import type { OptionValue } from '../../wiki/site-facts.ts';
import type { SiteConfig } from '../../wiki/site.ts';
import { canSeeHiddenUser } from '../../wiki/visibility.ts';
import { siteDefaultOptions } from '../meta/siteinfo.ts';
import { blockDetails, type CallerDates } from '../meta/userinfo.ts';

/** Sanitizer::validateEmail */
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9-]+(\.[a-z0-9-]+)*$/i;

/**
 * ApiBase::requireMaxOneParameter: at most one of the parameters (in declaration order) is given;
 * an empty value counts as given.
 */
export function requireMaxOneParameter(run: QueryRun, params: Readonly<Record<string, unknown>>, names: readonly string[]): void {
  const given = names.filter((name) => params[name] !== undefined && params[name] !== false);
  if (given.length > 1) {
    run.fail(
      'apierror-invalidparammix',
      [{ list: given.map((name) => `<var>${run.paramName(name)}</var>`), type: 'text' }, given.length],
      'invalidparammix',
    );
  }
}

/** The first edit of each account, when the site's autopromotion looks at it. */
export async function firstEdits(run: QueryRun, userIds: readonly number[]): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  if (!autopromoteNeeds(run.services.site).firstEdit) return out;
  const users = run.services.store.users;
  await Promise.all(userIds.map(async (id) => out.set(id, await users.editTimestamp(id, 'first'))));
  return out;
}

/**
 * UserGroupManager::getUserImplicitGroups of an account: `*`, `user` and its autopromoted groups,
 * autopromotion judged from the request's address as MediaWiki does for any user.
 */
export function implicitGroupsOfAccount(
  run: QueryRun,
  account: AccountRow,
  explicit: readonly string[],
  block: BlockRow | null,
  firstEdit: string | null | undefined,
): string[] {
  return implicitGroupsOf(run.services.site, {
    editCount: account.user_editcount ?? 0,
    registration: account.user_registration,
    email: account.user_email,
    emailAuthenticated: account.user_email_authenticated,
    groups: explicit,
    ip: run.caller.ip,
    now: Math.floor(Date.now() / 1000),
    firstEdit: firstEdit ?? null,
    blockedSitewide: block !== null && Number(block.ipb_sitewide) === 1 && !(Number(block.ipb_anon_only) === 1),
  });
}

/**
 * PermissionManager::getUserPermissions of another user: the groups' rights, cut to what the
 * caller's session allows (MediaWiki asks the request's session whoever the user is), and to an
 * anonymous user's when $wgBlockDisablesLogin and the user is blocked.
 */
export function rightsOfAccount(run: QueryRun, groups: readonly string[], blocked: boolean): string[] {
  const site = run.services.site;
  let rights = userRights(site, groups, run.caller.allowedRights);
  if (site.blockDisablesLogin === true && blocked) {
    const anonymous = new Set(userRights(site, ['*'], run.caller.allowedRights));
    rights = rights.filter((right) => anonymous.has(right));
  }
  return rights;
}

export function groupList(groups: readonly string[], tag: string): ResultList {
  return setType(list(tag, [...groups]), 'array');
}

/**
 * ApiQueryUserInfo::getCentralUserInfo for an account with the `local` provider: the id a public
 * lookup by name gives (0 when a block hides the name), attached locally when it has an id.
 */
export async function centralUserInfo(run: QueryRun, userId: number, name: string, attachedWiki: string | undefined): Promise<ResultObject> {
  const found = await run.services.store.users.idAndNameHidden(name);
  const publicId = found && canSeeHiddenUser(found.hidden, new Set()) ? found.user_id : 0;
  const attachedLocal: ResultObject = setType({}, 'assoc');
  setFlag(attachedLocal, 'local', userId !== 0, false);
  const out: ResultObject = { centralids: setType({ local: publicId }, 'assoc'), attachedlocal: attachedLocal };
  // PHP's truthiness: '' and '0' ask for nothing.
  if (attachedWiki && attachedWiki !== '0') {
    const attached: ResultObject = setType({}, 'assoc');
    setFlag(attached, 'local', userId !== 0 && attachedWiki === run.services.site.dbName, false);
    out.attachedwiki = attached;
  }
  return out;
}

/** UserOptionsLookup::getOption of several users for one option: their own value, else the site's default. */
export async function optionOf(run: QueryRun, userIds: readonly number[], option: string): Promise<Map<number, OptionValue | null>> {
  const own = await run.services.store.users.lists.propertyOf(userIds, option);
  const fallback = siteDefaultOptions(run).find(([name]) => name === option)?.[1] ?? null;
  return new Map(userIds.map((id) => [id, own.has(id) ? own.get(id)! : fallback]));
}

/** PHP's truthiness of an option's value. */
export function optionIsSet(value: OptionValue | null | undefined): boolean {
  return !(value === null || value === undefined || value === false || value === 0 || value === '' || value === '0');
}

/** User::canReceiveEmail: a valid address, confirmed where the site asks for it, and mail not turned off. */
export function canReceiveEmail(run: QueryRun, account: AccountRow, disableMail: OptionValue | null | undefined): boolean {
  if (!EMAIL.test(account.user_email)) return false;
  if (run.services.site.emailAuthentication !== false && !account.user_email_authenticated) return false;
  return !optionIsSet(disableMail);
}

/** ApiBlockInfoTrait::getBlockDetails of a block row, its dates formatted for the caller. */
export function blockInfo(run: QueryRun, block: BlockRow, dates: CallerDates): ResultObject {
  return blockDetails(blockFromRow(block), run.services.site, dates);
}

/** GroupPermissionsLookup::getGroupsWithPermission: the configured groups that have the right and do not revoke it. */
export function groupsWithRight(site: SiteConfig, right: string): string[] {
  return Object.entries(site.groups)
    .filter(([, group]) => (group.rights ?? []).includes(right) && !(group.revoke ?? []).includes(right))
    .map(([name]) => name);
}
