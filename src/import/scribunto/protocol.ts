// How values cross the pipes between Node and the Lua driver: one encoding, read and written by both sides.
//
// A message is `<byte length>\n` followed by its values, each written as:
//   n                nil              t / f        true / false
//   d<number>;       a finite number, shortest round-trip text (Lua writes %.17g): exact doubles
//   I / J / N        +inf / -inf / nan
//   s<bytes>:<raw>   a string, its bytes as they are (Lua strings are bytes; Node writes UTF-8)
//   T<count>:        a table, followed by count key/value pairs
// driver.lua holds the Lua half; keep the two in step.

import { LuaTable, type JsValue, type LuaKey, type LuaValue } from './types.ts';

/** The bytes of one message holding these values, header included. */
export function encodeMessage(values: readonly JsValue[]): Buffer {
  const parts: string[] = [];
  const open = new Set<object>();
  for (const value of values) encodeValue(value, parts, open);
  const body = Buffer.from(parts.join(''), 'utf8');
  return Buffer.concat([Buffer.from(`${body.length}\n`, 'latin1'), body]);
}

function encodeValue(value: JsValue, parts: string[], open: Set<object>): void {
  if (value === null || value === undefined) parts.push('n');
  else if (value === true) parts.push('t');
  else if (value === false) parts.push('f');
  else if (typeof value === 'number') parts.push(encodeNumber(value));
  else if (typeof value === 'string') parts.push(`s${Buffer.byteLength(value, 'utf8')}:`, value);
  else encodeTable(value, parts, open);
}

function encodeNumber(n: number): string {
  if (Number.isNaN(n)) return 'N';
  if (n === Infinity) return 'I';
  if (n === -Infinity) return 'J';
  return Object.is(n, -0) ? 'd-0;' : `d${n};`;
}

function encodeTable(value: LuaTable | JsValue[] | { [key: string]: JsValue }, parts: string[], open: Set<object>): void {
  if (open.has(value)) throw new TypeError('a table that contains itself cannot cross to Lua');
  open.add(value);
  const entries: Array<[LuaKey, JsValue]> = [];
  if (value instanceof LuaTable) {
    for (const [k, v] of value) if (v !== null) entries.push([k, v]);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (v !== null && v !== undefined) entries.push([i + 1, v]);
    });
  } else {
    for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) entries.push([k, v]);
  }
  parts.push(`T${entries.length}:`);
  for (const [k, v] of entries) {
    encodeValue(k, parts, open);
    encodeValue(v, parts, open);
  }
  open.delete(value);
}

/** A JsValue as the LuaValue Lua would hand back for it (arrays and objects become tables). */
export function toLuaValue(value: JsValue): LuaValue {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object' || value instanceof LuaTable) return value;
  const table = new LuaTable();
  if (Array.isArray(value)) value.forEach((v, i) => v !== null && v !== undefined && table.set(i + 1, toLuaValue(v)));
  else for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) table.set(k, toLuaValue(v));
  return table;
}

/** Reads the values of one message body. */
export function decodeValues(body: Buffer): LuaValue[] {
  const reader = { body, pos: 0 };
  const values: LuaValue[] = [];
  while (reader.pos < body.length) values.push(decodeValue(reader));
  return values;
}

interface Reader {
  body: Buffer;
  pos: number;
}

const COLON = 0x3a;
const SEMICOLON = 0x3b;

function decodeValue(r: Reader): LuaValue {
  const tag = r.body[r.pos++];
  switch (tag) {
    case 0x6e: // n
      return null;
    case 0x74: // t
      return true;
    case 0x66: // f
      return false;
    case 0x49: // I
      return Infinity;
    case 0x4a: // J
      return -Infinity;
    case 0x4e: // N
      return NaN;
    case 0x64: // d
      return Number(readUntil(r, SEMICOLON));
    case 0x73: {
      // s
      const length = Number(readUntil(r, COLON));
      const text = r.body.toString('utf8', r.pos, r.pos + length);
      r.pos += length;
      return text;
    }
    case 0x54: {
      // T
      const count = Number(readUntil(r, COLON));
      const table = new LuaTable();
      for (let i = 0; i < count; i++) {
        const key = decodeValue(r);
        const value = decodeValue(r);
        if (key !== null && typeof key !== 'object') table.set(key, value);
      }
      return table;
    }
    default:
      throw new Error(`Lua bridge: unreadable value tag ${String(tag)} at byte ${r.pos - 1}`);
  }
}

function readUntil(r: Reader, terminator: number): string {
  const end = r.body.indexOf(terminator, r.pos);
  if (end < 0) throw new Error('Lua bridge: truncated message');
  const text = r.body.toString('latin1', r.pos, end);
  r.pos = end + 1;
  return text;
}

/** Buffered reading of whole messages from a blocking file descriptor. */
export class MessageReader {
  private buffer = Buffer.alloc(1 << 16);
  private start = 0;
  private end = 0;

  constructor(private readonly readChunk: (into: Buffer, offset: number, length: number) => number) {}

  /** The next message's values; throws when the other side has gone. */
  read(): LuaValue[] {
    const newline = this.fill(() => this.buffer.indexOf(0x0a, this.start) - this.start, 1);
    const length = Number(this.buffer.toString('latin1', this.start, this.start + newline));
    this.start += newline + 1;
    this.fill(() => (this.end - this.start >= length ? 0 : -1), length);
    const body = this.buffer.subarray(this.start, this.start + length);
    this.start += length;
    return decodeValues(body);
  }

  /** Reads until found() is non-negative (or `need` bytes are there), returning found()'s answer. */
  private fill(found: () => number, need: number): number {
    for (;;) {
      if (this.end > this.start) {
        const at = found();
        if (at >= 0) return at;
      }
      if (this.start > 0 && this.start === this.end) this.start = this.end = 0;
      if (this.end === this.buffer.length) this.grow(need);
      const n = this.readChunk(this.buffer, this.end, this.buffer.length - this.end);
      if (n <= 0) throw new Error('Lua bridge: the interpreter has exited');
      this.end += n;
    }
  }

  private grow(need: number): void {
    const used = this.end - this.start;
    const size = Math.max(this.buffer.length * (used * 2 > this.buffer.length ? 2 : 1), need + 16);
    const next = Buffer.alloc(size);
    this.buffer.copy(next, 0, this.start, this.end);
    this.buffer = next;
    this.start = 0;
    this.end = used;
  }
}
