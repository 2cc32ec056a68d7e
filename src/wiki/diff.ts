// MediaWiki's PHP diff engine (DiffEngine: Myers' algorithm with its middle-snake heuristics and
// boundary shifting) and its table formatter (TableDiffFormatter, WordLevelDiff): the HTML rows
// that `rvdiffto`/`rvdifftotext` return when the wiki has no wikidiff2.

type Edit =
  | { type: 'copy'; orig: string[]; closing: string[] }
  | { type: 'delete'; orig: string[]; closing: null }
  | { type: 'add'; orig: null; closing: string[] }
  | { type: 'change'; orig: string[]; closing: string[] };

class ComplexityError extends Error {}

/** DiffEngine: which lines of `from` were removed and of `to` added, as a list of edits. */
class DiffEngine {
  private from: string[] = [];
  private to: string[] = [];
  private removed: boolean[] = [];
  private added: boolean[] = [];
  private maxDifferences = 0;

  constructor(
    private readonly bailoutComplexity = 0,
    private readonly tooLong = 2_000_000,
    private readonly powLimit = 1.45,
  ) {}

  diff(fromLines: readonly string[], toLines: readonly string[]): Edit[] {
    const { removed, added } = this.diffInternal(fromLines, toLines);
    shiftBoundaries(fromLines, removed, added);
    shiftBoundaries(toLines, added, removed);
    const nFrom = fromLines.length;
    const nTo = toLines.length;
    const edits: Edit[] = [];
    let xi = 0;
    let yi = 0;
    while (xi < nFrom || yi < nTo) {
      const copy: string[] = [];
      while (xi < nFrom && yi < nTo && !removed[xi] && !added[yi]) {
        copy.push(fromLines[xi++]!);
        yi++;
      }
      if (copy.length) edits.push({ type: 'copy', orig: copy, closing: copy });
      const del: string[] = [];
      while (xi < nFrom && removed[xi]) del.push(fromLines[xi++]!);
      const add: string[] = [];
      while (yi < nTo && added[yi]) add.push(toLines[yi++]!);
      if (del.length && add.length) edits.push({ type: 'change', orig: del, closing: add });
      else if (del.length) edits.push({ type: 'delete', orig: del, closing: null });
      else if (add.length) edits.push({ type: 'add', orig: null, closing: add });
    }
    return edits;
  }

  private diffInternal(fromAll: readonly string[], toAll: readonly string[]): { removed: boolean[]; added: boolean[] } {
    const m = fromAll.length;
    const n = toAll.length;
    const removed = new Array<boolean>(m).fill(true);
    const added = new Array<boolean>(n).fill(true);
    // Common prefix and suffix are trimmed first.
    let i = 0;
    while (i < m && i < n && fromAll[i] === toAll[i]) {
      removed[i] = added[i] = false;
      i++;
    }
    let j = 1;
    while (i + j <= m && i + j <= n && fromAll[m - j] === toAll[n - j]) {
      removed[m - j] = added[n - j] = false;
      j++;
    }
    // Only lines present on both sides can be part of the LCS.
    const fromKeys = new Map<string, boolean>();
    for (let k = i; k <= m - j; k++) fromKeys.set(fromAll[k]!, false);
    const newToIndex: number[] = [];
    this.to = [];
    for (let k = i; k <= n - j; k++) {
      const el = toAll[k]!;
      if (fromKeys.has(el)) {
        this.to.push(el);
        fromKeys.set(el, true);
        newToIndex.push(k);
      }
    }
    const newFromIndex: number[] = [];
    this.from = [];
    for (let k = i; k <= m - j; k++) {
      const el = fromAll[k]!;
      if (fromKeys.get(el)) {
        this.from.push(el);
        newFromIndex.push(k);
      }
    }
    const mm = this.from.length;
    const nn = this.to.length;
    if (this.bailoutComplexity > 0 && mm * nn > this.bailoutComplexity) throw new ComplexityError();
    this.removed = new Array<boolean>(mm).fill(true);
    this.added = new Array<boolean>(nn).fill(true);
    if (mm > 0 && nn > 0) {
      this.maxDifferences = Math.ceil((mm + nn) / 2.0);
      if (mm * nn > this.tooLong) this.maxDifferences = Math.floor(this.maxDifferences ** (this.powLimit - 1.0));
      const max = Math.min(mm, nn);
      let forwardBound = 0;
      for (; forwardBound < max && this.from[forwardBound] === this.to[forwardBound]; ++forwardBound) {
        this.removed[forwardBound] = this.added[forwardBound] = false;
      }
      let backBoundL1 = mm - 1;
      let backBoundL2 = nn - 1;
      while (backBoundL1 >= forwardBound && backBoundL2 >= forwardBound && this.from[backBoundL1] === this.to[backBoundL2]) {
        this.removed[backBoundL1--] = this.added[backBoundL2--] = false;
      }
      const size = mm + nn + 1;
      const V: [number[], number[]] = [new Array<number>(size).fill(0), new Array<number>(size).fill(0)];
      const snake: [number, number, number] = [0, 0, 0];
      this.lcsRec(forwardBound, backBoundL1, forwardBound, backBoundL2, V, snake);
    }
    this.removed.forEach((r, key) => {
      if (!r) removed[newFromIndex[key]!] = false;
    });
    this.added.forEach((a, key) => {
      if (!a) added[newToIndex[key]!] = false;
    });
    return { removed, added };
  }

  private lcsRec(bottoml1: number, topl1: number, bottoml2: number, topl2: number, V: [number[], number[]], snake: [number, number, number]): number {
    if (bottoml1 > topl1 || bottoml2 > topl2) return 0;
    const d = this.findMiddleSnake(bottoml1, topl1, bottoml2, topl2, V, snake);
    const [startx, starty, len] = snake;
    for (let i = 0; i < len; ++i) this.removed[startx + i] = this.added[starty + i] = false;
    if (d > 1) {
      return len + this.lcsRec(bottoml1, startx - 1, bottoml2, starty - 1, V, snake) + this.lcsRec(startx + len, topl1, starty + len, topl2, V, snake);
    }
    if (d === 1) {
      // One edit away: what remains before the snake on the shorter side is common.
      const max = Math.min(startx - bottoml1, starty - bottoml2);
      for (let i = 0; i < max; ++i) this.removed[bottoml1 + i] = this.added[bottoml2 + i] = false;
      return max + len;
    }
    return len;
  }

  private findMiddleSnake(bottoml1: number, topl1: number, bottoml2: number, topl2: number, V: [number[], number[]], snake: [number, number, number]): number {
    const from = this.from;
    const to = this.to;
    const [V0, V1] = V;
    const bottoml1Min1 = bottoml1 - 1;
    const bottoml2Min1 = bottoml2 - 1;
    const N = topl1 - bottoml1Min1;
    const M = topl2 - bottoml2Min1;
    const delta = N - M;
    const maxabsx = N + bottoml1;
    const maxabsy = M + bottoml2;
    let limit = Math.min(this.maxDifferences, Math.ceil((N + M) / 2));
    let valueToAddForward = M & 1 ? 1 : 0;
    let valueToAddBackward = N & 1 ? 1 : 0;
    let startForward = -M;
    let endForward = N;
    let startBackward = -N;
    let endBackward = M;
    const limitMin1 = limit - 1;
    const limitPlus1 = limit + 1;
    V0[limitPlus1] = 0;
    V1[limitMin1] = N;
    limit = Math.min(this.maxDifferences, Math.ceil((N + M) / 2));
    const odd = (delta & 1) !== 0;

    for (let d = 0; d <= limit; ++d) {
      let startDiag = Math.max(valueToAddForward + startForward, -d);
      let endDiag = Math.min(endForward, d);
      valueToAddForward = 1 - valueToAddForward;
      for (let k = startDiag; k <= endDiag; k += 2) {
        let x: number;
        if (k === -d || (k < d && V0[limitMin1 + k]! < V0[limitPlus1 + k]!)) x = V0[limitPlus1 + k]!;
        else x = V0[limitMin1 + k]! + 1;
        let absx = (snake[0] = x + bottoml1);
        let absy = (snake[1] = x - k + bottoml2);
        while (absx < maxabsx && absy < maxabsy && from[absx] === to[absy]) {
          ++absx;
          ++absy;
        }
        x = absx - bottoml1;
        snake[2] = absx - snake[0];
        V0[limit + k] = x;
        if (odd && k >= delta - d + 1 && k <= delta + d - 1 && x >= V1[limit + k - delta]!) return 2 * d - 1;
        if (x >= N && endForward > k - 1) endForward = k - 1;
        else if (absy - bottoml2 >= M) {
          startForward = k + 1;
          valueToAddForward = 0;
        }
      }

      startDiag = Math.max(valueToAddBackward + startBackward, -d);
      endDiag = Math.min(endBackward, d);
      valueToAddBackward = 1 - valueToAddBackward;
      for (let k = startDiag; k <= endDiag; k += 2) {
        let x: number;
        if (k === d || (k !== -d && V1[limitMin1 + k]! < V1[limitPlus1 + k]!)) x = V1[limitMin1 + k]!;
        else x = V1[limitPlus1 + k]! - 1;
        let y = x - k - delta;
        let snakeLength = 0;
        while (x > 0 && y > 0 && from[x + bottoml1Min1] === to[y + bottoml2Min1]) {
          --x;
          --y;
          ++snakeLength;
        }
        snake[2] = snakeLength;
        V1[limit + k] = x;
        if (!odd && k >= -delta - d && k <= d - delta && x <= V0[limit + k + delta]!) {
          snake[0] = bottoml1 + x;
          snake[1] = bottoml2 + y;
          return 2 * d;
        }
        if (x <= 0) {
          startBackward = k + 1;
          valueToAddBackward = 0;
        } else if (y <= 0 && endBackward > k - 1) {
          endBackward = k - 1;
        }
      }
    }
    // Too many differences: take the diagonal that got furthest (a heuristic, as MediaWiki does).
    const progress = findMostProgress(M, N, limit, V);
    snake[0] = bottoml1 + progress[0];
    snake[1] = bottoml2 + progress[1];
    snake[2] = 0;
    return 5;
  }
}

function findMostProgress(M: number, N: number, limit: number, V: [number[], number[]]): [number, number, number] {
  const delta = N - M;
  const forwardStart = (M & 1) === (limit & 1) ? Math.max(-M, -limit) : Math.max(1 - M, -limit);
  const forwardEnd = Math.min(N, limit);
  const backwardStart = (N & 1) === (limit & 1) ? Math.max(-N, -limit) : Math.max(1 - N, -limit);
  const backwardEnd = -Math.min(M, limit);
  const maxProgress: [number, number, number][] = [[0, 0, 0]];
  let numProgress = 0;
  const set = (i: number, value: [number, number, number]) => {
    maxProgress[i] = value;
  };
  for (let k = forwardStart; k <= forwardEnd; k += 2) {
    const x = V[0][limit + k]!;
    const y = x - k;
    if (x > N || y > M) continue;
    const p = x + y;
    if (p > maxProgress[0]![2]) {
      numProgress = 0;
      set(0, [x, y, p]);
    } else if (p === maxProgress[0]![2]) {
      set(++numProgress, [x, y, p]);
    }
  }
  let forward = true;
  for (let k = backwardStart; k <= backwardEnd; k += 2) {
    const x = V[1][limit + k]!;
    const y = x - k - delta;
    if (x < 0 || y < 0) continue;
    const p = N - x + M - y;
    if (p > maxProgress[0]![2]) {
      numProgress = 0;
      forward = false;
      set(0, [x, y, p]);
    } else if (p === maxProgress[0]![2] && !forward) {
      set(++numProgress, [x, y, p]);
    }
  }
  return maxProgress[Math.floor(numProgress / 2)] ?? [0, 0, 0];
}

const NUMERIC_RE = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** PHP 8's `==` between strings: numeric strings compare as numbers ("1" == "01"). */
function looseEquals(a: string, b: string): boolean {
  if (a === b) return true;
  return NUMERIC_RE.test(a) && NUMERIC_RE.test(b) && Number(a) === Number(b);
}

/**
 * DiffEngine::shiftBoundaries: slide runs of changes so they line up with runs in the other
 * file, and end on the last line of identical runs (what GNU diff does).
 */
function shiftBoundaries(lines: readonly string[], changed: boolean[], otherChanged: readonly boolean[]): void {
  let i = 0;
  let j = 0;
  const len = lines.length;
  const otherLen = otherChanged.length;
  for (;;) {
    while (j < otherLen && otherChanged[j]) j++;
    while (i < len && !changed[i]) {
      i++;
      j++;
      while (j < otherLen && otherChanged[j]) j++;
    }
    if (i === len) break;
    let start = i;
    while (++i < len && changed[i]) continue;
    let runlength: number;
    let corresponding: number;
    do {
      runlength = i - start;
      while (start > 0 && looseEquals(lines[start - 1]!, lines[i - 1]!)) {
        changed[--start] = true;
        changed[--i] = false;
        while (start > 0 && changed[start - 1]) start--;
        while (otherChanged[--j]) continue;
      }
      corresponding = j < otherLen ? i : len;
      while (i < len && looseEquals(lines[start]!, lines[i]!)) {
        changed[start++] = false;
        changed[i++] = true;
        while (i < len && changed[i]) i++;
        j++;
        if (j < otherLen && otherChanged[j]) {
          corresponding = i;
          while (j < otherLen && otherChanged[j]) j++;
        }
      }
    } while (runlength !== i - start);
    while (corresponding < i) {
      changed[--start] = true;
      changed[--i] = false;
      while (otherChanged[--j]) continue;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Word-level diff of changed lines

// PCRE without /u: word characters include every byte of a multi-byte character.
const WORD_RE = /([ \t\x0b\x0c\r]+|[0-9_A-Za-z\u0080-\uffff]+|[\s\S])(?:(?!<\n)[ \t\x0b\x0c\r])?/g;

function splitWords(lines: readonly string[]): { words: string[]; stripped: string[] } {
  const words: string[] = [];
  const stripped: string[] = [];
  lines.forEach((line, index) => {
    if (index > 0) {
      words.push('\n');
      stripped.push('\n');
    }
    for (const m of line.matchAll(WORD_RE)) {
      words.push(m[0]);
      stripped.push(m[1]!);
    }
  });
  return { words, stripped };
}

function htmlspecialchars(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/** WordAccumulator: words into lines of HTML, changed runs wrapped in <ins>/<del>. */
class WordAccumulator {
  private readonly lines: string[] = [];
  private line = '';
  private group = '';
  private tag = '';

  private flushGroup(newTag: string): void {
    if (this.group !== '') {
      if (this.tag === 'ins' || this.tag === 'del') {
        this.line += `<${this.tag} class="diffchange diffchange-inline">${htmlspecialchars(this.group)}</${this.tag}>`;
      } else {
        this.line += htmlspecialchars(this.group);
      }
    }
    this.group = '';
    this.tag = newTag;
  }

  private flushLine(newTag: string): void {
    this.flushGroup(newTag);
    // An empty line is made visible with a no-break space.
    this.lines.push(this.line !== '' ? this.line : '\u00a0');
    this.line = '';
  }

  addWords(words: readonly string[], tag = ''): void {
    if (tag !== this.tag) this.flushGroup(tag);
    for (let word of words) {
      if (word === '') continue;
      if (word[0] === '\n') {
        this.flushLine(tag);
        word = word.slice(1);
      }
      this.group += word;
    }
  }

  getLines(): string[] {
    this.flushLine('~done');
    return this.lines;
  }
}

function wordLevelDiff(linesBefore: readonly string[], linesAfter: readonly string[]): { del: string[]; add: string[] } {
  const before = splitWords(linesBefore);
  const after = splitWords(linesAfter);
  let edits: Edit[];
  try {
    edits = new DiffEngine(40_000_000).diff(before.stripped, after.stripped);
    let xi = 0;
    let yi = 0;
    edits = edits.map((e) => {
      const orig = e.orig ? before.words.slice(xi, (xi += e.orig.length)) : null;
      const closing = e.closing ? after.words.slice(yi, (yi += e.closing.length)) : null;
      return { ...e, orig, closing } as Edit;
    });
  } catch (e) {
    if (!(e instanceof ComplexityError)) throw e;
    edits = [{ type: 'change', orig: [...linesBefore], closing: [...linesAfter] }];
  }
  const orig = new WordAccumulator();
  const closing = new WordAccumulator();
  for (const e of edits) {
    if (e.type === 'copy') {
      orig.addWords(e.orig);
      closing.addWords(e.closing);
    } else {
      if (e.orig) orig.addWords(e.orig, 'del');
      if (e.closing) closing.addWords(e.closing, 'ins');
    }
  }
  return { del: orig.getLines(), add: closing.getLines() };
}

// ---------------------------------------------------------------------------------------------
// Table formatter

/** Html::element's escaping: only `&` and `<`. */
function elementText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function escapeWhiteSpace(html: string): string {
  return html.replace(/^ /gm, '\u00a0 ').replace(/ $/gm, ' \u00a0').replace(/ {2}/g, '\u00a0 ');
}

function wrapLine(marker: string, classes: string, line: string): string {
  const content = line !== '' ? `<div>${escapeWhiteSpace(line)}</div>` : '<br/>';
  const markerAttr = marker ? ` data-marker="${marker}"` : '';
  return `<td class="diff-marker"${markerAttr}></td><td class="${classes}">${content}</td>`;
}

const addedLine = (line: string) => wrapLine('+', 'diff-addedline diff-side-added', line);
const deletedLine = (line: string) => wrapLine('\u2212', 'diff-deletedline diff-side-deleted', line);
const contextLine = (line: string, side: 'deleted' | 'added') => wrapLine('', `diff-context diff-side-${side}`, line);
const emptyLine = (side: 'deleted' | 'added') => `<td colspan="2" class="diff-side-${side}"></td>`;

/** TableDiffFormatter::format with two lines of context; line numbers as `<!--LINE n-->`. */
function formatTable(edits: readonly Edit[]): string {
  const nlead = 2;
  const ntrail = 2;
  let out = '';
  let xi = 1;
  let yi = 1;
  let block: Edit[] | null = null;
  let context: string[] = [];
  let x0 = 0;
  let y0 = 0;
  const writeBlock = (xbeg: number, ybeg: number, edits: Edit[]) => {
    out += `<tr><td colspan="2" class="diff-lineno" id="mw-diff-left-l${xbeg}"><!--LINE ${xbeg}--></td>\n<td colspan="2" class="diff-lineno"><!--LINE ${ybeg}--></td></tr>\n`;
    for (const e of edits) out += formatEdit(e);
  };
  for (const edit of edits) {
    if (edit.type === 'copy') {
      if (block) {
        if (edit.orig.length <= nlead + ntrail) block.push(edit);
        else {
          const trail = edit.orig.slice(0, ntrail);
          block.push({ type: 'copy', orig: trail, closing: trail });
          writeBlock(x0, y0, block);
          block = null;
        }
      }
      context = edit.orig;
    } else {
      if (!block) {
        context = context.slice(Math.max(0, context.length - nlead));
        x0 = xi - context.length;
        y0 = yi - context.length;
        block = context.length ? [{ type: 'copy', orig: context, closing: context }] : [];
      }
      block.push(edit);
    }
    if (edit.orig) xi += edit.orig.length;
    if (edit.closing) yi += edit.closing.length;
  }
  if (block) writeBlock(x0, y0, block);
  return out;
}

function formatEdit(edit: Edit): string {
  switch (edit.type) {
    case 'copy':
      return edit.orig
        .map((l) => `<tr>${contextLine(htmlspecialchars(l), 'deleted')}${contextLine(htmlspecialchars(l), 'added')}</tr>\n`)
        .join('');
    case 'add':
      return edit.closing.map((l) => `<tr>${emptyLine('deleted')}${addedLine(`<ins class="diffchange">${elementText(l)}</ins>`)}</tr>\n`).join('');
    case 'delete':
      return edit.orig.map((l) => `<tr>${deletedLine(`<del class="diffchange">${elementText(l)}</del>`)}${emptyLine('added')}</tr>\n`).join('');
    case 'change': {
      const { del, add } = wordLevelDiff(edit.orig, edit.closing);
      let out = '';
      for (let i = 0; i < Math.max(del.length, add.length); i++) {
        const d = i < del.length ? deletedLine(del[i]!) : emptyLine('deleted');
        const a = i < add.length ? addedLine(add[i]!) : emptyLine('added');
        out += `<tr>${d}${a}</tr>\n`;
      }
      return out;
    }
  }
}

/**
 * The diff body between two texts as the API shows it (TextSlotDiffRenderer with the PHP
 * engine, then DifferenceEngine::localiseLineNumbers in English).
 */
export function diffBody(oldText: string, newText: string): string {
  const ota = oldText.replace(/\r\n/g, '\n').split('\n');
  const nta = newText.replace(/\r\n/g, '\n').split('\n');
  const table = formatTable(new DiffEngine().diff(ota, nta));
  return table.replace(/<!--LINE (\d+)-->/g, (_m, n: string) => `Line ${Number(n).toLocaleString('en-US')}:`);
}
