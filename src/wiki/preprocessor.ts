// MediaWiki's wikitext preprocessor (Preprocessor_Hash): the tree of templates, arguments,
// extension tags, comments and headings that sections and `rvprop=parsetree` are built from.

/** A tree node: `[name, children]`; names starting with `@` are attributes (level, i, index, lineStart). */
export type PPElement = [string, PPNode[]];
export type PPNode = string | PPElement;

export interface PreprocessOptions {
  /** Parse as a transclusion would (`T-` sections): noinclude ignored, onlyinclude honoured. */
  forInclusion?: boolean;
  /** Extension tags the parser knows (Parser::getStripList). */
  stripList?: readonly string[];
  /** $wgDisableLangConversion: `-{ }-` is then plain text. */
  langConversionDisabled?: boolean;
}

/** MediaWiki core's parser tags, when the caller gives no list (Parser::getStripList). */
const CORE_TAGS = ['pre', 'nowiki', 'gallery', 'indicator', 'langconvert'];

interface Rule {
  end: string;
  names: Record<number, string | null>;
  min: number;
  max: number;
}

const RULES: Record<string, Rule> = {
  '{': { end: '}', names: { 2: 'template', 3: 'tplarg' }, min: 2, max: 3 },
  '[': { end: ']', names: { 2: null }, min: 2, max: 2 },
  '-{': { end: '}-', names: { 2: null }, min: 2, max: 2 },
};

class Part {
  out: PPNode[] = [];
  eqpos?: number;
  commentEnd?: number;
  visualEnd?: number;
  constructor(text = '') {
    if (text !== '') this.out.push(text);
  }
}

class StackElement {
  parts: Part[] = [new Part()];
  savedPrefix = '';
  startPos = 0;
  lineStart = false;
  constructor(
    public open: string,
    public close: string,
    public count: number,
  ) {}

  accum(): PPNode[] {
    return this.parts[this.parts.length - 1]!.out;
  }

  currentPart(): Part {
    return this.parts[this.parts.length - 1]!;
  }

  flags(): { findPipe: boolean; findEquals: boolean; inHeading: boolean } {
    const findPipe = this.open !== '\n' && this.open !== '[';
    return {
      findPipe,
      findEquals: findPipe && this.parts.length > 1 && this.currentPart().eqpos === undefined,
      inHeading: this.open === '\n',
    };
  }

  /** The element's text when it turns out not to be one (unclosed or unmatched brackets). */
  breakSyntax(openingCount?: number): PPNode[] {
    if (this.open === '\n') return [this.savedPrefix, ...this.parts[0]!.out];
    const count = openingCount ?? this.count;
    let s = this.open.slice(0, -1);
    s += this.open.slice(-1).repeat(count - s.length);
    const accum: PPNode[] = [this.savedPrefix + s];
    this.parts.forEach((part, index) => {
      if (index > 0) appendLiteral(accum, '|');
      for (const node of part.out) {
        if (typeof node === 'string') appendLiteral(accum, node);
        else accum.push(node);
      }
    });
    return accum;
  }
}

function appendLiteral(accum: PPNode[], text: string): void {
  const last = accum.length - 1;
  if (last >= 0 && typeof accum[last] === 'string') accum[last] = (accum[last] as string) + text;
  else accum.push(text);
}

function spanOf(text: string, chars: string, start: number, max = Infinity): number {
  let n = 0;
  while (start + n < text.length && n < max && chars.includes(text[start + n]!)) n++;
  return n;
}

/** strspn over the text read backwards from just before `end`. */
function spanBackwards(text: string, chars: string, end: number): number {
  let n = 0;
  while (end - n - 1 >= 0 && chars.includes(text[end - n - 1]!)) n++;
  return n;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Preprocessor_Hash::buildDomTreeArrayFromText: the `root` element of the text. */
export function preprocess(text: string, options: PreprocessOptions = {}): PPElement {
  return new TreeBuilder(text, options).build();
}

class TreeBuilder {
  private readonly stack: StackElement[] = [];
  private readonly rootAccum: PPNode[] = [];
  private accum: PPNode[];
  private readonly ignoredTags: string[];
  private readonly ignoredElements: string[];
  private readonly elementsRe: RegExp;
  private readonly searchBase: string;
  private enableOnlyinclude = false;
  private findEquals = false;
  private findPipe = false;
  private inHeading = false;
  private headingIndex = 1;

  constructor(
    private readonly text: string,
    options: PreprocessOptions,
  ) {
    this.accum = this.rootAccum;
    const xmlish = [...(options.stripList ?? CORE_TAGS)];
    if (options.forInclusion) {
      this.ignoredTags = ['includeonly', '/includeonly'];
      this.ignoredElements = ['noinclude'];
      xmlish.push('noinclude');
      this.enableOnlyinclude = text.includes('<onlyinclude>') && text.includes('</onlyinclude>');
    } else {
      this.ignoredTags = ['noinclude', '/noinclude', 'onlyinclude', '/onlyinclude'];
      this.ignoredElements = ['includeonly'];
      xmlish.push('includeonly');
    }
    const names = [...xmlish, ...this.ignoredTags].map(escapeRegExp).join('|');
    this.elementsRe = new RegExp(`(${names})(?:\\s|\\/>|>)|(!--)`, 'iy');
    this.searchBase = options.langConversionDisabled ? '[{<\n' : '[{<\n-';
  }

  private top(): StackElement | undefined {
    return this.stack[this.stack.length - 1];
  }

  private syncFlags(): void {
    const top = this.top();
    const flags = top ? top.flags() : { findPipe: false, findEquals: false, inHeading: false };
    this.findEquals = flags.findEquals;
    this.findPipe = flags.findPipe;
    this.inHeading = flags.inHeading;
  }

  private push(element: StackElement): void {
    this.stack.push(element);
    this.accum = element.accum();
    this.syncFlags();
  }

  private pop(): StackElement {
    const element = this.stack.pop()!;
    const top = this.top();
    this.accum = top ? top.accum() : this.rootAccum;
    return element;
  }

  build(): PPElement {
    const text = this.text;
    const length = text.length;
    let i = 0;
    let noMoreGT = false;
    const noMoreClosingTag = new Set<string>();
    let findOnlyinclude = this.enableOnlyinclude;
    let fakeLineStart = true;

    for (;;) {
      if (findOnlyinclude) {
        const startPos = text.indexOf('<onlyinclude>', i);
        if (startPos === -1) {
          this.accum.push(['ignore', [text.slice(i)]]);
          break;
        }
        const tagEndPos = startPos + '<onlyinclude>'.length;
        this.accum.push(['ignore', [text.slice(i, tagEndPos)]]);
        i = tagEndPos;
        findOnlyinclude = false;
      }

      let found: 'line-start' | 'line-end' | 'pipe' | 'equals' | 'angle' | 'close' | 'open';
      let curChar = '';
      let rule: Rule | undefined;
      if (fakeLineStart) {
        found = 'line-start';
      } else {
        const top = this.top();
        const currentClosing = top ? top.close : '';
        let search = this.searchBase + currentClosing;
        if (this.findPipe) search += '|';
        if (this.findEquals) search += '=';
        let literal = 0;
        while (i + literal < length && !search.includes(text[i + literal]!)) literal++;
        if (literal > 0) {
          appendLiteral(this.accum, text.slice(i, i + literal));
          i += literal;
        }
        if (i >= length) {
          if (currentClosing !== '\n') break;
          found = 'line-end';
        } else {
          curChar = text[i]!;
          const curTwoChar = i + 1 < length ? curChar + text[i + 1] : curChar;
          if (curChar === '|') found = 'pipe';
          else if (curChar === '=') found = 'equals';
          else if (curChar === '<') found = 'angle';
          else if (curChar === '\n') found = this.inHeading ? 'line-end' : 'line-start';
          else if (curTwoChar === currentClosing) {
            found = 'close';
            curChar = curTwoChar;
          } else if (curChar === currentClosing) found = 'close';
          else if (RULES[curTwoChar]) {
            curChar = curTwoChar;
            found = 'open';
            rule = RULES[curChar];
          } else if (RULES[curChar]) {
            found = 'open';
            rule = RULES[curChar];
          } else {
            if (curChar === '-' || curChar === '}') appendLiteral(this.accum, curChar);
            i++;
            continue;
          }
        }
      }

      if (found === 'angle') {
        if (this.enableOnlyinclude && text.startsWith('</onlyinclude>', i)) {
          findOnlyinclude = true;
          continue;
        }
        this.elementsRe.lastIndex = i + 1;
        const m = this.elementsRe.exec(text);
        if (!m) {
          appendLiteral(this.accum, '<');
          i++;
          continue;
        }
        if (m[2] === '!--') {
          const next = this.comment(i, fakeLineStart);
          i = next.i;
          fakeLineStart = next.fakeLineStart;
          continue;
        }
        const name = m[1]!;
        const lowerName = name.toLowerCase();
        const attrStart = i + name.length + 1;
        const tagEndPos = noMoreGT ? -1 : text.indexOf('>', attrStart);
        if (tagEndPos === -1) {
          noMoreGT = true;
          appendLiteral(this.accum, '<');
          i++;
          continue;
        }
        if (this.ignoredTags.includes(lowerName)) {
          this.accum.push(['ignore', [text.slice(i, tagEndPos + 1)]]);
          i = tagEndPos + 1;
          continue;
        }
        const tagStartPos = i;
        let attrEnd: number;
        let inner: string | null;
        let close: string | null;
        if (text[tagEndPos - 1] === '/') {
          attrEnd = tagEndPos - 1;
          inner = null;
          close = null;
          i = tagEndPos + 1;
        } else {
          attrEnd = tagEndPos;
          const closeRe = new RegExp(`</${escapeRegExp(name)}\\s*>`, 'ig');
          closeRe.lastIndex = tagEndPos + 1;
          const cm = noMoreClosingTag.has(name) ? null : closeRe.exec(text);
          if (cm) {
            inner = text.slice(tagEndPos + 1, cm.index);
            i = cm.index + cm[0].length;
            close = cm[0];
          } else if (['includeonly', 'noinclude', 'onlyinclude'].includes(name)) {
            inner = text.slice(tagEndPos + 1);
            i = length;
            close = null;
          } else {
            i = tagEndPos + 1;
            appendLiteral(this.accum, text.slice(tagStartPos, tagEndPos + 1));
            noMoreClosingTag.add(name);
            continue;
          }
        }
        if (this.ignoredElements.includes(lowerName)) {
          this.accum.push(['ignore', [text.slice(tagStartPos, i)]]);
          continue;
        }
        const attr = attrEnd <= attrStart ? '' : text.slice(attrStart, attrEnd);
        const children: PPNode[] = [['name', [name]], ['attr', [attr]]];
        if (inner !== null) children.push(['inner', [inner]]);
        if (close !== null) children.push(['close', [close]]);
        this.accum.push(['ext', children]);
      } else if (found === 'line-start') {
        if (fakeLineStart) fakeLineStart = false;
        else {
          appendLiteral(this.accum, curChar);
          i++;
        }
        const count = spanOf(text, '=', i, 6);
        if (count === 1 && this.findEquals) {
          // A lone `=` at line start is taken as a name/value separator, not a heading.
        } else if (count > 0) {
          const piece = new StackElement('\n', '\n', count);
          piece.parts = [new Part('='.repeat(count))];
          piece.startPos = i;
          this.push(piece);
          i += count;
        }
      } else if (found === 'line-end') {
        this.headingEnd(i);
      } else if (found === 'open') {
        i = this.open(i, curChar, rule!);
      } else if (found === 'close') {
        i = this.close(i, curChar);
      } else if (found === 'pipe') {
        this.findEquals = true;
        this.top()!.parts.push(new Part());
        this.accum = this.top()!.accum();
        i++;
      } else {
        this.findEquals = false;
        this.accum.push(['equals', ['=']]);
        this.top()!.currentPart().eqpos = this.accum.length - 1;
        i++;
      }
    }

    for (const piece of this.stack) this.rootAccum.push(...piece.breakSyntax());
    for (const node of this.rootAccum) {
      if (typeof node !== 'string' && node[0] === 'possible-h') node[0] = 'h';
    }
    return ['root', this.rootAccum];
  }

  /** An HTML comment at `i`; eats the whole line when the comment stands alone on it. */
  private comment(i: number, fakeLineStart: boolean): { i: number; fakeLineStart: boolean } {
    const text = this.text;
    const endPos = text.indexOf('-->', i + 4);
    if (endPos === -1) {
      this.accum.push(['comment', [text.slice(i)]]);
      return { i: text.length, fakeLineStart };
    }
    const wsStart = i ? i - spanBackwards(text, ' \t', i) : 0;
    let wsEnd = endPos + 2 + spanOf(text, ' \t', endPos + 3);
    const comments: [number, number][] = [[wsStart, wsEnd]];
    while (text.slice(wsEnd + 1, wsEnd + 5) === '<!--') {
      let c = text.indexOf('-->', wsEnd + 4);
      if (c === -1) break;
      c = c + 2 + spanOf(text, ' \t', c + 3);
      comments.push([wsEnd + 1, c]);
      wsEnd = c;
    }
    let startPos: number;
    let end: number;
    if (wsStart > 0 && text[wsStart - 1] === '\n' && text[wsEnd + 1] === '\n') {
      const wsLength = i - wsStart;
      const lastIndex = this.accum.length - 1;
      const last = this.accum[lastIndex];
      if (wsLength > 0 && typeof last === 'string' && /^[ \t]*$/.test(last.slice(-wsLength)) && last.length >= wsLength) {
        this.accum[lastIndex] = last.slice(0, -wsLength);
      }
      for (let j = 0; j < comments.length - 1; j++) {
        const [s, e] = comments[j]!;
        this.accum.push(['comment', [text.slice(s, e + 1)]]);
      }
      [startPos, end] = comments[comments.length - 1]!;
      end += 1;
      fakeLineStart = true;
    } else {
      startPos = i;
      end = endPos + 2;
    }
    const top = this.top();
    if (top) {
      const part = top.currentPart();
      if (!(part.commentEnd !== undefined && part.commentEnd === wsStart - 1)) part.visualEnd = wsStart;
      part.commentEnd = end;
    }
    this.accum.push(['comment', [text.slice(startPos, end + 1)]]);
    return { i: end + 1, fakeLineStart };
  }

  /** End of a line inside a possible heading: an `h` element if it closes with `=`. */
  private headingEnd(i: number): void {
    const text = this.text;
    const piece = this.top()!;
    const part = piece.currentPart();
    let searchStart = i - spanBackwards(text, ' \t', i);
    if (part.commentEnd !== undefined && searchStart - 1 === part.commentEnd) {
      searchStart = part.visualEnd!;
      searchStart -= spanBackwards(text, ' \t', searchStart);
    }
    let count = piece.count;
    const equalsLength = spanBackwards(text, '=', searchStart);
    let element: PPNode[];
    if (equalsLength > 0) {
      if (searchStart - equalsLength === piece.startPos) {
        // A line of only equals signs: /={count}(.+)={count}/ as doHeadings reads it.
        count = equalsLength < 3 ? 0 : Math.min(6, Math.trunc((equalsLength - 1) / 2));
      } else {
        count = Math.min(equalsLength, count);
      }
      element = count > 0 ? [['possible-h', [['@level', [String(count)]], ['@i', [String(this.headingIndex++)]], ...this.accum]]] : this.accum;
    } else {
      element = this.accum;
    }
    this.pop();
    this.syncFlags();
    this.accum.push(...element);
  }

  private open(i: number, curChar: string, rule: Rule): number {
    const text = this.text;
    const curLen = curChar.length;
    let count = curLen > 1 ? spanOf(text, curChar[curLen - 1]!, i + 1) + 1 : spanOf(text, curChar, i);
    let savedPrefix = '';
    const lineStart = i > 0 && text[i - 1] === '\n';
    if (curChar === '-{' && count > curLen) {
      // `-{{` is a template after a dash: the rightmost opening wins.
      savedPrefix = '-';
      i++;
      curChar = '{';
      count--;
      rule = RULES[curChar]!;
    }
    if (count >= rule.min) {
      const piece = new StackElement(curChar, rule.end, count);
      piece.savedPrefix = savedPrefix;
      piece.lineStart = lineStart;
      this.push(piece);
    } else {
      appendLiteral(this.accum, savedPrefix + curChar.repeat(count));
    }
    return i + count;
  }

  private close(i: number, curChar: string): number {
    const text = this.text;
    const piece = this.top()!;
    let maxCount = piece.count;
    if (piece.close === '}-' && curChar === '}') maxCount--;
    const count = curChar.length > 1 ? curChar.length : spanOf(text, curChar, i, maxCount);
    const rule = RULES[piece.open]!;
    let matchingCount: number;
    if (count > rule.max) matchingCount = rule.max;
    else {
      matchingCount = count;
      while (matchingCount > 0 && !(matchingCount in rule.names)) matchingCount--;
    }
    if (matchingCount <= 0) {
      appendLiteral(this.accum, text.slice(i, i + count));
      return i + count;
    }
    const name = rule.names[matchingCount]!;
    let element: PPNode[];
    if (name === null) {
      element = piece.breakSyntax(matchingCount);
      appendLiteral(element, text.slice(i, i + matchingCount));
    } else {
      element = [[name, this.templateChildren(piece, maxCount === matchingCount)]];
    }
    i += matchingCount;
    this.pop();
    if (matchingCount < piece.count) {
      piece.parts = [new Part()];
      piece.count -= matchingCount;
      if (piece.count >= RULES[piece.open]!.min) {
        this.push(piece);
      } else if (piece.count === 1 && piece.open === '{' && piece.savedPrefix === '-') {
        piece.savedPrefix = '';
        piece.open = '-{';
        piece.count = 2;
        piece.close = RULES[piece.open]!.end;
        this.push(piece);
      } else {
        let s = piece.open.slice(0, -1);
        s += piece.open.slice(-1).repeat(piece.count - s.length);
        appendLiteral(this.accum, piece.savedPrefix + s);
      }
    } else if (piece.savedPrefix !== '') {
      appendLiteral(this.accum, piece.savedPrefix);
    }
    this.syncFlags();
    this.accum.push(...element);
    return i;
  }

  private templateChildren(piece: StackElement, allOpeningUsed: boolean): PPNode[] {
    const children: PPNode[] = [];
    if (allOpeningUsed && piece.lineStart && piece.savedPrefix.length === 0) children.push(['@lineStart', ['1']]);
    children.push(['title', piece.parts[0]!.out]);
    let argIndex = 1;
    for (const part of piece.parts.slice(1)) {
      if (part.eqpos !== undefined) {
        children.push(['part', [['name', part.out.slice(0, part.eqpos)], part.out[part.eqpos]!, ['value', part.out.slice(part.eqpos + 1)]]]);
      } else {
        children.push(['part', [['name', [['@index', [String(argIndex++)]]]], ['value', part.out]]]);
      }
    }
    return children;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the tree back

function htmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** PPNode_Hash_Tree::__toString: the XML MediaWiki shows as `parsetree`. */
export function treeToXml(node: PPNode): string {
  if (typeof node === 'string') return htmlEscape(node);
  const [name, children] = node;
  let attribs = '';
  let inner = '';
  for (const child of children) {
    if (typeof child !== 'string' && child[0].startsWith('@')) {
      attribs += ` ${child[0].slice(1)}="${htmlEscape(String(child[1][0] ?? ''))}"`;
    } else {
      inner += treeToXml(child);
    }
  }
  return inner === '' ? `<${name}${attribs}/>` : `<${name}${attribs}>${inner}</${name}>`;
}

/** PPFrame::expand with RECOVER_ORIG: the original text of a node. */
export function originalText(node: PPNode): string {
  if (typeof node === 'string') return node;
  const [name, children] = node;
  if (name.startsWith('@')) return '';
  if (name === 'template' || name === 'tplarg') {
    const [open, close] = name === 'template' ? ['{{', '}}'] : ['{{{', '}}}'];
    const parts = children.filter((c): c is PPElement => typeof c !== 'string' && c[0] === 'part');
    const title = children.find((c): c is PPElement => typeof c !== 'string' && c[0] === 'title');
    return open + [title, ...parts].map((p) => (p ? originalText(p) : '')).join('|') + close;
  }
  if (name === 'ext') {
    const bit = (n: string) => {
      const c = children.find((x): x is PPElement => typeof x !== 'string' && x[0] === n);
      return c ? String(c[1][0] ?? '') : null;
    };
    let s = `<${bit('name') ?? ''}${bit('attr') ?? ''}`;
    const inner = bit('inner');
    if (inner !== null) s += `>${inner}${bit('close') ?? ''}`;
    else s += '/>';
    return s;
  }
  return children.map(originalText).join('');
}

function headingBits(node: PPElement): { level: number; i: number } {
  let level = 0;
  let i = 0;
  for (const c of node[1]) {
    if (typeof c === 'string') continue;
    if (c[0] === '@level') level = Number(c[1][0]);
    else if (c[0] === '@i') i = Number(c[1][0]);
  }
  return { level, i };
}

/**
 * Parser::getSection(text, sectionId, false): the text of a section (`0`, `3`, `T-2`; other
 * strings count as section 0, as PHP's (int) cast makes them), or null when there is none.
 */
export function extractSection(text: string, sectionId: string, options: PreprocessOptions = {}): string | null {
  const parts = sectionId.split('-');
  const sectionIndex = phpIntval(parts.pop()!);
  const forInclusion = parts.includes('T');
  if (text === '') return sectionIndex === 0 ? '' : null;
  const root = preprocess(text, { ...options, forInclusion: forInclusion || options.forInclusion });
  const nodes = root[1];
  let at = 0;
  let targetLevel = 1000;
  if (sectionIndex !== 0) {
    for (; at < nodes.length; at++) {
      const node = nodes[at]!;
      if (typeof node !== 'string' && node[0] === 'h') {
        const bits = headingBits(node);
        if (bits.i === sectionIndex) {
          targetLevel = bits.level;
          break;
        }
      }
    }
  }
  if (at >= nodes.length) return null;
  let out = '';
  for (; at < nodes.length; at++) {
    const node = nodes[at]!;
    if (typeof node !== 'string' && node[0] === 'h') {
      const bits = headingBits(node);
      if (bits.i !== sectionIndex && bits.level <= targetLevel) break;
    }
    out += originalText(node);
  }
  return out.replace(/[ \t\n\r\0\x0B]+$/, '');
}

/** PHP's (int) cast of a string: leading whitespace, sign and digits; anything else is 0. */
function phpIntval(s: string): number {
  const m = /^[ \t\n\r\v\f]*([+-]?\d+)/.exec(s);
  if (!m) return 0;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) ? n : n > 0 ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER;
}
