// Store queries for revisions, their content, comments and actors; page facts for prop=info.

// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface RevisionStore {}
