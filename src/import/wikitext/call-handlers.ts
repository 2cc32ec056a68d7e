// What a parser function, a magic variable or an extension tag handler is given, and what it may ask of the page's expander.
//
// The expander finds handlers through the function table (function-table.ts) and the tag table
// (extension-tags.ts); handlers reach the expander only through CallHost, so neither side
// imports the other.

import type { PPNode, TemplatePart } from '../../wiki/preprocessor.ts';
import type { CiteState, TagCall } from './cite.ts';
import type { ExpansionFrame, ExpansionHost } from './expansion.ts';
import type { MagicWordMatcher } from './language.ts';

/** How deep frames nest before a transclusion counts as a loop, and a #invoke as too deeply nested. */
export const MAX_DEPTH = 40;

/** A parser function or a variable: `first` is the expanded, trimmed text after the colon (empty for a variable). */
export type FunctionHandler = (x: CallHost, frame: ExpansionFrame, first: string, parts: TemplatePart[]) => string;

export type TagHandler = (x: CallHost, node: TagCall, frame: ExpansionFrame) => string;

/**
 * A parser function (Parser::setFunctionHook): `ids` name its magic words, whose synonyms in the
 * content language (and English) call it, with a `#` before them unless `noHash`
 * (SFH_NO_HASH). Functions of extensions whose magic words are not on record give `names`.
 */
export type FunctionSpec = { handler: FunctionHandler; extension?: string } & ({ ids: string[]; noHash?: boolean } | { names: string[] });

/** The page's expander as handlers see it (src/import/wikitext/expander.ts). */
export interface CallHost extends ExpansionHost {
  /** Cite's references of the page. */
  readonly cite: CiteState;
  readonly words: { readonly galleryOptions: MagicWordMatcher };
  /** MagicWord::matchStartToEnd: whether the text is one of the magic word's synonyms (`noreplace`, `#default`, ...). */
  isWord(id: string, text: string): boolean;
  expandNodes(nodes: PPNode[], frame: ExpansionFrame): string;
  /** Expands wikitext that an extension tag hands back to the parser (ref, poem, gallery captions). */
  expandInner(text: string, frame: ExpansionFrame): string;
  /** A part as a plain function argument: `name=value` expanded and trimmed. */
  partText(part: TemplatePart, frame: ExpansionFrame): string;
  value(part: TemplatePart | undefined, frame: ExpansionFrame): string;
  /** A branch of #if and friends: only the branch taken is ever expanded (its links alone count). */
  branch(part: TemplatePart | undefined, frame: ExpansionFrame): string;
  /** A #invoke's frame: the call's arguments after the function name, numbered from 1. */
  invokeFrame(parts: TemplatePart[], frame: ExpansionFrame, title: { ns: number; dbKey: string }): ExpansionFrame;
}
