// A streaming XML tokenizer fast enough for multi-gigabyte MediaWiki dumps, with line numbers for errors.
//
// General-purpose SAX parsers check every character in JavaScript (saxes runs at ~20 MB/s here);
// this one jumps between markup with indexOf and leaves text to native string code, which is what
// makes import speed independent of the parser. It accepts well-formed XML 1.0 documents: elements,
// attributes, the five predefined entities and character references, CDATA, comments, processing
// instructions and a DOCTYPE without an internal subset; anything else is an XmlError.

export type XmlAttributes = Record<string, string>;

export interface XmlSink {
  open(name: string, attributes: XmlAttributes | null): void;
  /** Character data in document order; one text node may arrive in several pieces. */
  text(value: string): void;
  close(name: string): void;
}

export class XmlError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${message} (line ${line}, column ${column})`);
    this.name = 'XmlError';
  }
}

/** Text runs longer than this are passed on before their end tag arrives, keeping memory bounded. */
const TEXT_FLUSH_CHARS = 1 << 16;

export class XmlTokenizer {
  private buffer = '';
  private pos = 0;
  /** Newlines are counted lazily and only forwards: the line number at buffer[countedTo]. */
  private countedTo = 0;
  private countedLine = 1;
  private readonly stack: string[] = [];
  private rootSeen = false;
  private ended = false;

  constructor(private readonly sink: XmlSink) {}

  /** Elements currently open, outermost first. */
  get openElements(): readonly string[] {
    return this.stack;
  }

  write(chunk: string): void {
    this.append(chunk);
    this.run(false);
  }

  /** Adds data without parsing it yet (while a reader looks for a place to resume). */
  append(chunk: string): void {
    if (this.ended) throw new Error('XmlTokenizer: write after end');
    if (chunk.indexOf('\r') >= 0) chunk = chunk.replace(/\r\n?/g, '\n');
    if (this.pos > 0) {
      this.countedLine = this.lineAt(this.pos);
      this.countedTo = 0;
      this.buffer = this.buffer.slice(this.pos) + chunk;
      this.pos = 0;
    } else {
      this.buffer += chunk;
    }
  }

  end(): void {
    this.run(true);
    this.ended = true;
    if (this.stack.length > 0) {
      const open = this.stack[this.stack.length - 1]!;
      throw this.error(`the document ends inside <${open}>: the file is truncated or incomplete`, this.buffer.length);
    }
    if (!this.rootSeen) throw this.error('the document has no root element', this.buffer.length);
  }

  /** Line and column of a position in the current buffer (default: where parsing stopped). */
  position(at = this.pos): { line: number; column: number } {
    const line = this.lineAt(at);
    const lineStart = this.buffer.lastIndexOf('\n', at - 1) + 1;
    return { line, column: at - lineStart + 1 };
  }

  /**
   * After an error: forget the open elements below `depth` and continue at the next `marker`
   * (e.g. `<page>`), which lets a reader skip one broken record and go on with the rest.
   * Returns false when the marker is not in the data seen so far; call again after more writes.
   */
  resync(marker: string, depth: number): boolean {
    this.stack.length = Math.min(this.stack.length, depth);
    const at = this.buffer.indexOf(marker, this.pos);
    if (at < 0) {
      const keep = Math.max(this.pos, this.buffer.length - marker.length);
      this.pos = keep;
      return false;
    }
    this.pos = at;
    return true;
  }

  private lineAt(at: number): number {
    if (at < this.countedTo) return this.countedLine - countNewlines(this.buffer, at, this.countedTo);
    this.countedLine += countNewlines(this.buffer, this.countedTo, at);
    this.countedTo = at;
    return this.countedLine;
  }

  private error(message: string, at: number): XmlError {
    const { line, column } = this.position(at);
    return new XmlError(message, line, column);
  }

  private run(final: boolean): void {
    const buffer = this.buffer;
    const length = buffer.length;
    let pos = this.pos;
    while (pos < length) {
      const lt = buffer.indexOf('<', pos);
      if (lt !== pos) {
        const textEnd = lt < 0 ? length : lt;
        if (lt < 0 && !final) {
          // Keep a possibly cut entity or a short tail until more data comes.
          if (textEnd - pos < TEXT_FLUSH_CHARS) break;
          const amp = buffer.lastIndexOf('&', textEnd - 1);
          const cut = amp >= textEnd - 12 ? amp : textEnd;
          if (cut > pos) this.emitText(buffer, pos, cut);
          this.pos = cut;
          return;
        }
        this.emitText(buffer, pos, textEnd);
        this.pos = pos = textEnd;
        if (lt < 0) return;
      }
      // A sink or markup error leaves this.pos at the markup that failed, for resync().
      const next = this.markup(buffer, pos, final);
      if (next < 0) return;
      this.pos = pos = next;
    }
  }

  private emitText(buffer: string, start: number, end: number): void {
    if (this.stack.length === 0) {
      for (let i = start; i < end; i++) {
        const c = buffer.charCodeAt(i);
        if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d && c !== 0xfeff) {
          throw this.error('text outside the root element', i);
        }
      }
      return;
    }
    const raw = buffer.slice(start, end);
    this.sink.text(raw.indexOf('&') < 0 ? raw : this.decode(raw, start));
  }

  /** Handles the markup at `lt`; returns the position after it, or -1 when it is incomplete. */
  private markup(buffer: string, lt: number, final: boolean): number {
    const c1 = buffer.charCodeAt(lt + 1);
    if (c1 === 0x2f /* / */) return this.endTag(buffer, lt, final);
    if (c1 === 0x21 /* ! */) {
      if (buffer.startsWith('<!--', lt)) return this.skipUntil(buffer, lt, '-->', final, 'comment');
      if (buffer.startsWith('<![CDATA[', lt)) return this.cdata(buffer, lt, final);
      if (buffer.startsWith('<!DOCTYPE', lt)) return this.skipUntil(buffer, lt, '>', final, 'DOCTYPE');
      if (lt + 9 > buffer.length && !final) return -1;
      throw this.error('unexpected "<!"', lt);
    }
    if (c1 === 0x3f /* ? */) return this.skipUntil(buffer, lt, '?>', final, 'processing instruction');
    if (Number.isNaN(c1)) {
      if (final) throw this.error('the document ends inside a tag', lt);
      return -1;
    }
    return this.startTag(buffer, lt, final);
  }

  private skipUntil(buffer: string, lt: number, terminator: string, final: boolean, what: string): number {
    const end = buffer.indexOf(terminator, lt + 2);
    if (end < 0) {
      if (final) throw this.error(`unterminated ${what}`, lt);
      return -1;
    }
    return end + terminator.length;
  }

  private cdata(buffer: string, lt: number, final: boolean): number {
    const end = buffer.indexOf(']]>', lt + 9);
    if (end < 0) {
      if (final) throw this.error('unterminated CDATA section', lt);
      return -1;
    }
    if (this.stack.length === 0) throw this.error('CDATA outside the root element', lt);
    this.sink.text(buffer.slice(lt + 9, end));
    return end + 3;
  }

  private endTag(buffer: string, lt: number, final: boolean): number {
    const gt = buffer.indexOf('>', lt + 2);
    if (gt < 0) {
      if (final) throw this.error('the document ends inside an end tag', lt);
      return -1;
    }
    const name = buffer.slice(lt + 2, gt).trimEnd();
    const open = this.stack.pop();
    if (open === undefined) throw this.error(`end tag </${name}> without a start tag`, lt);
    if (open !== name) {
      this.stack.push(open);
      throw this.error(`end tag </${name}> does not match <${open}>`, lt);
    }
    this.sink.close(name);
    return gt + 1;
  }

  private startTag(buffer: string, lt: number, final: boolean): number {
    let i = lt + 1;
    const length = buffer.length;
    while (i < length && !isTagNameEnd(buffer.charCodeAt(i))) i++;
    if (i === length) {
      if (final) throw this.error('the document ends inside a tag', lt);
      return -1;
    }
    const name = buffer.slice(lt + 1, i);
    if (name.length === 0 || !isNameStart(name.charCodeAt(0))) throw this.error('invalid tag name', lt);
    let attributes: XmlAttributes | null = null;
    for (;;) {
      while (i < length && isSpace(buffer.charCodeAt(i))) i++;
      if (i >= length) {
        if (final) throw this.error(`the document ends inside <${name}>`, lt);
        return -1;
      }
      const c = buffer.charCodeAt(i);
      if (c === 0x3e /* > */) {
        this.openElement(name, attributes, lt);
        return i + 1;
      }
      if (c === 0x2f /* / */) {
        if (i + 1 >= length) {
          if (final) throw this.error(`the document ends inside <${name}>`, lt);
          return -1;
        }
        if (buffer.charCodeAt(i + 1) !== 0x3e) throw this.error(`malformed tag <${name}>`, i);
        this.openElement(name, attributes, lt);
        this.stack.pop();
        this.sink.close(name);
        return i + 2;
      }
      const eq = buffer.indexOf('=', i);
      if (eq < 0) {
        if (final) throw this.error(`the document ends inside <${name}>`, lt);
        return -1;
      }
      const attrName = buffer.slice(i, eq).trimEnd();
      if (attrName.length === 0 || /[\s<>"'/]/.test(attrName)) throw this.error(`malformed attribute in <${name}>`, i);
      let q = eq + 1;
      while (q < length && isSpace(buffer.charCodeAt(q))) q++;
      if (q >= length) {
        if (final) throw this.error(`the document ends inside <${name}>`, lt);
        return -1;
      }
      const quote = buffer[q];
      if (quote !== '"' && quote !== "'") throw this.error(`attribute ${attrName} of <${name}> is not quoted`, q);
      const close = buffer.indexOf(quote, q + 1);
      if (close < 0) {
        if (final) throw this.error(`the document ends inside <${name}>`, lt);
        return -1;
      }
      const raw = buffer.slice(q + 1, close);
      if (raw.indexOf('<') >= 0) throw this.error(`"<" in attribute ${attrName} of <${name}>`, q);
      attributes ??= {};
      attributes[attrName] = raw.indexOf('&') < 0 ? raw : this.decode(raw, q + 1);
      i = close + 1;
      const after = buffer.charCodeAt(i);
      if (i < length && !isSpace(after) && after !== 0x3e && after !== 0x2f) {
        throw this.error(`missing space between attributes of <${name}>`, i);
      }
    }
  }

  private openElement(name: string, attributes: XmlAttributes | null, at: number): void {
    if (this.stack.length === 0) {
      if (this.rootSeen) throw this.error(`a second root element <${name}>`, at);
      this.rootSeen = true;
    }
    this.stack.push(name);
    this.sink.open(name, attributes);
  }

  private decode(raw: string, offset: number): string {
    let out = '';
    let last = 0;
    let amp = raw.indexOf('&');
    while (amp >= 0) {
      const semi = raw.indexOf(';', amp + 1);
      if (semi < 0 || semi - amp > 12) throw this.error('"&" that starts no entity', offset + amp);
      out += raw.slice(last, amp) + this.entity(raw.slice(amp + 1, semi), offset + amp);
      last = semi + 1;
      amp = raw.indexOf('&', last);
    }
    return out + raw.slice(last);
  }

  private entity(name: string, at: number): string {
    switch (name) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
    }
    if (name.charCodeAt(0) === 0x23 /* # */) {
      const hex = name[1] === 'x';
      const digits = name.slice(hex ? 2 : 1);
      const valid = hex ? /^[0-9a-fA-F]+$/.test(digits) : /^[0-9]+$/.test(digits);
      const code = valid ? parseInt(digits, hex ? 16 : 10) : NaN;
      if (valid && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)) return String.fromCodePoint(code);
    }
    throw this.error(`unknown entity &${name};`, at);
  }
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  let i = text.indexOf('\n', from);
  while (i >= 0 && i < to) {
    n++;
    i = text.indexOf('\n', i + 1);
  }
  return n;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

function isTagNameEnd(c: number): boolean {
  return c === 0x3e || c === 0x2f || c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a || c > 0x7f;
}
