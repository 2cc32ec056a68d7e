// The user family: user, actor, user_groups, ipblocks, user_newtalk.

import type { BlockRestrictions, BlockRow } from '../wiki/blocks.ts';
import type { AccountRow, UserListStore } from './user-lists.ts';

export type { BlockRow } from '../wiki/blocks.ts';
export type { AccountRow } from './user-lists.ts';

/** Blocks that may apply to an IP address: on the address itself or on a range holding it. */
export interface IpBlockQuery {
  address: string;
  /** IPUtils::toHex of the address. */
  hex: string;
  /** The first hex digits every range block of the address shares ($wgBlockCIDRLimit). */
  hexPrefix: string;
}

/** A user_groups row. */
export interface GroupMembershipRow {
  ug_group: string;
  /** 14 digits; null for a membership without end. */
  ug_expiry: string | null;
}

export interface UserStore {
  /** The lists of people: list=users, list=allusers, list=blocks, prop=contributors. */
  readonly lists: UserListStore;
  /** `user_id` of a user name, 0 when there is no such account. */
  idByName(name: string): Promise<number>;
  /** The name of a registered user by id (user parameters given as `#id`); null when none. */
  nameById(userId: number): Promise<string | null>;
  /** SiteStats::numberingroup: members of `group` whose membership has not expired at `now`. */
  groupSize(group: string, now: string): Promise<number>;
  ipBlocks(query: IpBlockQuery): Promise<BlockRow[]>;
  /** The account with this id; null when there is none. */
  account(userId: number): Promise<AccountRow | null>;
  /** Every user_groups row of the user, expired ones included. */
  groupMemberships(userId: number): Promise<GroupMembershipRow[]>;
  /** The block with this id, expired or not (a block cookie names it). */
  blockById(blockId: number): Promise<BlockRow | null>;
  /** Blocks on the account (ipb_user), expired ones included. */
  userBlocks(userId: number): Promise<BlockRow[]>;
  /** The pages and namespaces of partial blocks, by block id. */
  blockRestrictions(blockIds: readonly number[]): Promise<Map<number, BlockRestrictions>>;
  /** user_properties of the user, by property name. */
  properties(userId: number): Promise<{ up_property: string; up_value: string | null }[]>;
  /** The `gender` option of each of these accounts that has set one (GenderCache's query), by user name. */
  genders(names: readonly string[]): Promise<Map<string, string>>;
  /** `user_newtalk` holds a notice for this account. */
  userHasNewMessages(userId: number): Promise<boolean>;
  /** The timestamp of the user's newest (`last`) or oldest (`first`) revision; null when none. */
  editTimestamp(userId: number, which: 'first' | 'last'): Promise<string | null>;
  /** Revisions made by the user (the edit count of an account whose user_editcount is null). */
  revisionCount(userId: number): Promise<number>;
  /**
   * The account's id and whether the last of its blocks (as MediaWiki reads them) hides its name:
   * what LocalIdLookup decides a central id from. null when there is no such account.
   */
  idAndNameHidden(name: string): Promise<{ user_id: number; hidden: boolean } | null>;
  /** `user_newtalk` holds a notice for this IP address (anonymous callers). */
  ipHasNewMessages(ip: string): Promise<boolean>;
}
