// LuaPattern: Lua patterns over code points, read as Scribunto reads them.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LuaPattern, Subject } from '../../../src/import/scribunto/ustring-pattern.ts';
import { LuaCallbackError } from '../../../src/import/scribunto/types.ts';

function match(subject: string, pattern: string, init = 0): { start: number; end: number; captures: (string | number)[] } | null {
  return LuaPattern.get(pattern, true, 'find').exec(new Subject(subject), init);
}

describe('LuaPattern', () => {
  test('positions count code points, astral ones included', () => {
    assert.deepEqual(match('a😀b', 'b'), { start: 2, end: 3, captures: [] });
    assert.deepEqual(match('😀x😀', '(x)()'), { start: 1, end: 2, captures: ['x', 3] });
    assert.equal(new Subject('a😀b').slice(1, 2), '😀');
  });

  test('quantifiers: greedy *, + and ?, lazy -', () => {
    assert.deepEqual(match('<a><b>', '<(.*)>')?.captures, ['a><b']);
    assert.deepEqual(match('<a><b>', '<(.-)>')?.captures, ['a']);
    assert.deepEqual(match('color colour', 'colou?r', 1)?.start, 6);
    assert.equal(match('abc', 'x+'), null);
  });

  test('anchors: ^ only at the start of the pattern, $ only at its end (or before a final newline)', () => {
    assert.equal(match('ab', '^b'), null);
    assert.deepEqual(match('a^b', 'a^b')?.end, 3);
    assert.deepEqual(match('a$b', 'a$b')?.end, 3);
    assert.deepEqual(match('ab\n', 'b$')?.start, 1);
    assert.equal(match('ab\n\n', 'b$'), null);
  });

  test('%b balances nested delimiters; %f matches at transitions, the ends counting as \\0', () => {
    assert.deepEqual(match('x{{a{b}c}}y', '%b{}')?.end, 10);
    assert.equal(match('{{a', '%b{}'), null);
    assert.deepEqual(match('THE END', '%f[%w]%w+', 3)?.start, 4);
    assert.deepEqual(match('ab', '%f[%z]')?.start, 2);
  });

  test('a match with nothing in it can be refused (the retry after an empty match)', () => {
    const p = LuaPattern.get('a-', true, 'gsub');
    assert.deepEqual(p.exec(new Subject('aa'), 0, true, true), { start: 0, end: 1, captures: [] });
    assert.equal(LuaPattern.get('x*', true, 'gsub').exec(new Subject('ab'), 0, true, true), null);
  });

  test("compile errors carry Scribunto's messages", () => {
    assert.throws(() => LuaPattern.get('(a', true, 'find'), new LuaCallbackError('Unclosed capture beginning at pattern character 1'));
    assert.throws(() => LuaPattern.get('a]', true, 'find'), new LuaCallbackError('Unmatched close-bracket at pattern character 2'));
    assert.throws(() => LuaPattern.get('a%', true, 'find'), new LuaCallbackError("malformed pattern (ends with '%')"));
    assert.throws(() => LuaPattern.get('x'.repeat(10001), true, 'find'), /pattern is longer than 10000 bytes/);
  });

  test('runaway backtracking stops with an error instead of hanging', () => {
    const subject = new Subject('a'.repeat(40));
    assert.throws(() => LuaPattern.get('a*a*a*a*a*a*a*b', true, 'find').exec(subject, 0), /backtrack limit/);
  });
});
