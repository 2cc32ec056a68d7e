// Lua patterns over code points with Unicode classes, as mw.ustring.find/match/gmatch/gsub read them.

import { LuaCallbackError } from './types.ts';

/** Scribunto's limit on a pattern's length, in bytes. */
export const PATTERN_LENGTH_LIMIT = 10000;

/** Steps of matching allowed per call before giving up, as PCRE's backtrack limit does for Scribunto. */
const STEP_LIMIT = 20_000_000;

type ClassTest = (c: number) => boolean;

type PatternNode =
  | { kind: 'single'; test: ClassTest; quantifier: '' | '*' | '+' | '?' | '-' }
  | { kind: 'open'; index: number }
  | { kind: 'position'; index: number }
  | { kind: 'close'; index: number }
  | { kind: 'balance'; open: number; close: number }
  | { kind: 'frontier'; test: ClassTest }
  | { kind: 'backref'; index: number }
  | { kind: 'end' };

/** A string as code points, with the UTF-16 offset of each so that slices are cheap. */
export class Subject {
  readonly codes: number[];
  /** UTF-16 offset of each code point (and of the end); null when every code point is one unit. */
  private readonly offsets: number[] | null;

  constructor(readonly text: string) {
    const codes: number[] = [];
    let offsets: number[] | null = null;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          if (!offsets) offsets = Array.from({ length: codes.length }, (_v, k) => k);
          offsets.push(i);
          codes.push(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000);
          i++;
          continue;
        }
      }
      if (offsets) offsets.push(i);
      codes.push(c);
    }
    if (offsets) offsets.push(text.length);
    this.codes = codes;
    this.offsets = offsets;
  }

  get length(): number {
    return this.codes.length;
  }

  /** Code points [start, end) as a string. */
  slice(start: number, end: number): string {
    if (!this.offsets) return this.text.slice(start, end);
    return this.text.slice(this.offsets[start], this.offsets[end]);
  }
}

/** One match: code point offsets [start, end), and the captures (strings, or 1-based positions for `()`). */
export interface PatternMatch {
  start: number;
  end: number;
  captures: (string | number)[];
}

const UNICODE_CLASSES: Record<string, RegExp> = {
  a: /\p{L}/u,
  c: /\p{Cc}/u,
  d: /\p{Nd}/u,
  l: /\p{Ll}/u,
  p: /\p{P}/u,
  s: /[\p{Z}\t\n\v\f\r]/u,
  u: /\p{Lu}/u,
  w: /[\p{L}\p{Nd}]/u,
};

function isHexDigit(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66) ||
    (c >= 0xff10 && c <= 0xff19) || (c >= 0xff21 && c <= 0xff26) || (c >= 0xff41 && c <= 0xff46)
  );
}

/** A class test with an answer table for the first 256 code points and a cache for the rest. */
function cachedClass(re: RegExp): ClassTest {
  const low = new Uint8Array(256);
  for (let c = 0; c < 256; c++) low[c] = re.test(String.fromCodePoint(c)) ? 1 : 0;
  const high = new Map<number, boolean>();
  return (c) => {
    if (c < 256) return low[c] === 1;
    let hit = high.get(c);
    if (hit === undefined) {
      hit = re.test(String.fromCodePoint(c));
      if (high.size < 50000) high.set(c, hit);
    }
    return hit;
  };
}

const CLASS_TESTS = new Map<string, ClassTest>();
for (const [letter, re] of Object.entries(UNICODE_CLASSES)) {
  const test = cachedClass(re);
  CLASS_TESTS.set(letter, test);
  CLASS_TESTS.set(letter.toUpperCase(), (c) => !test(c));
}
CLASS_TESTS.set('x', isHexDigit);
CLASS_TESTS.set('X', (c) => !isHexDigit(c));
CLASS_TESTS.set('z', (c) => c === 0);
CLASS_TESTS.set('Z', (c) => c !== 0);

const anyCode: ClassTest = () => true;
const neverCode: ClassTest = () => false;

function literal(code: number): ClassTest {
  return (c) => c === code;
}

/** A compiled pattern; compile errors carry Scribunto's messages. */
export class LuaPattern {
  private static cache = new Map<string, LuaPattern>();

  readonly nodes: PatternNode[] = [];
  readonly anchored: boolean;
  readonly captureCount: number;

  /** `anchor`: whether a leading `^` anchors (find, match, gsub) or is a literal (gmatch). */
  static get(pattern: string, anchor: boolean, fn: string): LuaPattern {
    const key = (anchor ? '^' : '-') + pattern;
    let compiled = LuaPattern.cache.get(key);
    if (!compiled) {
      if (Buffer.byteLength(pattern) > PATTERN_LENGTH_LIMIT) {
        throw new LuaCallbackError(`bad argument #2 to '${fn}' (pattern is longer than ${PATTERN_LENGTH_LIMIT} bytes)`);
      }
      compiled = new LuaPattern(pattern, anchor);
      if (LuaPattern.cache.size > 500) LuaPattern.cache.clear();
      LuaPattern.cache.set(key, compiled);
    }
    return compiled;
  }

  private constructor(readonly source: string, anchor: boolean) {
    const p = Array.from(source, (ch) => ch.codePointAt(0)!);
    let i = 0;
    this.anchored = anchor && p[0] === 0x5e;
    if (this.anchored) i = 1;
    let captures = 0;
    const open: number[] = [];
    const openedAt = new Map<number, number>();
    const at = (k: number) => String.fromCodePoint(p[k]!);
    while (i < p.length) {
      const c = p[i]!;
      const position = i + 1;
      let test: ClassTest | null = null;
      switch (c) {
        case 0x28: /* ( */ {
          if (i + 1 >= p.length) throw new LuaCallbackError(`Unmatched open-paren at pattern character ${position}`);
          const index = ++captures;
          open.push(index);
          openedAt.set(index, position);
          this.nodes.push(p[i + 1] === 0x29 ? { kind: 'position', index } : { kind: 'open', index });
          i++;
          break;
        }
        case 0x29: /* ) */ {
          const index = open.pop();
          if (index === undefined) throw new LuaCallbackError(`Unmatched close-paren at pattern character ${position}`);
          this.nodes.push({ kind: 'close', index });
          i++;
          break;
        }
        case 0x24: /* $ */
          if (i === p.length - 1) {
            this.nodes.push({ kind: 'end' });
            i++;
          } else {
            test = literal(c);
            i++;
          }
          break;
        case 0x25: /* % */ {
          if (i + 1 >= p.length) throw new LuaCallbackError("malformed pattern (ends with '%')");
          const e = at(i + 1);
          const cls = CLASS_TESTS.get(e);
          if (cls) {
            test = cls;
            i += 2;
          } else if (e === 'b') {
            if (i + 3 >= p.length) throw new LuaCallbackError("malformed pattern (missing arguments to \\'%b\\')");
            this.nodes.push({ kind: 'balance', open: p[i + 2]!, close: p[i + 3]! });
            i += 4;
          } else if (e === 'f') {
            if (p[i + 2] !== 0x5b) throw new LuaCallbackError(`missing '[' after %f in pattern at pattern character ${position}`);
            const [set, next] = this.bracket(p, i + 2);
            this.nodes.push({ kind: 'frontier', test: set });
            i = next;
          } else if (e >= '0' && e <= '9') {
            const index = p[i + 1]! - 0x30;
            if (index === 0 || index > captures || open.includes(index)) {
              throw new LuaCallbackError(`invalid capture index %${index} at pattern character ${position}`);
            }
            this.nodes.push({ kind: 'backref', index });
            i += 2;
          } else {
            test = literal(p[i + 1]!);
            i += 2;
          }
          break;
        }
        case 0x5b: /* [ */ {
          const [set, next] = this.bracket(p, i);
          test = set;
          i = next;
          break;
        }
        case 0x5d: /* ] */
          throw new LuaCallbackError(`Unmatched close-bracket at pattern character ${position}`);
        case 0x2e: /* . */
          test = anyCode;
          i++;
          break;
        default:
          test = literal(c);
          i++;
      }
      if (test) {
        const q = p[i];
        let quantifier: '' | '*' | '+' | '?' | '-' = '';
        if (q === 0x2a || q === 0x2b || q === 0x3f || q === 0x2d) {
          quantifier = String.fromCharCode(q) as '*' | '+' | '?' | '-';
          i++;
        }
        this.nodes.push({ kind: 'single', test, quantifier });
      }
    }
    if (open.length) throw new LuaCallbackError(`Unclosed capture beginning at pattern character ${openedAt.get(open[0]!)}`);
    this.captureCount = captures;
  }

  /** A `[...]` set starting at `start`; returns its test and the index after its `]`. */
  private bracket(p: number[], start: number): [ClassTest, number] {
    let i = start + 1;
    let negated = false;
    if (p[i] === 0x5e) {
      negated = true;
      i++;
    }
    const tests: ClassTest[] = [];
    const singles = new Set<number>();
    const ranges: [number, number][] = [];
    const first = i;
    for (; i < p.length && (i === first || p[i] !== 0x5d); i++) {
      const c = p[i]!;
      if (c === 0x25) {
        i++;
        if (i >= p.length) break;
        const cls = CLASS_TESTS.get(String.fromCodePoint(p[i]!));
        if (cls) tests.push(cls);
        else singles.add(p[i]!);
      } else if (i + 2 < p.length && p[i + 1] === 0x2d && p[i + 2] !== 0x5d && p[i + 2] !== 0x25) {
        if (c <= p[i + 2]!) ranges.push([c, p[i + 2]!]);
        i += 2;
      } else {
        singles.add(c);
      }
    }
    if (i >= p.length) throw new LuaCallbackError(`Missing close-bracket for character set beginning at pattern character ${start + 1}`);
    const inSet: ClassTest =
      tests.length === 0 && ranges.length === 0 && singles.size === 0
        ? neverCode
        : (c) => singles.has(c) || ranges.some(([lo, hi]) => c >= lo && c <= hi) || tests.some((t) => t(c));
    return [negated ? (c) => !inSet(c) : inSet, i + 1];
  }

  /**
   * The first match at or after `init` (0-based), or only at `init` when anchored; `notEmpty`
   * wants a match of at least one character (PCRE's retry after an empty match).
   */
  exec(subject: Subject, init: number, anchored = this.anchored, notEmpty = false): PatternMatch | null {
    const run = new MatchRun(this, subject);
    if (notEmpty) run.minEnd = init + 1;
    for (let start = init; start <= subject.length; start++) {
      const end = run.match(start, 0);
      if (end >= 0) return run.result(start, end);
      if (anchored) break;
    }
    return null;
  }
}

const CAPTURE_OPEN = -1;
const CAPTURE_POSITION = -2;

/** The state of matching one pattern against one subject (captures, step count). */
class MatchRun {
  private readonly starts: number[];
  private readonly lengths: number[];
  private steps = 0;
  /** The least end a match may have (past its start when an empty match is not wanted). */
  minEnd = 0;

  constructor(private readonly pattern: LuaPattern, private readonly subject: Subject) {
    this.starts = new Array<number>(pattern.captureCount + 1).fill(0);
    this.lengths = new Array<number>(pattern.captureCount + 1).fill(CAPTURE_OPEN);
  }

  result(start: number, end: number): PatternMatch {
    const captures: (string | number)[] = [];
    for (let k = 1; k <= this.pattern.captureCount; k++) {
      const len = this.lengths[k]!;
      captures.push(len === CAPTURE_POSITION ? this.starts[k]! + 1 : this.subject.slice(this.starts[k]!, this.starts[k]! + Math.max(len, 0)));
    }
    return { start, end, captures };
  }

  private tick(): void {
    if (++this.steps > STEP_LIMIT) {
      throw new LuaCallbackError(`PCRE backtrack limit reached while matching pattern '${this.pattern.source}'`);
    }
  }

  /** Matches nodes from `ni` at code point `si`; the end of the match, or -1. */
  match(si: number, ni: number): number {
    const nodes = this.pattern.nodes;
    const s = this.subject.codes;
    const len = s.length;
    this.tick();
    while (ni < nodes.length) {
      const node = nodes[ni]!;
      switch (node.kind) {
        case 'single': {
          const test = node.test;
          switch (node.quantifier) {
            case '':
              if (si < len && test(s[si]!)) {
                si++;
                ni++;
                continue;
              }
              return -1;
            case '?':
              if (si < len && test(s[si]!)) {
                const r = this.match(si + 1, ni + 1);
                if (r >= 0) return r;
              }
              ni++;
              continue;
            case '-':
              for (;;) {
                const r = this.match(si, ni + 1);
                if (r >= 0) return r;
                if (si < len && test(s[si]!)) si++;
                else return -1;
              }
            default: {
              let count = 0;
              while (si + count < len && test(s[si + count]!)) count++;
              const min = node.quantifier === '+' ? 1 : 0;
              for (; count >= min; count--) {
                const r = this.match(si + count, ni + 1);
                if (r >= 0) return r;
              }
              return -1;
            }
          }
        }
        case 'open':
          this.starts[node.index] = si;
          this.lengths[node.index] = CAPTURE_OPEN;
          ni++;
          continue;
        case 'position':
          this.starts[node.index] = si;
          this.lengths[node.index] = CAPTURE_POSITION;
          ni += 2; // the `)` that closes it
          continue;
        case 'close':
          this.lengths[node.index] = si - this.starts[node.index]!;
          ni++;
          continue;
        case 'end':
          return (si === len || (si === len - 1 && s[si] === 10)) && si >= this.minEnd ? si : -1;
        case 'balance': {
          if (si >= len || s[si] !== node.open) return -1;
          let depth = 1;
          let k = si + 1;
          for (; k < len; k++) {
            const c = s[k]!;
            if (c === node.close) {
              if (--depth === 0) break;
            } else if (c === node.open) {
              depth++;
            }
          }
          if (k >= len) return -1;
          si = k + 1;
          ni++;
          continue;
        }
        case 'frontier': {
          const prev = si > 0 ? s[si - 1]! : 0;
          const cur = si < len ? s[si]! : 0;
          if (node.test(prev) || !node.test(cur)) return -1;
          ni++;
          continue;
        }
        case 'backref': {
          const start = this.starts[node.index]!;
          const n = Math.max(this.lengths[node.index]!, 0);
          if (si + n > len) return -1;
          for (let k = 0; k < n; k++) if (s[start + k] !== s[si + k]) return -1;
          si += n;
          ni++;
          continue;
        }
      }
    }
    return si >= this.minEnd ? si : -1;
  }
}
