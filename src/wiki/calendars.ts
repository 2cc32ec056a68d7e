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
