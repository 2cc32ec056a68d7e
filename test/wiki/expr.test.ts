// {{#expr:}} and {{#ifexpr:}} against MediaWiki 1.39 with ParserFunctions (answers recorded by
// scripts/record-grammar-oracle.ts), errors in the extension's English texts.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ExprError, expressionIsTrue, expressionResult, phpFloatToString } from '../../src/wiki/expr.ts';

const oracle = JSON.parse(readFileSync(new URL('./data/expr-oracle.json', import.meta.url), 'utf8')) as { expression: string; expr: string; ifexpr: string }[];

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');

/** What the parser function gives: the value, or the error as ParserFunctions shows it. */
function ours(expression: string, ifexpr: boolean): string {
  try {
    const result = expressionResult(expression.trim());
    return ifexpr ? (expressionIsTrue(result) ? 'yes' : 'no') : result;
  } catch (error) {
    if (error instanceof ExprError) return `<strong class="error">${escape(error.message)}</strong>`;
    throw error;
  }
}

test('#expr and #ifexpr as MediaWiki 1.39', () => {
  const wrong: string[] = [];
  for (const { expression, expr, ifexpr } of oracle) {
    const exprOurs = ours(expression, false);
    if (exprOurs !== expr) wrong.push(`#expr:${expression} ours=${JSON.stringify(exprOurs)} ref=${JSON.stringify(expr)}`);
    const ifexprOurs = ours(expression, true);
    if (ifexprOurs !== ifexpr) wrong.push(`#ifexpr:${expression} ours=${JSON.stringify(ifexprOurs)} ref=${JSON.stringify(ifexpr)}`);
  }
  assert.deepEqual(wrong, []);
});

test("PHP's string of a float", () => {
  assert.equal(phpFloatToString(1e14), '1.0E+14');
  assert.equal(phpFloatToString(99999999999999), '99999999999999');
  assert.equal(phpFloatToString(0.1 + 0.2), '0.3');
  assert.equal(phpFloatToString(1.5e-7), '1.5E-7');
  assert.equal(phpFloatToString(0.0001), '0.0001');
  assert.equal(phpFloatToString(-0), '-0');
});
