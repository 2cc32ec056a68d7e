// Store queries for list modules over pages and links (allpages, categorymembers, backlinks, embeddedin).

// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface ListingStore {}
