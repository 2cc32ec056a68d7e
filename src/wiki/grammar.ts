// {{GRAMMAR:case|word}} of the languages whose MediaWiki 1.39 Language class has its own
// convertGrammar (the others read languages/data/grammarTransformations, see language-rules.ts).
// Most of these rules were written for the names of wikis: an ending or a preposition chosen from
// the word's last letters and vowels.

/** $wgGrammarForms: per language code, per case, the form of a word, before any rule. */
export type GrammarForms = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>>;

export interface GrammarContext {
  /** The code of the Language object (a language that falls back to the class's keeps its own code). */
  code: string;
  forms: GrammarForms;
  /** LanguageConverter::getPreferredVariant for Kazakh: the request's `variant` or `uselang`. */
  variant?: string;
}

type CodedGrammar = (word: string, grammarCase: string, context: GrammarContext) => string;

/** $wgGrammarForms[code][case][word], when the site sets it. */
function configured(forms: GrammarForms, code: string, grammarCase: string, word: string): string | undefined {
  const byCase = Object.hasOwn(forms, code) ? forms[code]! : undefined;
  const byWord = byCase && Object.hasOwn(byCase, grammarCase) ? byCase[grammarCase]! : undefined;
  return byWord && Object.hasOwn(byWord, word) ? byWord[word] : undefined;
}

/** A grammar that first honours $wgGrammarForms under a fixed key (the class's, not the object's code). */
function withForms(key: string, rule: (word: string, grammarCase: string) => string): CodedGrammar {
  return (word, grammarCase, { forms }) => configured(forms, key, grammarCase, word) ?? rule(word, grammarCase);
}

/** A preposition (or two) put before the word for some cases. */
function prepositions(table: Record<string, string>): (word: string, grammarCase: string) => string {
  return (word, grammarCase) => (Object.hasOwn(table, grammarCase) ? `${table[grammarCase]} ${word}` : word);
}

const chars = (word: string): string[] => [...word];
const lastChar = (word: string): string => chars(word).pop() ?? '';

// Finnish: an `i` after a final consonant, then the case ending in the word's vowel harmony.
const FINNISH_ENDINGS: Record<string, [back: string, front: string]> = {
  genitive: ['n', 'n'],
  elative: ['sta', 'stä'],
  partitive: ['a', 'ä'],
  inessive: ['ssa', 'ssä'],
};

/**
 * Back-vowel harmony: an a, o or u with nothing after it but letters other than ä, ö and y. PHP
 * tests that on the UTF-8 bytes, so any letter sharing a byte with ä or ö (every letter from
 * U+00C0 to U+00FF among them) also stops it; upper-case ASCII counts as lower-case.
 */
function finnishBackVowels(word: string): boolean {
  if (/wiki$/i.test(word)) return false;
  return /[aouAOU][^\xc3\xa4\xb6yY]*$/.test(Buffer.from(word, 'utf8').toString('latin1'));
}

function finnish(word: string, grammarCase: string): string {
  const back = finnishBackVowels(word);
  const stem = /[bcdfghjklmnpqrstvwxz]$/i.test(word) ? `${word}i` : word;
  if (grammarCase === 'illative') return `${stem}${lastChar(stem)}n`;
  const ending = FINNISH_ENDINGS[grammarCase];
  return ending ? stem + (back ? ending[0] : ending[1]) : stem;
}

// Irish: the days of the week as adverbs ("on Sunday").
const IRISH_DAYS: Record<string, string> = {
  'an Domhnach': 'Dé Domhnaigh',
  'an Luan': 'Dé Luain',
  'an Mháirt': 'Dé Mháirt',
  'an Chéadaoin': 'Dé Chéadaoin',
  'an Déardaoin': 'Déardaoin',
  'an Aoine': 'Dé hAoine',
  'an Satharn': 'Dé Sathairn',
};

// Hungarian: three suffixes; any other case gives an empty text.
const HUNGARIAN_SUFFIXES: Record<string, string> = { rol: 'ról', ba: 'ba', k: 'k' };

// Armenian: the genitive of words written in Armenian only (a Latin letter or `_` leaves the word).
function armenian(word: string, grammarCase: string): string {
  if (/[a-zA-Z_]/.test(word) || grammarCase !== 'genitive') return word;
  if (word.endsWith('ա')) return `${word.slice(0, -1)}այի`;
  if (word.endsWith('ո')) return `${word.slice(0, -1)}ոյի`;
  if (word.endsWith('գիրք')) return `${word.slice(0, -4)}գրքի`;
  return `${word}ի`;
}

// Latin: each ending of the list rewritten in turn, so that one rewrite can feed the next
// (nuntius -> nuntii -> nuntiorum in the genitive).
const LATIN_ENDINGS: Record<string, [RegExp, string][]> = {
  genitive: [[/u[ms]$/, 'i'], [/ommunia$/, 'ommunium'], [/a$/, 'ae'], [/libri$/, 'librorum'], [/nuntii$/, 'nuntiorum'], [/datae$/, 'datorum'], [/tio$/, 'tionis'], [/ns$/, 'ntis'], [/as$/, 'atis'], [/es$/, 'ei']],
  accusative: [[/u[ms]$/, 'um'], [/a$/, 'am'], [/ommuniam$/, 'ommunia'], [/libri$/, 'libros'], [/nuntii$/, 'nuntios'], [/datam$/, 'data'], [/tio$/, 'tionem'], [/ns$/, 'ntem'], [/as$/, 'atem'], [/es$/, 'em']],
  ablative: [[/u[ms]$/, 'o'], [/ommunia$/, 'ommunibus'], [/a$/, 'a'], [/libri$/, 'libris'], [/nuntii$/, 'nuntiis'], [/data$/, 'datis'], [/tio$/, 'tione'], [/ns$/, 'nte'], [/as$/, 'ate'], [/es$/, 'e']],
};

function latin(word: string, grammarCase: string): string {
  const endings = LATIN_ENDINGS[grammarCase];
  return endings ? endings.reduce((text, [ending, replacement]) => text.replace(ending, replacement), word) : word;
}

// Colognian: an article (and a preposition or a possessive) by the wiki's gender, which its name
// tells: "…wiki" is neuter, the known families have theirs, anything else is masculine.
const COLOGNIAN_FAMILY_GENDERS: Record<string, 'f' | 'n'> = {
  wikipedia: 'f',
  wikiversity: 'f',
  wiktionary: 'n',
  wikibooks: 'n',
  wikiquote: 'n',
  wikisource: 'n',
  wikitravel: 'n',
  wikia: 'f',
  'translatewiki.net': 'n',
};

/** The case's name is read by its words' first letters: b(etont) for the stressed article, then the case. */
function colognian(word: string, grammarCase: string): string {
  const lowered = asciiLower(word);
  const gender = Object.hasOwn(COLOGNIAN_FAMILY_GENDERS, lowered) ? COLOGNIAN_FAMILY_GENDERS[lowered]! : /wiki$/.test(lowered) ? 'n' : 'm';
  const feminine = gender === 'f';
  const caseWords = ` ${asciiLower(grammarCase)}`;
  const has = (letters: string): boolean => new RegExp(` [${letters}]`).test(caseWords);
  const stressed = has('b');
  // Possessive: "däm WikiMaatplaz sing(e)".
  if (has('is')) return `${stressed ? (feminine ? 'dä' : 'däm') : feminine ? 'de' : 'dem'} ${word} ${feminine ? 'ier' : 'sing'}${has('m') ? 'e' : ''}`;
  // In: "em WikiMaatplaz".
  if (has('e')) return stressed ? `en ${feminine ? 'dä' : 'däm'} ${word}` : `${feminine ? 'en de' : 'em'} ${word}`;
  // From, genitive: "vum WikiMaatplaz".
  if (has('fv2jg')) return stressed ? `vun ${feminine ? 'dä' : 'däm'} ${word}` : `${feminine ? 'vun de' : 'vum'} ${word}`;
  // Dative: "dem WikiMaatplaz".
  if (has('3d')) return `${stressed ? (feminine ? 'dää' : 'dämm') : feminine ? 'de' : 'dem'} ${word}`;
  const articles = stressed ? { m: 'dä', f: 'di', n: 'dat' } : { m: 'der', f: 'de', n: 'et' };
  return `${articles[gender]} ${word}`;
}

/** PHP 8's strtolower: ASCII letters only. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

// Ossetian: case endings, a `й` between vowels, a hyphen after a word that is not Ossetian.
const OSSETIAN_VOWEL_END = /[аæеёиоыэюя]$/;
const OSSETIAN_ENDINGS: Record<string, (hyphen: string, jot: string, allative: string) => string> = {
  genitive: (h, j) => `${h}${j}ы`,
  dative: (h, j) => `${h}${j}æн`,
  allative: (h, _j, allative) => h + allative,
  ablative: (h, j) => (j ? `${h}йæ` : `${h}æй`),
  superessive: (h, j) => `${h}${j}ыл`,
  equative: (h, j) => `${h}${j}ау`,
  comitative: (h) => `${h}имæ`,
};

function ossetian(word: string, grammarCase: string): string {
  let stem = word;
  let allative = 'мæ';
  let jot = '';
  let hyphen = '';
  if (/тæ$/.test(word)) {
    // A plural loses its final æ whatever the case.
    stem = word.slice(0, -1);
    allative = 'æм';
  } else if (OSSETIAN_VOWEL_END.test(word)) {
    jot = 'й';
  } else if (word.endsWith('у')) {
    // у is a vowel after a consonant, a consonant after a vowel.
    const letters = chars(word);
    if (!OSSETIAN_VOWEL_END.test(letters[Math.max(0, letters.length - 2)]!)) jot = 'й';
  } else if (!/[бвгджзйклмнопрстфхцчшщьъ]$/.test(word)) {
    hyphen = '-';
  }
  const ending = OSSETIAN_ENDINGS[grammarCase];
  return stem + (ending ? ending(hyphen, jot, allative) : '');
}

// Tuvan: suffixes by the last letter (voiceless, л, other) and the last vowel's class.
const TUVAN_VOICELESS = 'тпсшкчх';
/** The last vowel's class: front/back, rounded/unrounded. */
const TUVAN_VOWELS: Record<string, 'roundFront' | 'unroundFront' | 'roundBack' | 'unroundBack'> = {
  е: 'unroundFront', и: 'unroundFront', э: 'unroundFront',
  ө: 'roundFront', ү: 'roundFront',
  а: 'unroundBack', ы: 'unroundBack', я: 'unroundBack',
  ё: 'roundBack', о: 'roundBack', у: 'roundBack', ю: 'roundBack',
};
/** The vowel of a four-way suffix by the last vowel's class. */
const TUVAN_FOUR_WAY = { roundFront: 'ү', unroundFront: 'и', roundBack: 'у', unroundBack: 'ы' } as const;

function tuvan(word: string, grammarCase: string): string {
  const letters = chars(word);
  const ending = letters[letters.length - 1] ?? '';
  const vowel = [...letters].reverse().find((letter) => Object.hasOwn(TUVAN_VOWELS, letter));
  const vowelClass = vowel === undefined ? undefined : TUVAN_VOWELS[vowel]!;
  const voiceless = ending !== '' && TUVAN_VOICELESS.includes(ending);
  const four = vowelClass && TUVAN_FOUR_WAY[vowelClass];
  const two = vowelClass && (vowelClass.endsWith('Front') ? 'е' : 'а');
  const consonant = (afterL: string, other: string): string => (voiceless ? 'т' : ending === 'л' ? afterL : other);
  switch (grammarCase) {
    case 'genitive':
      return four ? `${word}${consonant('д', 'н')}${four}ң` : word;
    case 'accusative':
      return four ? `${word}${consonant('д', 'н')}${four}` : word;
    case 'dative':
      return two ? `${word}${voiceless ? 'к' : 'г'}${two}` : word;
    case 'locative':
      return two ? `${word}${voiceless ? 'т' : 'д'}${two}` : word;
    case 'ablative':
      return two ? `${word}${voiceless ? 'т' : 'д'}${two}н` : word;
    case 'directive1':
      if (ending !== '' && 'дбзжгрй'.includes(ending)) return `${word}же`;
      if (ending !== '' && 'тпсшкчхлмнң'.includes(ending)) return `${word}че`;
      return word;
    case 'directive2':
      return four ? `${word}${voiceless ? 'т' : 'д'}${four}ве` : word;
    default:
      return word;
  }
}

// Kazakh, in each of its scripts: suffixes by the class of the last letter and by the last vowel
// (front or back), with possessive forms after a possessive ending.
interface KazakhScript {
  front: string[];
  back: string[];
  nasals: string[];
  sonants: string[];
  consonants: string[];
  sibilants: string[];
  first: string[];
  second: string[];
  third: string[];
  /** The script's spelling of each suffix, by its Cyrillic spelling. */
  spelling: Record<string, string> | null;
}

type KazakhClass = 'consonants' | 'vowels' | 'nasals' | 'sonants' | 'sibilants' | 'sonorants' | 'first' | 'second' | 'third';
/** For the first class that holds the last letter: [front, back] suffixes, or one suffix for both. */
type KazakhRule = [classes: KazakhClass[], suffix: [string, string] | string];

const KAZAKH_CASES: Record<string, KazakhRule[]> = {
  genitive: [[['consonants'], ['тің', 'тың']], [['vowels', 'nasals'], ['нің', 'ның']], [['sonants', 'sibilants'], ['дің', 'дың']]],
  dative: [[['consonants'], ['ке', 'қа']], [['vowels', 'sonorants'], ['ге', 'ға']]],
  'possessive dative': [[['first'], ['е', 'а']], [['second'], ['ге', 'ға']], [['third'], ['не', 'на']]],
  accusative: [[['consonants'], ['ті', 'ты']], [['vowels'], ['ні', 'ны']], [['sonorants'], ['ді', 'ды']]],
  'possessive accusative': [[['first', 'second'], ['ді', 'ды']], [['third'], 'н']],
  locative: [[['consonants'], ['те', 'та']], [['vowels', 'sonorants'], ['де', 'да']]],
  'possessive locative': [[['first', 'second'], ['де', 'да']], [['third'], ['нде', 'нда']]],
  ablative: [[['consonants'], ['тен', 'тан']], [['vowels', 'sonants', 'sibilants'], ['ден', 'дан']], [['nasals'], ['нен', 'нан']]],
  'possessive ablative': [[['first', 'third'], ['нен', 'нан']], [['second'], ['ден', 'дан']]],
  comitative: [[['consonants'], 'пен'], [['vowels', 'nasals', 'sonants'], 'мен'], [['sibilants'], 'бен']],
  'possessive comitative': [[['consonants'], 'пенен'], [['vowels', 'nasals', 'sonants'], 'менен'], [['sibilants'], 'бенен']],
};
/** The cases' short names (declension cases dc1 to dc61). */
const KAZAKH_CASE_CODES: Record<string, string> = {
  dc1: 'genitive', dc2: 'dative', dc21: 'possessive dative', dc3: 'accusative', dc31: 'possessive accusative', dc4: 'locative',
  dc41: 'possessive locative', dc5: 'ablative', dc51: 'possessive ablative', dc6: 'comitative', dc61: 'possessive comitative',
};

const KAZAKH_SUFFIXES_CYRILLIC = ['а', 'бен', 'бенен', 'ге', 'да', 'дан', 'де', 'ден', 'ды', 'дың', 'ді', 'дің', 'е', 'ке', 'мен', 'менен', 'н', 'на', 'нан', 'нда', 'нде', 'не', 'нен', 'ны', 'ның', 'ні', 'нің', 'пен', 'пенен', 'та', 'тан', 'те', 'тен', 'ты', 'тың', 'ті', 'тің', 'ға', 'қа'];
const KAZAKH_SUFFIXES_LATIN = ['a', 'ben', 'benen', 'ge', 'da', 'dan', 'de', 'den', 'dı', 'dıñ', 'di', 'diñ', 'e', 'ke', 'men', 'menen', 'n', 'na', 'nan', 'nda', 'nde', 'ne', 'nen', 'nı', 'nıñ', 'ni', 'niñ', 'pen', 'penen', 'ta', 'tan', 'te', 'ten', 'tı', 'tıñ', 'ti', 'tiñ', 'ğa', 'qa'];
const KAZAKH_SUFFIXES_ARABIC = ['ا', 'بەن', 'بەنەن', 'گە', 'دا', 'دان', 'دە', 'دەن', 'دى', 'دىڭ', 'دٸ', 'دٸڭ', 'ە', 'كە', 'مەن', 'مەنەن', 'ن', 'نا', 'نان', 'ندا', 'ندە', 'نە', 'نەن', 'نى', 'نىڭ', 'نٸ', 'نٸڭ', 'پەن', 'پەنەن', 'تا', 'تان', 'تە', 'تەن', 'تى', 'تىڭ', 'تٸ', 'تٸڭ', 'عا', 'قا'];
const spellings = (written: string[]): Record<string, string> => Object.fromEntries(KAZAKH_SUFFIXES_CYRILLIC.map((cyrillic, i) => [cyrillic, written[i]!]));

const KAZAKH_SCRIPTS: Record<'cyrl' | 'latn' | 'arab', KazakhScript> = {
  cyrl: {
    front: ['е', 'ө', 'ү', 'і', 'ә', 'э', 'я', 'ё', 'и'],
    back: ['а', 'о', 'ұ', 'ы'],
    nasals: ['м', 'н', 'ң'],
    sonants: ['и', 'й', 'л', 'р', 'у', 'ю'],
    consonants: ['п', 'ф', 'к', 'қ', 'т', 'ш', 'с', 'х', 'ц', 'ч', 'щ', 'б', 'в', 'г', 'д'],
    sibilants: ['ж', 'з'],
    first: ['м', 'ң'],
    second: ['з'],
    third: ['ы', 'і'],
    spelling: null,
  },
  latn: {
    front: ['e', 'ö', 'ü', 'i', 'ä', 'é'],
    back: ['a', 'o', 'u', 'ı'],
    nasals: ['m', 'n', 'ñ'],
    sonants: ['ï', 'y', 'ý', 'l', 'r', 'w'],
    consonants: ['p', 'f', 'k', 'q', 't', 'ş', 's', 'x', 'c', 'ç', 'b', 'v', 'g', 'd'],
    sibilants: ['j', 'z'],
    first: ['m', 'ñ'],
    second: ['z'],
    third: ['ı', 'i'],
    spelling: spellings(KAZAKH_SUFFIXES_LATIN),
  },
  arab: {
    front: ['ە', 'ٶ', 'ٷ', 'ٸ', 'ٵ'],
    back: ['ا', 'و', 'ۇ', 'ى'],
    nasals: ['م', 'ن', 'ڭ'],
    sonants: ['ي', 'ل', 'ر', 'ۋ'],
    consonants: ['پ', 'ف', 'ك', 'ق', 'ت', 'ش', 'س', 'ح', 'چ', 'ب', 'ۆ', 'گ', 'د'],
    sibilants: ['ج', 'ز'],
    first: ['م', 'ڭ'],
    second: ['ز'],
    third: ['ى', 'ٸ'],
    spelling: spellings(KAZAKH_SUFFIXES_ARABIC),
  },
};

function kazakhClassHolds(script: KazakhScript, name: KazakhClass, letter: string): boolean {
  switch (name) {
    case 'vowels':
      return script.front.includes(letter) || script.back.includes(letter);
    case 'sonorants':
      return script.sonants.includes(letter) || script.nasals.includes(letter) || script.sibilants.includes(letter);
    default:
      return script[name].includes(letter);
  }
}

function kazakhIn(script: KazakhScript, word: string, grammarCase: string): string {
  const caseName = Object.hasOwn(KAZAKH_CASE_CODES, grammarCase) ? KAZAKH_CASE_CODES[grammarCase]! : grammarCase;
  if (!Object.hasOwn(KAZAKH_CASES, caseName)) return word;
  const rules = KAZAKH_CASES[caseName]!;
  // The letters are compared lower-cased (Language::lc).
  const letters = chars(word.toLowerCase());
  const ending = letters[letters.length - 1] ?? '';
  const vowel = [...letters].reverse().find((letter) => kazakhClassHolds(script, 'vowels', letter));
  const rule = rules.find(([classes]) => classes.some((name) => kazakhClassHolds(script, name, ending)));
  if (!rule) return word;
  const [, suffixes] = rule;
  let suffix: string | undefined;
  if (typeof suffixes === 'string') suffix = suffixes;
  else if (vowel !== undefined) suffix = script.front.includes(vowel) ? suffixes[0] : script.back.includes(vowel) ? suffixes[1] : undefined;
  if (suffix === undefined) return word;
  return word + (script.spelling ? script.spelling[suffix]! : suffix);
}

const KAZAKH_VARIANT_SCRIPTS: Record<string, ['cyrl' | 'latn' | 'arab', string[]]> = {
  'kk-arab': ['arab', ['kk-cn', 'kk-arab']],
  'kk-cn': ['arab', ['kk-cn', 'kk-arab']],
  'kk-latn': ['latn', ['kk-tr', 'kk-latn']],
  'kk-tr': ['latn', ['kk-tr', 'kk-latn']],
};
const KAZAKH_VARIANTS = new Set(['kk', 'kk-cyrl', 'kk-latn', 'kk-arab', 'kk-kz', 'kk-tr', 'kk-cn']);

/**
 * Kazakh's grammar follows the preferred variant's script: the Language object of `kk` reads it
 * from the request (Cyrillic without one), the objects of the other codes are their own variant.
 */
function kazakh(word: string, grammarCase: string, { code, forms, variant }: GrammarContext): string {
  if (word === '') return '';
  const preferred = code === 'kk' ? (variant !== undefined && KAZAKH_VARIANTS.has(variant) ? variant : 'kk') : code;
  const [script, keys] = KAZAKH_VARIANT_SCRIPTS[preferred] ?? ['cyrl', ['kk-kz', 'kk-cyrl']];
  for (const key of keys) {
    const form = configured(forms, key, grammarCase, word);
    if (form !== undefined) return form;
  }
  return kazakhIn(KAZAKH_SCRIPTS[script], word, grammarCase);
}

/**
 * LanguageConverter::getPreferredVariant for Kazakh as a request sets it (the user's option aside):
 * the `variant` parameter, else `uselang`, else the first language of Accept-Language (highest
 * quality first) that is one of Kazakh's variants; undefined when none is.
 */
export function requestedKazakhVariant(variant: string | undefined, uselang: string | undefined, acceptLanguage: string | undefined): string | undefined {
  for (const candidate of [variant, uselang]) {
    const code = candidate?.toLowerCase();
    if (code && KAZAKH_VARIANTS.has(code)) return code;
  }
  const accepted = (acceptLanguage ?? '')
    .split(',')
    .map((item) => {
      const [code = '', ...params] = item.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { code: code.trim(), quality: q ? Number(q[1]) : 1 };
    })
    .filter(({ code, quality }) => code !== '' && quality > 0)
    .sort((a, b) => b.quality - a.quality);
  return accepted.find(({ code }) => KAZAKH_VARIANTS.has(code))?.code;
}

/** The classes that have their own convertGrammar, by the code their class is named after. */
export const CODED_GRAMMARS: Readonly<Record<string, CodedGrammar>> = {
  bs: withForms('bs', prepositions({ instrumental: 's', lokativ: 'o' })),
  // Church Slavonic's rules never change a word (its genitive compares two letters with one), and
  // its forms are looked up under a key spelt with a Cyrillic с, which no code has.
  cu: withForms('сu', (word) => word),
  dsb: withForms('dsb', prepositions({ instrumental: 'wo z', lokatiw: 'wo' })),
  fi: withForms('fi', finnish),
  ga: withForms('ga', (word, grammarCase) => (grammarCase === 'ainmlae' && Object.hasOwn(IRISH_DAYS, word) ? IRISH_DAYS[word]! : word)),
  hsb: withForms('hsb', prepositions({ instrumental: 'z', lokatiw: 'wo' })),
  hu: (word, grammarCase, { code, forms }) =>
    configured(forms, code, grammarCase, word) ?? (Object.hasOwn(HUNGARIAN_SUFFIXES, grammarCase) ? word + HUNGARIAN_SUFFIXES[grammarCase] : ''),
  hy: withForms('hy', armenian),
  kaa: withForms('kaa', (word) => word),
  kk: kazakh,
  ksh: (word, grammarCase) => colognian(word, grammarCase),
  la: withForms('la', latin),
  os: withForms('os', ossetian),
  sl: withForms('sl', prepositions({ mestnik: 'o', orodnik: 'z' })),
  tyv: withForms('tyv', tuvan),
};

/**
 * Every code with a Language class (LanguageFactory takes the first class along the fallbacks):
 * those with a grammar of their own and those that keep Language::convertGrammar.
 */
export const LANGUAGE_CLASS_CODES: ReadonlySet<string> = new Set([
  ...Object.keys(CODED_GRAMMARS),
  'ar', 'az', 'be-tarask', 'gan', 'ja', 'kk-cyrl', 'km', 'ml', 'my', 'qqx', 'tr', 'wa', 'yue', 'zh', 'zh-hans',
]);
