// Expands templates, template arguments, parser functions and magic words the way MediaWiki renders a page.
//
// Only what decides the links tables has to be right: which pages are transcluded, which branch of
// an #if/#ifeq/#switch/#ifexist is taken, what a template's arguments make of `[[{{{1}}}]]`, the
// text of magic words that build titles and URLs, DEFAULTSORT and DISPLAYTITLE. Output that
// only affects rendering (dates, number formats, messages) is approximated.

import { evaluateExpression, ExprError, formatNumber } from './expr.ts';
import { preprocess, type ArgNode, type PPNode, type PreprocessOptions, type TemplateNode, type TemplatePart } from '../../wiki/preprocessor.ts';
import { parserTags } from '../../wiki/site-facts.ts';
import { DEFAULT_EXTENSIONS } from '../../wiki/config-file.ts';
import {
  type ExpansionFrame, type ExpansionHost, type ExpansionOutput, type FrameArgument, type PageContext, type SiteFacts, type TemplateAnswer, type WikiLookup,
} from './expansion.ts';
import { NS_FILE, NS_MEDIA, NS_SPECIAL, NS_TEMPLATE, ucfirst, type ParsedTitle, type TitleCodec } from '../title.ts';
import { decodeCharReferences, wfUrlencode, doQuotes, stripTags } from './text.ts';
import { formatTime, parseTime } from './time.ts';
import { formatNum } from './numbers.ts';
import { invokeModule, scribuntoEngine } from '../scribunto/engine.ts';
import { magicWords, MagicWordMatcher, synonymsOf } from './language.ts';
import { CiteState, type TagCall } from './cite.ts';

export const MODULE_NS = 828;

export type { ExpansionFrame, ExpansionOutput, PageContext, SiteFacts, WikiLookup } from './expansion.ts';

type Frame = ExpansionFrame;

/** The start of a table or a list: a call's text starting so goes on a new line. */
const BLOCK_START = /^(?:\{\||:|;|#|\*)/;

/** Strip markers stand for content the link scanner must not see (nowiki, pre, math...). */
export const STRIP_MARKER = '\u007f';

const MAX_DEPTH = 40;
const MAX_OUTPUT = 4 << 20;
const TEMPLATE_CACHE_SIZE = 2000;

type FunctionHandler = (x: Expander, frame: Frame, first: string, parts: TemplatePart[]) => string;

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

export class Expander implements ExpansionHost {
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
    const name = this.expandNodes(node.title, frame).trim();
    const arg = frame.args?.get(name);
    if (arg) {
      if (arg.cached === undefined) {
        const value = this.expandNodes(arg.nodes, arg.frame);
        arg.cached = arg.trim ? value.trim() : value;
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
      text = plan.handler!(this, frame, (plan.text + this.expandNodesFrom(node.title, 1, frame)).trim(), parts);
    } else {
      if (plan.kind === CallKind.Dynamic) plan = this.resolveCall(this.expandNodes(node.title, frame).trim(), parts.length);
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
    if (title.every((n) => typeof n === 'string')) return this.resolveCall((title as string[]).join('').trim(), node.parts.length);
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
      name = subst.rest.trim();
    }
    if (partCount === 0) {
      const variable = words.variable(name);
      if (variable) return this.plan(CallKind.Variable, variable);
    }
    let noWiki = false;
    const message = words.messagePrefix.matchStart(name);
    if (message) {
      noWiki = message.id === 'msgnw';
      name = message.rest.trim();
    }
    const raw = words.rawPrefix.matchStart(name);
    if (raw) name = raw.rest.trim();
    const colon = name.indexOf(':');
    if (colon > 0) {
      const fn = lookupFunction(name.slice(0, colon), this.extensions, words);
      if (fn) return this.plan(CallKind.Function, fn, name.slice(colon + 1).trim());
    }
    const title = this.codec.parse(decodeCharReferences(name), NS_TEMPLATE);
    if (!title || title.interwiki !== '' || title.dbKey === '' || title.ns === NS_MEDIA) return this.plan(CallKind.Raw, null, name);
    if (title.ns === NS_SPECIAL) return this.plan(CallKind.Nothing);
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
      arg.cached = arg.trim ? value.trim() : value;
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
          const arg = frame.args?.get(this.expandNodes(node.title, frame).trim());
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
    const call = TEXT_FUNCTION_CALL.exec(this.expandNodes(node.title, frame).trim());
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
    if (title.ns === NS_SPECIAL || title.ns === NS_MEDIA || title.interwiki !== '') return { error: 'expandTemplate: template inclusion denied' };
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
    return fn(this, frame, first.trim(), parts);
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
      const name = part.name === null ? String(++index) : this.expandNodes(part.name, frame).trim();
      // PPFrame_Hash: a template call naming an argument twice is tracked (the last value wins).
      if (args.has(name)) this.out.tracking.add('duplicate-args-category');
      args.set(name, { nodes: part.value, frame, trim: part.name !== null });
    }
    return args;
  }

  /** A part as a plain function argument: `name=value` expanded and trimmed. */
  partText(part: TemplatePart, frame: Frame): string {
    const value = this.expandNodes(part.value, frame);
    if (part.name === null) return value.trim();
    return `${this.expandNodes(part.name, frame)}=${value}`.trim();
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
    const tags = new Set(parserTags(extensions));
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

// ---------------------------------------------------------------------------------------------
// Extension tags

type TagHandler = (x: Expander, node: TagCall, frame: Frame) => string;

const parsedInner: TagHandler = (x, node, frame) => (node.inner === null ? '' : ` ${x.expandInner(node.inner, frame)} `);

const TAG_HANDLERS: Record<string, TagHandler> = {
  ref: (x, node) => x.cite.ref(node),
  references: (x, node) => x.cite.references(node),
  poem: parsedInner,
  indicator: parsedInner,
  tab: parsedInner,
  gallery: (x, node, frame) => {
    if (node.inner === null) return '';
    let captions = '';
    for (const line of node.inner.split('\n')) {
      const m = /^\s*([^|]+?)\s*(?:\|(.*))?$/.exec(line);
      if (!m) continue;
      const title = x.codec.parse(decodeCharReferences(m[1]!), NS_FILE);
      if (!title || title.ns !== NS_FILE || title.interwiki !== '' || !title.dbKey) continue;
      x.out.images.add(title.dbKey);
      x.out.embeddedFiles.add(title.dbKey);
      if (m[2]) {
        for (const param of m[2].split('|')) {
          const option = x.words.galleryOptions.matchVariableStartToEnd(param.trim());
          if (option?.id === 'img_link') {
            const linkTitle = x.codec.parse(decodeCharReferences(option.param.trim()));
            if (linkTitle && linkTitle.interwiki === '' && linkTitle.dbKey && linkTitle.ns >= 0) x.addLink(linkTitle.ns, linkTitle.dbKey);
          }
        }
        captions += ` ${x.expandInner(m[2], frame)}\n`;
      }
    }
    return captions;
  },
  imagemap: (x, node, frame) => {
    if (node.inner === null) return '';
    const lines = node.inner.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
    if (lines.length === 0) return '';
    const image = lines[0]!.split('|')[0]!.trim();
    const title = x.codec.parse(decodeCharReferences(image), NS_FILE);
    if (title && title.ns === NS_FILE && title.dbKey) x.out.images.add(title.dbKey);
    let links = '';
    for (const line of lines.slice(1)) {
      const m = /\[\[[^\]]*\]\]|\[[^\]]*\]/.exec(line);
      if (m) links += ` ${x.expandInner(m[0], frame)} `;
    }
    return links;
  },
  templatestyles: (x, node) => {
    const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/i.exec(node.attributes);
    const value = src ? (src[1] ?? src[2] ?? src[3] ?? '') : '';
    const title = value ? x.codec.parse(decodeCharReferences(value), NS_TEMPLATE) : null;
    if (title && title.interwiki === '' && title.dbKey) x.addTemplate(title.ns, title.dbKey);
    return '';
  },
  section: () => '',
  templatedata: () => '',
  categorytree: () => '',
  inputbox: () => '',
  mapframe: () => '',
  maplink: () => '',
  charinsert: () => '',
};

// ---------------------------------------------------------------------------------------------
// Parser functions and variables

/**
 * A parser function (Parser::setFunctionHook): `ids` name its magic words, whose synonyms in the
 * content language (and English) call it, with a `#` before them unless `noHash`
 * (SFH_NO_HASH). Functions of extensions whose magic words are not on record give `names`.
 */
type FunctionSpec = { handler: FunctionHandler; extension?: string } & ({ ids: string[]; noHash?: boolean } | { names: string[] });

interface RegisteredFunction {
  handler: FunctionHandler;
  extension?: string;
}

const functionSpecs: FunctionSpec[] = [];
/** Magic variables (MagicWordFactory's variable ids) by id. */
const variables = new Map<string, FunctionHandler>();

/** A MagicWordArray matched at the start of a text (`subst:`, `msgnw:`): the word's id and the rest. */
class PrefixMatcher {
  private readonly patterns: { regex: RegExp; ids: string[] }[] = [];

  constructor(lang: string, ids: readonly string[]) {
    const groups = [
      { alternatives: [] as string[], ids: [] as string[] },
      { alternatives: [] as string[], ids: [] as string[] },
    ];
    for (const id of ids) {
      const word = synonymsOf(lang, id);
      const group = groups[word.caseSensitive ? 1 : 0]!;
      for (const synonym of word.synonyms) {
        group.alternatives.push(`(${synonym.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')})`);
        group.ids.push(id);
      }
    }
    for (const [index, group] of groups.entries()) {
      if (group.alternatives.length) this.patterns.push({ regex: new RegExp(`^(?:${group.alternatives.join('|')})`, index ? 'u' : 'iu'), ids: group.ids });
    }
  }

  matchStart(text: string): { id: string; rest: string } | null {
    for (const { regex, ids } of this.patterns) {
      const m = regex.exec(text);
      if (!m) continue;
      const index = m.findIndex((group, i) => i > 0 && group !== undefined);
      return { id: ids[index - 1]!, rest: text.slice(m[0].length) };
    }
    return null;
  }
}

/** What the expander looks names up in, for one content language. */
export interface LanguageWords {
  functions: { sensitive: Map<string, RegisteredFunction>; insensitive: Map<string, RegisteredFunction> };
  variable(name: string): FunctionHandler | undefined;
  isWord(id: string, text: string): boolean;
  subst: PrefixMatcher;
  messagePrefix: PrefixMatcher;
  rawPrefix: PrefixMatcher;
  /** Every synonym of subst:, msgnw: and raw: ends with its only colon: a name's first colon ends any prefix. */
  prefixesEndAtColon: boolean;
  /** A variable's synonym has a colon: a name with one may still be a variable. */
  variableHasColon: boolean;
  galleryOptions: MagicWordMatcher;
}

const languageWordsCache = new Map<string, LanguageWords>();

/** The content language's parser functions, variables and option words, built once per language. */
export function languageWords(lang: string): LanguageWords {
  let words = languageWordsCache.get(lang);
  if (words) return words;
  const all = magicWords(lang);
  const functions = { sensitive: new Map<string, RegisteredFunction>(), insensitive: new Map<string, RegisteredFunction>() };
  for (const spec of functionSpecs) {
    const entry: RegisteredFunction = { handler: spec.handler, extension: spec.extension };
    if ('names' in spec) {
      for (const name of spec.names) functions.insensitive.set(name.toLowerCase(), entry);
      continue;
    }
    for (const id of spec.ids) {
      const word = all.get(id);
      if (!word) continue;
      for (let synonym of word.synonyms) {
        if (!word.caseSensitive) synonym = synonym.toLowerCase();
        if (!spec.noHash) synonym = `#${synonym}`;
        if (synonym.endsWith(':')) synonym = synonym.slice(0, -1);
        (word.caseSensitive ? functions.sensitive : functions.insensitive).set(synonym, entry);
      }
    }
  }
  const sensitiveVariables = new Map<string, FunctionHandler>();
  const insensitiveVariables = new Map<string, FunctionHandler>();
  for (const [id, handler] of variables) {
    const word = all.get(id);
    if (!word) continue;
    for (const synonym of word.synonyms) {
      if (word.caseSensitive) sensitiveVariables.set(synonym, handler);
      else insensitiveVariables.set(synonym.toLowerCase(), handler);
    }
  }
  const prefixSynonyms = ['subst', 'safesubst', 'msgnw', 'msg', 'raw'].flatMap((id) => all.get(id)?.synonyms ?? []);
  words = {
    functions,
    variable: (name) => sensitiveVariables.get(name) ?? insensitiveVariables.get(name.toLowerCase()),
    isWord: (id, text) => {
      const word = all.get(id);
      if (!word) return false;
      return word.caseSensitive ? word.synonyms.includes(text) : word.synonyms.some((s) => s.toLowerCase() === text.toLowerCase());
    },
    subst: new PrefixMatcher(lang, ['subst', 'safesubst']),
    messagePrefix: new PrefixMatcher(lang, ['msgnw', 'msg']),
    rawPrefix: new PrefixMatcher(lang, ['raw']),
    prefixesEndAtColon: prefixSynonyms.every((synonym) => synonym.indexOf(':') === synonym.length - 1),
    variableHasColon: [...sensitiveVariables.keys(), ...insensitiveVariables.keys()].some((synonym) => synonym.includes(':')),
    galleryOptions: new MagicWordMatcher(lang, ['img_alt', 'img_link']),
  };
  languageWordsCache.set(lang, words);
  return words;
}

/** Parser::callParserFunction: case-sensitive synonyms first, then the others by their lowercase form. */
function lookupFunction(name: string, extensions: ReadonlySet<string>, words: LanguageWords): FunctionHandler | undefined {
  const trimmed = name.trim();
  const found = words.functions.sensitive.get(trimmed) ?? words.functions.insensitive.get(trimmed.toLowerCase());
  if (!found || (found.extension !== undefined && !extensions.has(found.extension))) return undefined;
  return found.handler;
}

function define(spec: FunctionSpec): void {
  functionSpecs.push(spec);
}

function isNumeric(s: string): boolean {
  return /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(s);
}

function looselyEqual(a: string, b: string): boolean {
  if (isNumeric(a) && isNumeric(b)) return Number(a) === Number(b);
  return a === b;
}

function expressionError(message: string): string {
  return `<strong class="error">Expression error: ${message}</strong>`;
}

function expr(text: string): string {
  try {
    const value = evaluateExpression(text);
    return value === null ? '' : formatNumber(value);
  } catch (error) {
    if (error instanceof ExprError) return expressionError(error.message);
    throw error;
  }
}

define({
  ids: ['if'],
  extension: 'ParserFunctions',
  handler: (x, frame, first, parts) => (first !== '' ? x.branch(parts[0], frame) : x.branch(parts[1], frame)),
});
define({
  ids: ['ifeq'],
  extension: 'ParserFunctions',
  handler: (x, frame, first, parts) =>
    looselyEqual(first, x.value(parts[0], frame)) ? x.branch(parts[1], frame) : x.branch(parts[2], frame),
});
define({
  ids: ['iferror'],
  extension: 'ParserFunctions',
  handler: (x, frame, first, parts) => {
    const isError = /class\s*=\s*["']?[^"'>]*\berror\b/.test(first);
    if (isError) return x.branch(parts[0], frame);
    return parts.length > 1 ? x.branch(parts[1], frame) : first;
  },
});
define({
  ids: ['ifexpr'],
  extension: 'ParserFunctions',
  handler: (x, frame, first, parts) => {
    try {
      const value = evaluateExpression(first);
      return value ? x.branch(parts[0], frame) : x.branch(parts[1], frame);
    } catch (error) {
      if (error instanceof ExprError) return expressionError(error.message);
      throw error;
    }
  },
});
define({ ids: ['expr'], extension: 'ParserFunctions', handler: (_x, _frame, first) => expr(first) });
define({
  ids: ['ifexist'],
  extension: 'ParserFunctions',
  handler: (x, frame, first, parts) => {
    const title = x.codec.parse(decodeCharReferences(first));
    if (!title) return x.branch(parts[1], frame);
    if (title.interwiki !== '') return x.branch(parts[1], frame);
    if (title.ns === NS_MEDIA) {
      // The file itself, not its description page, must exist (RepoGroup::findFile follows redirects).
      const file = x.wiki.resolveFile ? x.wiki.resolveFile(title.dbKey) : x.wiki.exists(NS_FILE, title.dbKey) ? title.dbKey : null;
      x.out.images.add(file ?? title.dbKey);
      return file !== null ? x.branch(parts[0], frame) : x.branch(parts[1], frame);
    }
    if (title.ns === NS_SPECIAL) return x.branch(parts[1], frame);
    if (title.dbKey === '') return x.branch(parts[1], frame);
    x.addLink(title.ns, title.dbKey);
    return x.wiki.exists(title.ns, title.dbKey) ? x.branch(parts[0], frame) : x.branch(parts[1], frame);
  },
});
define({
  ids: ['switch'],
  extension: 'ParserFunctions',
  handler: (x, frame, first, parts) => {
    let found = false;
    let defaultPart: PPNode[] | null = null;
    let lastBare: TemplatePart | null = null;
    for (const part of parts) {
      if (part.name === null) {
        lastBare = part;
        if (!found && looselyEqual(x.expandNodes(part.value, frame).trim(), first)) found = true;
        continue;
      }
      lastBare = null;
      const key = x.expandNodes(part.name, frame).trim();
      if (found || looselyEqual(key, first)) return x.expandNodes(part.value, frame).trim();
      if (x.isWord('default', key)) defaultPart = part.value;
    }
    if (lastBare) return x.expandNodes(lastBare.value, frame).trim();
    return defaultPart ? x.expandNodes(defaultPart, frame).trim() : '';
  },
});
define({ ids: ['invoke'], extension: 'Scribunto', handler: (x, frame, first, parts) => invoke(x, frame, first, parts) });

/** Scribunto's tracking category, for every script error on a page. */
export const SCRIPT_ERROR = 'scribunto-common-error-category';

/** Script errors shown so far on a page: each error's element has its own id. */
const scriptErrorCounts = new WeakMap<Expander, number>();

function scriptError(x: Expander, message: string): string {
  x.out.tracking.add(SCRIPT_ERROR);
  const id = scriptErrorCounts.get(x) ?? 0;
  scriptErrorCounts.set(x, id + 1);
  const escaped = message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<strong class="error"><span class="scribunto-error" id="mw-scribunto-error-${id}">${escaped}</span></strong>`;
}

/**
 * Scribunto's #invoke (Hooks::invokeHook): the module is `Module:<first>` (fetched like a
 * template, so it and its redirects are transclusions), the function is the next part, and the
 * module's frame holds the remaining parts. Its output is not expanded again. Without a Lua
 * interpreter the module is only recorded.
 */
function invoke(x: Expander, frame: Frame, first: string, parts: TemplatePart[]): string {
  // Title::makeTitleSafe(NS_MODULE, name): `Module:Module:X` for {{#invoke:Module:X}}, as in Scribunto.
  const name = decodeCharReferences(first);
  const nsName = x.codec.namespaces.name(MODULE_NS);
  const title = nsName ? x.codec.parse(`${nsName}:${name}`) : x.codec.parse(name, MODULE_NS);
  const module = title && title.interwiki === '' && title.ns === MODULE_NS && title.dbKey ? title : null;
  if (!scribuntoAvailable(x)) {
    if (module) x.addTemplate(MODULE_NS, module.dbKey);
    return '';
  }
  if (parts.length === 0) return scriptError(x, 'Script error: You must specify a function to call.');
  // Modules that preprocess their own #invoke would otherwise recurse until a stack gives out.
  if (frame.depth >= MAX_DEPTH) return scriptError(x, 'Lua error: too many nested module calls.');
  const fetched = module ? x.fetchTemplate(module) : null;
  if (!fetched || fetched.title.ns !== MODULE_NS) return scriptError(x, `Script error: No such module "${first}".`);
  const functionName = x.partText(parts[0]!, frame);
  const moduleText = x.codec.namespaces.prefixedText(fetched.title.ns, fetched.title.dbKey);
  const child = x.invokeFrame(parts.slice(1), frame, fetched.title);
  const result = invokeModule(x, { title: moduleText, text: fetched.text }, functionName, child, frame);
  if (result === null) return '';
  // Hooks::invokeHook returns Validator::cleanUp(output): NFC, as any text MediaWiki takes in.
  return result.ok ? result.text.normalize('NFC') : scriptError(x, result.error);
}

/** Whether this thread can run Lua (checked once: a missing interpreter keeps #invoke as a mere record). */
function scribuntoAvailable(x: Expander): boolean {
  return scribuntoEngine(x) !== null;
}
/**
 * The named arguments of #tag, as CoreParserFunctions::tagObj reads them: names as written,
 * values trimmed and without outer quotes; positional arguments after the content are ignored.
 */
function tagArguments(x: Expander, parts: TemplatePart[], frame: Frame): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const part of parts) {
    if (part.name === null) continue;
    const value = x.expandNodes(part.value, frame).trim();
    const quoted = /^(?:["'](.+)["']|""|'')$/s.exec(value);
    attributes.set(x.expandNodes(part.name, frame).trim(), quoted ? (quoted[1] ?? '') : value);
  }
  return attributes;
}

define({
  ids: ['tag'],
  handler: (x, frame, first, parts) => {
    const name = first.toLowerCase();
    const inner = parts.length > 0 && parts[0]!.name === null ? x.expandNodes(parts[0]!.value, frame) : null;
    const attributeMap = tagArguments(x, parts.slice(inner === null ? 0 : 1), frame);
    let attributes = '';
    for (const [key, value] of attributeMap) attributes += ` ${key}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
    const handler = TAG_HANDLERS[name];
    const node: TagCall = { name, attributes, inner, attributeMap };
    if (handler) return handler(x, node, frame);
    return STRIP_MARKER;
  },
});
define({
  ids: ['time', 'timel'],
  extension: 'ParserFunctions',
  handler: (x, frame, first, parts) => {
    const input = parts.length > 0 ? x.value(parts[0], frame) : '';
    // The parse happens now (refreshLinks' time) in MediaWiki too; a form we cannot read is left as written.
    const when = parseTime(input, new Date());
    if (when === null) return input || first;
    const lang = (parts.length > 1 ? x.value(parts[1], frame).trim() : '') || x.site.lang;
    return formatTime(first, when, lang);
  },
});
define({
  ids: ['formatdate'],
  handler: (x, frame, first, parts) => (parts.length > 0 ? x.value(parts[0], frame) : first),
});
define({ ids: ['language'], noHash: true, handler: (x) => x.site.lang });
define({
  ids: ['titleparts'],
  extension: 'ParserFunctions',
  handler: (x, frame, first, parts) => {
    const count = parseInt(x.value(parts[0], frame) || '0', 10) || 0;
    const start = parseInt(x.value(parts[1], frame) || '1', 10) || 1;
    const title = x.codec.parse(decodeCharReferences(first));
    if (!title) return first;
    const segments = x.codec.namespaces.prefixedText(title.ns, title.dbKey).split('/');
    const from = start > 0 ? start - 1 : Math.max(0, segments.length + start);
    const selected = count > 0 ? segments.slice(from, from + count) : count < 0 ? segments.slice(from, count) : segments.slice(from);
    return selected.join('/');
  },
});
define({
  ids: ['rel2abs'],
  extension: 'ParserFunctions',
  handler: (x, frame, first, parts) => {
    const given = parts.length > 0 ? x.value(parts[0], frame).trim() : '';
    const base = given !== '' ? given : x.codec.namespaces.prefixedText(x.page.ns, x.page.dbKey);
    return relativeToAbsolute(first, base);
  },
});
define({
  ids: ['special', 'speciale'],
  handler: (x, _frame, first) => `${x.codec.namespaces.name(NS_SPECIAL) || 'Special'}:${first}`,
});
const EXTENSION_FUNCTIONS: Record<string, string[]> = {
  Wikibase: ['#property', '#statements'],
  GeoData: ['#coordinates'],
  Babel: ['#babel'],
  CategoryTree: ['#categorytree'],
  LabeledSectionTransclusion: ['#lst', '#lsth', '#lstx', '#section', '#section-h', '#section-x'],
  MassMessage: ['#target'],
};
for (const [extension, names] of Object.entries(EXTENSION_FUNCTIONS)) {
  define({ names, extension, handler: () => '' });
}

define({ ids: ['lc'], noHash: true, handler: (_x, _f, first) => first.toLowerCase() });
define({ ids: ['uc'], noHash: true, handler: (_x, _f, first) => first.toUpperCase() });
define({ ids: ['lcfirst'], noHash: true, handler: (_x, _f, first) => lcfirst(first) });
define({ ids: ['ucfirst'], noHash: true, handler: (_x, _f, first) => ucfirst(first) });
define({ ids: ['urlencode'], noHash: true, handler: (x, frame, first, parts) => urlencode(first, urlencodeMode(x, x.value(parts[0], frame))) });
define({ ids: ['anchorencode'], noHash: true, handler: (_x, _f, first) => anchorEncode(first) });
define({ ids: ['bidi'], noHash: true, handler: (_x, _f, first) => first });
define({ ids: ['padleft'], noHash: true, handler: (x, frame, first, parts) => pad(first, x.value(parts[0], frame), x.value(parts[1], frame), true) });
define({ ids: ['padright'], noHash: true, handler: (x, frame, first, parts) => pad(first, x.value(parts[0], frame), x.value(parts[1], frame), false) });
define({ ids: ['formatnum'], noHash: true, handler: (x, frame, first, parts) => formatNum(first, x.value(parts[0], frame), x.site.lang) });
define({ ids: ['plural'], noHash: true, handler: (x, frame, first, parts) => (Number(first.replace(/,/g, '')) === 1 ? x.value(parts[0], frame) : x.value(parts[1] ?? parts[0], frame)) });
define({ ids: ['grammar'], noHash: true, handler: (x, frame, _first, parts) => x.value(parts[0], frame) });
define({ ids: ['gender'], noHash: true, handler: (x, frame, _first, parts) => x.value(parts[parts.length > 2 ? 2 : 0], frame) });
define({ ids: ['int'], noHash: true, handler: (_x, _f, first) => `⧼${first}⧽` });
define({ ids: ['ns', 'nse'], noHash: true, handler: (x, _f, first) => namespaceName(x, first) });
define({ ids: ['localurl', 'localurle'], noHash: true, handler: (x, frame, first, parts) => localUrl(x, first, x.value(parts[0], frame)) });
define({
  ids: ['fullurl', 'fullurle', 'canonicalurl', 'canonicalurle'], noHash: true,
  handler: (x, frame, first, parts) => {
    const local = localUrl(x, first, x.value(parts[0], frame));
    return local.startsWith('/') ? `${x.site.server}${local}` : local;
  },
});
define({
  ids: ['filepath'], noHash: true,
  handler: (x, _frame, first) => {
    const title = x.codec.parse(decodeCharReferences(first.split('|')[0] ?? ''), NS_FILE);
    if (!title || title.interwiki !== '' || !title.dbKey) return '';
    x.out.images.add(title.dbKey);
    return '';
  },
});
define({
  ids: ['defaultsort'], noHash: true,
  handler: (x, frame, first, parts) => {
    const option = x.value(parts[0], frame);
    const key = decodeCharReferences(stripTags(first)).trim();
    // CoreParserFunctions::defaultsort: an empty key sets nothing.
    if (key === '') return '';
    const old = x.out.props.get('defaultsort');
    // The option is a magic word of the content language too (`noreplace`, `noerror`).
    const noReplace = x.isWord('defaultsort_noreplace', option);
    const noError = x.isWord('defaultsort_noerror', option);
    if (old === undefined || old === key || !noReplace) x.out.props.set('defaultsort', key);
    if (old !== undefined && old !== key && !noReplace && !noError) return `<span class="error">Warning: Default sort key "${key}" overrides earlier default sort key "${old}".</span>`;
    return '';
  },
});
define({
  ids: ['displaytitle'], noHash: true,
  handler: (x, frame, first, parts) => {
    const option = x.value(parts[0], frame);
    const html = doQuotes(first).replace(new RegExp(STRIP_MARKER, 'g'), '');
    const plain = decodeCharReferences(stripTags(html));
    const title = x.codec.parse(plain);
    if (title && title.fragment === '' && title.interwiki === '' && title.ns === x.page.ns && title.dbKey === x.page.dbKey) {
      const old = x.out.props.get('displaytitle');
      if (old === undefined || !x.isWord('displaytitle_noreplace', option)) x.out.props.set('displaytitle', html);
    } else {
      x.out.tracking.add('restricted-displaytitle-ignored');
    }
    return '';
  },
});
define({ ids: ['pagesincategory', 'numberingroup', 'numberofpages', 'numberofusers', 'numberofactiveusers', 'numberofarticles', 'numberoffiles', 'numberofadmins', 'numberofedits'], noHash: true, handler: () => '0' });
define({
  ids: ['pagesize', 'revisionid', 'revisiontimestamp', 'revisionday', 'revisionday2', 'revisionmonth', 'revisionmonth1', 'revisionyear', 'revisionuser'], noHash: true,
  handler: (x, _frame, first) => {
    // MediaWiki fetches the named page's current revision, which registers it as a transclusion.
    const title = x.codec.parse(decodeCharReferences(first));
    if (title && title.interwiki === '' && title.dbKey && title.ns >= 0) x.addTemplate(title.ns, title.dbKey);
    return '';
  },
});
define({ ids: ['protectionlevel', 'protectionexpiry', 'cascadingsources'], noHash: true, handler: () => '' });

/** Title magic words, with and without an argument (`{{PAGENAME}}`, `{{PAGENAME:Foo}}`). */
const TITLE_WORDS: Record<string, (x: Expander, ns: number, dbKey: string) => string> = {
  FULLPAGENAME: (x, ns, k) => x.codec.namespaces.prefixedText(ns, k),
  FULLPAGENAMEE: (x, ns, k) => wfUrlencode(x.codec.namespaces.prefixedText(ns, k).replace(/ /g, '_')),
  PAGENAME: (_x, _ns, k) => k.replace(/_/g, ' '),
  PAGENAMEE: (_x, _ns, k) => wfUrlencode(k),
  BASEPAGENAME: (x, ns, k) => basePage(x, ns, k).replace(/_/g, ' '),
  BASEPAGENAMEE: (x, ns, k) => wfUrlencode(basePage(x, ns, k)),
  ROOTPAGENAME: (x, ns, k) => (x.site.subpageNamespaces.has(ns) ? k.split('/')[0]! : k).replace(/_/g, ' '),
  ROOTPAGENAMEE: (x, ns, k) => wfUrlencode(x.site.subpageNamespaces.has(ns) ? k.split('/')[0]! : k),
  SUBPAGENAME: (x, ns, k) => (x.site.subpageNamespaces.has(ns) ? k.split('/').pop()! : k).replace(/_/g, ' '),
  SUBPAGENAMEE: (x, ns, k) => wfUrlencode(x.site.subpageNamespaces.has(ns) ? k.split('/').pop()! : k),
  NAMESPACE: (x, ns) => x.codec.namespaces.name(ns),
  NAMESPACEE: (x, ns) => wfUrlencode(x.codec.namespaces.name(ns).replace(/ /g, '_')),
  NAMESPACENUMBER: (_x, ns) => String(ns),
  TALKSPACE: (x, ns) => x.codec.namespaces.name(ns < 0 ? ns : ns | 1),
  TALKSPACEE: (x, ns) => wfUrlencode(x.codec.namespaces.name(ns < 0 ? ns : ns | 1).replace(/ /g, '_')),
  SUBJECTSPACE: (x, ns) => x.codec.namespaces.name(ns < 0 ? ns : ns & ~1),
  SUBJECTSPACEE: (x, ns) => wfUrlencode(x.codec.namespaces.name(ns < 0 ? ns : ns & ~1).replace(/ /g, '_')),
  TALKPAGENAME: (x, ns, k) => (ns < 0 ? '' : x.codec.namespaces.prefixedText(ns | 1, k)),
  TALKPAGENAMEE: (x, ns, k) => (ns < 0 ? '' : wfUrlencode(x.codec.namespaces.prefixedText(ns | 1, k).replace(/ /g, '_'))),
  SUBJECTPAGENAME: (x, ns, k) => x.codec.namespaces.prefixedText(ns < 0 ? ns : ns & ~1, k),
  SUBJECTPAGENAMEE: (x, ns, k) => wfUrlencode(x.codec.namespaces.prefixedText(ns < 0 ? ns : ns & ~1, k).replace(/ /g, '_')),
};

for (const [word, fn] of Object.entries(TITLE_WORDS)) {
  const id = word.toLowerCase();
  variables.set(id, (x) => fn(x, x.page.ns, x.page.dbKey));
  define({
    ids: [id],
    noHash: true,
    handler: (x, _frame, first) => {
      if (first === '') return fn(x, x.page.ns, x.page.dbKey);
      const title = x.codec.parse(decodeCharReferences(first));
      return title ? fn(x, title.ns, title.dbKey) : '';
    },
  });
}

const now = new Date();
/** MagicWordFactory's variables by id (titles above); the wiki's clock is UTC, as $wgLocaltimezone is by default. */
const SIMPLE_VARIABLES: Record<string, (x: Expander) => string> = {
  '!': () => '|',
  '=': () => '=',
  sitename: (x) => x.site.siteName,
  server: (x) => x.site.server,
  servername: (x) => x.site.server.replace(/^[a-z]*:?\/\//, ''),
  scriptpath: (x) => x.site.scriptPath,
  stylepath: (x) => `${x.site.scriptPath}/skins`,
  articlepath: (x) => x.site.articlePath,
  contentlanguage: (x) => x.site.lang,
  pagelanguage: (x) => x.site.lang,
  directionmark: () => '\u200e',
  currentversion: () => '1.39.17',
  pageid: (x) => (x.page.pageId ? String(x.page.pageId) : ''),
  revisionid: (x) => (x.page.revisionId ? String(x.page.revisionId) : ''),
  revisionuser: (x) => x.page.user ?? '',
  revisiontimestamp: (x) => x.page.timestamp ?? '',
  revisionyear: (x) => (x.page.timestamp ?? '').slice(0, 4),
  revisionmonth: (x) => (x.page.timestamp ?? '').slice(4, 6),
  revisionmonth1: (x) => String(Number((x.page.timestamp ?? '').slice(4, 6)) || ''),
  revisionday: (x) => String(Number((x.page.timestamp ?? '').slice(6, 8)) || ''),
  revisionday2: (x) => (x.page.timestamp ?? '').slice(6, 8),
  revisionsize: () => '0',
  currentyear: () => String(now.getUTCFullYear()),
  currentmonth: () => String(now.getUTCMonth() + 1).padStart(2, '0'),
  currentmonth1: () => String(now.getUTCMonth() + 1),
  currentmonthname: (x) => formatTime('F', now, x.site.lang),
  currentmonthnamegen: (x) => formatTime('xg', now, x.site.lang),
  currentmonthabbrev: (x) => formatTime('M', now, x.site.lang),
  currentday: () => String(now.getUTCDate()),
  currentday2: () => String(now.getUTCDate()).padStart(2, '0'),
  currentdayname: (x) => formatTime('l', now, x.site.lang),
  currentdow: () => String(now.getUTCDay()),
  currentweek: (x) => formatTime('W', now, x.site.lang).replace(/^0/, ''),
  currenttime: () => `${String(now.getUTCHours()).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`,
  currenthour: () => String(now.getUTCHours()).padStart(2, '0'),
  currenttimestamp: () => now.toISOString().replace(/[-:T]/g, '').slice(0, 14),
  numberofpages: () => '0',
  numberofarticles: () => '0',
  numberoffiles: () => '0',
  numberofusers: () => '0',
  numberofactiveusers: () => '0',
  numberofedits: () => '0',
  numberofadmins: () => '0',
  cascadingsources: () => '',
};
for (const [id, fn] of Object.entries(SIMPLE_VARIABLES)) variables.set(id, (x) => fn(x));
for (const [id, fn] of [...variables]) {
  if (id.startsWith('current')) variables.set(id.replace('current', 'local'), fn);
}

function basePage(x: Expander, ns: number, dbKey: string): string {
  if (!x.site.subpageNamespaces.has(ns)) return dbKey;
  const slash = dbKey.lastIndexOf('/');
  return slash > 0 ? dbKey.slice(0, slash) : dbKey;
}

function namespaceName(x: Expander, arg: string): string {
  const n = Number(arg);
  if (arg !== '' && Number.isInteger(n)) return x.codec.namespaces.byId.has(n) ? x.codec.namespaces.name(n) : '';
  const index = x.codec.namespaces.index(arg);
  return index === undefined ? '' : x.codec.namespaces.name(index);
}

function localUrl(x: Expander, target: string, query: string): string {
  const title = x.codec.parse(decodeCharReferences(target));
  if (!title) return '';
  const prefixed = x.codec.namespaces.prefixedText(title.ns, title.dbKey).replace(/ /g, '_');
  if (query) return `${x.site.scriptPath}/index.php?title=${wfUrlencode(prefixed)}&${query}`;
  return x.site.articlePath.replace('$1', wfUrlencode(prefixed));
}

/** CoreParserFunctions::urlencode's second argument: the magic words url_wiki, url_path, url_query. */
function urlencodeMode(x: Expander, option: string): string {
  if (x.isWord('url_wiki', option)) return 'WIKI';
  if (x.isWord('url_path', option)) return 'PATH';
  return 'QUERY';
}

function urlencode(s: string, mode: string): string {
  const m = mode;
  if (m === 'WIKI') return wfUrlencode(s.replace(/ /g, '_'));
  if (m === 'PATH') return encodeURIComponent(s).replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()).replace(/%7E/g, '~');
  // PHP urlencode: spaces as '+', RFC 1738.
  return encodeURIComponent(s)
    .replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');
}

function anchorEncode(s: string): string {
  return stripTags(decodeCharReferences(s)).replace(/[ \n\t]+/g, '_').replace(/[%]/g, '%25');
}

function pad(s: string, lengthText: string, padding: string, left: boolean): string {
  const length = Math.min(500, parseInt(lengthText, 10) || 0);
  const fill = padding === '' ? '0' : padding;
  const chars = [...s];
  if (chars.length >= length) return s;
  let extra = '';
  const fillChars = [...fill];
  for (let i = 0; chars.length + extra.length < length; i++) extra += fillChars[i % fillChars.length];
  return left ? extra + s : s + extra;
}

function lcfirst(s: string): string {
  if (s === '') return s;
  const first = String.fromCodePoint(s.codePointAt(0)!);
  return first.toLowerCase() + s.slice(first.length);
}

/** ParserFunctions' #rel2abs: `to` against the path `from`, with `.` and `..` segments resolved. */
function relativeToAbsolute(to: string, from: string): string {
  from = from.trim();
  to = to.replace(/[ /]+$/, '');
  if (to === '' || to === '.') return from;
  if (!(to.startsWith('/') || to.startsWith('./') || to.startsWith('../') || to === '..')) from = '';
  const fullPath = `/${from}/${to}/`.replace(/\/(\.\/)+/g, '/').replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '');
  const stack: string[] = [];
  for (const segment of fullPath.split('/')) {
    if (segment !== '..') stack.push(segment);
    else if (stack.length > 0) stack.pop();
    else return `<strong class="error">Error: Invalid depth in path: "${fullPath}" (tried to access a node above the root node).</strong>`;
  }
  return stack.join('/');
}

