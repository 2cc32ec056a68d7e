// Dates as a user reads them: Language::userAdjust by the user's `timecorrection` option
// (`ZoneInfo|minutes|Zone`, `Offset|minutes`, `System|minutes`, or the old `hh:mm`), then
// userTimeAndDate's format of the user's language (date-formats.json, read out of MediaWiki's
// Messages files by scripts/extract-date-formats.php).
import { createRequire } from 'node:module';
import { localisationChain } from './languages.ts';
import { formatNum } from './language-rules.ts';
import { localTimeOffset } from './site-facts.ts';
import type { SiteConfig } from './site.ts';
import { formatTime } from './time-format.ts';

const require = createRequire(import.meta.url);

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
];
/** The month names' message keys. */
const MONTH_KEYS = ['january', 'february', 'march', 'april', 'may_long', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

interface LanguageDateFormats {
  /** $defaultDateFormat */
  default?: string;
  /** $dateFormats' `<preference> both` formats. */
  both?: Record<string, string>;
}

let dateFormats: Record<string, LanguageDateFormats> | null = null;

function dateFormatsOf(code: string): LanguageDateFormats {
  dateFormats ??= require('./data/date-formats.json') as Record<string, LanguageDateFormats>;
  return dateFormats[code] ?? {};
}

/**
 * Language::getDateFormatString('both', 'default'): the default preference of the first language
 * of the chain that names one ($wgAmericanDates off: `dmy or mdy` is dmy), its format merged along
 * the chain.
 */
function timeAndDateFormat(lang: string): string {
  const chain = localisationChain(lang);
  let preference = chain.map((code) => dateFormatsOf(code).default).find((d) => d !== undefined) ?? 'dmy';
  if (preference === 'dmy or mdy') preference = 'dmy';
  for (const code of chain) {
    const format = dateFormatsOf(code).both?.[preference];
    if (format !== undefined) return format;
  }
  return 'H:i, j F Y';
}

/**
 * The user's time and date: the language's format (sprintfDate's codes, in time-format.ts), with
 * the language's digits (none of the default formats has raw `xn` numbers). qqx reads as English
 * with the month's message key.
 */
function formatUserDate(d: Date, lang: string): string {
  if (lang === 'qqx') return formatTime(`H:i, j "(${MONTH_KEYS[d.getUTCMonth()]})" Y`, d, 'en');
  // The Thai solar calendar's year (`xkY`), which sprintfDate's other codes do not need.
  const format = timeAndDateFormat(lang).replace(/xkY/g, `"${d.getUTCFullYear() + 543}"`);
  return formatTime(format, d, lang).replace(/[0-9]/g, (digit) => formatNum(digit, lang));
}

/** The minutes a user's clock is ahead of UTC at the instant `utcMs`. */
export function userOffsetMinutes(timeCorrection: string, site: SiteConfig, utcMs: number): number {
  const data = timeCorrection.split('|');
  let kind = data[0];
  if (kind === 'ZoneInfo') {
    const zoned = zoneOffset(data[2] ?? '', utcMs);
    if (zoned !== null) return zoned;
    // An unknown zone falls back to the offset stored beside it.
    kind = 'Offset';
  }
  if (kind === 'System' || timeCorrection === '') return localTimeOffset(site);
  if (kind === 'Offset') return Math.trunc(Number.parseInt(data[1] ?? '0', 10) || 0);
  const parts = timeCorrection.split(':');
  if (parts.length === 2) {
    const hours = Number.parseInt(parts[0]!, 10) || 0;
    const minutes = Math.abs(hours) * 60 + (Number.parseInt(parts[1]!, 10) || 0);
    return hours < 0 ? -minutes : minutes;
  }
  return (Number.parseInt(parts[0]!, 10) || 0) * 60;
}

function zoneOffset(zone: string, utcMs: number): number | null {
  try {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric',
    });
    const parts = format.formatToParts(new Date(utcMs));
    const part = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
    return Math.round((local - Math.floor(utcMs / 60_000) * 60_000) / 60_000);
  } catch {
    return null;
  }
}

/** Language::userTimeAndDate in `lang` (the user's default date preference) for a 14-digit timestamp. */
export function userTimeAndDate(ts: string, timeCorrection: string, site: SiteConfig, lang = 'en'): string {
  const utc = Date.UTC(+ts.slice(0, 4), +ts.slice(4, 6) - 1, +ts.slice(6, 8), +ts.slice(8, 10), +ts.slice(10, 12), +ts.slice(12, 14));
  const d = new Date(utc + userOffsetMinutes(timeCorrection, site, utc) * 60_000);
  if (lang !== 'en') return formatUserDate(d, lang);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * Language::getHumanTimestamp of a future time for a user: the full date and time, shifted by an
 * offset but not by a time zone (MWTimestamp::offsetForUser only sets the zone, which the
 * TS_MW form it formats from does not keep).
 */
export function userHumanFutureTime(ts: string, timeCorrection: string, site: SiteConfig, lang = 'en'): string {
  const [kind, , zone] = timeCorrection.split('|');
  const utc = Date.UTC(+ts.slice(0, 4), +ts.slice(4, 6) - 1, +ts.slice(6, 8), +ts.slice(8, 10), +ts.slice(10, 12), +ts.slice(12, 14));
  if (kind === 'ZoneInfo' && zoneOffset(zone ?? '', utc) !== null) return userTimeAndDate(ts, 'Offset|0', site, lang);
  return userTimeAndDate(ts, timeCorrection, site, lang);
}
