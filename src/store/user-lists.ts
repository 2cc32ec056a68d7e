// What the user family reads for the lists of people: accounts with their live block (list=users,
// list=allusers), blocks (list=blocks) and the contributors of pages (prop=contributors).

import type { BlockRow } from '../wiki/blocks.ts';

/** The `user` row of an account: what rights, autopromotion, meta=userinfo and the lists of people read of it. */
export interface AccountRow {
  user_id: number;
  user_name: string;
  user_real_name: string;
  user_email: string;
  /** 14 digits, null when the address was never confirmed. */
  user_email_authenticated: string | null;
  /** 14 digits, null for accounts older than the column. */
  user_registration: string | null;
  /** Null when never counted (MediaWiki then counts the revisions). */
  user_editcount: number | null;
}

/** An account with the block on it that has not expired (ipblocks joined on ipb_user), if any. */
export interface AccountWithBlock {
  account: AccountRow;
  block: BlockRow | null;
}

/** list=users: accounts by name or by id. */
export interface AccountsQuery {
  names: readonly string[] | null;
  ids: readonly number[] | null;
  /** 14 digits: blocks expiring after it are live. */
  now: string;
}

/** list=allusers, read in user_name order. */
export interface AllUsersQuery {
  /** Canonical names bounding the range (inclusive), null when open. */
  from: string | null;
  to: string | null;
  prefix: string | null;
  descending: boolean;
  /** Only members of one of these groups (membership not expired). */
  groups: readonly string[] | null;
  /** Only users in none of these groups. */
  excludeGroups: readonly string[] | null;
  withEditsOnly: boolean;
  /** Users of the active users cache, with their actions in recentchanges since this timestamp. */
  activeSince: string | null;
  /** Leave out users whose live block hides their name. */
  withoutHiddenUsers: boolean;
  now: string;
  limit: number;
}

export interface AllUsersRow extends AccountWithBlock {
  /** With `activeSince`: the user's counted recent changes. */
  recentActions: number | null;
}

export type BlockShowFilter = 'account' | '!account' | 'temp' | '!temp' | 'ip' | '!ip' | 'range' | '!range';

/** list=blocks: live blocks in (ipb_timestamp, ipb_id) order. */
export interface BlockListQuery {
  ids: readonly number[] | null;
  /** ipb_address values (autoblocks left out). */
  addresses: readonly string[] | null;
  /** Blocks whose range holds this range of hex addresses (autoblocks left out). */
  containing: { prefix: string; lower: string; upper: string } | null;
  show: readonly BlockShowFilter[];
  withoutHiddenUsers: boolean;
  newer: boolean;
  start: string | null;
  end: string | null;
  after: { timestamp: string; id: number } | null;
  now: string;
  limit: number;
}

/** prop=contributors: registered contributors of pages, one row per page and actor. */
export interface ContributorsQuery {
  pageIds: readonly number[];
  /** Only users in one of these groups, or (exclude) in none of them. */
  groups: { names: readonly string[]; exclude: boolean } | null;
  after: { page: number; actor: number } | null;
  now: string;
  limit: number;
}

export interface ContributorRow {
  page: number;
  actor: number;
  userid: number;
  username: string;
}

export interface UserListStore {
  accountsWithBlocks(q: AccountsQuery): Promise<AccountWithBlock[]>;
  /** Memberships that have not expired at `now`, by user id, each user's by group name. */
  activeMembershipsOf(userIds: readonly number[], now: string): Promise<Map<number, { ug_group: string; ug_expiry: string | null }[]>>;
  /** One user_properties value of each user that sets it. */
  propertyOf(userIds: readonly number[], property: string): Promise<Map<number, string | null>>;
  allUsers(q: AllUsersQuery): Promise<AllUsersRow[]>;
  blockList(q: BlockListQuery): Promise<BlockRow[]>;
  /** Distinct anonymous actors of each page whose user is not hidden by revision deletion. */
  anonymousContributorCounts(pageIds: readonly number[]): Promise<Map<number, number>>;
  contributors(q: ContributorsQuery): Promise<ContributorRow[]>;
}
