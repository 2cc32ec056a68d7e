// Who is in which group and what the groups allow, as MediaWiki 1.39's UserGroupManager and
// PermissionManager decide it: explicit groups (user_groups, expired ones left out), implicit groups
// (`*`, `user` and those of $wgAutopromote), $wgGroupPermissions less $wgRevokePermissions, and a
// session's allowed rights (a bot password's grants) cutting both a user's rights and
// isEveryoneAllowed.
import { isInRange } from './ip.ts';
import type { AutopromoteCondition, SiteConfig } from './site.ts';

/** A user_groups row: the group and when the membership ends (14 digits), null for never. */
export interface GroupMembership {
  group: string;
  expiry: string | null;
}

/**
 * UserGroupManager::getUserGroupMemberships: the memberships that have not expired at `now`,
 * by group name (it ksorts them, so `bureaucrat` comes before `sysop` whatever the row order).
 */
export function activeMemberships(rows: readonly GroupMembership[], now: string): GroupMembership[] {
  const byGroup = new Map<string, GroupMembership>();
  for (const row of rows) if (row.expiry === null || row.expiry >= now) byGroup.set(row.group, row);
  return [...byGroup.values()].sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------
// $wgAutopromote

const CONDITION_NAMES: Readonly<Record<number, string>> = {
  1: 'APCOND_EDITCOUNT',
  2: 'APCOND_AGE',
  3: 'APCOND_EMAILCONFIRMED',
  4: 'APCOND_INGROUPS',
  5: 'APCOND_ISIP',
  6: 'APCOND_IPINRANGE',
  7: 'APCOND_AGE_FROM_EDIT',
  8: 'APCOND_BLOCKED',
  9: 'APCOND_ISBOT',
};

/** MediaWiki 1.39's $wgAutopromote: autoconfirmed by $wgAutoConfirmCount edits and $wgAutoConfirmAge seconds. */
const DEFAULT_AUTOPROMOTE: Readonly<Record<string, AutopromoteCondition>> = {
  autoconfirmed: ['&', ['APCOND_EDITCOUNT', null], ['APCOND_AGE', null]],
};

export function autopromoteConfig(site: SiteConfig): Readonly<Record<string, AutopromoteCondition>> {
  return site.autopromote ?? DEFAULT_AUTOPROMOTE;
}

/** What the conditions of $wgAutopromote look at, for one registered user. */
export interface AccountFacts {
  editCount: number;
  /** user_registration (14 digits); null for accounts older than the column. */
  registration: string | null;
  email: string;
  emailAuthenticated: string | null;
  /** Explicit groups (not expired). */
  groups: readonly string[];
  ip: string;
  /** Unix seconds. */
  now: number;
  /** The user's first edit (14 digits), when a condition needs it. */
  firstEdit?: string | null;
  /** Whether a sitewide block applies, when a condition needs it. */
  blockedSitewide?: boolean;
}

/** Facts that cost a query: which of them the site's conditions need. */
export function autopromoteNeeds(site: SiteConfig): { firstEdit: boolean; block: boolean } {
  const names = new Set<string>();
  const walk = (cond: unknown): void => {
    if (Array.isArray(cond)) cond.forEach(walk);
    else if (cond !== null && cond !== undefined) names.add(conditionName(cond as string | number));
  };
  Object.values(autopromoteConfig(site)).forEach(walk);
  return { firstEdit: names.has('APCOND_AGE_FROM_EDIT'), block: names.has('APCOND_BLOCKED') };
}

function conditionName(cond: string | number): string {
  return typeof cond === 'number' ? (CONDITION_NAMES[cond] ?? String(cond)) : cond;
}

/** UserGroupManager::getUserAutopromoteGroups: the groups whose condition the user meets, in configuration order. */
export function autopromoteGroupsOf(site: SiteConfig, facts: AccountFacts): string[] {
  return Object.entries(autopromoteConfig(site))
    .filter(([, cond]) => checkRecursively(site, cond, facts))
    .map(([group]) => group);
}

const OPERATORS = new Set(['&', '|', '^', '!']);

/** UserGroupManager::recursivelyCheckCondition */
function checkRecursively(site: SiteConfig, cond: AutopromoteCondition, facts: AccountFacts): boolean {
  if (Array.isArray(cond) && typeof cond[0] === 'string' && OPERATORS.has(cond[0])) {
    const results = (cond.slice(1) as AutopromoteCondition[]).map((sub) => checkRecursively(site, sub, facts));
    switch (cond[0]) {
      case '&':
        return results.every(Boolean);
      case '|':
        return results.some(Boolean);
      case '^':
        // Exactly two conditions, one of them met (MediaWiki refuses other counts).
        return results.length === 2 && results[0] !== results[1];
      default:
        return !results.some(Boolean);
    }
  }
  const [name, ...args] = (Array.isArray(cond) ? cond : [cond]) as (string | number | null)[];
  return checkCondition(site, conditionName(name ?? ''), args, facts);
}

/** Sanitizer::validateEmail */
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9-]+(\.[a-z0-9-]+)*$/i;

/** UserGroupManager::checkCondition */
function checkCondition(site: SiteConfig, name: string, args: readonly (string | number | null)[], facts: AccountFacts): boolean {
  switch (name) {
    case 'APCOND_EDITCOUNT': {
      const required = Number(args[0] ?? site.autoConfirmCount ?? 0);
      // No edit count lookup for a requirement of none (T157718).
      return required <= 0 || facts.editCount >= required;
    }
    case 'APCOND_AGE': {
      const required = Number(args[0] ?? site.autoConfirmAge ?? 0);
      return facts.now - unixSeconds(facts.registration) >= required;
    }
    case 'APCOND_EMAILCONFIRMED':
      return EMAIL.test(facts.email) && (site.emailAuthentication === false || facts.emailAuthenticated !== null);
    case 'APCOND_INGROUPS':
      return args.every((group) => facts.groups.includes(String(group)));
    case 'APCOND_ISIP':
      return String(args[0]) === facts.ip;
    case 'APCOND_IPINRANGE':
      return isInRange(facts.ip, String(args[0]));
    case 'APCOND_AGE_FROM_EDIT': {
      // No edit reads as now (a timestamp of false is the clock), so the age is 0.
      const first = facts.firstEdit ? unixSeconds(facts.firstEdit) : facts.now;
      return facts.now - first >= Number(args[0] ?? 0);
    }
    case 'APCOND_BLOCKED':
      return facts.blockedSitewide === true;
    case 'APCOND_ISBOT':
      return groupPermissions(site, facts.groups).includes('bot');
    default:
      // Conditions of extensions this wiki does not run (the AutopromoteCondition hook) are not met.
      return false;
  }
}

/** wfTimestampOrNull(TS_UNIX) cast to int: no timestamp counts as 1970. */
function unixSeconds(ts: string | null): number {
  if (ts === null || !/^\d{14}$/.test(ts)) return 0;
  return Date.UTC(+ts.slice(0, 4), +ts.slice(4, 6) - 1, +ts.slice(6, 8), +ts.slice(8, 10), +ts.slice(10, 12), +ts.slice(12, 14)) / 1000;
}

/** UserGroupManager::getUserImplicitGroups: `*`, and for an account `user` and its autopromoted groups. */
export function implicitGroupsOf(site: SiteConfig, facts: AccountFacts | null): string[] {
  if (facts === null) return ['*'];
  return [...new Set(['*', 'user', ...autopromoteGroupsOf(site, facts)])];
}

/** UserGroupManager::getUserEffectiveGroups: explicit groups, then implicit ones. */
export function effectiveGroups(explicit: readonly string[], implicit: readonly string[]): string[] {
  return [...new Set([...explicit, ...implicit])];
}

// ---------------------------------------------------------------------------------------------
// Rights

const permissionCache = new WeakMap<SiteConfig, Map<string, readonly string[]>>();

/**
 * GroupPermissionsLookup::getGroupPermissions: the rights of the groups in group order, each
 * group's in configuration order, less what $wgRevokePermissions takes from any of the groups.
 */
export function groupPermissions(site: SiteConfig, groups: readonly string[]): readonly string[] {
  let cache = permissionCache.get(site);
  if (!cache) permissionCache.set(site, (cache = new Map()));
  const key = groups.join('\n');
  let rights = cache.get(key);
  if (!rights) {
    const granted = groups.flatMap((group) => site.groups[group]?.rights ?? []);
    const revoked = new Set(groups.flatMap((group) => site.groups[group]?.revoke ?? []));
    rights = [...new Set(granted.filter((right) => !revoked.has(right)))];
    cache.set(key, rights);
  }
  return rights;
}

/**
 * PermissionManager::getUserPermissions: the groups' rights, cut down to those the session allows
 * (a bot password's grants; null allows all), in the groups' order.
 */
export function userRights(site: SiteConfig, groups: readonly string[], allowed: ReadonlySet<string> | null): string[] {
  const rights = groupPermissions(site, groups);
  return allowed === null ? [...rights] : rights.filter((right) => allowed.has(right));
}

/**
 * PermissionManager::isEveryoneAllowed: `*` has the right, no group revokes it, and the session
 * allows it.
 */
export function isEveryoneAllowed(site: SiteConfig, right: string, allowed: ReadonlySet<string> | null): boolean {
  if (!(site.groups['*']?.rights ?? []).includes(right)) return false;
  if (Object.values(site.groups).some((group) => group.revoke?.includes(right))) return false;
  return allowed === null || allowed.has(right);
}
