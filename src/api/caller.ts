// Who is asking: an anonymous caller's groups and rights come from the site's `*` group; a
// logged-in caller's from its account (src/wiki/rights.ts holds the rules).
import type { ApiRequest } from './request.ts';
import type { ApiServices } from './services.ts';
import { rightsOfGrants, grantTable } from '../wiki/grants.ts';
import { activeMemberships, effectiveGroups, implicitGroupsOf, userRights, type AccountFacts, type GroupMembership } from '../wiki/rights.ts';
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
  };
}

/**
 * The caller of a request whose session names an account (and perhaps the bot password it was
 * made with). An account that no longer exists makes the caller anonymous, as MediaWiki's
 * session does when its user cannot be loaded.
 */
export async function callerFor(services: ApiServices, identity: CallerIdentity, request: ApiRequest): Promise<Caller> {
  const { site, store } = services;
  const [account, rows] = await Promise.all([store.users.account(identity.userId), store.users.groupMemberships(identity.userId)]);
  if (account === null) return anonymousCaller(site, request.ip);
  const now = nowMw();
  const memberships = activeMemberships(rows.map((r) => ({ group: r.ug_group, expiry: r.ug_expiry })), now);
  const explicit = memberships.map((m) => m.group);
  const facts: AccountFacts = {
    editCount: account.user_editcount ?? 0,
    registration: account.user_registration,
    email: account.user_email,
    emailAuthenticated: account.user_email_authenticated,
    groups: explicit,
    ip: request.ip,
    now: Math.floor(Date.now() / 1000),
  };
  const implicit = implicitGroupsOf(site, facts);
  const groups = effectiveGroups(explicit, implicit);
  const allowedRights = identity.botPassword ? rightsOfGrants(identity.botPassword.grants, grantTable(site.extensions)) : null;
  return {
    isAnonymous: false,
    id: account.user_id,
    name: account.user_name,
    ip: request.ip,
    groups,
    rights: new Set(userRights(site, groups, allowedRights)),
    memberships,
    implicitGroups: implicit,
    allowedRights,
    ...(identity.botPassword ? { botPassword: { appId: identity.botPassword.appId, grants: identity.botPassword.grants } } : {}),
  };
}
