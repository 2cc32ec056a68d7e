// MediaWiki's own change tags.

/**
 * ChangeTags::DEFINED_SOFTWARE_TAGS: the tags core applies, all enabled by $wgSoftwareTags'
 * default (listSoftwareDefinedTags and listSoftwareActivatedTags give them all).
 */
export const SOFTWARE_TAGS: readonly string[] = [
  'mw-contentmodelchange', 'mw-new-redirect', 'mw-removed-redirect', 'mw-changed-redirect-target', 'mw-blank',
  'mw-replace', 'mw-rollback', 'mw-undo', 'mw-manual-revert', 'mw-reverted', 'mw-server-side-upload',
];
