// Expands a page the way MediaWiki renders it: template calls, template arguments and extension tags in their frames, and what Lua modules ask of those frames.
//
// Only what decides the links tables has to be right: which pages are transcluded, which branch of
// an #if/#ifeq/#switch/#ifexist is taken, what a template's arguments make of `[[{{{1}}}]]`, the
// text of magic words that build titles and URLs, DEFAULTSORT and DISPLAYTITLE. Output that
// only affects rendering (dates, number formats, messages) is approximated.
//
// A call's name is resolved here (subst:, a variable, a parser function, a page); the functions
// and variables themselves are in the files function-table.ts lists, the tags in extension-tags.ts.

import { preprocess, type ArgNode, type PPNode, type PreprocessOptions, type TemplateNode, type TemplatePart } from '../../wiki/preprocessor.ts';
import { parserTags } from '../../wiki/site-facts.ts';
import { DEFAULT_EXTENSIONS } from '../../wiki/config-file.ts';
import {
  type ExpansionFrame, type ExpansionOutput, type FrameArgument, type PageContext, type SiteFacts, type WikiLookup,
} from './expansion.ts';
import type { TitleCodec } from '../title.ts';
import { STRIP_MARKER } from './text.ts';
import { CiteState, type TagCall } from './cite.ts';
import { MAX_DEPTH, type CallHost, type FunctionHandler } from './call-handlers.ts';
import { languageWords, lookupFunction, type LanguageWords } from './function-table.ts';
import { TAG_HANDLERS } from './extension-tags.ts';
import { decodeCharReferencesOnly, type ParsedTitle } from '../../wiki/titles.ts';
import { NS } from '../../wiki/namespaces.ts';
import { phpTrim } from '../../wiki/php-values.ts';

type Frame = ExpansionFrame;

/** The start of a table or a list: a call's text starting so goes on a new line. */
const BLOCK_START = /^(?:\{\||:|;|#|\*)/;

const MAX_OUTPUT = 4 << 20;
const TEMPLATE_CACHE_SIZE = 2000;

/**
 * PPFrame::loopCheck: a template is a loop when it is among the frames the call was written in
 * (the frame and its parents). An argument is expanded in the frame that wrote it, so
 * `{{Echo|{{Echo|x}}}}` is no loop even though the inner call runs while the outer one is open.
 */
function inFrameChain(frame: Frame | null, ns: number, dbKey: string): boolean {
  for (let f = frame; f; f = f.parent) {
    if (f.title && f.title.ns === ns && f.title.dbKey === dbKey) return true;
  }
  return false;
}

/**
 * `ns:dbKey` of title objects met call after call (the codec's parsed titles, the wiki lookup's
 * redirect targets): built and hashed once, not at each transclusion.
 */
const titleKeys = new WeakMap<{ ns: number; dbKey: string }, string>();

function titleKey(title: { ns: number; dbKey: string }): string {
  let key = titleKeys.get(title);
  if (key === undefined) {
    key = `${title.ns}:${title.dbKey}`;
    titleKeys.set(title, key);
  }
  return key;
}

/** How a call is made, once its name is known (see CallPlan). */
const enum CallKind {
  /** Written back as text: `subst:`, a name that is no title, a Media: title. */
  Raw,
  /** A Special: page: nothing. */
  Nothing,
  Variable,
  /** A parser function whose first argument is known. */
  Function,
  Transclusion,
  /** A parser function whose first argument starts with known text and goes on with the rest of the title's nodes. */
  FunctionWithDynamicArgument,
  /** The title's expansion decides: resolved at each call. */
  Dynamic,
}

/**
 * What a call's title resolves to (subst:, variable, parser function, page to transclude). It
 * depends on the title's text and the wiki (its language's magic words, its extensions, its
 * title rules), so for a title written as plain text it is worked out once per tree node, and
 * for `{{#if:{{{1}}}|...}}` the function part is. The wiki it was made for is kept to be checked.
 */
export class CallPlan {
  constructor(
    readonly kind: CallKind,
    readonly handler: FunctionHandler | null,
    /** Raw: the name written back; Function: the first argument; FunctionWithDynamicArgument: its literal start. */
    readonly text: string,
    readonly title: ParsedTitle | null,
    readonly noWiki: boolean,
    readonly codec: TitleCodec,
    readonly words: LanguageWords,
    readonly extensions: ReadonlySet<string>,
    readonly language: string,
  ) {}
}

export class Expander implements CallHost {
  readonly out: ExpansionOutput = {
    templates: new Map(),
    links: new Map(),
    images: new Set(),
    embeddedFiles: new Set(),
    props: new Map(),
    tracking: new Set(),
  };
  private outputSize = 0;
  readonly extensions: ReadonlySet<string>;
  /** How the page's own text and transcluded texts are read (the wiki's tags, trees for expansion). */
  private readonly readPage: PreprocessOptions;
  private readonly readTransclusion: PreprocessOptions;
  /** Cite's references of the page. */
  readonly cite = new CiteState(this);
  /** Parser functions, variables and prefixes by their names in the content language. */
  readonly words: LanguageWords;

  constructor(
    readonly codec: TitleCodec,
    readonly wiki: WikiLookup,
    readonly site: SiteFacts,
    readonly page: PageContext,
    private readonly templateCache: TemplateCache,
  ) {
    this.extensions = site.extensions ?? new Set(DEFAULT_EXTENSIONS);
    this.readPage = templateCache.readPage;
    this.readTransclusion = templateCache.readTransclusion;
    this.words = languageWords(site.lang);
  }

  /** MagicWord::matchStartToEnd: whether the text is one of the magic word's synonyms (`noreplace`, `#default`, ...). */
  isWord(id: string, text: string): boolean {
    return this.words.isWord(id, text);
  }

  expandPage(text: string): string {
    const frame: Frame = { parent: null, title: null, args: null, depth: 0, mode: 'view' };
    const expanded = this.expandNodes(preprocess(text, this.readPage), frame);
    return this.extensions.has('Cite') ? expanded + this.cite.finish() : expanded;
  }

  /** Parser::recursiveTagParse: wikitext an extension hands back, expanded in a root frame of its own. */
  parseInRootFrame(text: string): string {
    return this.expandInner(text, { parent: null, title: null, args: null, depth: 0, mode: 'view' });
  }

  /** Expands wikitext that an extension tag hands back to the parser (ref, poem, gallery captions). */
  expandInner(text: string, frame: Frame): string {
    return this.expandNodes(preprocess(text, frame.mode === 'include' ? this.readTransclusion : this.readPage), frame);
  }

  expandNodes(nodes: PPNode[], frame: Frame): string {
    if (nodes.length === 1 && typeof nodes[0] === 'string') return nodes[0];
    return this.expandNodesFrom(nodes, 0, frame);
  }

  /** The expansion of nodes[start...]. */
  private expandNodesFrom(nodes: PPNode[], start: number, frame: Frame): string {
    let s = '';
    for (let i = start; i < nodes.length; i++) {
      const node = nodes[i]!;
      if (typeof node === 'string') {
        s += node;
        continue;
      }
      switch (node.kind) {
        case 'template':
          s += this.template(node, frame);
          break;
        case 'arg':
          s += this.argument(node, frame);
          break;
        case 'ext':
          s += this.extensionTag(node, frame);
          break;
        case 'heading':
          s += this.expandNodes(node.children, frame);
          break;
        case 'equals':
          s += '=';
          break;
        // Comments and ignored text expand to nothing.
      }
    }
    return s;
  }

  private argument(node: ArgNode, frame: Frame): string {
    const name = phpTrim(this.expandNodes(node.title, frame));
    const arg = frame.args?.get(name);
    if (arg) {
      if (arg.cached === undefined) {
        const value = this.expandNodes(arg.nodes, arg.frame);
        arg.cached = arg.trim ? phpTrim(value) : value;
      }
      return arg.cached;
    }
    // The first part is the default, `=` and all: `{{{a|b=c}}}` defaults to `b=c`.
    const defaultPart = node.parts[0];
    if (defaultPart === undefined) return `{{{${name}}}}`;
    const value = this.expandNodes(defaultPart.value, frame);
    return defaultPart.name === null ? value : `${this.expandNodes(defaultPart.name, frame)}=${value}`;
  }

  private template(node: TemplateNode, frame: Frame): string {
    if (this.outputSize > MAX_OUTPUT) {
      this.out.tracking.add('post-expand-template-inclusion-category');
      return '';
    }
    const parts = node.parts;
    let plan = this.callPlan(node);
    let text: string;
    if (plan.kind === CallKind.FunctionWithDynamicArgument) {
      // The name is `#if:` and the rest: the argument is what follows the colon, trimmed like the name.
      text = plan.handler!(this, frame, phpTrim((plan.text + this.expandNodesFrom(node.title, 1, frame))), parts);
    } else {
      if (plan.kind === CallKind.Dynamic) plan = this.resolveCall(phpTrim(this.expandNodes(node.title, frame)), parts.length);
      text = this.call(plan, parts, frame);
      // A call written back as text, or msgnw:'s escaped text, is left as it is.
      if (plan.kind === CallKind.Raw || plan.noWiki) return text;
    }
    // Parser::braceSubstitution (T2529): what starts a table or a list starts a line of its own.
    return !node.lineStart && BLOCK_START.test(text) ? `\n${text}` : text;
  }

  private call(plan: CallPlan, parts: TemplatePart[], frame: Frame): string {
    switch (plan.kind) {
      case CallKind.Raw:
        return this.rawCall(plan.text, parts, frame);
      case CallKind.Nothing:
        return '';
      case CallKind.Variable:
        return plan.handler!(this, frame, '', parts);
      case CallKind.Function:
        return plan.handler!(this, frame, plan.text, parts);
      default:
        return this.transclude(plan.title!, parts, frame, plan.noWiki);
    }
  }

  /** The node's plan, made at its first call for this wiki. */
  private callPlan(node: TemplateNode): CallPlan {
    const known = node.call;
    if (known instanceof CallPlan && known.codec === this.codec && known.words === this.words && known.extensions === this.extensions && known.language === this.codec.contentLanguage) return known;
    const plan = this.planFor(node);
    node.call = plan;
    return plan;
  }

  private planFor(node: TemplateNode): CallPlan {
    const title = node.title;
    if (title.every((n) => typeof n === 'string')) return this.resolveCall(phpTrim((title as string[]).join('')), node.parts.length);
    const head = title[0];
    const words = this.words;
    if (typeof head === 'string' && words.prefixesEndAtColon && (node.parts.length > 0 || !words.variableHasColon)) {
      // The name's first colon is in its literal start: no prefix (subst:, msgnw:, raw:) reaches past it, and no variable has one.
      const start = head.trimStart();
      const colon = start.indexOf(':');
      if (colon > 0 && !words.subst.matchStart(start) && !words.messagePrefix.matchStart(start) && !words.rawPrefix.matchStart(start)) {
        const fn = lookupFunction(start.slice(0, colon), this.extensions, words);
        if (fn) return this.plan(CallKind.FunctionWithDynamicArgument, fn, start.slice(colon + 1));
      }
    }
    return this.plan(CallKind.Dynamic);
  }

  private plan(kind: CallKind, handler: FunctionHandler | null = null, text = '', title: ParsedTitle | null = null, noWiki = false): CallPlan {
    return new CallPlan(kind, handler, text, title, noWiki, this.codec, this.words, this.extensions, this.codec.contentLanguage);
  }

  /**
   * Parser::braceSubstitution's choice for a call named `name` (expanded and trimmed): `subst:`,
   * a variable, `msgnw:` and `raw:`, a parser function, then a page to transclude.
   */
  private resolveCall(name: string, partCount: number): CallPlan {
    const words = this.words;
    const subst = words.subst.matchStart(name);
    if (subst) {
      // Outside a pre-save transform, `subst:` leaves the call as written; `safesubst:` expands it.
      if (subst.id === 'subst') return this.plan(CallKind.Raw, null, name);
      name = phpTrim(subst.rest);
    }
    if (partCount === 0) {
      const variable = words.variable(name);
      if (variable) return this.plan(CallKind.Variable, variable);
    }
    let noWiki = false;
    const message = words.messagePrefix.matchStart(name);
    if (message) {
      noWiki = message.id === 'msgnw';
      name = phpTrim(message.rest);
    }
    const raw = words.rawPrefix.matchStart(name);
    if (raw) name = phpTrim(raw.rest);
    const colon = name.indexOf(':');
    if (colon > 0) {
      const fn = lookupFunction(name.slice(0, colon), this.extensions, words);
      if (fn) return this.plan(CallKind.Function, fn, phpTrim(name.slice(colon + 1)));
    }
    const title = this.codec.parse(decodeCharReferencesOnly(name), NS.TEMPLATE);
    if (!title || title.interwiki !== '' || title.dbKey === '' || title.ns === NS.MEDIA) return this.plan(CallKind.Raw, null, name);
    if (title.ns === NS.SPECIAL) return this.plan(CallKind.Nothing);
    return this.plan(CallKind.Transclusion, null, '', title, noWiki);
  }

  /** A call that transcludes nothing, written back as text (a method, not a closure per call: closures cost here). */
  private rawCall(name: string, parts: TemplatePart[], frame: Frame): string {
    let s = `{{${name}`;
    for (const part of parts) s += '|' + this.partText(part, frame);
    return `${s}}}`;
  }

  /**
   * Parser::fetchTemplateAndTitle: the page's text, following redirects, each title on the way
   * recorded as a transclusion (missing ones too); null when the page does not exist.
   */
  fetchTemplate(title: { ns: number; dbKey: string }, walked?: Array<{ ns: number; dbKey: string }>): { text: string; title: { ns: number; dbKey: string } } | null {
    let target: { ns: number; dbKey: string } = title;
    let found: { text: string; redirect: ParsedTitle | null } | null = null;
    for (let hop = 0; hop < 3; hop++) {
      this.addTemplateKey(titleKey(target), target.ns, target.dbKey);
      walked?.push({ ns: target.ns, dbKey: target.dbKey });
      found = this.wiki.page(target.ns, target.dbKey);
      if (!found || !found.redirect || found.redirect.interwiki !== '') break;
      target = found.redirect;
    }
    return found ? { text: found.text, title: target } : null;
  }

  private transclude(title: ParsedTitle, parts: TemplatePart[], frame: Frame, noWiki: boolean): string {
    const fetched = this.fetchTemplate(title);
    if (!fetched) return `[[:${this.codec.namespaces.prefixedText(title.ns, title.dbKey)}]]`;
    const target = fetched.title;
    if (inFrameChain(frame, target.ns, target.dbKey) || frame.depth >= MAX_DEPTH) {
      this.out.tracking.add('template-loop-category');
      return `<span class="error">Template loop detected: [[${this.codec.namespaces.prefixedText(target.ns, target.dbKey)}]]</span>`;
    }
    if (noWiki) return STRIP_MARKER;
    const nodes = this.templateCache.get(titleKey(target), fetched.text);
    const child: Frame = { parent: frame, title: target, args: this.frameArgs(parts, frame), depth: frame.depth + 1, mode: 'include' };
    const text = this.expandNodes(nodes, child);
    this.outputSize += text.length;
    return text;
  }

  addTemplate(ns: number, dbKey: string): void {
    this.addTemplateKey(`${ns}:${dbKey}`, ns, dbKey);
  }

  private addTemplateKey(key: string, ns: number, dbKey: string): void {
    if (!this.out.templates.has(key)) this.out.templates.set(key, { ns, dbKey });
  }

  addLink(ns: number, dbKey: string): void {
    const key = `${ns}:${dbKey}`;
    if (!this.out.links.has(key)) this.out.links.set(key, { ns, dbKey });
  }

  // --- What Lua modules do through their frames (src/import/scribunto/callbacks.ts) ---

  /** A frame's argument, expanded in the frame that wrote it; null when it has none of that name. */
  frameArgument(frame: Frame, name: string): string | null {
    const arg = frame.args?.get(name);
    if (!arg) return null;
    if (arg.cached === undefined) {
      const value = this.expandNodes(arg.nodes, arg.frame);
      arg.cached = arg.trim ? phpTrim(value) : value;
    }
    return arg.cached;
  }

  /**
   * The frame's arguments by name, expanded when that has no side effects (text, arguments,
   * and #if-like parser functions of those), null for those whose expansion could record links,
   * transclusions or categories: Lua gets the former with the #invoke and asks for the latter
   * only when a module reads them, as Scribunto expands arguments lazily.
   */
  literalArguments(frame: Frame): Map<string, string | null> {
    const out = new Map<string, string | null>();
    if (!frame.args) return out;
    for (const [name, arg] of frame.args) out.set(name, this.isLiteralArgument(arg) ? this.frameArgument(frame, name) : null);
    return out;
  }

  private isLiteralArgument(arg: FrameArgument): boolean {
    return arg.cached !== undefined || this.isLiteral(arg.nodes, arg.frame);
  }

  /** Whether expanding the nodes in the frame can have no effect but their text. */
  private isLiteral(nodes: PPNode[], frame: Frame): boolean {
    for (const node of nodes) {
      if (typeof node === 'string') continue;
      switch (node.kind) {
        case 'arg': {
          if (!this.isLiteral(node.title, frame)) return false;
          const arg = frame.args?.get(phpTrim(this.expandNodes(node.title, frame)));
          if (arg ? !this.isLiteralArgument(arg) : !isLiteralPart(node.parts[0], (n) => this.isLiteral(n, frame))) return false;
          break;
        }
        case 'template':
          if (!this.isLiteralFunction(node, frame)) return false;
          break;
        case 'heading':
          if (!this.isLiteral(node.children, frame)) return false;
          break;
        case 'ext':
          return false;
      }
    }
    return true;
  }

  /** A call of a parser function that only chooses or transforms text, all its parts literal. */
  private isLiteralFunction(node: TemplateNode, frame: Frame): boolean {
    // Past the output limit a call records a tracking category instead.
    if (this.outputSize > MAX_OUTPUT || !this.isLiteral(node.title, frame)) return false;
    const call = TEXT_FUNCTION_CALL.exec(phpTrim(this.expandNodes(node.title, frame)));
    if (!call || (call[1]!.startsWith('#') && !this.extensions.has('ParserFunctions'))) return false;
    return node.parts.every((part) => (part.name === null || this.isLiteral(part.name, frame)) && this.isLiteral(part.value, frame));
  }

  /** PPFrame::getArguments' order: the numbered (positional) arguments, then the named ones. */
  frameArgumentNames(frame: Frame): string[] {
    if (!frame.args) return [];
    const numbered: string[] = [];
    const named: string[] = [];
    for (const [name, arg] of frame.args) (arg.trim ? named : numbered).push(name);
    return numbered.length === 0 ? named : [...numbered, ...named];
  }

  /** A frame made by a module (frame:newChild, or for frame:expandTemplate) with plain text arguments. */
  childFrame(parent: Frame, title: { ns: number; dbKey: string } | null, args: ReadonlyMap<string, string>): Frame {
    const map: NonNullable<Frame['args']> = new Map();
    // Integer names are numbered arguments (newPartNodeArray), the others named: it decides their order only.
    for (const [name, value] of args) map.set(name, { nodes: [value], frame: parent, trim: !/^(?:0|-?[1-9]\d*)$/.test(name), cached: value });
    return { parent, title: title ?? parent.title, args: map, depth: parent.depth + 1, mode: 'include' };
  }

  /** frame:preprocess: wikitext expanded in the frame (its arguments available). */
  preprocessIn(frame: Frame, text: string): string {
    return this.expandNodes(preprocess(text.replace(/\r\n?/g, '\n'), frame.depth > 0 ? this.readTransclusion : this.readPage), frame);
  }

  /**
   * frame:expandTemplate: the template's expansion, or the error Scribunto raises. `reusable`
   * when the same call would give the same text on any page, recording only the titles walked to
   * the template: a template of text, arguments and #if-like functions, expanded under the output
   * limit (src/import/scribunto: Lua keeps such answers).
   */
  expandTemplateIn(
    frame: Frame,
    title: ParsedTitle,
    titleText: string,
    args: ReadonlyMap<string, string>,
  ): { text: string; reusable?: { target: { ns: number; dbKey: string }; titles: Array<{ ns: number; dbKey: string }> } } | { error: string } {
    if (frame.depth >= MAX_DEPTH) return { error: 'expandTemplate: template depth limit exceeded' };
    if (title.ns === NS.SPECIAL || title.ns === NS.MEDIA || title.interwiki !== '') return { error: 'expandTemplate: template inclusion denied' };
    const walked: Array<{ ns: number; dbKey: string }> = [];
    const fetched = this.fetchTemplate(title, walked);
    if (!fetched) return { error: `expandTemplate: template "${titleText}" does not exist` };
    const key = `${fetched.title.ns}:${fetched.title.dbKey}`;
    if (inFrameChain(frame, fetched.title.ns, fetched.title.dbKey)) return { error: 'expandTemplate: template loop detected' };
    const child = this.childFrame(frame, fetched.title, args);
    const nodes = this.templateCache.get(key, fetched.text);
    const underLimit = this.outputSize <= MAX_OUTPUT;
    const recordsBefore = this.recordCount();
    const text = this.expandNodes(nodes, child);
    this.outputSize += text.length;
    if (!underLimit || this.recordCount() !== recordsBefore || !this.dependsOnArgumentsOnly(nodes)) return { text };
    return { text, reusable: { target: fetched.title, titles: walked } };
  }

  /** How much more output the page may have before templates stop being expanded (negative: past the limit). */
  outputHeadroom(): number {
    return MAX_OUTPUT - this.outputSize;
  }

  /** A reusable frame:expandTemplate answer used again: what expanding it would have recorded. */
  noteTemplateAnswerUsed(titles: ReadonlyArray<{ ns: number; dbKey: string }>, size: number): void {
    for (const t of titles) this.addTemplate(t.ns, t.dbKey);
    this.outputSize += size;
  }

  /** Records other than transclusions (which a reusable answer lists itself). */
  private recordCount(): number {
    const out = this.out;
    return out.links.size + out.images.size + out.embeddedFiles.size + out.props.size + out.tracking.size;
  }

  /**
   * Whether a template's tree is text, arguments and calls of #if-like functions over those only:
   * its expansion then depends on its arguments alone (not on the page, the wiki or the time).
   */
  private dependsOnArgumentsOnly(nodes: PPNode[]): boolean {
    let known = argumentsOnlyTrees.get(nodes);
    if (known === undefined) {
      known = argumentsOnly(nodes, this.extensions.has('ParserFunctions'));
      argumentsOnlyTrees.set(nodes, known);
    }
    return known;
  }

  /**
   * frame:callParserFunction: a parser function called with text arguments (first: the part
   * after the colon), or undefined when the wiki has no function of that name.
   */
  callFunctionIn(frame: Frame, name: string, first: string, positional: readonly string[], named: ReadonlyMap<string, string>): string | undefined {
    const fn = lookupFunction(name, this.extensions, this.words);
    if (!fn) return undefined;
    const parts: TemplatePart[] = positional.map((value) => ({ name: null, value: [value] }));
    for (const [key, value] of named) parts.push({ name: [key], value: [value] });
    return fn(this, frame, phpTrim(first), parts);
  }

  /** frame:extensionTag: the tag as if written in the page (its links count), or a strip marker. */
  extensionTagIn(frame: Frame, name: string, content: string, attributes: ReadonlyMap<string, string>): string {
    let attributeText = '';
    for (const [key, value] of attributes) attributeText += ` ${key}="${value.replace(/"/g, '&quot;')}"`;
    return this.extensionTag({ name: name.toLowerCase(), attributes: attributeText, inner: content }, frame);
  }

  /** A #invoke's frame: the call's arguments after the function name, numbered from 1. */
  invokeFrame(parts: TemplatePart[], frame: Frame, title: { ns: number; dbKey: string }): Frame {
    return { parent: frame, title, args: this.frameArgs(parts, frame), depth: frame.depth + 1, mode: 'include' };
  }

  private frameArgs(parts: TemplatePart[], frame: Frame): Frame['args'] {
    if (parts.length === 0) return null;
    const args: NonNullable<Frame['args']> = new Map();
    let index = 0;
    for (const part of parts) {
      const name = part.name === null ? String(++index) : phpTrim(this.expandNodes(part.name, frame));
      // PPFrame_Hash: a template call naming an argument twice is tracked (the last value wins).
      if (args.has(name)) this.out.tracking.add('duplicate-args-category');
      args.set(name, { nodes: part.value, frame, trim: part.name !== null });
    }
    return args;
  }

  /** A part as a plain function argument: `name=value` expanded and trimmed. */
  partText(part: TemplatePart, frame: Frame): string {
    const value = this.expandNodes(part.value, frame);
    if (part.name === null) return phpTrim(value);
    return phpTrim(`${this.expandNodes(part.name, frame)}=${value}`);
  }

  value(part: TemplatePart | undefined, frame: Frame): string {
    return part === undefined ? '' : this.partText(part, frame);
  }

  /** A branch of #if and friends: only the branch taken is ever expanded (its links alone count). */
  branch(part: TemplatePart | undefined, frame: Frame): string {
    return this.value(part, frame);
  }

  private extensionTag(node: TagCall, frame: Frame): string {
    const handler = TAG_HANDLERS[node.name.toLowerCase()];
    if (handler) return handler(this, node, frame);
    return STRIP_MARKER;
  }
}

/** Template trees already checked by Expander.dependsOnArgumentsOnly (the tree objects are the template cache's). */
const argumentsOnlyTrees = new WeakMap<PPNode[], boolean>();

/** Functions that only choose or transform text (their names as written in English). */
const TEXT_FUNCTION_CALL = /^\s*(#if|#ifeq|#iferror|#ifexpr|#switch|#expr|lc|uc)\s*:/;

/** Whether a part (an argument's default) is absent or passes the test in name and value. */
function isLiteralPart(part: TemplatePart | undefined, test: (nodes: PPNode[]) => boolean): boolean {
  return part === undefined || ((part.name === null || test(part.name)) && test(part.value));
}

function argumentsOnly(nodes: PPNode[], parserFunctions: boolean): boolean {
  for (const node of nodes) {
    if (typeof node === 'string' || node.kind === 'comment' || node.kind === 'ignore' || node.kind === 'equals') continue;
    if (node.kind === 'arg') {
      if (!argumentsOnly(node.title, parserFunctions) || !isLiteralPart(node.parts[0], (n) => argumentsOnly(n, parserFunctions))) return false;
      continue;
    }
    if (node.kind === 'heading') {
      if (!argumentsOnly(node.children, parserFunctions)) return false;
      continue;
    }
    if (node.kind !== 'template') return false;
    const head = node.title[0];
    const call = typeof head === 'string' ? TEXT_FUNCTION_CALL.exec(head) : null;
    if (!call || (call[1]!.startsWith('#') && !parserFunctions)) return false;
    if (!argumentsOnly(node.title, parserFunctions)) return false;
    for (const part of node.parts) {
      if ((part.name !== null && !argumentsOnly(part.name, parserFunctions)) || !argumentsOnly(part.value, parserFunctions)) return false;
    }
  }
  return true;
}

/** Preprocessed template texts by `ns:dbKey`; a page's own edits never change a template mid-import. */
export class TemplateCache {
  private readonly entries = new Map<string, { nodes: PPNode[]; used: boolean }>();
  readonly readPage: PreprocessOptions;
  readonly readTransclusion: PreprocessOptions;

  constructor(extensions: Iterable<string> = DEFAULT_EXTENSIONS) {
    const loaded = [...extensions];
    const tags = new Set(parserTags(loaded));
    // The spec's infobox extension (PortableInfobox) registers <infobox>.
    if (loaded.includes('Infobox')) tags.add('infobox');
    this.readPage = { tags, forExpansion: true };
    this.readTransclusion = { tags, forInclusion: true, forExpansion: true };
  }

  get(key: string, text: string): PPNode[] {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      // Marked rather than moved: a hit costs no Map update; eviction gives marked entries a second chance.
      entry.used = true;
      return entry.nodes;
    }
    const nodes = preprocess(text, this.readTransclusion);
    if (this.entries.size >= TEMPLATE_CACHE_SIZE) this.evictOne();
    this.entries.set(key, { nodes, used: false });
    return nodes;
  }

  private evictOne(): void {
    for (const [key, entry] of this.entries) {
      this.entries.delete(key);
      if (!entry.used) return;
      entry.used = false;
      this.entries.set(key, entry);
    }
  }
}
