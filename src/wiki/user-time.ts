// Dates as a user reads them: Language::userAdjust by the user's `timecorrection` option
// (`ZoneInfo|minutes|Zone`, `Offset|minutes`, `System|minutes`, or the old `hh:mm`), then
// userTimeAndDate's format of the user's language (date-formats.json, read out of MediaWiki's
// Messages files by scripts/extract-date-formats.php).
import { localisationChain } from './languages.ts';
import { localTimeOffset } from './site-facts.ts';
import type { SiteConfig } from './site.ts';
import { formatTime } from './time-format.ts';
// A JSON import, not a require: esbuild's bundles then carry the formats.
import dateFormatFacts from './data/date-formats.json' with { type: 'json' };

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
];
/** The month names' message keys. */
const MONTH_KEYS = ['january', 'february', 'march', 'april', 'may_long', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** What Language::getDateFormatString formats: the time and date together, the date, or the time. */
type DateFormatType = 'both' | 'date' | 'time';

interface LanguageDateFormats extends Partial<Record<DateFormatType, Record<string, string>>> {
  /** $defaultDateFormat */
  default?: string;
}

const DATE_FORMATS = dateFormatFacts as Record<string, LanguageDateFormats>;

function dateFormatsOf(code: string): LanguageDateFormats {
  return Object.hasOwn(DATE_FORMATS, code) ? DATE_FORMATS[code]! : {};
}

/** English's formats, the last resort (MessagesEn.php's dmy). */
const ENGLISH_FORMATS: Record<DateFormatType, string> = { both: 'H:i, j F Y', date: 'j F Y', time: 'H:i' };

/**
 * Language::getDateFormatString(type, preference): the user's `date` preference when the
 * language (along its fallbacks) has a format for it, else the default preference of the first
 * language of the chain that names one ($wgAmericanDates off: `dmy or mdy` is dmy).
 */
function dateFormatString(lang: string, preference: string, type: DateFormatType): string {
  const chain = localisationChain(lang);
  const formatFor = (wanted: string): string | undefined => {
    for (const code of chain) {
      const format = dateFormatsOf(code)[type]?.[wanted];
      if (format !== undefined) return format;
    }
    return undefined;
  };
  const own = preference === 'default' ? undefined : formatFor(LEGACY_DATE_PREFERENCES[preference] ?? preference);
  if (own !== undefined) return own;
  let fallback = chain.map((code) => dateFormatsOf(code).default).find((d) => d !== undefined) ?? 'dmy';
  if (fallback === 'dmy or mdy') fallback = 'dmy';
  return formatFor(fallback) ?? ENGLISH_FORMATS[type];
}

/** Language::$datePreferenceMigrationMap: the numbers old preferences were stored as. */
const LEGACY_DATE_PREFERENCES: Readonly<Record<string, string>> = { 0: 'default', 1: 'mdy', 2: 'dmy', 3: 'ymd' };

/**
 * The user's time and date: the language's format written by sprintfDate (time-format.ts), its
 * numbers in the language's digits unless raw (`xn`, `xN`). qqx reads as English with the
 * month's message key.
 */
function formatUserDate(d: Date, lang: string, preference: string, type: DateFormatType = 'both'): string {
  if (lang === 'qqx') {
    const qqxFormats: Record<DateFormatType, string> = { both: `H:i, j "(${MONTH_KEYS[d.getUTCMonth()]})" Y`, date: `j "(${MONTH_KEYS[d.getUTCMonth()]})" Y`, time: 'H:i' };
    return formatTime(qqxFormats[type], d, 'en');
  }
  return formatTime(dateFormatString(lang, preference, type), d, lang, { languageDigits: true });
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

/** A 14-digit timestamp on the user's clock. */
function userClock(ts: string, timeCorrection: string, site: SiteConfig): Date {
  const utc = Date.UTC(+ts.slice(0, 4), +ts.slice(4, 6) - 1, +ts.slice(6, 8), +ts.slice(8, 10), +ts.slice(10, 12), +ts.slice(12, 14));
  return new Date(utc + userOffsetMinutes(timeCorrection, site, utc) * 60_000);
}

/** Language::userDate in `lang` with the user's `date` preference for a 14-digit timestamp. */
export function userDate(ts: string, timeCorrection: string, site: SiteConfig, lang = 'en', datePreference = 'default'): string {
  return formatUserDate(userClock(ts, timeCorrection, site), lang, datePreference, 'date');
}

/** Language::userTime in `lang` with the user's `date` preference for a 14-digit timestamp. */
export function userTime(ts: string, timeCorrection: string, site: SiteConfig, lang = 'en', datePreference = 'default'): string {
  return formatUserDate(userClock(ts, timeCorrection, site), lang, datePreference, 'time');
}

/** Language::userTimeAndDate in `lang` with the user's `date` preference for a 14-digit timestamp. */
export function userTimeAndDate(ts: string, timeCorrection: string, site: SiteConfig, lang = 'en', datePreference = 'default'): string {
  const d = userClock(ts, timeCorrection, site);
  if (lang !== 'en' || datePreference !== 'default') return formatUserDate(d, lang, datePreference);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * Language::getHumanTimestamp of a future time for a user: the full date and time, shifted by an
 * offset but not by a time zone (MWTimestamp::offsetForUser only sets the zone, which the
 * TS_MW form it formats from does not keep).
 */
export function userHumanFutureTime(ts: string, timeCorrection: string, site: SiteConfig, lang = 'en', datePreference = 'default'): string {
  const [kind, , zone] = timeCorrection.split('|');
  const utc = Date.UTC(+ts.slice(0, 4), +ts.slice(4, 6) - 1, +ts.slice(6, 8), +ts.slice(8, 10), +ts.slice(10, 12), +ts.slice(12, 14));
  if (kind === 'ZoneInfo' && zoneOffset(zone ?? '', utc) !== null) return userTimeAndDate(ts, 'Offset|0', site, lang, datePreference);
  return userTimeAndDate(ts, timeCorrection, site, lang, datePreference);
}
