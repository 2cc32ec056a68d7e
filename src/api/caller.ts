// Who is asking: an anonymous caller's groups and rights come from the site's `*` group; a
// logged-in caller's from its account (src/wiki/rights.ts holds the rules).
import type { ApiRequest } from './request.ts';
import type { ApiServices } from './services.ts';
import type { AccountRow } from '../store/users.ts';
import {
  appliesFromCookie, blockCookieExpiry, blockFromRow, blockCookieValue, blockHexPrefix, blockIdFromCookie, effectiveBlock, partialBlockIds, tracksWithCookie,
  type BlockRow, type EffectiveBlock,
} from '../wiki/blocks.ts';
import { rightsOfGrants, grantTable } from '../wiki/grants.ts';
import { isValidIP, toHex } from '../wiki/ip.ts';
import {
  activeMemberships, autopromoteNeeds, effectiveGroups, implicitGroupsOf, isEveryoneAllowed, userRights, type AccountFacts, type GroupMembership,
} from '../wiki/rights.ts';
import type { SiteConfig } from '../wiki/site.ts';
import { nowMw } from '../wiki/timestamps.ts';

export interface Caller {
  readonly isAnonymous: boolean;
  readonly id: number;
  readonly name: string;
  /** The address the request came from. */
  readonly ip: string;
  /** Explicit and implicit groups (`*`, `user`, ...). */
  readonly groups: readonly string[];
  readonly rights: ReadonlySet<string>;
  /** Explicit memberships that have not expired, by group name. */
  readonly memberships: readonly GroupMembership[];
  /** `*`, `user` and the autopromoted groups. */
  readonly implicitGroups: readonly string[];
  /** The rights the session allows (a bot password's grants); null when it allows all. */
  readonly allowedRights: ReadonlySet<string> | null;
  /** The bot password the session was made with. */
  readonly botPassword?: { readonly appId: string; readonly grants: readonly string[] };
  /** The account's row (null for an anonymous caller). */
  readonly account: AccountRow | null;
  /** The session's csrf token, when the session layer gives it (userinfo's preferencestoken). */
  readonly csrfToken?: string;
  /** The request's BlockID cookie as it came (blockCookieChange reads it); undefined when none. */
  readonly blockCookie?: string;
}

/** What the session layer knows of a logged-in caller. */
export interface CallerIdentity {
  userId: number;
  name: string;
  botPassword?: { appId: string; grants: string[]; restrictions?: unknown };
}

export function hasRight(caller: Caller, right: string): boolean {
  return caller.rights.has(right);
}

/** The `*` group's rights, as a set built once per site rather than per request. */
const anonymousRights = new WeakMap<SiteConfig, ReadonlySet<string>>();

export function anonymousCaller(site: SiteConfig, ip: string): Caller {
  let rights = anonymousRights.get(site);
  if (!rights) anonymousRights.set(site, (rights = new Set(userRights(site, ['*'], null))));
  return {
    isAnonymous: true,
    id: 0,
    name: ip,
    ip,
    groups: ['*'],
    rights,
    memberships: [],
    implicitGroups: ['*'],
    allowedRights: null,
    account: null,
  };
}

/** PermissionManager::isEveryoneAllowed as the caller's session sees it (a bot password narrows it too). */
export function everyoneAllowed(site: SiteConfig, caller: Caller, right: string): boolean {
  return isEveryoneAllowed(site, right, caller.allowedRights);
}

/**
 * The caller of a request whose session names an account (and perhaps the bot password it was
 * made with). An account that no longer exists makes the caller anonymous, as MediaWiki's
 * session does when its user cannot be loaded.
 */
export async function callerFor(services: ApiServices, identity: CallerIdentity, request: ApiRequest): Promise<Caller> {
  const { site, store } = services;
  const needs = autopromoteNeeds(site);
  const [account, rows, firstEdit] = await Promise.all([
    store.users.account(identity.userId),
    store.users.groupMemberships(identity.userId),
    needs.firstEdit ? store.users.editTimestamp(identity.userId, 'first') : undefined,
  ]);
  if (account === null) return anonymousCaller(site, request.ip);
  // UserEditTracker counts the revisions of an account whose edit count was never set.
  if (account.user_editcount === null) account.user_editcount = await store.users.revisionCount(identity.userId);
  const now = nowMw();
  const memberships = activeMemberships(rows.map((r) => ({ group: r.ug_group, expiry: r.ug_expiry })), now);
  const explicit = memberships.map((m) => m.group);
  const allowedRights = identity.botPassword ? rightsOfGrants(identity.botPassword.grants, grantTable(site.extensions)) : null;
  const base = {
    isAnonymous: false,
    id: account.user_id,
    name: account.user_name,
    ip: request.ip,
    memberships,
    allowedRights,
    account,
    ...(identity.botPassword ? { botPassword: { appId: identity.botPassword.appId, grants: identity.botPassword.grants } } : {}),
  };
  // The block lookup needs to know whether the caller is exempt from address blocks, that is its
  // rights without autopromotion by block; only APCOND_BLOCKED needs the block first.
  const facts: AccountFacts = {
    editCount: account.user_editcount,
    registration: account.user_registration,
    email: account.user_email,
    emailAuthenticated: account.user_email_authenticated,
    groups: explicit,
    ip: request.ip,
    now: Math.floor(Date.now() / 1000),
    firstEdit: firstEdit ?? null,
  };
  let caller = withGroups(site, base, explicit, implicitGroupsOf(site, facts));
  if (needs.block) {
    const block = await callerBlock(services, caller);
    caller = withGroups(site, base, explicit, implicitGroupsOf(site, { ...facts, blockedSitewide: block?.sitewide === true }));
  }
  // $wgBlockDisablesLogin: a blocked account keeps only what an anonymous caller may do.
  if (site.blockDisablesLogin === true && (await callerBlock(services, caller)) !== null) {
    const anonymous = anonymousCaller(site, request.ip).rights;
    caller = { ...caller, rights: new Set([...caller.rights].filter((right) => anonymous.has(right))) };
  }
  return caller;
}

function withGroups(
  site: SiteConfig,
  base: Omit<Caller, 'groups' | 'rights' | 'implicitGroups'>,
  explicit: readonly string[],
  implicit: readonly string[],
): Caller {
  const groups = effectiveGroups(explicit, implicit);
  return { ...base, groups, implicitGroups: implicit, rights: new Set(userRights(site, groups, base.allowedRights)) };
}

const blocks = new WeakMap<Caller, Promise<EffectiveBlock | null>>();

/**
 * BlockManager::getUserBlock for the caller of this request, read once per caller: blocks on the
 * account, and on the caller's address or a range holding it unless the caller has
 * `ipblock-exempt`; a partial block comes with its restrictions.
 */
export function callerBlock(services: ApiServices, caller: Caller): Promise<EffectiveBlock | null> {
  let block = blocks.get(caller);
  if (!block) blocks.set(caller, (block = readBlock(services, caller)));
  return block;
}

async function readBlock(services: ApiServices, caller: Caller): Promise<EffectiveBlock | null> {
  const users = services.store.users;
  // Address and cookie blocks are not looked for for a caller exempt from them.
  const exempt = caller.rights.has('ipblock-exempt');
  const byAddress = !exempt && isValidIP(caller.ip) ? toHex(caller.ip) : null;
  const [onAccount, onAddress, fromCookie] = await Promise.all([
    caller.isAnonymous ? [] : users.userBlocks(caller.id),
    byAddress === null ? [] : users.ipBlocks({ address: caller.ip, hex: byAddress, hexPrefix: blockHexPrefix(byAddress) }),
    exempt ? null : cookieBlock(services, caller),
  ]);
  const rows = uniqueRows([...onAccount, ...onAddress, ...(fromCookie ? [fromCookie] : [])]);
  const now = nowMw();
  const registered = !caller.isAnonymous;
  const first = effectiveBlock(rows, now, { registered });
  if (first === null) return null;
  const partial = partialBlockIds(rows);
  if (!partial.length) return first;
  return effectiveBlock(rows, now, { registered, restrictions: await users.blockRestrictions(partial) });
}

/** BlockManager::getBlockFromCookieValue: the block the request's cookie names, when it applies to this caller. */
async function cookieBlock(services: ApiServices, caller: Caller): Promise<BlockRow | null> {
  if (!caller.blockCookie) return null;
  const id = await blockIdFromCookie(caller.blockCookie, services.site.secretKey);
  if (id === null) return null;
  const row = await services.store.users.blockById(id);
  if (row === null) return null;
  return appliesFromCookie(services.site, blockFromRow(row), caller.isAnonymous, nowMw()) ? row : null;
}

/** What to do with the BlockID cookie after the request: keep it as it came, or set or clear it. */
export type BlockCookieChange = { set: string; expires: number; httpOnly: false } | { clear: true; httpOnly: false } | null;

/**
 * BlockManager::trackBlockWithCookie: a cookie that names a block still applying is kept; any
 * other is cleared; then the caller's block (each of a composite block's) that should follow the
 * browser is put in the cookie, for a day at most (`expires` in Unix seconds). The cookie is
 * named `BlockID` after $wgCookiePrefix (`wikidbBlockID`) and is not HttpOnly.
 */
export async function blockCookieChange(services: ApiServices, caller: Caller): Promise<BlockCookieChange> {
  const { site } = services;
  let change: BlockCookieChange = null;
  if (caller.blockCookie !== undefined) {
    if (await cookieBlock(services, caller)) return null;
    change = { clear: true, httpOnly: false };
  }
  const block = await callerBlock(services, caller);
  if (block === null) return change;
  const nowSeconds = Math.floor(Date.now() / 1000);
  for (const original of block.originals ?? [block]) {
    if (original.id !== null && tracksWithCookie(site, original, caller.isAnonymous)) {
      change = { set: await blockCookieValue(original.id, site.secretKey), expires: blockCookieExpiry(original, nowSeconds), httpOnly: false };
    }
  }
  return change;
}

function uniqueRows(rows: readonly BlockRow[]): BlockRow[] {
  const byId = new Map<number, BlockRow>();
  for (const row of rows) byId.set(row.ipb_id, row);
  return [...byId.values()];
}
