// ParserFunctions' {{#expr:}} arithmetic: numbers, + - * / div mod ^ e, comparisons, logic, round, functions.

export class ExprError extends Error {
  override name = 'ExprError';
}

type Token = { kind: 'num'; value: number } | { kind: 'op'; op: string } | { kind: 'lparen' } | { kind: 'rparen' };

const WORD_OPS = ['mod', 'div', 'round', 'not', 'and', 'or', 'e', 'pi', 'trunc', 'floor', 'ceil', 'abs', 'sqrt', 'ln', 'exp', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'fmod'];
const UNARY = new Set(['neg', 'pos', 'not', 'trunc', 'floor', 'ceil', 'abs', 'sqrt', 'ln', 'exp', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan']);
const PRECEDENCE: Record<string, number> = {
  neg: 10, pos: 10, not: 9, trunc: 9, floor: 9, ceil: 9, abs: 9, sqrt: 9, ln: 9, exp: 9, sin: 9, cos: 9, tan: 9, asin: 9, acos: 9, atan: 9,
  e: 11, '^': 10, '*': 8, '/': 8, div: 8, mod: 8, fmod: 8, '+': 6, '-': 6, round: 5,
  '=': 4, '<': 4, '>': 4, '<=': 4, '>=': 4, '<>': 4, '!=': 4, and: 3, or: 2,
};

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const s = input.toLowerCase().replace(/\u2212/g, '-');
  while (i < s.length) {
    const c = s[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const num = /^(?:\d+\.?\d*|\.\d+)/.exec(s.slice(i));
    if (num) {
      tokens.push({ kind: 'num', value: parseFloat(num[0]) });
      i += num[0].length;
      continue;
    }
    if (c === '(') {
      tokens.push({ kind: 'lparen' });
      i++;
      continue;
    }
    if (c === ')') {
      tokens.push({ kind: 'rparen' });
      i++;
      continue;
    }
    const two = s.slice(i, i + 2);
    if (two === '<=' || two === '>=' || two === '<>' || two === '!=') {
      tokens.push({ kind: 'op', op: two });
      i += 2;
      continue;
    }
    if ('+-*/^=<>'.includes(c)) {
      tokens.push({ kind: 'op', op: c });
      i++;
      continue;
    }
    const word = /^[a-z]+/.exec(s.slice(i));
    if (word && WORD_OPS.includes(word[0])) {
      tokens.push(word[0] === 'pi' ? { kind: 'num', value: Math.PI } : { kind: 'op', op: word[0] });
      i += word[0].length;
      continue;
    }
    throw new ExprError(`Unrecognized ${word ? `word "${word[0]}"` : `punctuation character "${c}"`}.`);
  }
  return tokens;
}

export function evaluateExpression(input: string): number | null {
  const tokens = tokenize(input);
  if (tokens.length === 0) return null;
  const values: number[] = [];
  const ops: string[] = [];
  let expectOperand = true;
  const apply = (): void => {
    const op = ops.pop()!;
    if (op === '(') throw new ExprError('Unexpected opening bracket.');
    if (UNARY.has(op)) {
      if (values.length < 1) throw new ExprError(`Missing operand for ${op}.`);
      values.push(unary(op, values.pop()!));
      return;
    }
    if (values.length < 2) throw new ExprError(`Missing operand for ${op}.`);
    const b = values.pop()!;
    const a = values.pop()!;
    values.push(binary(op, a, b));
  };
  for (const token of tokens) {
    if (token.kind === 'num') {
      if (!expectOperand) throw new ExprError('Unexpected number.');
      values.push(token.value);
      expectOperand = false;
    } else if (token.kind === 'lparen') {
      if (!expectOperand) throw new ExprError('Unexpected opening bracket.');
      ops.push('(');
    } else if (token.kind === 'rparen') {
      while (ops.length > 0 && ops[ops.length - 1] !== '(') apply();
      if (ops.length === 0) throw new ExprError('Unexpected closing bracket.');
      ops.pop();
      expectOperand = false;
    } else {
      let op = token.op;
      if (expectOperand) {
        if (op === '-') op = 'neg';
        else if (op === '+') op = 'pos';
        else if (op === 'e') {
          values.push(Math.E);
          expectOperand = false;
          continue;
        } else if (!UNARY.has(op)) throw new ExprError(`Unexpected ${op} operator.`);
        ops.push(op);
        continue;
      }
      if (UNARY.has(op)) throw new ExprError(`Unexpected ${op} operator.`);
      const p = PRECEDENCE[op]!;
      while (ops.length > 0) {
        const top = ops[ops.length - 1]!;
        if (top === '(') break;
        const tp = PRECEDENCE[top]!;
        if (tp > p || (tp === p && op !== '^')) apply();
        else break;
      }
      ops.push(op);
      expectOperand = true;
    }
  }
  if (expectOperand) throw new ExprError('Missing operand.');
  while (ops.length > 0) apply();
  if (values.length !== 1) throw new ExprError('Unexpected number.');
  return values[0]!;
}

function unary(op: string, x: number): number {
  switch (op) {
    case 'neg':
      return -x;
    case 'pos':
      return x;
    case 'not':
      return x ? 0 : 1;
    case 'trunc':
      return Math.trunc(x);
    case 'floor':
      return Math.floor(x);
    case 'ceil':
      return Math.ceil(x);
    case 'abs':
      return Math.abs(x);
    case 'sqrt':
      if (x < 0) throw new ExprError('Invalid argument for sqrt.');
      return Math.sqrt(x);
    case 'ln':
      if (x <= 0) throw new ExprError('Invalid argument for ln: <= 0.');
      return Math.log(x);
    case 'exp':
      return Math.exp(x);
    case 'sin':
      return Math.sin(x);
    case 'cos':
      return Math.cos(x);
    case 'tan':
      return Math.tan(x);
    case 'asin':
      return Math.asin(x);
    case 'acos':
      return Math.acos(x);
    default:
      return Math.atan(x);
  }
}

function binary(op: string, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
    case 'div':
      if (b === 0) throw new ExprError('Division by zero.');
      return a / b;
    case 'mod':
      if (Math.trunc(b) === 0) throw new ExprError('Division by zero.');
      return Math.trunc(a) % Math.trunc(b);
    case 'fmod':
      if (b === 0) throw new ExprError('Division by zero.');
      return a % b;
    case '^':
      return Math.pow(a, b);
    case 'e':
      return a * Math.pow(10, b);
    case 'round': {
      const f = Math.pow(10, Math.trunc(b));
      return Math.round(a * f) / f;
    }
    case '=':
      return a === b ? 1 : 0;
    case '<':
      return a < b ? 1 : 0;
    case '>':
      return a > b ? 1 : 0;
    case '<=':
      return a <= b ? 1 : 0;
    case '>=':
      return a >= b ? 1 : 0;
    case '<>':
    case '!=':
      return a !== b ? 1 : 0;
    case 'and':
      return a && b ? 1 : 0;
    default:
      return a || b ? 1 : 0;
  }
}

/** PHP's float-to-string with precision 14, as {{#expr:}} prints results. */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'NAN' : x > 0 ? 'INF' : '-INF';
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return String(x);
  const s = x.toPrecision(14);
  if (s.includes('e')) {
    const [mant, exp] = s.split('e');
    return `${trimZeros(mant!)}E${exp!.startsWith('-') ? '-' : '+'}${exp!.replace(/^[+-]/, '')}`;
  }
  return trimZeros(s);
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
