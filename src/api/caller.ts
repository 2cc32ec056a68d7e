// Who is asking: an anonymous caller's groups and rights come from the site's `*` group.
import type { SiteConfig } from '../wiki/site.ts';

export interface Caller {
  readonly isAnonymous: boolean;
  readonly id: number;
  readonly name: string;
  /** Explicit and implicit groups (`*`, `user`, ...). */
  readonly groups: readonly string[];
  readonly rights: ReadonlySet<string>;
}

export function hasRight(caller: Caller, right: string): boolean {
  return caller.rights.has(right);
}

/** The `*` group's rights, as a set built once per site rather than per request. */
const anonymousRights = new WeakMap<SiteConfig, ReadonlySet<string>>();

export function anonymousCaller(site: SiteConfig, ip: string): Caller {
  let rights = anonymousRights.get(site);
  if (!rights) anonymousRights.set(site, (rights = new Set(site.groups['*']?.rights ?? [])));
  return {
    isAnonymous: true,
    id: 0,
    name: ip,
    groups: ['*'],
    rights,
  };
}
