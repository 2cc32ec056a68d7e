// The other calendars Language::sprintfDate writes dates in (the `xi`, `xm`, `xk`, `xo` and `xt`
// format codes): the Iranian solar calendar, the tabular Islamic one, and the Gregorian year as the
// Thai solar calendar, the Minguo calendar and Japan's eras count it.

/** The lengths of the Iranian months. */
export const IRANIAN_MONTH_DAYS = [31, 31, 31, 31, 31, 31, 30, 30, 30, 30, 30, 29];
const GREGORIAN_MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isGregorianLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * A Gregorian date (month 1-12) in the Iranian calendar: [year, month, day, day of the year from 0],
 * by the 33-year-cycle arithmetic MediaWiki uses (Pournader and Toossi's).
 */
export function iranianDate(year: number, month: number, day: number): [number, number, number, number] {
  const gy = year - 1600;
  let days = 365 * gy + Math.floor((gy + 3) / 4) - Math.floor((gy + 99) / 100) + Math.floor((gy + 399) / 400);
  for (let m = 0; m < month - 1; m++) days += GREGORIAN_MONTH_DAYS[m]!;
  // MediaWiki tests the leap year on the shifted year, which has the same remainders.
  if (month > 2 && isGregorianLeap(gy)) days++;
  days += day - 1;
  let jDays = days - 79;
  const cycles = Math.floor(jDays / 12053);
  jDays %= 12053;
  let jy = 979 + 33 * cycles + 4 * Math.floor(jDays / 1461);
  jDays %= 1461;
  if (jDays >= 366) {
    jy += Math.floor((jDays - 1) / 365);
    jDays = (jDays - 1) % 365;
  }
  const dayOfYear = jDays;
  let jm = 0;
  while (jm < 11 && jDays >= IRANIAN_MONTH_DAYS[jm]!) jDays -= IRANIAN_MONTH_DAYS[jm++]!;
  return [jy, jm + 1, jDays + 1, dayOfYear];
}

/** A Gregorian date (month 1-12) in the tabular Islamic calendar: [year, month, day]. */
export function hijriDate(year: number, month: number, day: number): [number, number, number] {
  const trunc = Math.trunc;
  const julianDay =
    year > 1582 || (year === 1582 && (month > 10 || (month === 10 && day > 14)))
      ? trunc((1461 * (year + 4800 + trunc((month - 14) / 12))) / 4) +
        trunc((367 * (month - 2 - 12 * trunc((month - 14) / 12))) / 12) -
        trunc((3 * trunc((year + 4900 + trunc((month - 14) / 12)) / 100)) / 4) +
        day -
        32075
      : 367 * year - trunc((7 * (year + 5001 + trunc((month - 9) / 7))) / 4) + trunc((275 * month) / 9) + day + 1729777;
  let l = julianDay - 1948440 + 10632;
  const n = trunc((l - 1) / 10631);
  l = l - 10631 * n + 354;
  const j = trunc((10985 - l) / 5316) * trunc((50 * l) / 17719) + trunc(l / 5670) * trunc((43 * l) / 15238);
  l = l - trunc((30 - j) / 15) * trunc((17719 * j) / 50) - trunc(j / 16) * trunc((15238 * j) / 43) + 29;
  const m = trunc((24 * l) / 709);
  return [30 * n + j - 30, m, l - trunc((709 * m) / 24)];
}

/** The Thai solar year: 543 years ahead, its new year in April until 1940. */
export function thaiYear(year: number, month: number): number {
  return year + 543 - (year >= 1912 && year <= 1940 && month <= 3 ? 1 : 0);
}

/** Japan's eras as MediaWiki dates them: [first day (year, month, day), name]. */
const JAPANESE_ERAS: [[number, number, number], string][] = [
  [[2019, 5, 1], '令和'],
  [[1989, 1, 8], '平成'],
  [[1926, 12, 26], '昭和'],
  [[1912, 7, 31], '大正'],
  [[1868, 1, 1], '明治'],
];

/** The year in Japan's era (`xtY`): the era's name and its year, 元 for the first. */
export function japaneseEraYear(year: number, month: number, day: number): string {
  const key = year * 10000 + month * 100 + day;
  const [[startYear], name] = JAPANESE_ERAS.find(([[y, m, d]]) => key >= y * 10000 + m * 100 + d) ?? JAPANESE_ERAS[JAPANESE_ERAS.length - 1]!;
  const inEra = year - startYear + 1;
  return `${name}${inEra === 1 ? '元' : inEra}`;
}

/**
 * The day of March (from 1, may pass 31) of the Gregorian year in which the Hebrew year starts
 * (Gauss's formula for Rosh Hashana, with its postponements).
 */
function hebrewYearStart(hebrewYear: number): number {
  const a = (12 * (hebrewYear - 1) + 17) % 19;
  const b = (hebrewYear - 1) % 4;
  const m = 32.044093161144 + 1.5542417966212 * a + b / 4.0 - 0.0031777940220923 * (hebrewYear - 1);
  let march = Math.trunc(m < 0 ? m - 1 : m);
  const fraction = m - march;
  const weekday = (march + 3 * (hebrewYear - 1) + 5 * b + 5) % 7;
  if (weekday === 0 && a > 11 && fraction >= 0.8977237654321) march++;
  else if (weekday === 1 && a > 6 && fraction >= 0.63287037037037) march += 2;
  else if (weekday === 2 || weekday === 4 || weekday === 6) march++;
  // From the Julian to the Gregorian calendar.
  return march + Math.trunc((hebrewYear - 3761) / 100) - Math.trunc((hebrewYear - 3761) / 400) - 24;
}

/**
 * A Gregorian date (month 1-12) in the Hebrew calendar: [year, month, day, days in the month].
 * Months count from Tishrei; in a leap year Adar I and Adar II are months 13 and 14.
 */
export function hebrewDate(year: number, month: number, day: number): [number, number, number, number] {
  let gregorianYear = year;
  let hebrewYear = year + 3760;
  // Days counted from the 1st of March of the Gregorian year (months shifted so March is first).
  let shifted = month + 4;
  if (shifted > 12) {
    shifted -= 12;
    gregorianYear++;
    hebrewYear++;
  }
  let dayOfYear = day;
  const shiftedMonthDays = (i: number): number => (i === 6 ? 28 + (isGregorianLeap(gregorianYear) ? 1 : 0) : [1, 3, 8, 10].includes(i) ? 30 : 31);
  for (let i = 1; i < shifted; i++) dayOfYear += shiftedMonthDays(i);
  let start = hebrewYearStart(hebrewYear);
  let nextStart: number;
  if (dayOfYear <= start) {
    nextStart = start;
    gregorianYear--;
    hebrewYear--;
    dayOfYear += 365 + (isGregorianLeap(gregorianYear) ? 1 : 0);
    start = hebrewYearStart(hebrewYear);
  } else {
    nextStart = hebrewYearStart(hebrewYear + 1);
  }
  let hebrewDay = dayOfYear - start;
  const length = nextStart - start + (isGregorianLeap(gregorianYear) ? 13 : 12);
  const pattern = length % 30;
  const leap = length >= 30;
  let hebrewMonth = 1;
  let days = 0;
  while (hebrewMonth <= 12) {
    if (leap && hebrewMonth === 6) {
      // Adar I (30 days), then Adar II (29).
      days = 30;
      if (hebrewDay <= days) hebrewMonth = 13;
      else {
        hebrewDay -= days;
        days = 29;
        if (hebrewDay <= days) hebrewMonth = 14;
      }
    } else if (hebrewMonth === 2 && pattern === 2) days = 30;
    else if (hebrewMonth === 3 && pattern === 0) days = 29;
    else days = 30 - ((hebrewMonth - 1) % 2);
    if (hebrewDay <= days) break;
    hebrewDay -= days;
    hebrewMonth++;
  }
  return [hebrewYear, hebrewMonth, hebrewDay, days];
}

const HEBREW_UNITS = ['', 'א', 'ב', 'ג', 'ד', 'ה', 'ו', 'ז', 'ח', 'ט', 'י'];
const HEBREW_TENS = ['', 'י', 'כ', 'ל', 'מ', 'נ', 'ס', 'ע', 'פ', 'צ', 'ק'];
const HEBREW_HUNDREDS = ['', 'ק', 'ר', 'ש', 'ת', 'תק', 'תר', 'תש', 'תת', 'תתק', 'תתר'];
const FINAL_FORMS: Record<string, string> = { כ: 'ך', מ: 'ם', נ: 'ן', פ: 'ף', צ: 'ץ' };

/**
 * A number (1-9999) in Hebrew letters (`xh`): thousands with a geresh, 15 and 16 as 9+6 and 9+7,
 * the last letter in its final form and a gershayim before it (a geresh after a single letter).
 */
export function hebrewNumeral(value: number): string {
  let n = Math.trunc(value);
  if (n > 9999 || n <= 0) return String(n);
  if (n === 1000) return "א' אלף";
  if (n % 1000 === 0) return `${HEBREW_UNITS[n / 1000]}' אלפים`;
  const letters: string[] = [];
  if (n >= 1000) {
    letters.push(HEBREW_UNITS[Math.trunc(n / 1000)]!, "'");
    n %= 1000;
  }
  if (n >= 100) {
    letters.push(...HEBREW_HUNDREDS[Math.trunc(n / 100)]!);
    n %= 100;
  }
  if (n === 15 || n === 16) letters.push('ט', HEBREW_UNITS[n - 9]!);
  else {
    if (n >= 10) letters.push(HEBREW_TENS[Math.trunc(n / 10)]!);
    if (n % 10 > 0) letters.push(HEBREW_UNITS[n % 10]!);
  }
  if (letters.length === 1) return `${letters[0]}'`;
  const last = letters.length - 1;
  letters[last] = FINAL_FORMS[letters[last]!] ?? letters[last]!;
  if (letters[1] === "'" && letters.length === 3) return `${letters.join('')}'`;
  letters.splice(last, 0, '"');
  return letters.join('');
}
