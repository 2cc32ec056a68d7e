// Parameters and value sets that modules at every level declare the same way (the spec's CONT,
// DIR, GROUPS, RIGHTS, user and limit parameters, ...): the api layer's vocabulary, used by main,
// by the query modules and by paraminfo alike.
import { LIMIT_BOUNDS, type ParamDecl, type ParamInfoNote, type SiteEnum } from './declaration.ts';

// ---------------------------------------------------------------------------------------------
// Value sets

/** GROUPS: the wiki's explicit groups, resolved from SiteConfig.explicitGroups. */
export const GROUPS: SiteEnum = Object.freeze({ fromSite: 'groups' });
/** RIGHTS: every right the wiki knows, resolved from SiteConfig.availableRights. */
export const RIGHTS: SiteEnum = Object.freeze({ fromSite: 'rights' });

/** Everything a user parameter accepts in MediaWiki 1.39 (paraminfo `subtypes`). */
export const ANY_USER = Object.freeze(['name', 'ip', 'interwiki', 'id'] as const);
/** Only a registered user's name (watchlist `owner`, main `assertuser`). */
export const NAME_ONLY = Object.freeze(['name'] as const);

/** `-2` (Media) and `-1` (Special), accepted beyond the wiki's ordinary namespaces. */
export const VIRTUAL_NAMESPACES = Object.freeze([-2, -1] as const);

// ---------------------------------------------------------------------------------------------
// Info notes (paraminfo `info`)

export const SINGLE_PAGE_ONLY: ParamInfoNote = Object.freeze({ name: 'singlepageonly' });
export const USER_ONLY: ParamInfoNote = Object.freeze({ name: 'useronly' });
export const NON_USER_ONLY: ParamInfoNote = Object.freeze({ name: 'nonuseronly' });
export function modes(...values: number[]): ParamInfoNote {
  return { name: 'modes', values };
}

// ---------------------------------------------------------------------------------------------
// Single parameters

/** CONT: the continuation value of an earlier result. */
export const CONT = Object.freeze({ type: 'string' } as const satisfies ParamDecl);

/** DIR: title-ordered lists. */
export const DIR = Object.freeze({ type: ['ascending', 'descending'], default: 'ascending' } as const satisfies ParamDecl);

/** Time-ordered lists: `newer` lists oldest first, `older` (the default) newest first. */
export const TIME_DIR = Object.freeze({ type: ['newer', 'older'], default: 'older' } as const satisfies ParamDecl);

/** Every namespace, several at once, `*` for all. */
export const NAMESPACES = Object.freeze({ type: 'namespace', multi: true, allSpecifier: true } as const satisfies ParamDecl);

interface LimitDecl extends ParamDecl {
  type: 'limit';
  min: number;
  max: number;
  highMax: number;
}

/** A `limit` parameter: 1..500 (5000 with apihighlimits); no default for the revision modules. */
export function limit(): LimitDecl;
export function limit<const E extends Partial<ParamDecl> = {}>(defaultValue: number, extra?: E): LimitDecl & { default: number } & NoInfer<E>;
export function limit<const E extends Partial<ParamDecl>>(defaultValue: undefined, extra: E): LimitDecl & NoInfer<E>;
export function limit(defaultValue?: number, extra: Partial<ParamDecl> = {}): ParamDecl {
  const decl: ParamDecl = { type: 'limit' };
  if (defaultValue !== undefined) decl.default = defaultValue;
  return { ...decl, min: LIMIT_BOUNDS.min, max: LIMIT_BOUNDS.max, highMax: LIMIT_BOUNDS.highMax, ...extra };
}

/** A user parameter accepting the given forms (`extra` may make it multi-value, required, ...). */
export function user<const E extends Partial<ParamDecl> = {}>(
  subtypes: readonly string[] = ANY_USER,
  extra?: E,
): { type: 'user'; userSubtypes: readonly string[] } & NoInfer<E> {
  return { type: 'user', ...(extra as E), userSubtypes: subtypes };
}
