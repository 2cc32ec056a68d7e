// PHP's string-to-integer conversions, case by case as PHP 8.2 (the reference MediaWiki's) gives
// them; the call sites that depend on them are pinned in test/modules (info, revisions, links,
// categorymembers).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { phpInt, phpIntEqualsText } from '../../src/wiki/php-values.ts';

describe('phpInt: (int)$text', () => {
  const cases: [string, number][] = [
    ['76', 76],
    ['-5', -5],
    ['+5', 5],
    [' 12', 12],
    ['\n\v\f\t\r 12', 12],
    ['12 ', 12],
    ['76abc', 76],
    ['1e3', 1000],
    ['1e3abc', 1000],
    ['7.6e1', 76],
    ['1.e3', 1000],
    ['1.9', 1],
    ['-1.9e1x', -19],
    ['.5', 0],
    ['abc', 0],
    ['', 0],
    ['0x1A', 0],
    ['\u00a012', 0],
  ];
  for (const [text, value] of cases) {
    test(`${JSON.stringify(text)} is ${value}`, () => assert.equal(phpInt(text), value));
  }

  test('numbers past PHP_INT_MAX stop there', () => {
    assert.equal(phpInt('1e100'), 9223372036854775807);
    assert.equal(phpInt('-1e100'), -9223372036854775808);
  });
});

describe('phpIntEqualsText: (int)$text == $text', () => {
  const cases: [string, boolean][] = [
    ['450', true],
    [' 450', true],
    ['450 ', true],
    ['+450', true],
    ['4.5e2', true],
    ['450.0', true],
    ['1.', true],
    ['-0', true],
    ['450abc', false],
    ['1.5', false],
    ['.5', false],
    ['1e100', false],
    ['0x1A', false],
    ['', false],
    ['abc', false],
  ];
  for (const [text, equal] of cases) {
    test(`${JSON.stringify(text)}: ${equal}`, () => assert.equal(phpIntEqualsText(text), equal));
  }
});
