// Wikitext -> a tree of text, templates, template arguments and extension tags (MediaWiki's preprocessor).
//
// Follows Preprocessor_Hash's rules where they decide which links a page has: brace runs matched
// from the inside out (`{{{{{1}}}}}`), `|` splitting parts only at the template's own level (not
// inside `[[...]]`), the first `=` of a part naming it, comments dropped, `<includeonly>`,
// `<noinclude>` and `<onlyinclude>` applied for the page itself or for a transclusion, and the
// contents of extension tags kept apart. Unclosed constructs fall back to plain text.

import type { CallPlan } from './expander.ts';

export type PNode = string | TemplateNode | ArgNode | ExtNode;

export interface TemplatePart {
  /** Set for `name=value` parts. */
  name: PNode[] | null;
  value: PNode[];
}

export interface TemplateNode {
  kind: 'template';
  title: PNode[];
  parts: TemplatePart[];
  /**
   * What the expander makes of the title, when that does not depend on the frame: worked out at
   * the first call, then kept with the tree (the template cache keeps trees for many pages).
   */
  call: CallPlan | undefined;
}

export interface ArgNode {
  kind: 'arg';
  name: PNode[];
  /** The text after the first `|`, if any. */
  defaultValue: PNode[] | null;
}

export interface ExtNode {
  kind: 'ext';
  /** Lowercase tag name. */
  name: string;
  attributes: string;
  /** Null for a self-closed tag. */
  inner: string | null;
}

export type ParseMode = 'view' | 'include';

/** Tags MediaWiki core registers: their contents are not wikitext (gallery's is read by its handler). */
export const CORE_TAGS: readonly string[] = ['pre', 'nowiki', 'gallery', 'indicator'];

/** Tags each extension registers; a tag of an extension the wiki lacks is plain text there. */
export const EXTENSION_TAGS: Readonly<Record<string, readonly string[]>> = {
  Cite: ['ref', 'references'],
  Poem: ['poem'],
  Math: ['math', 'chem', 'ce'],
  SyntaxHighlight_GeSHi: ['syntaxhighlight', 'source'],
  ImageMap: ['imagemap'],
  InputBox: ['inputbox'],
  CategoryTree: ['categorytree'],
  TemplateData: ['templatedata'],
  TemplateStyles: ['templatestyles'],
  Score: ['score'],
  timeline: ['timeline'],
  EasyTimeline: ['timeline'],
  Graph: ['graph'],
  Kartographer: ['mapframe', 'maplink'],
  LabeledSectionTransclusion: ['section'],
  CharInsert: ['charinsert'],
  wikihiero: ['hiero'],
  Translate: ['languages', 'translate', 'tvar'],
  RSS: ['rss'],
  DynamicPageList: ['dynamicpagelist', 'dpl'],
  Quiz: ['quiz'],
  TabberNeue: ['tabber'],
  Phonos: ['phonos'],
};

/** The tags a wiki with these extensions has. */
export function tagsFor(extensions: Iterable<string>): ReadonlySet<string> {
  const tags = new Set(CORE_TAGS);
  for (const extension of extensions) for (const tag of EXTENSION_TAGS[extension] ?? []) tags.add(tag);
  return tags;
}

/** The extensions of the reference MediaWiki (Debian's 1.39 as the fixture wiki runs it). */
export const DEFAULT_EXTENSIONS: readonly string[] = ['Cite', 'ParserFunctions', 'Gadgets'];
const DEFAULT_TAGS = tagsFor(DEFAULT_EXTENSIONS);

interface Frame {
  open: '{' | '[';
  /** Opening characters not yet matched. */
  count: number;
  parts: TemplatePart[];
  current: PNode[];
  /** `current` holds the EQUALS mark. */
  named: boolean;
}

/** The characters the preprocessor stops at. */
const SPECIAL = /[{}[\]|=<]/g;

/**
 * The next special character at or after `from`, or -1. `test` leaves the position after the
 * match in lastIndex and, unlike `exec`, builds no match object for each of these characters.
 */
function nextSpecial(text: string, from: number): number {
  SPECIAL.lastIndex = from;
  return SPECIAL.test(text) ? SPECIAL.lastIndex - 1 : -1;
}

export function preprocess(text: string, mode: ParseMode, tags: ReadonlySet<string> = DEFAULT_TAGS): PNode[] {
  if (mode === 'include' && text.indexOf('<onlyinclude>') >= 0) text = onlyIncludeSections(text);
  const root: PNode[] = [];
  const stack: Frame[] = [];
  let out = root;
  let textStart = 0;
  let i = 0;
  const length = text.length;

  const flushTo = (end: number): void => {
    if (end > textStart) pushText(out, text.slice(textStart, end));
  };

  while (i < length) {
    const at = nextSpecial(text, i);
    if (at < 0) break;
    const c = text.charCodeAt(at);
    const top = stack.length > 0 ? stack[stack.length - 1]! : null;
    if (c === 0x3c /* < */) {
      const handled = lessThan(text, at, mode, tags);
      if (handled === null) {
        i = at + 1;
        continue;
      }
      flushTo(at);
      if (handled.node !== null) {
        if (typeof handled.node === 'string') pushText(out, handled.node);
        else out.push(handled.node);
      }
      i = textStart = handled.end;
      continue;
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const run = runLength(text, at, c);
      if (run < 2) {
        i = at + run;
        continue;
      }
      flushTo(at);
      const frame: Frame = { open: c === 0x7b ? '{' : '[', count: run, parts: [], current: [], named: false };
      stack.push(frame);
      out = frame.current;
      i = textStart = at + run;
      continue;
    }
    if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      const run = runLength(text, at, c);
      const want = c === 0x7d ? '{' : '[';
      if (!top || top.open !== want) {
        i = at + run;
        continue;
      }
      flushTo(at);
      let remaining = run;
      while (remaining > 0 && stack.length > 0 && stack[stack.length - 1]!.open === want) {
        const frame = stack[stack.length - 1]!;
        let matching = Math.min(remaining, frame.count);
        if (want === '{') {
          if (matching >= 3) matching = 3;
          else if (matching < 2) break;
        } else {
          if (matching < 2) break;
          matching = 2;
        }
        remaining -= matching;
        frame.parts.push({ name: null, value: frame.current });
        const node = closeFrame(frame, matching, want);
        frame.count -= matching;
        if (frame.count >= 2) {
          // `{{{{{x}}}}}`: the outer braces stay open around what just closed.
          frame.parts = [];
          frame.current = [];
          frame.named = false;
          pushNodes(frame.current, node);
          out = frame.current;
        } else {
          stack.pop();
          out = stack.length > 0 ? stack[stack.length - 1]!.current : root;
          if (frame.count === 1) pushText(out, frame.open);
          pushNodes(out, node);
        }
      }
      const consumed = run - remaining;
      i = textStart = at + consumed;
      if (remaining > 0 && consumed > 0) continue;
      if (consumed === 0) i = at + run;
      continue;
    }
    if (c === 0x7c /* | */) {
      if (top && top.open === '{') {
        flushTo(at);
        top.parts.push(splitNamed(top, top.current));
        top.current = [];
        top.named = false;
        out = top.current;
        i = textStart = at + 1;
        continue;
      }
      i = at + 1;
      continue;
    }
    // '=': names the current part of a template (not its title, and only the first one).
    if (top && top.open === '{' && top.parts.length > 0 && !top.named) {
      flushTo(at);
      top.current.push(EQUALS);
      top.named = true;
      i = textStart = at + 1;
      continue;
    }
    i = at + 1;
  }
  flushTo(length);
  // Whatever is still open was never closed: it is text after all.
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const parent = stack.length > 0 ? stack[stack.length - 1]!.current : root;
    pushText(parent, frame.open.repeat(frame.count));
    frame.parts.push({ name: null, value: frame.current });
    frame.parts.forEach((part, index) => {
      if (index > 0) pushText(parent, '|');
      if (part.name) {
        pushNodes(parent, part.name);
        pushText(parent, '=');
      }
      pushNodes(parent, part.value.map((n) => (isEqualsMark(n) ? '=' : n)));
    });
    if (stack.length === 0) out = root;
  }
  return unmarkEquals(root);
}

/** A placeholder for a part's first `=` until the part is complete. */
const EQUALS: ExtNode = { kind: 'ext', name: '=', attributes: '', inner: null };

function isEqualsMark(node: PNode): boolean {
  return node === EQUALS;
}

function splitNamed(frame: Frame, nodes: PNode[]): TemplatePart {
  void frame;
  const eq = nodes.indexOf(EQUALS);
  if (eq < 0) return { name: null, value: nodes };
  return { name: nodes.slice(0, eq), value: nodes.slice(eq + 1) };
}

function closeFrame(frame: Frame, matching: number, want: '{' | '['): PNode[] {
  const parts = frame.parts;
  // A part is split at its `=` when the `|` after it is met: the last one is, now.
  const last = parts.length - 1;
  if (last > 0 && parts[last]!.name === null) parts[last] = splitNamed(frame, parts[last]!.value);
  if (want === '[') {
    // `[[...]]` only keeps `|` and `=` from splitting templates: it is text with brackets.
    const nodes: PNode[] = ['[['];
    for (let index = 0; index < parts.length; index++) {
      if (index > 0) nodes.push('|');
      pushUnmarked(nodes, parts[index]!.value);
    }
    nodes.push(']]');
    return nodes;
  }
  const title = withoutMarks(parts[0]!.value);
  if (matching === 3) {
    const defaultValue = parts.length > 1 ? restoreEquals(parts[1]!) : null;
    return [{ kind: 'arg', name: title, defaultValue }];
  }
  return [{ kind: 'template', title, parts: parts.slice(1), call: undefined }];
}

/** The nodes with the EQUALS mark written as `=` (a copy only when there is one). */
function withoutMarks(nodes: PNode[]): PNode[] {
  return nodes.includes(EQUALS) ? nodes.map((n) => (n === EQUALS ? '=' : n)) : nodes;
}

/** pushNodes of the nodes with the EQUALS mark written as `=`. */
function pushUnmarked(target: PNode[], nodes: PNode[]): void {
  for (const n of nodes) {
    if (typeof n === 'string') pushText(target, n);
    else if (n === EQUALS) pushText(target, '=');
    else target.push(n);
  }
}

/** An argument default is raw text: `{{{a|b=c}}}` defaults to `b=c`. */
function restoreEquals(part: TemplatePart): PNode[] {
  if (part.name === null) return part.value;
  return [...part.name, '=', ...part.value];
}

function unmarkEquals(nodes: PNode[]): PNode[] {
  if (!nodes.includes(EQUALS)) return nodes;
  const out: PNode[] = [];
  for (const n of nodes) pushNodes(out, [n === EQUALS ? '=' : n]);
  return out;
}

function pushText(nodes: PNode[], text: string): void {
  const last = nodes.length - 1;
  if (last >= 0 && typeof nodes[last] === 'string') nodes[last] = (nodes[last] as string) + text;
  else nodes.push(text);
}

function pushNodes(target: PNode[], nodes: PNode[]): void {
  for (const n of nodes) {
    if (typeof n === 'string') pushText(target, n);
    else target.push(n);
  }
}

function runLength(text: string, at: number, c: number): number {
  let n = 0;
  while (text.charCodeAt(at + n) === c) n++;
  return n;
}

interface LessThanResult {
  node: PNode | null;
  end: number;
}

/** A tag's name at `lastIndex`, cut where no tag's name is that long (MediaWiki's are short). */
const TAG_NAME = /<\/?([A-Za-z][A-Za-z0-9_-]{0,61})/y;

/** Comments, inclusion control tags and extension tags; null when `<` is plain text. */
function lessThan(text: string, at: number, mode: ParseMode, tags: ReadonlySet<string>): LessThanResult | null {
  if (text.startsWith('<!--', at)) {
    const close = text.indexOf('-->', at + 4);
    return { node: null, end: close < 0 ? text.length : close + 3 };
  }
  TAG_NAME.lastIndex = at;
  const m = TAG_NAME.exec(text);
  if (!m) return null;
  const name = m[1]!.toLowerCase();
  const closing = text.charCodeAt(at + 1) === 0x2f;
  if (name === 'includeonly' || name === 'noinclude' || name === 'onlyinclude') return inclusionTag(text, at, name, closing, mode);
  if (closing || !tags.has(name)) return null;
  const gt = text.indexOf('>', at);
  if (gt < 0) return null;
  const attributes = text.slice(at + 1 + m[1]!.length, gt);
  if (!/^(\s[^<]*)?\/?$/s.test(attributes)) return null;
  if (attributes.endsWith('/')) return { node: { kind: 'ext', name, attributes: attributes.slice(0, -1), inner: null }, end: gt + 1 };
  const close = findClosingTag(text, gt + 1, name);
  if (close === null) return null;
  return { node: { kind: 'ext', name, attributes, inner: text.slice(gt + 1, close.start) }, end: close.end };
}

/** `</name >` patterns by lowercase tag name: built once, not at every tag. */
const closingTags = new Map<string, RegExp>();

function findClosingTag(text: string, from: number, name: string): { start: number; end: number } | null {
  let re = closingTags.get(name);
  if (re === undefined) {
    re = new RegExp(`</${name}\\s*>`, 'gi');
    closingTags.set(name, re);
  }
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? { start: m.index, end: m.index + m[0].length } : null;
}

function inclusionTag(text: string, at: number, name: string, closing: boolean, mode: ParseMode): LessThanResult | null {
  const gt = text.indexOf('>', at);
  if (gt < 0) return null;
  if (closing) return { node: null, end: gt + 1 };
  const selfClosed = text.charCodeAt(gt - 1) === 0x2f;
  const dropContent = (mode === 'view' && name === 'includeonly') || (mode === 'include' && name === 'noinclude');
  if (!dropContent || selfClosed) return { node: null, end: gt + 1 };
  const close = findClosingTag(text, gt + 1, name);
  // An unclosed <includeonly> or <noinclude> hides everything after it, as in MediaWiki.
  return { node: null, end: close ? close.end : text.length };
}

/** With `<onlyinclude>`, a transclusion sees only what those tags enclose. */
function onlyIncludeSections(text: string): string {
  let out = '';
  const re = /<onlyinclude>([\s\S]*?)(?:<\/onlyinclude>|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    out += m[1];
    if (m[0].length === 0) break;
  }
  return out;
}
