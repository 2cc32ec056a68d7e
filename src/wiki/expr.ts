// ParserFunctions' {{#expr:}} arithmetic (ExprParser): numbers, + - * / div mod fmod ^ e round,
// comparisons, logic, the functions and pi, read left to right with two stacks. Values keep PHP's
// types (floats, and the integers that trunc, mod, comparisons and logic give), which decide how
// the result is written.

/** An ExprError: the key of its message (pfunc_expr_<key>) and the message's $1. */
export class ExprError extends Error {
  override name = 'ExprError';
  constructor(
    readonly key: string,
    readonly parameter = '',
  ) {
    super(ENGLISH_ERRORS[key]!.replace('$1', parameter));
  }
}

/** The extension's English texts of its errors (pfunc_expr_*), for callers without a message catalogue. */
const ENGLISH_ERRORS: Record<string, string> = {
  stack_exhausted: 'Expression error: Stack exhausted.',
  unexpected_number: 'Expression error: Unexpected number.',
  preg_match_failure: 'Expression error: Unexpected preg_match failure.',
  unrecognised_word: 'Expression error: Unrecognized word "$1".',
  unexpected_operator: 'Expression error: Unexpected $1 operator.',
  missing_operand: 'Expression error: Missing operand for $1.',
  unexpected_closing_bracket: 'Expression error: Unexpected closing bracket.',
  unrecognised_punctuation: 'Expression error: Unrecognized punctuation character "$1".',
  unclosed_bracket: 'Expression error: Unclosed bracket.',
  division_by_zero: 'Division by zero.',
  invalid_argument: 'Invalid argument for $1: < -1 or > 1.',
  invalid_argument_ln: 'Invalid argument for ln: <= 0.',
  unknown_error: 'Expression error: Unknown error ($1).',
  not_a_number: 'In $1: Result is not a number.',
};

/** A PHP number: a float, or an integer (within JavaScript's safe range, which is what pages meet). */
interface PhpNumber {
  value: number;
  int: boolean;
  /** An integer's exact digits when JavaScript's number cannot hold it. */
  exact?: string;
}

const float = (value: number): PhpNumber => ({ value, int: false });
const int = (value: number): PhpNumber => ({ value, int: true });
const bool = (test: boolean): PhpNumber => int(test ? 1 : 0);
/** PHP's truthiness of a number: anything but zero, NaN included. */
const truthy = (x: number): boolean => x !== 0;

/** PHP's (int) of a float: NaN and infinities are 0, other out-of-range values wrap around 2^64. */
function toInt(value: number): number {
  return Number(toIntExact(value));
}

function toIntExact(value: number): bigint {
  if (!Number.isFinite(value)) return 0n;
  return BigInt.asIntN(64, BigInt(Math.trunc(value)));
}

/** An integer result of int arithmetic, a float once it leaves PHP's integers. */
const intOrFloat = (value: number): PhpNumber => (Number.isSafeInteger(value) ? int(value) : float(value));

/** PHP's round(): half away from zero, after a pre-rounding that absorbs the binary representation's error. */
export function phpRound(value: number, digits: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const factor = 10 ** Math.abs(digits);
  const scaled = digits >= 0 ? value * factor : value / factor;
  if (!Number.isFinite(scaled)) return value;
  const precise = Number(scaled.toPrecision(15));
  const rounded = Math.sign(precise) * Math.round(Math.abs(precise));
  const result = digits >= 0 ? rounded / factor : rounded * factor;
  return Number.isFinite(result) ? result : value;
}

/** PHP's string of a float (precision 14, %G's style, with `.0` in an exponent form's mantissa). */
export function phpFloatToString(value: number): string {
  if (Number.isNaN(value)) return 'NAN';
  if (!Number.isFinite(value)) return value > 0 ? 'INF' : '-INF';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const { digits, exponent } = significantDigits(Math.abs(value), 14);
  const sign = value < 0 ? '-' : '';
  const trimmed = digits.replace(/0+$/, '');
  if (exponent < -4 || exponent >= 14) {
    const mantissa = trimmed.length > 1 ? `${trimmed[0]}.${trimmed.slice(1)}` : `${trimmed}.0`;
    return `${sign}${mantissa}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${trimmed}`;
  const integer = trimmed.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = trimmed.slice(exponent + 1);
  return `${sign}${integer}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The first `count` significant digits of a positive number and the exponent of the first, rounded
 * as PHP's dtoa does: to the nearest, an exact tie to the even digit (JavaScript rounds ties up).
 */
function significantDigits(value: number, count: number): { digits: string; exponent: number } {
  const [mantissa, exponentText] = value.toExponential(99).split('e') as [string, string];
  let exponent = Number(exponentText);
  const all = mantissa.replace('.', '');
  let kept = all.slice(0, count);
  const rest = all.slice(count);
  const roundUp = rest[0]! > '5' || (rest[0] === '5' && (/[1-9]/.test(rest.slice(1)) || Number(kept[kept.length - 1]) % 2 === 1));
  if (roundUp) {
    const bumped = (BigInt(kept) + 1n).toString();
    if (bumped.length > count) {
      exponent++;
      kept = bumped.slice(0, count);
    } else kept = bumped;
  }
  return { digits: kept, exponent };
}

const numberToString = (n: PhpNumber): string => (n.int ? (n.exact ?? String(n.value)) : phpFloatToString(n.value));

type Operator =
  | 'negative' | 'positive' | 'open'
  | 'not' | 'sin' | 'cos' | 'tan' | 'asin' | 'acos' | 'atan' | 'exp' | 'ln' | 'abs' | 'floor' | 'trunc' | 'ceil' | 'sqrt'
  | 'e' | 'pow' | 'times' | 'divide' | 'mod' | 'fmod' | 'plus' | 'minus' | 'round'
  | 'equal' | 'less' | 'greater' | 'lessEqual' | 'greaterEqual' | 'notEqual' | 'and' | 'or';

const PRECEDENCE: Record<Operator, number> = {
  negative: 10, positive: 10, e: 10,
  not: 9, sin: 9, cos: 9, tan: 9, asin: 9, acos: 9, atan: 9, exp: 9, ln: 9, abs: 9, floor: 9, trunc: 9, ceil: 9, sqrt: 9,
  pow: 8, times: 7, divide: 7, mod: 7, fmod: 7, plus: 6, minus: 6, round: 5,
  equal: 4, less: 4, greater: 4, lessEqual: 4, greaterEqual: 4, notEqual: 4, and: 3, or: 2,
  open: -1,
};

/** How errors name each operator. */
const NAMES: Partial<Record<Operator, string>> = {
  negative: '-', positive: '+', times: '*', divide: '/', plus: '+', minus: '-', equal: '=', less: '<', greater: '>',
  lessEqual: '<=', greaterEqual: '>=', notEqual: '<>', pow: '^',
};
const nameOf = (op: Operator): string => NAMES[op] ?? op;

/** The words of expressions; `e` and `pi` are also numbers. */
const WORDS: Record<string, Operator | 'pi'> = {
  mod: 'mod', fmod: 'fmod', and: 'and', or: 'or', not: 'not', round: 'round', div: 'divide', e: 'e',
  sin: 'sin', cos: 'cos', tan: 'tan', asin: 'asin', acos: 'acos', atan: 'atan', exp: 'exp', ln: 'ln',
  abs: 'abs', trunc: 'trunc', floor: 'floor', ceil: 'ceil', pi: 'pi', sqrt: 'sqrt',
};
const PREFIX_FUNCTIONS = new Set<Operator>(['not', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'exp', 'ln', 'abs', 'floor', 'trunc', 'ceil', 'sqrt']);
const SYMBOLS: [string, Operator][] = [
  ['<=', 'lessEqual'], ['>=', 'greaterEqual'], ['<>', 'notEqual'], ['!=', 'notEqual'],
  ['*', 'times'], ['/', 'divide'], ['^', 'pow'], ['=', 'equal'], ['<', 'less'], ['>', 'greater'],
];

const MAX_STACK_SIZE = 100;
const WHITE = ' \t\r\n';
const NUMBER_CHARS = '0123456789.';

/** PHP's (float) of a run of digits and dots: its leading decimal number ("1.2.3" is 1.2). */
function runToFloat(run: string): number {
  const m = /^\d*(?:\.\d*)?/.exec(run)![0];
  return m === '' || m === '.' ? 0 : Number(m.startsWith('.') ? `0${m}` : m.endsWith('.') ? m.slice(0, -1) : m);
}

function applyOperator(op: Operator, stack: PhpNumber[]): void {
  const unary = PREFIX_FUNCTIONS.has(op) || op === 'negative' || op === 'positive';
  if (stack.length < (unary ? 1 : 2)) throw new ExprError('missing_operand', nameOf(op));
  if (op === 'positive') return;
  if (unary) {
    const arg = stack.pop()!;
    stack.push(prefix(op, arg));
    return;
  }
  const right = stack.pop()!;
  const left = stack.pop()!;
  stack.push(infix(op, left, right));
}

function prefix(op: Operator, arg: PhpNumber): PhpNumber {
  const x = arg.value;
  switch (op) {
    case 'negative':
      return arg.int ? intOrFloat(-x) : float(-x);
    case 'not':
      return bool(!truthy(x));
    case 'sin':
      return float(Math.sin(x));
    case 'cos':
      return float(Math.cos(x));
    case 'tan':
      return float(Math.tan(x));
    case 'asin':
    case 'acos':
      if (x < -1 || x > 1) throw new ExprError('invalid_argument', op);
      return float(op === 'asin' ? Math.asin(x) : Math.acos(x));
    case 'atan':
      return float(Math.atan(x));
    case 'exp':
      return float(Math.exp(x));
    case 'ln':
      if (x <= 0) throw new ExprError('invalid_argument_ln', op);
      return float(Math.log(x));
    case 'abs':
      return arg.int ? intOrFloat(Math.abs(x)) : float(Math.abs(x));
    case 'floor':
      return float(Math.floor(x));
    case 'ceil':
      return float(Math.ceil(x));
    case 'trunc': {
      const exact = toIntExact(x);
      return { value: Number(exact), int: true, exact: String(exact) };
    }
    case 'sqrt': {
      const root = Math.sqrt(x);
      if (Number.isNaN(root)) throw new ExprError('not_a_number', op);
      return float(root);
    }
    default:
      throw new ExprError('unknown_error');
  }
}

/** PHP's arithmetic of two numbers: integers stay integers while they can. */
function arithmetic(left: PhpNumber, right: PhpNumber, result: number): PhpNumber {
  return left.int && right.int ? intOrFloat(result) : float(result);
}

function infix(op: Operator, left: PhpNumber, right: PhpNumber): PhpNumber {
  const a = left.value;
  const b = right.value;
  switch (op) {
    case 'times':
      return arithmetic(left, right, a * b);
    case 'divide':
      if (!b) throw new ExprError('division_by_zero', nameOf(op));
      return left.int && right.int && a % b === 0 ? int(a / b) : float(a / b);
    case 'mod': {
      const divisor = toInt(b);
      if (!divisor) throw new ExprError('division_by_zero', nameOf(op));
      const remainder = toInt(a) % divisor;
      return int(remainder === 0 ? 0 : remainder);
    }
    case 'fmod':
      if (!b) throw new ExprError('division_by_zero', nameOf(op));
      return float(a % b);
    case 'plus':
      return arithmetic(left, right, a + b);
    case 'minus':
      return arithmetic(left, right, a - b);
    case 'and':
      return bool(truthy(a) && truthy(b));
    case 'or':
      return bool(truthy(a) || truthy(b));
    case 'equal':
      return bool(a === b);
    case 'notEqual':
      return bool(a !== b);
    case 'less':
      return bool(a < b);
    case 'greater':
      return bool(a > b);
    case 'lessEqual':
      return bool(a <= b);
    case 'greaterEqual':
      return bool(a >= b);
    case 'round':
      return float(phpRound(a, toInt(b)));
    case 'e':
      // left * pow(10, right): an integer power of ten when right is a whole number.
      return float(a * 10 ** b);
    case 'pow': {
      const power = a ** b;
      return left.int && right.int && b >= 0 ? intOrFloat(power) : float(power);
    }
    default:
      throw new ExprError('unknown_error');
  }
}

/**
 * ExprParser::doExpression: the value of the expression as text ('' for an empty one), or an
 * ExprError. Both stacks are limited to 100 entries.
 */
export function expressionResult(input: string): string {
  const expr = input.replace(/&lt;|&gt;|&minus;|−/g, (entity) => ({ '&lt;': '<', '&gt;': '>' })[entity] ?? '-');
  const operands: PhpNumber[] = [];
  const operators: Operator[] = [];
  let expecting: 'expression' | 'operator' = 'expression';
  let p = 0;
  while (p < expr.length) {
    if (operands.length > MAX_STACK_SIZE || operators.length > MAX_STACK_SIZE) throw new ExprError('stack_exhausted');
    const char = expr[p]!;
    let op: Operator;
    let name: string;
    if (WHITE.includes(char)) {
      p++;
      continue;
    }
    if (NUMBER_CHARS.includes(char)) {
      if (expecting !== 'expression') throw new ExprError('unexpected_number');
      let end = p;
      while (end < expr.length && NUMBER_CHARS.includes(expr[end]!)) end++;
      operands.push(float(runToFloat(expr.slice(p, end))));
      p = end;
      expecting = 'operator';
      continue;
    }
    if (/[A-Za-z]/.test(char)) {
      const word = /^[A-Za-z]*/.exec(expr.slice(p))![0].toLowerCase();
      p += word.length;
      if (!Object.hasOwn(WORDS, word)) throw new ExprError('unrecognised_word', word);
      const meaning = WORDS[word]!;
      if (meaning === 'pi') {
        if (expecting !== 'expression') throw new ExprError('unexpected_number');
        operands.push(float(Math.PI));
        expecting = 'operator';
        continue;
      }
      if (meaning === 'e' && expecting === 'expression') {
        operands.push(float(Math.E));
        expecting = 'operator';
        continue;
      }
      if (PREFIX_FUNCTIONS.has(meaning)) {
        if (expecting !== 'expression') throw new ExprError('unexpected_operator', word);
        operators.push(meaning);
        continue;
      }
      op = meaning;
      name = word;
    } else if (char === '+' || char === '-') {
      p++;
      if (expecting === 'expression') {
        operators.push(char === '+' ? 'positive' : 'negative');
        continue;
      }
      op = char === '+' ? 'plus' : 'minus';
      name = char;
    } else if (char === '(') {
      if (expecting === 'operator') throw new ExprError('unexpected_operator', '(');
      operators.push('open');
      p++;
      continue;
    } else if (char === ')') {
      while (operators.length > 0 && operators[operators.length - 1] !== 'open') applyOperator(operators.pop()!, operands);
      if (operators.length === 0) throw new ExprError('unexpected_closing_bracket');
      operators.pop();
      expecting = 'operator';
      p++;
      continue;
    } else {
      const symbol = SYMBOLS.find(([text]) => expr.startsWith(text, p));
      if (!symbol) throw new ExprError('unrecognised_punctuation', String.fromCodePoint(expr.codePointAt(p)!));
      [name, op] = symbol;
      p += name.length;
    }
    if (expecting === 'expression') throw new ExprError('unexpected_operator', name);
    while (operators.length > 0 && PRECEDENCE[op] <= PRECEDENCE[operators[operators.length - 1]!]) applyOperator(operators.pop()!, operands);
    operators.push(op);
    expecting = 'expression';
  }
  while (operators.length > 0) {
    const op = operators.pop()!;
    if (op === 'open') throw new ExprError('unclosed_bracket');
    applyOperator(op, operands);
  }
  return operands.map(numberToString).join('<br />\n');
}

/** Whether #ifexpr takes its `then` branch: a numeric result that is not zero, or any other non-empty text. */
export function expressionIsTrue(result: string): boolean {
  if (/^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/.test(result)) return Number(result) !== 0;
  return result !== '';
}
