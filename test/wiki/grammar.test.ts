// {{GRAMMAR:}} against MediaWiki 1.39's answers (scripts/record-grammar-oracle.ts recorded them
// over pages MediaWiki:…/<code>, which are in that language).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { requestedKazakhVariant } from '../../src/wiki/grammar.ts';
import { convertGrammar } from '../../src/wiki/language-rules.ts';

interface GrammarOracle {
  [code: string]: { words: string[]; cases: Record<string, string[]> };
}

const oracle = JSON.parse(readFileSync(new URL('./data/grammar-oracle.json', import.meta.url), 'utf8')) as GrammarOracle;

describe('convertGrammar as MediaWiki 1.39', () => {
  for (const [code, { words, cases }] of Object.entries(oracle)) {
    test(code, () => {
      const wrong: string[] = [];
      for (const [grammarCase, answers] of Object.entries(cases)) {
        words.forEach((word, i) => {
          const ours = convertGrammar(word, grammarCase, code);
          if (ours !== answers[i]) wrong.push(`${grammarCase}|${word}: ours=${JSON.stringify(ours)} ref=${JSON.stringify(answers[i])}`);
        });
      }
      assert.deepEqual(wrong, []);
    });
  }

  test('$wgGrammarForms comes before the rules, under the key each class reads', () => {
    const forms = { fi: { elative: { Wikipedia: 'Wikipediasta!' } }, 'kk-latn': { dative: { bala: 'BALAĞA' } }, hu: { ba: { x: 'y' } } };
    assert.equal(convertGrammar('Wikipedia', 'elative', 'fi', { forms }), 'Wikipediasta!');
    // Inari Sami takes Finnish's class, which reads the forms of 'fi' whatever the code.
    assert.equal(convertGrammar('Wikipedia', 'elative', 'smn', { forms }), 'Wikipediasta!');
    assert.equal(convertGrammar('bala', 'dative', 'kk-latn', { forms }), 'BALAĞA');
    assert.equal(convertGrammar('x', 'ba', 'hu', { forms }), 'y');
    assert.equal(convertGrammar('x', 'ba', 'hu-formal', { forms }), 'xba');
  });

  test("Kazakh's grammar follows the request's variant", () => {
    assert.equal(convertGrammar('bala', 'dative', 'kk'), 'bala');
    assert.equal(convertGrammar('bala', 'dative', 'kk', { variant: 'kk-latn' }), 'balağa');
    assert.equal(convertGrammar('бала', 'dative', 'kk', { variant: 'kk-kz' }), 'балаға');
  });

  test('the variant a request asks for: variant, uselang, then Accept-Language by quality', () => {
    assert.equal(requestedKazakhVariant('kk-arab', 'kk-latn', undefined), 'kk-arab');
    assert.equal(requestedKazakhVariant(undefined, 'KK-Latn', undefined), 'kk-latn');
    assert.equal(requestedKazakhVariant('xx', 'de', 'de, kk-tr;q=0.5, kk-cn;q=0.8'), 'kk-cn');
    assert.equal(requestedKazakhVariant(undefined, 'de', 'kk-latn;q=0'), undefined);
  });
});
