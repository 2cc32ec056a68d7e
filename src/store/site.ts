// Site-wide rows: the interwiki table.

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
}
