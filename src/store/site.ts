// Site-wide rows: the interwiki table, the change tags defined.

export interface InterwikiRow {
  iw_prefix: string;
  iw_url: string;
  iw_api: string;
  iw_wikiid: string;
  iw_local: number;
  iw_trans: number;
}

export interface SiteStore {
  /** Every interwiki prefix, sorted by prefix. Read once at start-up. */
  interwikis(): Promise<InterwikiRow[]>;
  /** The change tags defined by users (change_tag_def's ctd_user_defined), by name. Read once at start-up. */
  userDefinedTags(): Promise<string[]>;
}
