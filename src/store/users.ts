// The user family: user, actor, user_groups, ipblocks, user_newtalk.

/** An `ipblocks` row with its reason and the blocker's actor, named as MediaWiki's DatabaseBlock query names them. */
export interface BlockRow {
  ipb_id: number;
  ipb_address: string;
  ipb_user: number;
  ipb_timestamp: string;
  ipb_auto: number;
  ipb_anon_only: number;
  ipb_create_account: number;
  ipb_expiry: string;
  ipb_range_start: string;
  ipb_range_end: string;
  ipb_block_email: number;
  ipb_allow_usertalk: number;
  ipb_parent_block_id: number | null;
  ipb_sitewide: number;
  ipb_deleted: number;
  ipb_reason_text: string;
  /** The blocker's actor name and user id. */
  ipb_by_text: string | null;
  ipb_by: number | null;
}

/** Blocks that may apply to an IP address: on the address itself or on a range holding it. */
export interface IpBlockQuery {
  address: string;
  /** IPUtils::toHex of the address. */
  hex: string;
  /** The first hex digits every range block of the address shares ($wgBlockCIDRLimit). */
  hexPrefix: string;
}

/** The `user` row of an account: what rights, autopromotion and meta=userinfo read of it. */
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

/** A user_groups row. */
export interface GroupMembershipRow {
  ug_group: string;
  /** 14 digits; null for a membership without end. */
  ug_expiry: string | null;
}

export interface UserStore {
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
  /** `user_newtalk` holds a notice for this IP address (anonymous callers). */
  ipHasNewMessages(ip: string): Promise<boolean>;
}
