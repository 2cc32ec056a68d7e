// Asks the reference MediaWiki 1.39 for {{GRAMMAR:case|word}} in each language whose grammar is
// code (and some that fall back to one, or whose rules are data), many words per case, and writes
// the answers to test/wiki/data/grammar-oracle.json for test/wiki/grammar.test.ts.
// usage: node --import tsx scripts/record-grammar-oracle.ts --ref http://127.0.0.1:PORT/wiki/api.php
//
// A page `MediaWiki:Foo/<code>` is in that language, so expandtemplates over it uses the code's
// Language object, as a message in that language would.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUTPUT = fileURLToPath(new URL('../test/wiki/data/grammar-oracle.json', import.meta.url));

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
}

await main();
