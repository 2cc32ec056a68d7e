// ParserFunctions' #time: the dates PHP's strtotime reads most often, formatted with Language::sprintfDate's codes.

import { interfaceMessages } from './messages.ts';
import { ucfirst } from './titles.ts';
import { readPhpDate } from './php-date-parser.ts';
import { formatNumber } from './number-format.ts';
import { hebrewDate, hebrewNumeral, hijriDate, iranianDate, IRANIAN_MONTH_DAYS, japaneseEraYear, thaiYear } from './calendars.ts';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** Language::MONTH_MESSAGES: the full name of May is `may_long`, as `may` is its abbreviation. */
const monthKey = (m: string): string => (m === 'may' ? 'may_long' : m);
const ENGLISH: Record<string, string> = Object.fromEntries([
  ...MONTHS.flatMap((m) => [[monthKey(m), ucfirst(m)], [`${m}-gen`, ucfirst(m)], [m.slice(0, 3), ucfirst(m.slice(0, 3))]]),
  ...DAYS.flatMap((d) => [[d, ucfirst(d)], [d.slice(0, 3), ucfirst(d.slice(0, 3))]]),
]);

const messageCache = new Map<string, Record<string, string>>();

/** Month and day names of a language, merged over its fallbacks' and English. */
function dateMessages(lang: string): Record<string, string> {
  let messages = messageCache.get(lang);
  if (messages) return messages;
  const installed = lang === 'en' ? {} : interfaceMessages(lang);
  messages = { ...ENGLISH };
  for (const key of Object.keys(ENGLISH)) if (installed[key]) messages[key] = installed[key]!;
  messageCache.set(lang, messages);
  return messages;
}

/** A point in time read the way PHP's DateTime reads it (php-date-parser.ts), or null when PHP refuses it. */
export function parseTime(input: string, now: Date): Date | null {
  return readPhpDate(input, now);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function isoWeek(d: Date): { year: number; week: number } {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const weekday = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  return { year: t.getUTCFullYear(), week: Math.ceil(((t.getTime() - yearStart) / 86400000 + 1) / 7) };
}

function roman(n: number): string {
  const table: [number, string][] = [[1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
  let out = '';
  for (const [value, letters] of table) while (n >= value) (out += letters), (n -= value);
  return out;
}

/** A code of another calendar (sprintfDate's xi…, xm…, xkY, xoY, xtY): a number, a name, or undefined for none. */
function otherCalendar(code: string, year: number, month: number, day: number, lang: string): number | string | undefined {
  switch (code) {
    case 'xij':
    case 'xin':
    case 'xiY':
    case 'xiy':
    case 'xit':
    case 'xiz':
    case 'xiF': {
      const [iy, im, id, iz] = iranianDate(year, month, day);
      if (code === 'xiF') return interfaceMessages(lang)[`iranian-calendar-m${im}`] ?? '';
      return { xij: id, xin: im, xiY: iy, xiy: Number(String(iy).slice(-2)), xit: IRANIAN_MONTH_DAYS[im - 1]!, xiz: iz }[code];
    }
    case 'xmj':
    case 'xmn':
    case 'xmY':
    case 'xmF': {
      const [hy, hm, hd] = hijriDate(year, month, day);
      if (code === 'xmF') return interfaceMessages(lang)[`hijri-calendar-m${hm}`] ?? '';
      return { xmj: hd, xmn: hm, xmY: hy }[code];
    }
    case 'xjj':
    case 'xjn':
    case 'xjY':
    case 'xjt':
    case 'xjF':
    case 'xjx': {
      const [hy, hm, hd, monthDays] = hebrewDate(year, month, day);
      // Adar I and Adar II (months 13 and 14) are named m6a and m6b.
      const key = `hebrew-calendar-m${hm === 13 ? '6a' : hm === 14 ? '6b' : hm}`;
      if (code === 'xjF') return interfaceMessages(lang)[key] ?? '';
      if (code === 'xjx') return interfaceMessages(lang)[`${key}-gen`] ?? '';
      return { xjj: hd, xjn: hm, xjY: hy, xjt: monthDays }[code];
    }
    case 'xkY':
      return thaiYear(year, month);
    case 'xoY':
      // A year before the Minguo era is written as it is, its minus sign and digits untranslated.
      return year > 1911 ? year - 1911 : String(year - 1911);
    case 'xtY':
      return japaneseEraYear(year, month, day);
    default:
      return undefined;
  }
}

/** Language::sprintfDate for the codes pages use; `"text"` and `\c` are literal. */
export interface FormatTimeOptions {
  /**
   * Numbers in the language's digits (formatNumNoSeparators), as sprintfDate writes them, save
   * after xn and between xN toggles; without it every number keeps ASCII digits.
   */
  languageDigits?: boolean;
}

export function formatTime(format: string, d: Date, lang: string, options: FormatTimeOptions = {}): string {
  const names = dateMessages(lang);
  const y = d.getUTCFullYear();
  const mo = d.getUTCMonth();
  const day = d.getUTCDate();
  const h = d.getUTCHours();
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const dayOfYear = Math.floor((Date.UTC(y, mo, day) - Date.UTC(y, 0, 1)) / 86400000);
  let out = '';
  // Numbers are written with the language's digits, except after xn (the next one) or between
  // xN toggles; xr writes the next one in Roman numerals.
  let romanNext = false;
  // xh: the next number in Hebrew letters.
  let hebrewNext = false;
  let rawNext = false;
  let rawAll = false;
  const num = (value: string | number): string => {
    if (typeof value === 'string' && !/^\d+$/.test(value) && !/^-\d{4}$/.test(value)) return value;
    if (rawNext || rawAll) {
      rawNext = false;
      return String(value);
    }
    if (romanNext) {
      romanNext = false;
      const n = Number(value);
      if (n > 0 && n <= 10000) return roman(n);
    }
    if (hebrewNext) {
      hebrewNext = false;
      return hebrewNumeral(Number(value));
    }
    return options.languageDigits ? formatNumber(String(value), lang, { noSeparators: true }) : String(value);
  };
  for (let i = 0; i < format.length; i++) {
    let code = format[i]!;
    if (code === 'x' && i + 1 < format.length) code += format[++i]!;
    // Other calendars' codes: x, the calendar's letter, then the code (xiF, xmj, xkY...).
    if (/^x[ijmkot]$/.test(code) && i + 1 < format.length) {
      const calendarCode = code + format[++i]!;
      const written = otherCalendar(calendarCode, y, mo + 1, day, lang);
      if (written !== undefined) out += typeof written === 'number' ? num(written) : written;
      else out += calendarCode;
      continue;
    }
    switch (code) {
      case 'Y': out += num(y < 0 ? `-${pad(-y, 4)}` : pad(y, 4)); break;
      case 'y': out += num(pad(y % 100)); break;
      case 'L': out += num(leap ? '1' : '0'); break;
      case 'o': out += num(isoWeek(d).year); break;
      case 'n': out += num(mo + 1); break;
      case 'm': out += num(pad(mo + 1)); break;
      case 'M': out += names[MONTHS[mo]!.slice(0, 3)]; break;
      case 'F': out += names[monthKey(MONTHS[mo]!)]; break;
      case 'xg': out += names[`${MONTHS[mo]!}-gen`]; break;
      case 'j': out += num(day); break;
      case 'd': out += num(pad(day)); break;
      case 'D': out += names[DAYS[d.getUTCDay()]!.slice(0, 3)]; break;
      case 'l': out += names[DAYS[d.getUTCDay()]!]; break;
      case 'N': out += num(d.getUTCDay() || 7); break;
      case 'w': out += num(d.getUTCDay()); break;
      case 'z': out += num(dayOfYear); break;
      case 'W': out += num(pad(isoWeek(d).week)); break;
      case 't': out += num(new Date(Date.UTC(y, mo + 1, 0)).getUTCDate()); break;
      case 'a': out += h < 12 ? 'am' : 'pm'; break;
      case 'A': out += h < 12 ? 'AM' : 'PM'; break;
      case 'g': out += num(h % 12 || 12); break;
      case 'G': out += num(h); break;
      case 'h': out += num(pad(h % 12 || 12)); break;
      case 'H': out += num(pad(h)); break;
      case 'i': out += num(pad(d.getUTCMinutes())); break;
      case 's': out += num(pad(d.getUTCSeconds())); break;
      case 'U': out += num(Math.floor(d.getTime() / 1000)); break;
      case 'c': out += d.toISOString().replace(/\.\d{3}Z$/, '+00:00'); break;
      case 'e': case 'T': out += 'UTC'; break;
      case 'O': out += '+0000'; break;
      case 'P': out += '+00:00'; break;
      case 'Z': out += num(0); break;
      case 'I': out += num(0); break;
      case 'xr': romanNext = true; break;
      case 'xh': hebrewNext = true; break;
      // RFC 2822: English names whatever the language.
      case 'r': out += formatTime('D, d M Y H:i:s O', d, 'en'); break;
      case 'xn': rawNext = true; break;
      case 'xN': rawAll = !rawAll; break;
      case '\\':
        if (i + 1 < format.length) out += format[++i];
        else out += '\\';
        break;
      case '"': {
        const close = format.indexOf('"', i + 1);
        if (close > i) {
          out += format.slice(i + 1, close);
          i = close;
        } else {
          out += '"';
        }
        break;
      }
      default:
        out += code;
    }
  }
  return out;
}

/** Why ParserFunctions' #time gives no date: its message keys. */
export type TimeErrorKey = 'pfunc_time_error' | 'pfunc_time_too_small' | 'pfunc_time_too_big';

/**
 * ParserFunctions' #time and #timel (in UTC): the date (now when empty; a lone four-digit number is
 * a year, at midnight of today's day in it, not a time of day) in the format, with the month and
 * day names of `lang`. A date we cannot read is the extension's invalid-time error.
 */
export function parserFunctionTime(format: string, date: string, lang: string, now: Date): { text: string } | { error: TimeErrorKey } {
  let when: Date | null;
  if (date === '') when = now;
  else if (/^[0-9]{4}$/.test(date)) when = new Date(Date.UTC(Number(date), now.getUTCMonth(), now.getUTCDate()));
  else when = parseTime(date, now);
  if (!when || Number.isNaN(when.getTime())) return { error: 'pfunc_time_error' };
  const year = when.getUTCFullYear();
  if (year < 0) return { error: 'pfunc_time_too_small' };
  if (year > 9999) return { error: 'pfunc_time_too_big' };
  return { text: formatTime(format, when, lang, { languageDigits: true }) };
}
