// Asks the reference MediaWiki 1.39 for {{GRAMMAR:case|word}} in each language whose grammar is
// code (and some that fall back to one, or whose rules are data), many words per case, and writes
// the answers to test/wiki/data/grammar-oracle.json for test/wiki/grammar.test.ts; and {{#expr:}}
// of many expressions to test/wiki/data/expr-oracle.json for test/wiki/expr.test.ts.
// usage: node --import tsx scripts/record-grammar-oracle.ts --ref http://127.0.0.1:PORT/wiki/api.php
//
// A page `MediaWiki:Foo/<code>` is in that language, so expandtemplates over it uses the code's
// Language object, as a message in that language would.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUTPUT = fileURLToPath(new URL('../test/wiki/data/grammar-oracle.json', import.meta.url));
const EXPR_OUTPUT = fileURLToPath(new URL('../test/wiki/data/expr-oracle.json', import.meta.url));

/** Expressions for #expr and #ifexpr: every operator, precedence, number forms, PHP's float output, errors. */
const EXPRESSIONS = [
  '', ' ', '1', '1+1', '2*3', '7/2', '6/3', '1/3', '2/3*3', '-7/2', '1/0', '1 div 0', '5 mod 0', '5 mod 0.5', '5.9 mod 2', '-7 mod 3', '7 mod -3',
  '5 fmod 0', '5.5 fmod 2', '-5.5 fmod 2', '2^10', '2^3^2', '2^-1', '0^-1', '(-8)^(1/3)', '-2^2', '(-2)^2', '2^0.5', '10^15', '10^14', '10^13',
  '99999999999999', '123456789012345', '1e14', '1e15', '1e3', '1.5e3', '1 e 3', '2e', 'e', 'e*2', 'pi', 'pi*2', '2pi', '2 pi', 'pi pi',
  '0.1+0.2', '0.00001', '0.0001', '1/7', '100000000000000000000', '1.2.3', '.5', '5.', '.', '..5', '1..2', '3-2-1', '2*3+4', '2+3*4', '(2+3)*4',
  '((1))', '(1', '1)', ')', '(', '()', '1(2)', '(1)(2)', '1 2', '+1', '-1', '--1', '-+-1', '+', '-', '*', '1+', '1*', '*1', 'not 0', 'not 1',
  'not', 'not not 2', '1 and 0', '1 and 2', '0 or 0', '0 or 3', '1 = 1', '1 = 1.0', '1 <> 2', '1 != 1', '2 < 3', '2 > 3', '2 <= 2', '3 >= 4',
  '1 &lt; 2', '2 &gt; 1', '5 &minus; 3', '5 − 3', '2.5 round 0', '3.5 round 0', '-2.5 round 0', '1.005 round 2', '1234.5678 round -2',
  '1234.5678 round 2', '1/3 round 5', '12345 round -5', 'trunc 5.7', 'trunc -5.7', 'trunc 1e20', 'floor 5.7', 'floor -5.7', 'ceil 5.2', 'ceil -5.2',
  'abs -3', 'abs 3', 'sqrt 16', 'sqrt 2', 'sqrt -1', 'ln 1', 'ln 0', 'ln -1', 'ln e', 'exp 1', 'exp 0', 'sin 0', 'cos 0', 'tan 0', 'sin pi',
  'asin 1', 'asin 2', 'acos 1', 'acos -2', 'atan 1', 'sqrt', 'abs', '1 abs 2', 'foo', '1 + foo', 'mod', '1 mod', 'mod 1', '1 round', 'round 1',
  '2 * (3 + 4', '$', '1 # 2', '1 ! 2', '1 ? 2', 'é', '1 ÷ 2', '3 ≤ 4', '1 = 1 and 2 = 2', '1 or 0 and 0', 'not 0 and 0', '-3 mod 2 = -1',
  '1e-5', '1e-4', '0.1 * 3', '1 - 0.9', '-0', '0 * -1', '-(0)', '1/3*3 = 1', '10 div 4', '2 ^ 1024', '-2 ^ 1024', '(0-2) ^ 1024', 'ln 0.0000001',
  'exp 710', 'exp 700', '1e308*10', 'trunc 2 * trunc 3', 'trunc 7 / trunc 2', 'trunc 6 / trunc 3', 'trunc 1e15', 'trunc 1e15 * 10', 'trunc (-0.5)',
  '(1 = 1) + (2 = 2)', 'not 5 = 0', '3 mod 2 mod 2', '2 * 3 mod 4', 'abs -1e15', 'floor 1e15', '1E3', 'PI', 'Pi * 1', 'NOT 0', 'Trunc 2.5',
  '7 mod 2.9', '7.9 mod 2.9', '1e20 mod 3', '100000000000000000000 mod 7', 'sin 1', 'cos 1', 'tan 1', 'atan 10', '2^53+1', '2^0.5*2^0.5',
  '1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1',
  '((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))',
  '-------------------------------------------------------------------------------------------------------1',
  '2^2^2^2', '1 - - 1', '1 + + 1', '1 * - 1', 'not - 1', '- not 1', '(1 + 2) * (3 + 4) / (5 - 5)', '3 round', '0.5 round 0', '1.5 round 0',
];

const WORDS = {
  latin: ['Wikipedia', 'Wikibooks', 'Wikiversity', 'Wiktionary', 'Wikia', 'translatewiki.net', 'Fixture Wiki', 'wiki', 'WIKI', 'Vikipedija', 'Wikipedija', 'Tietosanakirja', 'Wikisanakirja', 'Helsinki', 'Turku', 'Kotus', 'kahvé', 'Yö', 'kissa', 'talo', 'Äiti', 'Öljy', 'Ääkkönen', 'TALO', 'ABC', 'xyz', 'Foo Bar', 'Ĥotel', 'kissaĶ', 'Raahe', 'Espoo', 'Oulu', 'Lahti', ''],
  latinDeclension: ['nuntius', 'dominus', 'templum', 'lingua', 'Vicipaedia', 'Communitas', 'communia', 'communiam', 'libri', 'nuntii', 'datae', 'datam', 'data', 'natio', 'infans', 'res', 'civitas', 'Roma'],
  irish: ['an Domhnach', 'an Luan', 'an Mháirt', 'an Chéadaoin', 'an Déardaoin', 'an Aoine', 'an Satharn', 'an Lá', 'Vicipéid'],
  kazakhCyrillic: ['Уикипедия', 'Қазақстан', 'кітап', 'мектеп', 'Абай', 'қала', 'Өскемен', 'тау', 'бала', 'жол', 'ел', 'сөз', 'үй', 'кісім', 'әкем', 'атым', 'балаң', 'қызыңыз', 'досы', 'інісі', 'Алматы', 'мұз', 'жаз', 'тіл', 'күн', 'ми', 'шай', 'ағаш', 'ККК', 'Wikipedia', 'абв', 'бв'],
  kazakhLatin: ['Wïkïpedïya', 'Qazaqstan', 'kitap', 'mektep', 'Abay', 'qala', 'Öskemen', 'taw', 'bala', 'jol', 'el', 'söz', 'üy', 'kisim', 'äkem', 'atım', 'balañ', 'qızıñız', 'dosı', 'inisi', 'Almatı', 'muz', 'jaz', 'til', 'kün', 'şay', 'ağaş', 'KKK'],
  kazakhArabic: ['ۋيكيپەديا', 'قازاقستان', 'كٸتاپ', 'مەكتەپ', 'اباي', 'قالا', 'تاۋ', 'بالا', 'جول', 'ەل', 'سٶز', 'ٷي', 'اتىم', 'بالاڭ', 'دوسى', 'تٸل', 'مۇز', 'جاز'],
  tuvan: ['Википедия', 'Тыва', 'өг', 'чер', 'ном', 'хол', 'ат', 'суг', 'дүн', 'теве', 'кижи', 'бот', 'кол', 'ѳг', 'ооржак', 'черлик', 'хем', 'ыт', 'дыл', 'аът', 'таг', 'сүт', 'көк', 'ой', 'бай', 'тей', 'эр', 'ТЫВА', 'кс', 'Wikipedia'],
  ossetian: ['Википеди', 'хъæу', 'лæппу', 'аунеу', 'фыдтæ', 'Москва', 'чиныг', 'сæр', 'хох', 'бæстæ', 'горæт', 'ирон', 'Wikipedia', 'Ирыстон', 'дон', 'у', 'зæрдæ', 'цæстытæ', 'MediaWiki', 'ӕ', 'Хъæу'],
  armenian: ['Վիքիպեդիա', 'Հայաստան', 'Վիքիգիրք', 'Մարո', 'բառ', 'Wikiգիրք', 'գիրք', 'Վիքիդարան', 'Երևան', 'Wikipedia', 'կատու_'],
  slavonic: ['Википєдїꙗ', 'Вики', 'вики', 'Вікиї', 'слово', 'ї'],
};

const CASES: Record<string, { cases: string[]; words: (keyof typeof WORDS)[] }> = {
  bs: { cases: ['instrumental', 'lokativ', 'nominativ', 'genitiv'], words: ['latin'] },
  sh: { cases: ['instrumental', 'lokativ', 'genitiv'], words: ['latin'] },
  cu: { cases: ['genitive', 'accusative', 'nominative'], words: ['slavonic', 'latin'] },
  dsb: { cases: ['instrumental', 'lokatiw', 'nominatiw', 'genitiw'], words: ['latin'] },
  hsb: { cases: ['instrumental', 'lokatiw', 'nominatiw', 'genitiw'], words: ['latin'] },
  fi: { cases: ['genitive', 'elative', 'partitive', 'illative', 'inessive', 'nominative', 'essive'], words: ['latin'] },
  smn: { cases: ['genitive', 'elative', 'illative', 'nominative'], words: ['latin'] },
  se: { cases: ['genitive', 'elative', 'inessive'], words: ['latin'] },
  ga: { cases: ['ainmlae', 'genitive', 'nominative'], words: ['irish', 'latin'] },
  hu: { cases: ['rol', 'ba', 'k', 'nominative', 'Rol'], words: ['latin'] },
  'hu-formal': { cases: ['rol', 'ba', 'k', 'other'], words: ['latin'] },
  hy: { cases: ['genitive', 'dative', 'accusative', 'instrumental', 'prepositional'], words: ['armenian', 'latin'] },
  kaa: { cases: ['genitive', 'dative', 'accusative'], words: ['kazakhLatin', 'latin'] },
  kk: {
    cases: ['genitive', 'dative', 'possessive dative', 'accusative', 'possessive accusative', 'locative', 'possessive locative', 'ablative', 'possessive ablative', 'comitative', 'possessive comitative', 'dc1', 'dc21', 'dc31', 'dc61', 'nominative'],
    words: ['kazakhCyrillic', 'kazakhLatin'],
  },
  'kk-cyrl': { cases: ['genitive', 'dative', 'accusative', 'comitative'], words: ['kazakhCyrillic'] },
  'kk-kz': { cases: ['genitive', 'dative', 'comitative'], words: ['kazakhCyrillic'] },
  'kk-latn': {
    cases: ['genitive', 'dative', 'possessive dative', 'accusative', 'possessive accusative', 'locative', 'possessive locative', 'ablative', 'possessive ablative', 'comitative', 'possessive comitative', 'dc5', 'nominative'],
    words: ['kazakhLatin', 'kazakhCyrillic'],
  },
  'kk-tr': { cases: ['genitive', 'dative', 'ablative', 'comitative'], words: ['kazakhLatin'] },
  'kk-arab': {
    cases: ['genitive', 'dative', 'possessive dative', 'accusative', 'possessive accusative', 'locative', 'possessive locative', 'ablative', 'possessive ablative', 'comitative', 'possessive comitative'],
    words: ['kazakhArabic', 'kazakhCyrillic'],
  },
  'kk-cn': { cases: ['genitive', 'dative', 'ablative', 'comitative'], words: ['kazakhArabic'] },
  ksh: {
    cases: ['nominativ', 'genitiv', 'dativ', 'akkusativ', 'vun', 'en', 'ier', 'sing', 'singe', 'mine', 'b', 'b nominativ', 'b genitiv', 'b dativ', 'b en', 'b sing', 'b singe', 'b iere', '3', '2', 'jen', 'f', 'E M', 'Betont Vun'],
    words: ['latin'],
  },
  la: { cases: ['genitive', 'accusative', 'ablative', 'nominative', 'vocative'], words: ['latinDeclension', 'latin'] },
  os: { cases: ['genitive', 'dative', 'allative', 'ablative', 'inessive', 'superessive', 'equative', 'comitative', 'nominative'], words: ['ossetian'] },
  sl: { cases: ['mestnik', 'orodnik', 'imenovalnik', 'rodilnik'], words: ['latin'] },
  tyv: { cases: ['genitive', 'dative', 'accusative', 'locative', 'ablative', 'directive1', 'directive2', 'nominative'], words: ['tuvan'] },
  ru: { cases: ['genitive', 'prepositional', 'dative'], words: ['tuvan', 'ossetian'] },
  tr: { cases: ['genitive', 'dative'], words: ['latin'] },
};

export interface GrammarOracle {
  /** Per code, the words asked and, per case, the answers in the order of the words. */
  [code: string]: { words: string[]; cases: Record<string, string[]> };
}

async function expand(api: string, title: string, text: string): Promise<string> {
  const body = new URLSearchParams({ action: 'expandtemplates', format: 'json', formatversion: '2', prop: 'wikitext', title, text });
  const response = await fetch(api, { method: 'POST', body });
  const json = (await response.json()) as { expandtemplates?: { wikitext: string }; error?: unknown };
  if (!json.expandtemplates) throw new Error(`expandtemplates failed: ${JSON.stringify(json.error)}`);
  return json.expandtemplates.wikitext;
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--ref');
  const api = at >= 0 ? process.argv[at + 1] : undefined;
  if (!api) throw new Error('usage: record-grammar-oracle.ts --ref http://127.0.0.1:PORT/wiki/api.php');
  const oracle: GrammarOracle = {};
  for (const [code, { cases, words: groups }] of Object.entries(CASES)) {
    const words = groups.flatMap((group) => WORDS[group]);
    const answers: Record<string, string[]> = {};
    for (const grammarCase of cases) {
      // One line per word, each between markers so that an empty answer stays a line.
      const text = words.map((word) => `<${'@'}>{{GRAMMAR:${grammarCase}|${word}}}</${'@'}>`).join('\n');
      const expanded = await expand(api, `MediaWiki:Grammar-oracle/${code}`, text);
      const lines = expanded.split('\n').map((line) => line.replace(/^<@>/, '').replace(/<\/@>$/, ''));
      if (lines.length !== words.length) throw new Error(`${code} ${grammarCase}: ${lines.length} answers for ${words.length} words`);
      answers[grammarCase] = lines;
    }
    oracle[code] = { words, cases: answers };
    console.log(`${code}: ${cases.length} cases x ${words.length} words`);
  }
  writeFileSync(OUTPUT, `${JSON.stringify(oracle, null, 1)}\n`);
  console.log(`wrote ${OUTPUT}`);
  // One expression a request: a newline inside an answer (several values) must not be mistaken for a separator.
  const expressions: { expression: string; expr: string; ifexpr: string }[] = [];
  for (const expression of EXPRESSIONS) {
    const [expr, ifexpr] = await Promise.all([
      expand(api, 'Expr', `{{#expr:${expression}}}`),
      expand(api, 'Expr', `{{#ifexpr:${expression}|yes|no}}`),
    ]);
    expressions.push({ expression, expr, ifexpr });
  }
  writeFileSync(EXPR_OUTPUT, `${JSON.stringify(expressions, null, 1)}\n`);
  console.log(`wrote ${EXPR_OUTPUT} (${expressions.length} expressions)`);
}

await main();
