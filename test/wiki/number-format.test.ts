// Language::formatNum in every language, against the reference's answers (scripts/record-formatnum-oracle.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { languageForCode } from '../../src/wiki/languages.ts';
import { formatNumber } from '../../src/wiki/number-format.ts';

const oracle = JSON.parse(readFileSync(new URL('./data/formatnum-oracle.json', import.meta.url), 'utf8')) as {
  numbers: string[];
  answers: Record<string, string[]>;
};

test('formatNum lays out numbers as MediaWiki 1.39 does in every language', () => {
  const wrong: string[] = [];
  for (const [requested, answers] of Object.entries(oracle.answers)) {
    const code = languageForCode(requested);
    oracle.numbers.forEach((number, i) => {
      const ours = formatNumber(number.trim(), code);
      if (ours !== answers[i]) wrong.push(`${code} ${JSON.stringify(number)}: ${ours} != ${answers[i]}`);
    });
    oracle.numbers.slice(0, answers.length - oracle.numbers.length).forEach((number, i) => {
      const ours = formatNumber(number.trim(), code, { noSeparators: true });
      const expected = answers[oracle.numbers.length + i];
      if (ours !== expected) wrong.push(`${code} NOSEP ${JSON.stringify(number)}: ${ours} != ${expected}`);
    });
  }
  assert.deepEqual(wrong.slice(0, 40), []);
});

test('numbers given as numbers are written as PHP writes them first', () => {
  assert.equal(formatNumber(1234567, 'de'), '1.234.567');
  assert.equal(formatNumber(-0.5, 'en'), '\u22120.5');
  assert.equal(formatNumber(1e20, 'en'), '100,000,000,000,000,000,000');
});
