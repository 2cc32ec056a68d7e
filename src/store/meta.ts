// Store queries for siteinfo statistics, user groups, site-wide facts for meta modules.

// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface MetaStore {}
