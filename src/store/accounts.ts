// The account family: what logging in reads of a wiki's accounts (user's password and token,
// bot_passwords). Read only: a login never writes to the wiki's database.

/** The `user` row a password login checks. */
export interface PasswordRow {
  user_id: number;
  user_name: string;
  /** A stored hash (`:pbkdf2:...`), a legacy 32-digit MD5, or empty. */
  user_password: string;
  /** user_token: 32 characters; MediaWiki changes it to end every session of the account. */
  user_token: string;
}

/** A bot_passwords row. */
export interface BotPasswordRow {
  bp_user: number;
  bp_app_id: string;
  bp_password: string;
  /** Changes when the bot password is reset or changed: sessions made with the old one end. */
  bp_token: string;
  /** JSON (MWRestrictions): the addresses the bot password may be used from. */
  bp_restrictions: string;
  /** JSON list of grant names. */
  bp_grants: string;
}

export interface AccountStore {
  /** The account by its exact (canonical) name, with its password; null when there is none. */
  byName(name: string): Promise<PasswordRow | null>;
  /** The account by id, with its password; null when there is none. */
  byId(userId: number): Promise<PasswordRow | null>;
  /** The user's bot password of this application id; null when there is none (or no such table). */
  botPassword(userId: number, appId: string): Promise<BotPasswordRow | null>;
}
