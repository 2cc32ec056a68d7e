// Store queries for per-page link lists (prop=categories, links, templates).

// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface PageLinkStore {}
