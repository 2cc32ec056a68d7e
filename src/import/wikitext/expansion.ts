// What template expansion shares with the Lua engine (src/import/scribunto): the wiki and page an
// expansion reads, its frames, what it records, and what the engine asks of the expander. The
// engine depends on these types, the expander on the engine: neither on the other both ways.

import type { PPNode } from '../../wiki/preprocessor.ts';
import type { TitleCodec } from '../title.ts';
import type { ParsedTitle } from '../../wiki/titles.ts';

/** What a page's expansion needs to know about the rest of the wiki. */
export interface WikiLookup {
  /** Latest wikitext of a page, and its redirect target; null when the page does not exist. */
  page(ns: number, dbKey: string): { text: string; redirect: ParsedTitle | null } | null;
  exists(ns: number, dbKey: string): boolean;
  /** The uploaded file a name leads to (itself or through a file redirect), or null when there is none. */
  resolveFile?(name: string): string | null;
}

export interface SiteFacts {
  siteName: string;
  /** `https://ltg.wikipedia.org` */
  server: string;
  /** `/w` */
  scriptPath: string;
  /** `/wiki/$1` */
  articlePath: string;
  lang: string;
  /** Namespaces with subpages ($wgNamespacesWithSubpages). */
  subpageNamespaces: ReadonlySet<number>;
  /** Content namespaces ($wgContentNamespaces), where __NOINDEX__ has no effect. */
  contentNamespaces: ReadonlySet<number>;
  /** Enabled extensions ($wgExtensions): they decide which tags and parser functions exist. */
  extensions?: ReadonlySet<string>;
  /** $wgCiteStoreReferencesData: Cite keeps each page's references in its page properties. */
  citeStoreReferencesData?: boolean;
}

/** What the expansion found besides the expanded text. */
export interface ExpansionOutput {
  /** `ns:dbKey` -> title of every transcluded page (templatelinks). */
  templates: Map<string, { ns: number; dbKey: string }>;
  /** Links registered by functions (#ifexist) rather than written in the text. */
  links: Map<string, { ns: number; dbKey: string }>;
  /** Files registered by functions and tags (gallery, filepath, #ifexist on Media:). */
  images: Set<string>;
  /** Files shown by a tag (gallery): a missing one puts the page in the broken file category. */
  embeddedFiles: Set<string>;
  /** Page properties set by functions: defaultsort, displaytitle. */
  props: Map<string, string>;
  /** Tracking category message keys (`broken-file-category`, ...). */
  tracking: Set<string>;
}

export interface PageContext {
  ns: number;
  dbKey: string;
  /** Revision facts for REVISIONID and friends. */
  revisionId?: number;
  timestamp?: string;
  user?: string;
  pageId?: number;
}

/** How wikitext is read: as the page itself, or as a transclusion (<noinclude>, <includeonly>, <onlyinclude>). */
export type ParseMode = 'view' | 'include';

/** A frame's argument: its nodes, expanded (once) in the frame that wrote them. */
export interface FrameArgument {
  nodes: PPNode[];
  frame: ExpansionFrame;
  /** Named arguments are trimmed, numbered ones not. */
  trim: boolean;
  cached?: string;
}

/** A PPFrame: the page itself, a template's expansion, or a #invoke's frame. */
export interface ExpansionFrame {
  parent: ExpansionFrame | null;
  /** The transcluded page this frame expands (null for the page itself). */
  title: { ns: number; dbKey: string } | null;
  args: Map<string, FrameArgument> | null;
  depth: number;
  mode: ParseMode;
}

/** A frame:expandTemplate answer (see ExpansionHost.expandTemplateIn). */
export type TemplateAnswer =
  | { text: string; reusable?: { target: { ns: number; dbKey: string }; titles: Array<{ ns: number; dbKey: string }> } }
  | { error: string };

/** What the Lua engine and its callbacks ask of the page's expander. */
export interface ExpansionHost {
  readonly codec: TitleCodec;
  readonly wiki: WikiLookup;
  readonly site: SiteFacts;
  readonly page: PageContext;
  readonly out: ExpansionOutput;
  addLink(ns: number, dbKey: string): void;
  addTemplate(ns: number, dbKey: string): void;
  /** Parser::fetchTemplateAndTitle: the page's text after redirects (each title walked recorded), or null. */
  fetchTemplate(title: { ns: number; dbKey: string }, walked?: Array<{ ns: number; dbKey: string }>): { text: string; title: { ns: number; dbKey: string } } | null;
  frameArgument(frame: ExpansionFrame, name: string): string | null;
  frameArgumentNames(frame: ExpansionFrame): string[];
  /** The frame's arguments whose expansion has no side effects, expanded; null for the others. */
  literalArguments(frame: ExpansionFrame): Map<string, string | null>;
  childFrame(parent: ExpansionFrame, title: { ns: number; dbKey: string } | null, args: ReadonlyMap<string, string>): ExpansionFrame;
  preprocessIn(frame: ExpansionFrame, text: string): string;
  expandTemplateIn(frame: ExpansionFrame, title: ParsedTitle, titleText: string, args: ReadonlyMap<string, string>): TemplateAnswer;
  callFunctionIn(frame: ExpansionFrame, name: string, first: string, positional: readonly string[], named: ReadonlyMap<string, string>): string | undefined;
  extensionTagIn(frame: ExpansionFrame, name: string, content: string, attributes: ReadonlyMap<string, string>): string;
  noteTemplateAnswerUsed(titles: ReadonlyArray<{ ns: number; dbKey: string }>, size: number): void;
  outputHeadroom(): number;
}
