// A streaming XML tokenizer over bytes, fast enough for multi-gigabyte MediaWiki dumps, with line numbers for errors.
//
// General-purpose SAX parsers check every character in JavaScript (saxes runs at ~20 MB/s here);
// this one jumps between markup with native byte searches and never turns character data into
// JavaScript strings itself: the sink receives the bytes (entities decoded), so a page text can
// go from the file to SQLite without being decoded from UTF-8 and encoded again. It accepts
// well-formed XML 1.0 documents: elements, attributes, the five predefined entities and character
// references, CDATA, comments, processing instructions and a DOCTYPE without an internal subset;
// anything else is an XmlError.

export type XmlAttributes = Record<string, string>;

export interface XmlSink {
  open(name: string, attributes: XmlAttributes | null): void;
  /**
   * Character data in document order, entities decoded: `bytes[start, end)`, valid only during
   * the call. One text node may arrive in several pieces, each cut between UTF-8 characters.
   */
  text(bytes: Buffer, start: number, end: number): void;
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
const TEXT_FLUSH_BYTES = 1 << 16;
/** Below this many bytes a search is a JavaScript loop: a native search would run on past the range. */
const SHORT_RANGE = 64;

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SEMI = 0x3b;
const NL = 0x0a;
const CR = 0x0d;
const SLASH = 0x2f;

const EMPTY = Buffer.alloc(0);

export class XmlTokenizer {
  /** Bytes not parsed yet start at `pos`; `view` is `buffer` up to the data's end. */
  private buffer: Buffer = EMPTY;
  /** Newlines in buffer[from, to). */
  private countNewlines: (from: number, to: number) => number = (from, to) => countNewlines(this.buffer, from, to);
  /** WebAssembly's decoding of the common entities (see TokenizerMemory), when the buffer is in its memory. */
  private decodeEntities: ((from: number, to: number, out: number) => number) | null = null;
  /** Where it writes: after the buffer, in the same memory. */
  private entityOutput: Buffer = EMPTY;
  private view: Buffer = EMPTY;
  private pos = 0;
  /** Newlines are counted lazily and only forwards: the line number at view[countedTo]. */
  private countedTo = 0;
  private countedLine = 1;
  /** Characters of the current line before `view` starts (it was compacted mid-line): columns do not depend on how the data was cut. */
  private columnCarry = 0;
  private readonly stack: string[] = [];
  private rootSeen = false;
  private ended = false;
  /** The last chunk ended with CR: a LF opening the next one belongs to it. */
  private crPending = false;
  private atDocumentStart = true;
  private scratch: Buffer = Buffer.allocUnsafe(1 << 16);
  private readonly names = new ByteStringCache();
  /** Attribute values apart from names: a dump repeats a few (`preserve`, `first-letter`) among many that differ (`bytes`, `sha1`). */
  private readonly attributeValues = new ByteStringCache();
  /** The first `&` at or after `ampFrom` in `view` (-1: none): one native search serves many text nodes. */
  private ampFrom = 0;
  private ampAt = -2;

  constructor(private readonly sink: XmlSink) {}

  /**
   * Starts in the middle of a document, inside its root element `root` and at the beginning of a
   * line (a segment of a file read by several threads): no root element is expected any more.
   */
  beginInside(root: string): void {
    this.stack.push(root);
    this.rootSeen = true;
    this.atDocumentStart = false;
  }

  /** Whether everything not parsed yet is white space (nothing half-read at the end of the data). */
  restIsSpace(): boolean {
    for (let i = this.pos; i < this.view.length; i++) if (!isSpace(this.view[i]!)) return false;
    return true;
  }

  /** Newlines in all the data written so far (after XML's end-of-line handling). */
  newlinesSeen(): number {
    return this.lineAt(this.view.length) - 1;
  }

  /** Elements currently open, outermost first. */
  get openElements(): readonly string[] {
    return this.stack;
  }

  write(chunk: Uint8Array): void {
    this.append(chunk);
    this.run(false);
  }

  /** Adds data without parsing it yet (while a reader looks for a place to resume). */
  append(chunk: Uint8Array): void {
    if (this.ended) throw new Error('XmlTokenizer: write after end');
    let bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.crPending && bytes.length > 0 && bytes[0] === NL) bytes = bytes.subarray(1);
    if (bytes.indexOf(CR) >= 0) bytes = this.normalizeNewlines(bytes);
    if (this.atDocumentStart && bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    if (bytes.length > 0) this.atDocumentStart = false;
    const tail = this.view.length - this.pos;
    const needed = tail + bytes.length;
    if (this.pos > 0) {
      this.countedLine = this.lineAt(this.pos);
      this.countedTo = 0;
      const newline = this.view.lastIndexOf(NL, this.pos - 1);
      this.columnCarry = newline >= 0 ? this.view.toString('utf8', newline + 1, this.pos).length : this.columnCarry + this.view.toString('utf8', 0, this.pos).length;
    }
    if (needed > this.buffer.length) {
      const memory = allocateMemory(Math.max(needed, this.buffer.length * 2, 1 << 20));
      const bigger = memory.bytes;
      this.view.copy(bigger, 0, this.pos);
      this.buffer = bigger;
      this.countNewlines = memory.countNewlines;
      this.decodeEntities = memory.decodeEntities;
      this.entityOutput = memory.entityOutput;
    } else if (this.pos > 0 && tail > 0) {
      this.buffer.copy(this.buffer, 0, this.pos, this.view.length);
    }
    bytes.copy(this.buffer, tail);
    this.view = this.buffer.subarray(0, needed);
    this.pos = 0;
    this.ampAt = -2;
  }

  /** XML's end-of-line handling: CR LF and lone CR become LF. */
  private normalizeNewlines(bytes: Buffer): Buffer {
    const out = Buffer.allocUnsafe(bytes.length);
    let n = 0;
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i]!;
      if (c !== CR) {
        out[n++] = c;
        continue;
      }
      out[n++] = NL;
      if (bytes[i + 1] === NL) i++;
    }
    this.crPending = bytes[bytes.length - 1] === CR;
    return out.subarray(0, n);
  }

  end(): void {
    this.run(true);
    this.ended = true;
    if (this.stack.length > 0) {
      const open = this.stack[this.stack.length - 1]!;
      throw this.error(`the document ends inside <${open}>: the file is truncated or incomplete`, this.view.length);
    }
    if (!this.rootSeen) throw this.error('the document has no root element', this.view.length);
  }

  /** Line of a position in the current data (default: where parsing stopped), without the cost of its column. */
  lineNumber(at = this.pos): number {
    return this.lineAt(at);
  }

  /** Line and column (in characters) of a position in the current data (default: where parsing stopped). */
  position(at = this.pos): { line: number; column: number } {
    const line = this.lineAt(at);
    const newline = at > 0 ? this.view.lastIndexOf(NL, at - 1) : -1;
    const before = newline >= 0 ? 0 : this.columnCarry;
    return { line, column: before + this.view.toString('utf8', newline + 1, at).length + 1 };
  }

  /**
   * After an error: forget the open elements below `depth` and continue at the next `marker`
   * (e.g. `<page>`), which lets a reader skip one broken record and go on with the rest.
   * Returns false when the marker is not in the data seen so far; call again after more writes.
   */
  resync(marker: string, depth: number): boolean {
    this.stack.length = Math.min(this.stack.length, depth);
    const at = this.view.indexOf(marker, this.pos);
    if (at < 0) {
      this.pos = Math.max(this.pos, this.view.length - marker.length);
      return false;
    }
    this.pos = at;
    return true;
  }

  private lineAt(at: number): number {
    if (at < this.countedTo) return this.countedLine - this.countNewlines(at, this.countedTo);
    this.countedLine += this.countNewlines(this.countedTo, at);
    this.countedTo = at;
    return this.countedLine;
  }

  private error(message: string, at: number): XmlError {
    const { line, column } = this.position(at);
    return new XmlError(message, line, column);
  }

  private run(final: boolean): void {
    const view = this.view;
    const length = view.length;
    let pos = this.pos;
    while (pos < length) {
      const lt = indexFrom(view, LT, pos);
      if (lt !== pos) {
        const textEnd = lt < 0 ? length : lt;
        if (lt < 0 && !final) {
          // Keep a possibly cut entity, a cut character or a short tail until more data comes.
          if (textEnd - pos < TEXT_FLUSH_BYTES) break;
          const cut = safeCut(view, pos, textEnd);
          if (cut > pos) this.emitText(pos, cut);
          this.pos = cut;
          return;
        }
        this.emitText(pos, textEnd);
        this.pos = pos = textEnd;
        if (lt < 0) return;
      }
      // A sink or markup error leaves this.pos at the markup that failed, for resync().
      const next = this.markup(pos, final);
      if (next < 0) return;
      this.pos = pos = next;
    }
  }

  private emitText(start: number, end: number): void {
    const view = this.view;
    if (this.stack.length === 0) {
      for (let i = start; i < end; i++) {
        const c = view[i]!;
        if (c === 0x20 || c === NL || c === 0x09 || c === CR) continue;
        // U+FEFF (a byte order mark) counts as white space here.
        if (c === 0xef && view[i + 1] === 0xbb && view[i + 2] === 0xbf && i + 2 < end) {
          i += 2;
          continue;
        }
        throw this.error('text outside the root element', i);
      }
      return;
    }
    const amp = this.nextAmp(start, end);
    if (amp < 0) return this.sink.text(view, start, end);
    // WebAssembly decodes what dumps hold; it leaves anything else (character references, errors) to decodeInto.
    const output = this.entityOutput.byteOffset;
    const decoded = this.decodeEntities !== null ? this.decodeEntities(start, end, output) : -1;
    if (decoded >= 0) return this.sink.text(this.entityOutput, 0, decoded - output);
    // Decoding may replace the scratch buffer by a bigger one: read it afterwards.
    const length = this.decodeInto(start, end, amp);
    this.sink.text(this.scratch, 0, length);
  }

  /** Character data with entities, decoded into `scratch`; returns the decoded length. */
  private decodeInto(start: number, end: number, firstAmp: number): number {
    const view = this.view;
    if (this.scratch.length < end - start) this.scratch = Buffer.allocUnsafe(Math.max(end - start, this.scratch.length * 2));
    const out = this.scratch;
    // The text goes over in one copy; then each entity is written over its own bytes and the run
    // after it moves back over the gap (copyWithin costs less per call than a copy between buffers).
    copyBytes(view, start, end, out, 0);
    let n = firstAmp - start;
    let amp = firstAmp;
    for (;;) {
      // Wiki text is full of the four entities below: they are recognised without looking for the `;` first.
      const c1 = view[amp + 1];
      let next: number;
      if (c1 === 0x6c /* l */ && view[amp + 2] === 0x74 && view[amp + 3] === SEMI && amp + 3 < end) {
        out[n++] = LT;
        next = amp + 4;
      } else if (c1 === 0x67 /* g */ && view[amp + 2] === 0x74 && view[amp + 3] === SEMI && amp + 3 < end) {
        out[n++] = GT;
        next = amp + 4;
      } else if (c1 === 0x71 /* q */ && view[amp + 2] === 0x75 && view[amp + 3] === 0x6f && view[amp + 4] === 0x74 && view[amp + 5] === SEMI && amp + 5 < end) {
        out[n++] = 0x22;
        next = amp + 6;
      } else if (c1 === 0x61 /* a */ && view[amp + 2] === 0x6d && view[amp + 3] === 0x70 && view[amp + 4] === SEMI && amp + 4 < end) {
        out[n++] = AMP;
        next = amp + 5;
      } else {
        let semi = -1;
        const limit = Math.min(end, amp + 13);
        for (let i = amp + 1; i < limit; i++) {
          if (view[i] === SEMI) {
            semi = i;
            break;
          }
        }
        if (semi < 0) throw this.error('"&" that starts no entity', amp);
        n = this.entityInto(amp + 1, semi, out, n);
        next = semi + 1;
      }
      amp = this.nextAmp(next, end);
      const runEnd = amp < 0 ? end : amp;
      if (runEnd - next > 16) out.copyWithin(n, next - start, runEnd - start);
      else for (let i = next; i < runEnd; i++) out[n + i - next] = view[i]!;
      n += runEnd - next;
      if (amp < 0) return n;
    }
  }

  /** Index of the first `&` in view[start, end), or -1. */
  private nextAmp(start: number, end: number): number {
    if (end - start <= SHORT_RANGE) return indexInRange(this.view, AMP, start, end);
    if (this.ampAt === -2 || start < this.ampFrom || (this.ampAt >= 0 && this.ampAt < start)) {
      this.ampFrom = start;
      this.ampAt = this.view.indexOf(AMP, start);
    }
    return this.ampAt >= 0 && this.ampAt < end ? this.ampAt : -1;
  }

  /** Writes the UTF-8 of the entity named by view[from, to) at out[n]; returns the new length. */
  private entityInto(from: number, to: number, out: Buffer, n: number): number {
    const view = this.view;
    const length = to - from;
    const c0 = view[from]!;
    if (length === 2 && view[from + 1] === 0x74 /* t */) {
      if (c0 === 0x6c /* l */) {
        out[n] = LT;
        return n + 1;
      }
      if (c0 === 0x67 /* g */) {
        out[n] = GT;
        return n + 1;
      }
    }
    if (length === 3 && c0 === 0x61 && view[from + 1] === 0x6d && view[from + 2] === 0x70) {
      out[n] = AMP;
      return n + 1;
    }
    if (length === 4 && startsWith(view, from, 'quot')) {
      out[n] = 0x22;
      return n + 1;
    }
    if (length === 4 && startsWith(view, from, 'apos')) {
      out[n] = 0x27;
      return n + 1;
    }
    const name = view.toString('latin1', from, to);
    if (c0 === 0x23 /* # */) {
      const hex = name[1] === 'x';
      const digits = name.slice(hex ? 2 : 1);
      const valid = hex ? /^[0-9a-fA-F]+$/.test(digits) : /^[0-9]+$/.test(digits);
      const code = valid ? parseInt(digits, hex ? 16 : 10) : NaN;
      if (valid && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)) {
        return n + out.write(String.fromCodePoint(code), n, 'utf8');
      }
    }
    throw this.error(`unknown entity &${view.toString('utf8', from, to)};`, from - 1);
  }

  /** Handles the markup at `lt`; returns the position after it, or -1 when it is incomplete. */
  private markup(lt: number, final: boolean): number {
    const view = this.view;
    const c1 = lt + 1 < view.length ? view[lt + 1]! : -1;
    if (c1 === SLASH) return this.endTag(lt, final);
    if (c1 === 0x21 /* ! */) {
      if (startsWith(view, lt, '<!--')) return this.skipUntil(lt, '-->', final, 'comment');
      if (startsWith(view, lt, '<![CDATA[')) return this.cdata(lt, final);
      if (startsWith(view, lt, '<!DOCTYPE')) return this.skipUntil(lt, '>', final, 'DOCTYPE');
      if (lt + 9 > view.length && !final) return -1;
      throw this.error('unexpected "<!"', lt);
    }
    if (c1 === 0x3f /* ? */) return this.skipUntil(lt, '?>', final, 'processing instruction');
    if (c1 < 0) {
      if (final) throw this.error('the document ends inside a tag', lt);
      return -1;
    }
    return this.startTag(lt, final);
  }

  private skipUntil(lt: number, terminator: string, final: boolean, what: string): number {
    const end = this.view.indexOf(terminator, lt + 2);
    if (end < 0) {
      if (final) throw this.error(`unterminated ${what}`, lt);
      return -1;
    }
    return end + terminator.length;
  }

  private cdata(lt: number, final: boolean): number {
    const end = this.view.indexOf(']]>', lt + 9);
    if (end < 0) {
      if (final) throw this.error('unterminated CDATA section', lt);
      return -1;
    }
    if (this.stack.length === 0) throw this.error('CDATA outside the root element', lt);
    this.sink.text(this.view, lt + 9, end);
    return end + 3;
  }

  private endTag(lt: number, final: boolean): number {
    const view = this.view;
    const gt = indexFrom(view, GT, lt + 2);
    if (gt < 0) {
      if (final) throw this.error('the document ends inside an end tag', lt);
      return -1;
    }
    let nameEnd = gt;
    while (nameEnd > lt + 2 && isSpace(view[nameEnd - 1]!)) nameEnd--;
    const expected = this.stack.length > 0 ? this.stack[this.stack.length - 1]! : null;
    if (expected !== null && expected.length === nameEnd - lt - 2 && isAsciiName(expected, view, lt + 2)) {
      // The usual case, the innermost element closing: compared in place, no name to look up.
      this.stack.pop();
      this.sink.close(expected);
      return gt + 1;
    }
    const name = this.names.get(view, lt + 2, nameEnd);
    const open = this.stack.pop();
    if (open === undefined) throw this.error(`end tag </${name}> without a start tag`, lt);
    if (open !== name) {
      this.stack.push(open);
      throw this.error(`end tag </${name}> does not match <${open}>`, lt);
    }
    this.sink.close(name);
    return gt + 1;
  }

  private startTag(lt: number, final: boolean): number {
    const view = this.view;
    const length = view.length;
    let i = lt + 1;
    let hash = 0;
    for (; i < length; i++) {
      const c = view[i]!;
      if (TAG_NAME_END[c] === 1) break;
      hash = nextHash(hash, c);
    }
    if (i === length) {
      if (final) throw this.error('the document ends inside a tag', lt);
      return -1;
    }
    if (i === lt + 1 || !isNameStart(view[lt + 1]!)) throw this.error('invalid tag name', lt);
    const name = this.names.lookup(hash, view, lt + 1, i);
    let attributes: XmlAttributes | null = null;
    for (;;) {
      while (i < length && isSpace(view[i]!)) i++;
      if (i >= length) {
        if (final) throw this.error(`the document ends inside <${name}>`, lt);
        return -1;
      }
      const c = view[i]!;
      if (c === GT) {
        this.openElement(name, attributes, lt);
        return i + 1;
      }
      if (c === SLASH) {
        if (i + 1 >= length) {
          if (final) throw this.error(`the document ends inside <${name}>`, lt);
          return -1;
        }
        if (view[i + 1] !== GT) throw this.error(`malformed tag <${name}>`, i);
        this.openElement(name, attributes, lt);
        this.stack.pop();
        this.sink.close(name);
        return i + 2;
      }
      // The usual name, plain bytes right up to the `=`, is read in one pass; anything else the general way.
      let eq = i;
      let hash = 0;
      for (; eq < length && PLAIN_NAME_BYTE[view[eq]!] === 1; eq++) hash = nextHash(hash, view[eq]!);
      let attrName: string;
      if (eq > i && eq < length && view[eq] === 0x3d /* = */) {
        attrName = this.names.lookup(hash, view, i, eq);
      } else {
        eq = view.indexOf(0x3d /* = */, i);
        if (eq < 0) {
          if (final) throw this.error(`the document ends inside <${name}>`, lt);
          return -1;
        }
        attrName = view.toString('utf8', i, eq).trimEnd();
        if (attrName.length === 0 || /[\s<>"'/]/.test(attrName)) throw this.error(`malformed attribute in <${name}>`, i);
      }
      let q = eq + 1;
      while (q < length && isSpace(view[q]!)) q++;
      if (q >= length) {
        if (final) throw this.error(`the document ends inside <${name}>`, lt);
        return -1;
      }
      const quote = view[q]!;
      if (quote !== 0x22 && quote !== 0x27) throw this.error(`attribute ${attrName} of <${name}> is not quoted`, q);
      const close = indexFrom(view, quote, q + 1);
      if (close < 0) {
        if (final) throw this.error(`the document ends inside <${name}>`, lt);
        return -1;
      }
      attributes ??= {};
      attributes[attrName] = this.attributeValue(q + 1, close, attrName, name, q);
      i = close + 1;
      const after = i < length ? view[i]! : -1;
      if (i < length && !isSpace(after) && after !== GT && after !== SLASH) {
        throw this.error(`missing space between attributes of <${name}>`, i);
      }
    }
  }

  /** The value of an attribute, view[start, end) between its quotes, entities decoded. */
  private attributeValue(start: number, end: number, attrName: string, element: string, quote: number): string {
    const view = this.view;
    if (end - start <= SHORT_RANGE) {
      let hash = 0;
      let amp = -1;
      for (let i = start; i < end; i++) {
        const c = view[i]!;
        if (c === LT) throw this.error(`"<" in attribute ${attrName} of <${element}>`, quote);
        if (c === AMP && amp < 0) amp = i;
        hash = nextHash(hash, c);
      }
      return amp < 0 ? this.attributeValues.lookup(hash, view, start, end) : this.scratchString(start, end, amp);
    }
    if (indexInRange(view, LT, start, end) >= 0) throw this.error(`"<" in attribute ${attrName} of <${element}>`, quote);
    const amp = indexInRange(view, AMP, start, end);
    return amp < 0 ? view.toString('utf8', start, end) : this.scratchString(start, end, amp);
  }

  private scratchString(start: number, end: number, amp: number): string {
    const length = this.decodeInto(start, end, amp);
    return this.scratch.toString('utf8', 0, length);
  }

  private openElement(name: string, attributes: XmlAttributes | null, at: number): void {
    if (this.stack.length === 0) {
      if (this.rootSeen) throw this.error(`a second root element <${name}>`, at);
      this.rootSeen = true;
    }
    this.stack.push(name);
    this.sink.open(name, attributes);
  }
}

/**
 * The tokenizer's buffer lives in WebAssembly memory, where two loops work sixteen bytes at a time
 * (SIMD): counting newlines (every byte of a dump goes through it, records carry their line; a
 * native search per newline, one every 50 bytes of wiki text, cost three times as much), and
 * copying character data to `entityOutput` (after the buffer in the same memory) with the five
 * predefined entities decoded (a native search and copy per entity cost four times as much). The
 * module, assembled by hand from this text (test/import/xml-tokenizer.test.ts checks both loops):
 *
 *   (module
 *     (import "env" "memory" (memory 1))
 *     (func (export "countNewlines") (param $from i32) (param $to i32) (result i32)
 *       (local $count i32) (local $newlines v128)
 *       (local.set $newlines (i8x16.splat (i32.const 10)))
 *       (block $done
 *         (loop $sixteen
 *           (br_if $done (i32.gt_u (i32.add (local.get $from) (i32.const 16)) (local.get $to)))
 *           (local.set $count (i32.add (local.get $count)
 *             (i32.popcnt (i8x16.bitmask (i8x16.eq (v128.load (local.get $from)) (local.get $newlines))))))
 *           (local.set $from (i32.add (local.get $from) (i32.const 16)))
 *           (br $sixteen)))
 *       (block $tail
 *         (loop $byte
 *           (br_if $tail (i32.ge_u (local.get $from) (local.get $to)))
 *           (local.set $count (i32.add (local.get $count) (i32.eq (i32.load8_u (local.get $from)) (i32.const 10))))
 *           (local.set $from (i32.add (local.get $from) (i32.const 1)))
 *           (br $byte)))
 *       (local.get $count))
 *     ;; Copies [from, to) to out with &lt; &gt; &amp; &quot; &apos; decoded; returns the end of the
 *     ;; output, or -1 at any other "&" (decodeInto then does the whole text again). Writes up to
 *     ;; 15 bytes past the output, and reads up to 5 past `to`.
 *     (func (export "decodeEntities") (param $from i32) (param $to i32) (param $out i32) (result i32)
 *       (local $amps v128) (local $chunk v128) (local $mask i32) (local $word i32)
 *       (local.set $amps (i8x16.splat (i32.const 38)))
 *       (loop $next
 *         (block $atAmp
 *           (block $scalar
 *             (loop $simd
 *               (br_if $scalar (i32.gt_u (i32.add (local.get $from) (i32.const 16)) (local.get $to)))
 *               (local.set $chunk (v128.load (local.get $from)))
 *               (v128.store (local.get $out) (local.get $chunk))
 *               (local.set $mask (i8x16.bitmask (i8x16.eq (local.get $chunk) (local.get $amps))))
 *               (if (local.get $mask) (then
 *                 (local.set $from (i32.add (local.get $from) (i32.ctz (local.get $mask))))
 *                 (local.set $out (i32.add (local.get $out) (i32.ctz (local.get $mask))))
 *                 (br $atAmp)))
 *               (local.set $from (i32.add (local.get $from) (i32.const 16)))
 *               (local.set $out (i32.add (local.get $out) (i32.const 16)))
 *               (br $simd)))
 *           (loop $byte
 *             (if (i32.ge_u (local.get $from) (local.get $to)) (then (return (local.get $out))))
 *             (local.set $word (i32.load8_u (local.get $from)))
 *             (br_if $atAmp (i32.eq (local.get $word) (i32.const 38)))
 *             (i32.store8 (local.get $out) (local.get $word))
 *             (local.set $from (i32.add (local.get $from) (i32.const 1)))
 *             (local.set $out (i32.add (local.get $out) (i32.const 1)))
 *             (br $byte)))
 *         (local.set $word (i32.load (local.get $from)))
 *         ;; For each entity: the bytes, its ";" before `to`, then its character.
 *         (if (i32.and (i32.eq (local.get $word) (i32.const 0x3b746c26 (; "&lt;" ;)))
 *                      (i32.lt_u (i32.add (local.get $from) (i32.const 3)) (local.get $to)))
 *           (then (i32.store8 (local.get $out) (i32.const 0x3c))
 *                 (local.set $from (i32.add (local.get $from) (i32.const 4)))
 *                 (local.set $out (i32.add (local.get $out) (i32.const 1)))
 *                 (br $next)))
 *         ;; the same for "&gt;" (0x3b746726) -> 0x3e; "&amp" (0x706d6126) and a ";" at $from + 4
 *         ;; -> 0x26; "&quo" (0x6f757126) and "t;" (0x3b74) at $from + 4 -> 0x22; "&apo"
 *         ;; (0x6f706126) and "s;" (0x3b73) -> 0x27
 *         (return (i32.const -1)))
 *       (i32.const -1)))
 */
const TOKENIZER_WASM =
  'AGFzbQEAAAABDgJgAn9/AX9gA39/fwF/Ag8BA2VudgZtZW1vcnkCAAEDAwIAAQciAg1jb3VudE5ld2xpbmVzAAAOZGVjb2RlRW50aXRpZXMAAQqMBAJcAgF/AXtBCv0PIQMCQANAIABBEGogAUsNASACIAD9AAAAIAP9I/1kaWohAiAAQRBqIQAMAAsLAkADQCAAIAFPDQEgAiAALQAAQQpGaiECIABBAWohAAwACwsgAgusAwICewJ/QSb9DyEDA0ACQAJAA0AgAEEQaiABSw0BIAD9AAAAIQQgAiAE/QsAACAEIAP9I/1kIQUgBQRAIAAgBWhqIQAgAiAFaGohAgwDCyAAQRBqIQAgAkEQaiECDAALCwNAIAAgAU8EQCACDwsgAC0AACEGIAZBJkYNASACIAY6AAAgAEEBaiEAIAJBAWohAgwACwsgACgAACEGIAZBptjR2wNGQQEgAEEDaiABSXFxBEAgAkE8OgAAIABBBGohACACQQFqIQIMAQsgBkGmztHbA0ZBASAAQQNqIAFJcXEEQCACQT46AAAgAEEEaiEAIAJBAWohAgwBCyAGQabCtYMHRiAAQQRqLQAAQTtGIABBBGogAUlxcQRAIAJBJjoAACAAQQVqIQAgAkEBaiECDAELIAZBpuLV+wZGIABBBGovAABB9PYARiAAQQVqIAFJcXEEQCACQSI6AAAgAEEGaiEAIAJBAWohAgwBCyAGQabCwfsGRiAAQQRqLwAAQfP2AEYgAEEFaiABSXFxBEAgAkEnOgAAIABBBmohACACQQFqIQIMAQtBfw8LQX8L';
const WASM_PAGE = 1 << 16;
let tokenizerModule: WebAssembly.Module | null | undefined;

interface TokenizerMemory {
  /** The buffer: at the start of the memory. */
  bytes: Buffer;
  countNewlines: (from: number, to: number) => number;
  /** null: no WebAssembly (or no SIMD) here, decodeInto does it all. */
  decodeEntities: ((from: number, to: number, out: number) => number) | null;
  /** Where decodeEntities writes: room for the decoded text of anything in `bytes`, and its overshoot. */
  entityOutput: Buffer;
}

/** A buffer of at least `size` bytes in WebAssembly memory with the module's loops over it (a plain Buffer when the module cannot be compiled here). */
function allocateMemory(size: number): TokenizerMemory {
  if (tokenizerModule === undefined) {
    try {
      tokenizerModule = new WebAssembly.Module(Buffer.from(TOKENIZER_WASM, 'base64'));
    } catch {
      tokenizerModule = null;
    }
  }
  if (tokenizerModule === null) {
    const bytes = Buffer.allocUnsafe(size);
    return { bytes, countNewlines: (from, to) => countNewlines(bytes, from, to), decodeEntities: null, entityOutput: EMPTY };
  }
  const memory = new WebAssembly.Memory({ initial: Math.ceil((2 * size + 64) / WASM_PAGE) });
  const exports = new WebAssembly.Instance(tokenizerModule, { env: { memory } }).exports;
  return {
    bytes: Buffer.from(memory.buffer, 0, size),
    countNewlines: exports.countNewlines as (from: number, to: number) => number,
    decodeEntities: exports.decodeEntities as (from: number, to: number, out: number) => number,
    entityOutput: Buffer.from(memory.buffer, size, memory.buffer.byteLength - size),
  };
}

/** The hash ByteStringCache files a byte string under, built a byte at a time (from 0) by its caller. */
export function nextHash(hash: number, byte: number): number {
  return (Math.imul(hash, 31) + byte) | 0;
}

const CACHE_SLOTS = 1024;
const CACHED_BYTES = 32;

/**
 * Strings of short byte runs decoded once: a dump repeats the same few dozen element names, content
 * models and user names millions of times. One entry per slot, the newest kept: a value that does
 * not repeat costs its hash and the copy of its bytes.
 */
export class ByteStringCache {
  private readonly keys = new Uint8Array(CACHE_SLOTS * CACHED_BYTES);
  private readonly keyLengths = new Int32Array(CACHE_SLOTS).fill(-1);
  private readonly strings: string[] = new Array<string>(CACHE_SLOTS).fill('');

  get(bytes: Buffer, start: number, end: number): string {
    if (end - start > CACHED_BYTES) return bytes.toString('utf8', start, end);
    let hash = 0;
    for (let i = start; i < end; i++) hash = nextHash(hash, bytes[i]!);
    return this.lookup(hash, bytes, start, end);
  }

  /** `get` with the hash of bytes[start, end) already made by the caller (see nextHash). */
  lookup(hash: number, bytes: Buffer, start: number, end: number): string {
    const length = end - start;
    if (length > CACHED_BYTES) return bytes.toString('utf8', start, end);
    const slot = (hash ^ (hash >>> 11) ^ length) & (CACHE_SLOTS - 1);
    const keys = this.keys;
    const at = slot * CACHED_BYTES;
    if (this.keyLengths[slot] === length) {
      let i = 0;
      while (i < length && keys[at + i] === bytes[start + i]) i++;
      if (i === length) return this.strings[slot]!;
    }
    const text = bytes.toString('utf8', start, end);
    for (let i = 0; i < length; i++) keys[at + i] = bytes[start + i]!;
    this.keyLengths[slot] = length;
    this.strings[slot] = text;
    return text;
  }
}

/** Whether bytes[start, start + name.length) spell `name`, which must be ASCII for a match. */
function isAsciiName(name: string, bytes: Buffer, start: number): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c !== bytes[start + i] || c >= 0x80) return false;
  }
  return true;
}

/** Index of `byte` from `start` on: a short loop first (markup is close together), then a native search. */
function indexFrom(bytes: Buffer, byte: number, start: number): number {
  const stop = Math.min(bytes.length, start + 32);
  for (let i = start; i < stop; i++) if (bytes[i] === byte) return i;
  return stop === bytes.length ? -1 : bytes.indexOf(byte, stop);
}

/** Copies source[start, end) to target[at]; returns the end of the copy there. Short runs in a loop: a native call costs more. */
function copyBytes(source: Buffer, start: number, end: number, target: Buffer, at: number): number {
  if (end - start > 48) return at + source.copy(target, at, start, end);
  for (let i = start; i < end; i++) target[at++] = source[i]!;
  return at;
}

/** Index of `byte` in bytes[start, end), or -1. */
function indexInRange(bytes: Buffer, byte: number, start: number, end: number): number {
  if (end - start <= SHORT_RANGE) {
    for (let i = start; i < end; i++) if (bytes[i] === byte) return i;
    return -1;
  }
  const at = bytes.subarray(start, end).indexOf(byte);
  return at < 0 ? -1 : start + at;
}

/** Where an unfinished text run may be cut: before a possibly incomplete entity or UTF-8 character. */
function safeCut(bytes: Buffer, start: number, end: number): number {
  let cut = end;
  for (let i = end - 1; i >= Math.max(start, end - 12); i--) {
    if (bytes[i] === AMP) {
      cut = i;
      break;
    }
  }
  // Cut before the last character when it is not ASCII: it may be incomplete.
  let lead = cut;
  while (lead > start && lead > cut - 4 && (bytes[lead - 1]! & 0xc0) === 0x80) lead--;
  if (lead > start && bytes[lead - 1]! >= 0xc0) return lead - 1;
  return cut;
}

function startsWith(bytes: Buffer, at: number, text: string): boolean {
  if (at + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

function countNewlines(bytes: Buffer, from: number, to: number): number {
  let n = 0;
  let i = bytes.indexOf(NL, from);
  while (i >= 0 && i < to) {
    n++;
    i = bytes.indexOf(NL, i + 1);
  }
  return n;
}

/** Bytes of an attribute name that need no trimming and cannot make it malformed (ASCII, no white space, none of `<>"'/=`). */
const PLAIN_NAME_BYTE = new Uint8Array(256);
for (let c = 0x21; c < 0x7f; c++) PLAIN_NAME_BYTE[c] = '<>"\'/='.includes(String.fromCharCode(c)) ? 0 : 1;

function isSpace(c: number): boolean {
  return c === 0x20 || c === NL || c === 0x09 || c === CR;
}

/** The bytes that end a tag's name: `>`, `/` and XML's white space. */
const TAG_NAME_END = new Uint8Array(256);
for (const c of [GT, SLASH, 0x20, NL, 0x09, CR]) TAG_NAME_END[c] = 1;

function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a || c > 0x7f;
}
