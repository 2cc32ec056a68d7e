// MediaWiki's wikitext preprocessor (Preprocessor_Hash): the one tree of templates, template
// arguments, extension tags, comments and headings that template expansion, sections and
// `rvprop=parsetree` are built from.
//
// The rules are MediaWiki 1.39's: brace runs matched from the inside out (`{{{{{1}}}}}`), `|`
// splitting parts only at a template's own level (not inside `[[...]]` or a heading line), a
// part's first `=` at that level naming it, headings found at line starts (a lone `=` at a line
// start inside a template's part is its separator instead), `-{ }-` language conversion markup
// keeping its `|` and `=` to itself, comments alone on a line taking the line with them,
// <includeonly>, <noinclude> and <onlyinclude> read for the page itself or for a transclusion,
// extension tags' contents kept apart, and whatever stays unclosed falling back to text.

/**
 * A node of the tree: text, or one of the elements below. Elements come in four object shapes
 * (templates and arguments; tags; comments, ignored text and `=`; headings), so that code going
 * over a tree reads `kind` from few hidden classes: V8 slows down markedly past four.
 */
export type PPNode = string | TemplateNode | ArgNode | ExtNode | CommentNode | IgnoreNode | HeadingNode | EqualsNode;

/** A part after a template's (or argument's) title: `name=value`, or a numbered value (name null). */
export interface TemplatePart {
  name: PPNode[] | null;
  value: PPNode[];
}

interface Braced {
  title: PPNode[];
  parts: TemplatePart[];
  /** At the start of a line, all its opening braces used (`@lineStart`). */
  lineStart: boolean;
  /**
   * Left undefined here: where a template expander keeps what it made of a template's title, as
   * trees outlive one page in its caches.
   */
  call: unknown;
}

/** `{{title|parts}}` */
export interface TemplateNode extends Braced {
  kind: 'template';
}

/** `{{{title|default|...}}}` (MediaWiki's `tplarg`): the first part is the default. */
export interface ArgNode extends Braced {
  kind: 'arg';
}

/** An extension tag (or <includeonly>/<noinclude> when they are not ignored). */
export interface ExtNode {
  kind: 'ext';
  /** As written (`REF`); MediaWiki's tag hooks are looked up by its lowercase form. */
  name: string;
  /** Everything between the name and `>` (or `/>`), leading whitespace included. */
  attributes: string;
  /** Null for a self-closed tag. */
  inner: string | null;
  /** The closing tag as written; null for a self-closed tag. */
  close: string | null;
}

/** `<!-- ... -->`, with the whitespace and line break it takes when alone on its line. */
export interface CommentNode {
  kind: 'comment';
  text: string;
}

/** Text that does not count here: <noinclude> tags on the page, <includeonly> parts, what <onlyinclude> leaves out. */
export interface IgnoreNode {
  kind: 'ignore';
  text: string;
}

/** A heading line (`== x ==`); `index` numbers every heading of the text in order, nested ones too. */
export interface HeadingNode {
  kind: 'heading';
  level: number;
  index: number;
  children: PPNode[];
}

/** The `=` that splits a part, kept as a node when its template turns out to be text. */
export interface EqualsNode {
  kind: 'equals';
  text: '=';
}

export interface PreprocessOptions {
  /** Parse as a transclusion does: <noinclude> parts ignored, <includeonly> tags dropped, <onlyinclude> honoured. */
  forInclusion?: boolean;
  /** The extension tags the wiki knows (Parser::getStripList), lowercase. */
  tags: ReadonlySet<string>;
  /** $wgDisableLangConversion: `-{ }-` is then plain text. */
  langConversionDisabled?: boolean;
  /**
   * The tree template expansion reads: what expands to nothing (comments, ignored text) left
   * out and headings given as their text, so that it has fewer and longer runs of text. The
   * text is read the same way; PPFrame::expand makes the same text of either tree.
   */
  forExpansion?: boolean;
}

const EQUALS: EqualsNode = { kind: 'equals', text: '=' };

/** An opening (`{{`, `[[`, `-{`, a heading's `=`) and what its closing makes, by the number of characters matched (null: text). */
interface Rule {
  open: string;
  close: Closing;
  min: number;
  max: number;
  names: ReadonlyArray<'template' | 'arg' | null | undefined>;
}

/** What closes the piece on top: `}`, `]`, `}-` or the end of a heading's line. */
const enum Closing {
  Nothing,
  Brace,
  Bracket,
  LangConversion,
  LineEnd,
}

const BRACES: Rule = { open: '{', close: Closing.Brace, min: 2, max: 3, names: [undefined, undefined, 'template', 'arg'] };
const BRACKETS: Rule = { open: '[', close: Closing.Bracket, min: 2, max: 2, names: [undefined, undefined, null] };
const LANG_CONVERSION: Rule = { open: '-{', close: Closing.LangConversion, min: 2, max: 2, names: [undefined, undefined, null] };
/** A possible heading: open from a line start to the end of its line. */
const HEADING: Rule = { open: '\n', close: Closing.LineEnd, min: 1, max: 6, names: [] };

interface Part {
  out: PPNode[];
  /** Index in `out` of the part's EQUALS, or -1. */
  eqpos: number;
  /** Where the last comment of the part ended, and where the text before it did (for headings ending in comments). */
  commentEnd: number;
  visualEnd: number;
}

function newPart(): Part {
  return { out: [], eqpos: -1, commentEnd: -1, visualEnd: -1 };
}

interface Piece {
  rule: Rule;
  /** Opening characters not matched yet (the heading's `=` count). */
  count: number;
  parts: Part[];
  /** `-` of a `-{{` read as a template after a dash. */
  savedPrefix: string;
  /** Where its opening characters start (after a saved `-`): a heading's first `=`. */
  startPos: number;
  lineStart: boolean;
}

const enum Char {
  Newline = 0x0a,
  Dash = 0x2d,
  Slash = 0x2f,
  Less = 0x3c,
  Equals = 0x3d,
  Greater = 0x3e,
  OpenBracket = 0x5b,
  CloseBracket = 0x5d,
  OpenBrace = 0x7b,
  Pipe = 0x7c,
  CloseBrace = 0x7d,
}

/**
 * The characters where something may happen, by state: the piece's closing character, `|` and
 * `=` when they split parts, a newline inside a heading line (elsewhere only before `=`, where a
 * heading may start), `-` only before `{`. Every match is one character long.
 */
const searchPatterns: Array<RegExp | undefined> = [];

function searchPattern(close: Closing, findPipe: boolean, findEquals: boolean, langConversion: boolean): RegExp {
  const key = close * 8 + (findPipe ? 4 : 0) + (findEquals ? 2 : 0) + (langConversion ? 1 : 0);
  let pattern = searchPatterns[key];
  if (pattern === undefined) {
    let chars = '{\\[<';
    if (close === Closing.Brace || close === Closing.LangConversion) chars += '}';
    else if (close === Closing.Bracket) chars += '\\]';
    else if (close === Closing.LineEnd) chars += '\\n';
    if (findPipe) chars += '|';
    if (findEquals) chars += '=';
    let source = `[${chars}]`;
    if (close !== Closing.LineEnd) source += '|\\n(?==)';
    if (langConversion) source += '|-(?=\\{)';
    pattern = new RegExp(source, 'g');
    searchPatterns[key] = pattern;
  }
  return pattern;
}

/** `</name>` patterns (whitespace before `>` allowed, any case) by lowercase tag name. */
const closingTags = new Map<string, RegExp>();

function closingTagPattern(lowerName: string): RegExp {
  let pattern = closingTags.get(lowerName);
  if (pattern === undefined) {
    pattern = new RegExp(`</${lowerName.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[\\t\\n\\v\\f\\r ]*>`, 'gi');
    closingTags.set(lowerName, pattern);
  }
  return pattern;
}

/** The tags read at `<` besides the wiki's: the inclusion tags, by how the text is read. */
const PAGE_TAGS = ['includeonly', 'noinclude', '/noinclude', 'onlyinclude', '/onlyinclude'];
const TRANSCLUSION_TAGS = ['noinclude', 'includeonly', '/includeonly'];

/**
 * The names read after `<`, followed by whitespace, `>` or `/>` (in any case, ASCII letters only
 * folded, as PCRE does), for a tag list and a way of reading: built once per list.
 */
const tagPatterns = new WeakMap<ReadonlySet<string>, [page: RegExp, transclusion: RegExp]>();

function tagPattern(tags: ReadonlySet<string>, forInclusion: boolean): RegExp {
  let patterns = tagPatterns.get(tags);
  if (patterns === undefined) {
    const make = (extra: string[]): RegExp => {
      const names = [...tags, ...extra].map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
      return new RegExp(`(${names})(?:[\\t\\n\\v\\f\\r ]|/>|>)`, 'iy');
    };
    patterns = [make(PAGE_TAGS), make(TRANSCLUSION_TAGS)];
    tagPatterns.set(tags, patterns);
  }
  return patterns[forInclusion ? 1 : 0];
}

/** The wikitext's tree: the children of MediaWiki's `root` element. */
export function preprocess(text: string, options: PreprocessOptions): PPNode[] {
  return new TreeBuilder(text, options).build();
}

class TreeBuilder {
  private readonly stack: Piece[] = [];
  private readonly root: PPNode[] = [];
  /** The piece on top and its current part; null at the top level. */
  private piece: Piece | null = null;
  private part: Part | null = null;
  private accum: PPNode[];
  /**
   * Where the text read as literal but not yet added to `accum` starts: runs of literal text
   * are added as one slice when a node follows, not character by character.
   */
  private pending = 0;
  private readonly forInclusion: boolean;
  private readonly langConversion: boolean;
  private readonly enableOnlyinclude: boolean;
  private readonly tagNames: RegExp;
  /** Comments, ignored text, headings and `=` kept as elements (not for expansion). */
  private readonly full: boolean;
  private findPipe = false;
  private findEquals = false;
  private inHeading = false;
  private search: RegExp;
  private headingIndex = 1;
  private noMoreGT = false;
  private noMoreClosingTag: Set<string> | null = null;
  private fakeLineStart = true;

  constructor(
    private readonly text: string,
    options: PreprocessOptions,
  ) {
    this.accum = this.root;
    this.forInclusion = options.forInclusion === true;
    this.langConversion = options.langConversionDisabled !== true;
    this.enableOnlyinclude = this.forInclusion && text.includes('<onlyinclude>') && text.includes('</onlyinclude>');
    this.search = searchPattern(Closing.Nothing, false, false, this.langConversion);
    this.tagNames = tagPattern(options.tags, this.forInclusion);
    this.full = options.forExpansion !== true;
  }

  /** Takes the flags and accumulator of the piece now on top (PPDStack::getFlags). */
  private sync(): void {
    const piece = this.stack.length > 0 ? this.stack[this.stack.length - 1]! : null;
    this.piece = piece;
    if (piece === null) {
      this.part = null;
      this.accum = this.root;
      this.findPipe = this.findEquals = this.inHeading = false;
    } else {
      const part = piece.parts[piece.parts.length - 1]!;
      this.part = part;
      this.accum = part.out;
      this.inHeading = piece.rule === HEADING;
      this.findPipe = !this.inHeading && piece.rule !== BRACKETS;
      this.findEquals = this.findPipe && piece.parts.length > 1 && part.eqpos < 0;
    }
    this.updateSearch();
  }

  private updateSearch(): void {
    this.search = searchPattern(this.piece === null ? Closing.Nothing : this.piece.rule.close, this.findPipe, this.findEquals, this.langConversion);
  }

  private pushPiece(piece: Piece): void {
    this.stack.push(piece);
    this.sync();
  }

  private popPiece(): Piece {
    const piece = this.stack.pop()!;
    this.sync();
    return piece;
  }

  /** Adds the pending literal text up to `end`. */
  private flush(end: number): void {
    if (end > this.pending) this.addLiteral(this.text.slice(this.pending, end));
    this.pending = end;
  }

  private addLiteral(s: string): void {
    appendText(this.accum, s);
  }

  /** Appends nodes, joining text to text. */
  private addNodes(nodes: PPNode[]): void {
    for (const node of nodes) {
      if (typeof node === 'string') this.addLiteral(node);
      else this.accum.push(node);
    }
  }

  /** Adds a node read from the text up to `next`. */
  private addNode(at: number, node: PPNode, next: number): number {
    this.flush(at);
    this.accum.push(node);
    this.pending = next;
    return next;
  }

  /** Adds text at `start...end` that expands to nothing (when the tree keeps it). */
  private addHidden(kind: 'comment' | 'ignore', start: number, end: number): void {
    if (this.full) this.accum.push({ kind, text: this.text.slice(start, end) });
  }

  /** Text at `at...next` that expands to nothing. */
  private hidden(kind: 'comment' | 'ignore', at: number, next: number): number {
    this.flush(at);
    this.addHidden(kind, at, next);
    this.pending = next;
    return next;
  }

  build(): PPNode[] {
    const text = this.text;
    const length = text.length;
    let i = 0;
    let findOnlyinclude = this.enableOnlyinclude;
    for (;;) {
      if (findOnlyinclude) {
        const start = text.indexOf('<onlyinclude>', i);
        if (start < 0) {
          i = this.hidden('ignore', i, length);
          break;
        }
        const tagEnd = start + '<onlyinclude>'.length;
        i = this.hidden('ignore', i, tagEnd);
        findOnlyinclude = false;
      }
      if (this.fakeLineStart) {
        this.fakeLineStart = false;
        i = this.lineStart(i);
        continue;
      }
      const search = this.search;
      search.lastIndex = i;
      i = search.test(text) ? search.lastIndex - 1 : length;
      if (i >= length) {
        if (!this.inHeading) break;
        this.headingEnd(i);
        continue;
      }
      const c = text.charCodeAt(i);
      switch (c) {
        case Char.Pipe:
          this.flush(i);
          this.piece!.parts.push(newPart());
          this.sync();
          this.pending = ++i;
          break;
        case Char.Equals:
          this.flush(i);
          this.accum.push(EQUALS);
          this.part!.eqpos = this.accum.length - 1;
          this.findEquals = false;
          this.updateSearch();
          this.pending = ++i;
          break;
        case Char.Less:
          if (this.enableOnlyinclude && text.startsWith('</onlyinclude>', i)) {
            findOnlyinclude = true;
            break;
          }
          i = this.angle(i);
          break;
        case Char.Newline:
          if (this.inHeading) this.headingEnd(i);
          else i = this.lineStart(i + 1);
          break;
        default: {
          const close = this.piece === null ? Closing.Nothing : this.piece.rule.close;
          if (c === Char.CloseBrace) {
            if (close === Closing.Brace) i = this.close(i, 0);
            else if (close === Closing.LangConversion && text.charCodeAt(i + 1) === Char.Dash) i = this.close(i, 2);
            // A `}` that closes nothing here is text.
            else i++;
          } else if (c === Char.CloseBracket) i = this.close(i, 0);
          else if (c === Char.OpenBrace) i = this.open(i, BRACES);
          else if (c === Char.OpenBracket) i = this.open(i, BRACKETS);
          else i = this.open(i, LANG_CONVERSION);
        }
      }
    }
    this.flush(i);
    // Whatever is still open was never closed: it is text after all.
    const pieces = this.stack.splice(0);
    this.accum = this.root;
    for (const piece of pieces) this.addNodes(breakSyntax(piece, this.full));
    return this.root;
  }

  /** At a line start (`i` after its newline): a heading opens at `=`. */
  private lineStart(i: number): number {
    const text = this.text;
    let count = 0;
    while (count < 6 && text.charCodeAt(i + count) === Char.Equals) count++;
    // A lone `=` at a line start inside a part is taken as the name/value separator.
    if (count === 0 || (count === 1 && this.findEquals)) return i;
    this.flush(i);
    // The equals signs are the heading's first text (still pending).
    this.pushPiece({ rule: HEADING, count, parts: [newPart()], savedPrefix: '', startPos: i, lineStart: false });
    return i + count;
  }

  /** The end of a heading's line (not consumed: it may start the next heading). */
  private headingEnd(i: number): void {
    const text = this.text;
    this.flush(i);
    const piece = this.popPiece();
    const part = piece.parts[0]!;
    let searchStart = i - spaceRunBefore(text, i);
    if (part.commentEnd >= 0 && searchStart - 1 === part.commentEnd) {
      // A comment ends the line: the equals signs are looked for before it.
      searchStart = part.visualEnd - spaceRunBefore(text, part.visualEnd);
    }
    let equals = 0;
    while (searchStart - equals - 1 >= 0 && text.charCodeAt(searchStart - equals - 1) === Char.Equals) equals++;
    let level = 0;
    if (equals > 0) {
      if (searchStart - equals === piece.startPos) {
        // A line of equals signs alone: doHeadings' /={n}(.+)={n}/ decides.
        level = equals < 3 ? 0 : Math.min(6, Math.trunc((equals - 1) / 2));
      } else {
        level = Math.min(equals, piece.count);
      }
    }
    if (level > 0 && this.full) this.accum.push({ kind: 'heading', level, index: this.headingIndex++, children: part.out });
    else this.addNodes(part.out);
  }

  private open(i: number, rule: Rule): number {
    const text = this.text;
    const lineStart = i > 0 && text.charCodeAt(i - 1) === Char.Newline;
    const at = i;
    let savedPrefix = '';
    let count: number;
    if (rule === LANG_CONVERSION) {
      count = 1 + runLength(text, i + 1, Char.OpenBrace);
      if (count > 2) {
        // `-{{`: the rightmost opening wins, a template after a dash.
        savedPrefix = '-';
        i++;
        count--;
        rule = BRACES;
      }
    } else {
      count = runLength(text, i, rule.open.charCodeAt(0));
    }
    // Too few to open anything: text.
    if (count < rule.min) return i + count;
    this.flush(at);
    this.pushPiece({ rule, count, parts: [newPart()], savedPrefix, startPos: i, lineStart });
    this.pending = i + count;
    return i + count;
  }

  /** Closing characters at `i` (`length` 2 for `}-`, else the run is counted). */
  private close(i: number, length: number): number {
    const text = this.text;
    const piece = this.piece!;
    const rule = piece.rule;
    const maxCount = piece.count;
    const count = length === 2 ? 2 : Math.min(runLength(text, i, text.charCodeAt(i)), maxCount);
    let matching = count > rule.max ? rule.max : count;
    while (matching > 0 && rule.names[matching] === undefined) matching--;
    // Nothing to close: text.
    if (matching <= 0) return i + count;
    const name = rule.names[matching]!;
    if (name === null && matching === piece.count && piece.parts.length === 1 && piece.parts[0]!.out.length === 0 && this.pending === piece.startPos + piece.count) {
      // A link (or language conversion) with nothing but text inside (nothing read since it
      // opened, not even a comment): all of it is text, read as such.
      this.stack.pop();
      this.sync();
      this.pending = piece.startPos;
      return i + matching;
    }
    this.flush(i);
    let element: PPNode[];
    if (name === null) {
      element = breakSyntax(piece, this.full, matching);
      appendText(element, text.slice(i, i + matching));
    } else {
      const parts = piece.parts;
      const title = parts[0]!.out;
      const templateParts: TemplatePart[] = [];
      for (let p = 1; p < parts.length; p++) {
        const { out, eqpos } = parts[p]!;
        templateParts.push(eqpos >= 0 ? { name: out.slice(0, eqpos), value: out.slice(eqpos + 1) } : { name: null, value: out });
      }
      const lineStart = maxCount === matching && piece.lineStart && piece.savedPrefix === '';
      element = [
        name === 'template'
          ? { kind: 'template', title, parts: templateParts, lineStart, call: undefined }
          : { kind: 'arg', title, parts: templateParts, lineStart, call: undefined },
      ];
    }
    i += matching;
    this.popPiece();
    if (matching < piece.count) {
      // The opening characters left over stay open around what just closed (`{{{{{x}}}}}`).
      piece.parts = [newPart()];
      piece.count -= matching;
      if (piece.count >= piece.rule.min) {
        this.pushPiece(piece);
      } else if (piece.count === 1 && piece.rule === BRACES && piece.savedPrefix === '-') {
        piece.savedPrefix = '';
        piece.rule = LANG_CONVERSION;
        piece.count = 2;
        this.pushPiece(piece);
      } else {
        this.addLiteral(piece.savedPrefix + openingText(piece.rule, piece.count));
      }
    } else if (piece.savedPrefix !== '') {
      this.addLiteral(piece.savedPrefix);
    }
    this.addNodes(element);
    this.pending = i;
    return i;
  }

  /** `<` at `i`: a comment, an extension tag, an inclusion tag, or text. */
  private angle(i: number): number {
    const text = this.text;
    const length = text.length;
    if (text.startsWith('!--', i + 1)) return this.comment(i);
    const tagNames = this.tagNames;
    tagNames.lastIndex = i + 1;
    const match = tagNames.exec(text);
    // No tag: text.
    if (match === null) return i + 1;
    const name = match[1]!;
    const lowerName = name.toLowerCase();
    const kind = this.tagKind(lowerName);
    const attrStart = i + 1 + name.length;
    const tagEnd = this.noMoreGT ? -1 : text.indexOf('>', attrStart);
    if (tagEnd < 0) {
      this.noMoreGT = true;
      return i + 1;
    }
    if (kind === Tag.IgnoredTag) return this.hidden('ignore', i, tagEnd + 1);
    let attrEnd: number;
    let inner: string | null = null;
    let close: string | null = null;
    let next: number;
    if (text.charCodeAt(tagEnd - 1) === Char.Slash) {
      attrEnd = tagEnd - 1;
      next = tagEnd + 1;
    } else {
      attrEnd = tagEnd;
      const closing = this.noMoreClosingTag?.has(lowerName) ? null : closingTagPattern(lowerName);
      let match: RegExpExecArray | null = null;
      if (closing !== null) {
        closing.lastIndex = tagEnd + 1;
        match = closing.exec(text);
      }
      if (match !== null) {
        inner = text.slice(tagEnd + 1, match.index);
        close = match[0];
        next = match.index + close.length;
      } else if (name === 'includeonly' || name === 'noinclude' || name === 'onlyinclude') {
        // These may stay open to the end of the text (written in lowercase only).
        inner = text.slice(tagEnd + 1);
        next = length;
      } else {
        // No closing tag: the opening tag is text, and no later tag of the name will find one.
        (this.noMoreClosingTag ??= new Set()).add(lowerName);
        return tagEnd + 1;
      }
    }
    if (kind === Tag.IgnoredElement) return this.hidden('ignore', i, next);
    return this.addNode(i, { kind: 'ext', name, attributes: attrEnd > attrStart ? text.slice(attrStart, attrEnd) : '', inner, close }, next);
  }

  private tagKind(lowerName: string): Tag {
    if (this.forInclusion) {
      if (lowerName === 'includeonly' || lowerName === '/includeonly') return Tag.IgnoredTag;
      if (lowerName === 'noinclude') return Tag.IgnoredElement;
    } else {
      if (lowerName === 'noinclude' || lowerName === '/noinclude' || lowerName === 'onlyinclude' || lowerName === '/onlyinclude') return Tag.IgnoredTag;
      if (lowerName === 'includeonly') return Tag.IgnoredElement;
    }
    return Tag.Element;
  }

  /**
   * A comment at `i`. One that is alone on its line (with spaces, or with other comments) takes
   * the spaces before it and the line break after it, so that it leaves no blank line.
   */
  private comment(i: number): number {
    const text = this.text;
    const close = text.indexOf('-->', i + 4);
    if (close < 0) return this.hidden('comment', i, text.length);
    this.flush(i);
    const wsStart = i - spaceRunBefore(text, i);
    // The last space after the comment, or its `>`.
    let wsEnd = close + 2 + spaceRun(text, close + 3);
    let lastStart = wsStart;
    const earlier: Array<[number, number]> = [];
    while (text.startsWith('<!--', wsEnd + 1)) {
      const c = text.indexOf('-->', wsEnd + 4);
      if (c < 0) break;
      earlier.push([lastStart, wsEnd]);
      lastStart = wsEnd + 1;
      wsEnd = c + 2 + spaceRun(text, c + 3);
    }
    let start: number;
    let end: number;
    if (wsStart > 0 && text.charCodeAt(wsStart - 1) === Char.Newline && text.charCodeAt(wsEnd + 1) === Char.Newline) {
      const wsLength = i - wsStart;
      const last = this.accum.length - 1;
      const before = this.accum[last];
      if (wsLength > 0 && typeof before === 'string' && before.length >= wsLength && /^[ \t]*$/.test(before.slice(-wsLength))) {
        this.accum[last] = before.slice(0, -wsLength);
      }
      for (const [s, e] of earlier) this.addHidden('comment', s, e + 1);
      start = lastStart;
      end = wsEnd + 1;
      // A heading may start on the next line.
      this.fakeLineStart = true;
    } else {
      start = i;
      end = close + 2;
    }
    const part = this.part;
    if (part !== null) {
      // Abutting comments keep the visual end of the first.
      if (!(part.commentEnd >= 0 && part.commentEnd === wsStart - 1)) part.visualEnd = wsStart;
      part.commentEnd = end;
    }
    this.addHidden('comment', start, end + 1);
    this.pending = end + 1;
    return end + 1;
  }
}

const enum Tag {
  /** An extension tag, or the inclusion tag whose part counts. */
  Element,
  /** Its part is ignored (<includeonly> on the page, <noinclude> in a transclusion). */
  IgnoredElement,
  /** The tag alone is ignored. */
  IgnoredTag,
}

function runLength(text: string, at: number, c: number): number {
  let n = 0;
  while (text.charCodeAt(at + n) === c) n++;
  return n;
}

function spaceRun(text: string, at: number): number {
  let n = 0;
  for (let c = text.charCodeAt(at); c === 0x20 || c === 0x09; c = text.charCodeAt(at + ++n));
  return n;
}

function spaceRunBefore(text: string, end: number): number {
  let n = 0;
  for (let c = text.charCodeAt(end - 1); c === 0x20 || c === 0x09; c = text.charCodeAt(end - ++n - 1));
  return n;
}

function appendText(nodes: PPNode[], s: string): void {
  const last = nodes.length - 1;
  if (last >= 0 && typeof nodes[last] === 'string') nodes[last] = (nodes[last] as string) + s;
  else nodes.push(s);
}

/** `{{{` for 3 braces, `-{` for language conversion. */
function openingText(rule: Rule, count: number): string {
  return rule === LANG_CONVERSION ? '-' + '{'.repeat(count - 1) : rule.open.repeat(count);
}

/** A piece that turns out to be no element: its text, with what was found inside it (a part's `=` as text unless `full`). */
function breakSyntax(piece: Piece, full: boolean, openingCount = piece.count): PPNode[] {
  if (piece.rule === HEADING) return piece.parts[0]!.out;
  const out: PPNode[] = [piece.savedPrefix + openingText(piece.rule, openingCount)];
  piece.parts.forEach((part, index) => {
    if (index > 0) appendText(out, '|');
    for (const node of part.out) {
      if (typeof node === 'string') appendText(out, node);
      else if (node === EQUALS && !full) appendText(out, '=');
      else out.push(node);
    }
  });
  return out;
}
