// The content model a page gets from its title when nothing names one (MediaWiki 1.39's MainSlotRoleHandler::getDefaultModel).

import { NS } from './namespaces.ts';

/** What a wiki adds to core's rule. */
export interface ContentModelFacts {
  /** $wgNamespaceContentModels: the model a namespace gives its pages, if any. */
  namespaceModel?(ns: number): string | undefined;
  /**
   * The loaded extensions' ContentHandlerDefaultModelFor hooks (Scribunto's for modules): the model
   * they give a title (`text` with spaces), if any; it replaces the namespace's.
   */
  extensionModel?(ns: number, text: string): string | undefined;
}

const CODE_PAGE = /\.(css|js|json)$/u;
/** A user's code lives on subpages only: `User:Foo/x.js`, never `User:Foo.js`. */
const CODE_SUBPAGE = /\/.*\.(js|css|json)$/;
const MODEL_OF_SUFFIX: Readonly<Record<string, string>> = { js: 'javascript', css: 'css', json: 'json' };

/**
 * ContentHandler::getDefaultModelFor: MediaWiki: pages ending in .css, .js or .json and such user
 * subpages hold code of that kind; other pages take their namespace's or an extension's model,
 * and are wikitext without one. `text` is the title's text (Title::getText), without namespace.
 */
export function defaultContentModel(ns: number, text: string, facts: ContentModelFacts = {}): string {
  const model = facts.extensionModel?.(ns, text) ?? facts.namespaceModel?.(ns);
  const suffix = (ns === NS.MEDIAWIKI ? CODE_PAGE.exec(text) : ns === NS.USER ? CODE_SUBPAGE.exec(text) : null)?.[1];
  if (suffix === undefined && (model === undefined || model === 'wikitext')) return 'wikitext';
  return (suffix !== undefined ? MODEL_OF_SUFFIX[suffix] : undefined) ?? model ?? 'text';
}
