// A date as PHP's DateTime constructor reads it (timelib), for #time and mw.language:formatDate:
// absolute dates and times in their ISO, American, European and textual forms, time zones (offsets
// and common abbreviations), and the relative phrases (`+1 day`, `next monday`, `last day of`,
// `first friday of`, `ago`). A text none of these read is null, where PHP throws.

const MONTH_NAMES: [string, number][] = [
  ['january', 0], ['february', 1], ['march', 2], ['april', 3], ['may', 4], ['june', 5], ['july', 6], ['august', 7],
  ['september', 8], ['october', 9], ['november', 10], ['december', 11],
  ['jan', 0], ['feb', 1], ['mar', 2], ['apr', 3], ['jun', 5], ['jul', 6], ['aug', 7], ['sept', 8], ['sep', 8], ['oct', 9], ['nov', 10], ['dec', 11],
  ['i', 0], ['ii', 1], ['iii', 2], ['iv', 3], ['v', 4], ['vi', 5], ['vii', 6], ['viii', 7], ['ix', 8], ['x', 9], ['xi', 10], ['xii', 11],
];
const MONTH = `(${MONTH_NAMES.map(([name]) => name)
  .filter((name) => !/^[ivx]+$/.test(name))
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
const monthOf = (name: string): number => MONTH_NAMES.find(([n]) => n === name.replace(/\.$/, ''))![1];

const DAY_NAMES: [string, number][] = [
  ['sunday', 0], ['monday', 1], ['tuesday', 2], ['wednesday', 3], ['thursday', 4], ['friday', 5], ['saturday', 6],
  ['sun', 0], ['mon', 1], ['tue', 2], ['tues', 2], ['wed', 3], ['wednes', 3], ['thu', 4], ['thur', 4], ['thurs', 4], ['fri', 5], ['sat', 6],
];
const DAY = `(${DAY_NAMES.map(([name]) => name)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const dayOf = (name: string): number => DAY_NAMES.find(([n]) => n === name)![1];

/** The relative units and their size (months and years move the calendar, the others the clock). */
const UNITS: Record<string, ['sec' | 'min' | 'hour' | 'day' | 'month' | 'year' | 'weekday', number]> = {
  sec: ['sec', 1], secs: ['sec', 1], second: ['sec', 1], seconds: ['sec', 1],
  min: ['min', 1], mins: ['min', 1], minute: ['min', 1], minutes: ['min', 1],
  hour: ['hour', 1], hours: ['hour', 1],
  day: ['day', 1], days: ['day', 1],
  week: ['day', 7], weeks: ['day', 7], fortnight: ['day', 14], fortnights: ['day', 14], forthnight: ['day', 14], forthnights: ['day', 14],
  month: ['month', 1], months: ['month', 1],
  year: ['year', 1], years: ['year', 1],
  weekday: ['weekday', 1], weekdays: ['weekday', 1],
};
const UNIT = `(${Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;

const ORDINALS: Record<string, number> = {
  last: -1, previous: -1, this: 0, next: 1, first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8,
  ninth: 9, tenth: 10, eleventh: 11, twelfth: 12,
};
const ORDINAL = `(${Object.keys(ORDINALS).join('|')})`;

/** Time zone abbreviations PHP knows, by their offset in minutes (the common ones). */
const ZONES: Record<string, number> = {
  utc: 0, gmt: 0, z: 0, ut: 0, wet: 0, west: 60, bst: 60, cet: 60, cest: 120, met: 60, mest: 120, eet: 120, eest: 180, msk: 180,
  est: -300, edt: -240, cst: -360, cdt: -300, mst: -420, mdt: -360, pst: -480, pdt: -420, akst: -540, akdt: -480, hst: -600,
  ist: 120, jst: 540, kst: 540, aest: 600, aedt: 660, acst: 570, awst: 480, nzst: 720, nzdt: 780,
};
const ZONE = `(${Object.keys(ZONES)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;

interface Parsed {
  year?: number;
  month?: number;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
  /** Minutes east of UTC the written time is in. */
  zone?: number;
  /** Relative moves, applied in order after the absolute parts. */
  moves: { unit: 'sec' | 'min' | 'hour' | 'day' | 'month' | 'year' | 'weekday'; amount: number }[];
  /** `monday`, `next monday`: the weekday to move to (0 on or after, 1 after, -1 before). */
  weekday?: { day: number; direction: number };
  /** `first day of` / `last day of`. */
  dayOf?: 'first' | 'last';
  /** `second friday of`: the nth weekday of the month. */
  nthWeekday?: { n: number; day: number };
  timestamp?: number;
  timeSet: boolean;
  dateSet: boolean;
}

/** Two-digit years as PHP reads them: 00-69 are 2000-2069, 70-99 are 1970-1999. */
function fullYear(text: string): number {
  const n = Number(text);
  return text.length <= 2 ? (n < 70 ? 2000 + n : 1900 + n) : n;
}

type Rule = [RegExp, (m: RegExpExecArray, into: Parsed) => boolean | void];

const setDate = (into: Parsed, year: number | undefined, month: number, day: number): void => {
  if (year !== undefined) into.year = year;
  into.month = month;
  into.day = day;
  into.dateSet = true;
};
const setTime = (into: Parsed, hour: number, minute: number, second = 0): boolean => {
  if (hour > 24 || minute > 59 || second > 60) return false;
  into.hour = hour;
  into.minute = minute;
  into.second = second;
  into.timeSet = true;
  return true;
};
const meridian = (hour: number, mark: string): number => {
  if (hour < 1 || hour > 12) return -1;
  const pm = mark.startsWith('p');
  return (hour % 12) + (pm ? 12 : 0);
};

/** Each rule reads one piece at the start of what is left (case folded, white space before it gone). */
const RULES: Rule[] = [
  [/^@(-?\d+)(?:\.\d+)?/, (m, p) => void (p.timestamp = Number(m[1]))],
  [/^(now)\b/, () => {}],
  [/^(today|midnight)\b/, (_m, p) => void setTime(p, 0, 0)],
  [/^noon\b/, (_m, p) => void setTime(p, 12, 0)],
  [/^(tomorrow|yesterday)\b/, (m, p) => {
    setTime(p, 0, 0);
    p.moves.push({ unit: 'day', amount: m[1] === 'tomorrow' ? 1 : -1 });
  }],
  // ISO 8601 week dates and days of the year.
  [/^(\d{4})-?w(\d{2})(?:-?([0-7]))?(?!\d)/, (m, p) => {
    const year = Number(m[1]);
    const jan4 = new Date(Date.UTC(2000, 0, 4));
    jan4.setUTCFullYear(year);
    const mondayOfWeek1 = jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000;
    const at = new Date(mondayOfWeek1 + ((Number(m[2]) - 1) * 7 + (Number(m[3] ?? 1) - 1)) * 86_400_000);
    setDate(p, at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  }],
  [/^(\d{4})\.?(\d{3})(?!\d)/, (m, p) => {
    const at = makeDate(Number(m[1]), 0, Number(m[2]), 0, 0, 0);
    setDate(p, at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  }],
  // 2021-03-04T05:06:07, with a T or a space before the time (read by the time rules).
  [/^([+-]?\d{4,})-(\d{1,2})-(\d{1,2})(?:t(?=\d))?/, (m, p) => setDate(p, Number(m[1]), Number(m[2]) - 1, Number(m[3]))],
  [/^(\d{4})\/(\d{1,2})\/(\d{1,2})/, (m, p) => setDate(p, Number(m[1]), Number(m[2]) - 1, Number(m[3]))],
  [/^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?!\d)/, (m, p) => setDate(p, fullYear(m[3]!), Number(m[1]) - 1, Number(m[2]))],
  [/^(\d{1,2})\/(\d{1,2})(?![\d/])/, (m, p) => setDate(p, undefined, Number(m[1]) - 1, Number(m[2]))],
  [/^(\d{1,2})[.\t-](\d{1,2})[.-](\d{4})(?!\d)/, (m, p) => setDate(p, Number(m[3]), Number(m[2]) - 1, Number(m[1]))],
  [/^(\d{2})-(\d{1,2})-(\d{1,2})(?!\d)/, (m, p) => setDate(p, fullYear(m[1]!), Number(m[2]) - 1, Number(m[3]))],
  [/^(\d{4})-(\d{1,2})(?![\d-])/, (m, p) => setDate(p, Number(m[1]), Number(m[2]) - 1, 1)],
  // A MediaWiki timestamp and a compact date.
  [/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?!\d)/, (m, p) => {
    setDate(p, Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return setTime(p, Number(m[4]), Number(m[5]), Number(m[6]));
  }],
  [/^(\d{4})(\d{2})(\d{2})(?!\d)/, (m, p) => setDate(p, Number(m[1]), Number(m[2]) - 1, Number(m[3]))],
  // Times: 17:30, 17:30:15.5, 5pm, 5:30 p.m., 1730 after a date.
  [/^t?(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,:]\d+)?)?\s*([ap])\.?m\.?(?![a-z])/, (m, p) => {
    const hour = meridian(Number(m[1]), m[4]!);
    return hour >= 0 && setTime(p, hour, Number(m[2]), Number(m[3] ?? 0));
  }],
  [/^t?(\d{1,2})\s*([ap])\.?m\.?(?![a-z])/, (m, p) => {
    const hour = meridian(Number(m[1]), m[2]!);
    return hour >= 0 && setTime(p, hour, 0);
  }],
  [/^t?(\d{1,2})[:.](\d{2})(?:[:.](\d{2})(?:[.,]\d+)?)?(?!\d)/, (m, p) => setTime(p, Number(m[1]), Number(m[2]), Number(m[3] ?? 0))],
  // Textual dates: 4 March 2021, March 4th, 2021, March 2021, 4 March, March 4.
  [new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?[ .\\t-]*${MONTH}[ .\\t-]*(\\d{4})(?!\\d)`), (m, p) => setDate(p, Number(m[3]), monthOf(m[2]!), Number(m[1]))],
  [new RegExp(`^${MONTH}[ .\\t-]*(\\d{1,2})(?:st|nd|rd|th)?,?[ .\\t-]*(\\d{4})(?!\\d)`), (m, p) => setDate(p, Number(m[3]), monthOf(m[1]!), Number(m[2]))],
  [new RegExp(`^${MONTH}[ .\\t-]*(\\d{4})(?!\\d)`), (m, p) => setDate(p, Number(m[2]), monthOf(m[1]!), 1)],
  [new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?[ .\\t-]*${MONTH}(?![a-z])`), (m, p) => setDate(p, undefined, monthOf(m[2]!), Number(m[1]))],
  [new RegExp(`^${MONTH}[ .\\t-]*(\\d{1,2})(?:st|nd|rd|th)?(?![\\d:])`), (m, p) => setDate(p, undefined, monthOf(m[1]!), Number(m[2]))],
  [new RegExp(`^${MONTH}(?![a-z])`), (m, p) => {
    p.month = monthOf(m[1]!);
    p.dateSet = true;
  }],
  // Relative phrases.
  [new RegExp(`^(first|last) day of(?![a-z])`), (m, p) => void (p.dayOf = m[1] as 'first' | 'last')],
  [new RegExp(`^${ORDINAL}\\s+${DAY}\\s+of(?![a-z])`), (m, p) => {
    p.nthWeekday = { n: ORDINALS[m[1]!]!, day: dayOf(m[2]!) };
    setTime(p, 0, 0);
  }],
  [new RegExp(`^${ORDINAL}\\s+${DAY}(?![a-z])`), (m, p) => {
    const n = ORDINALS[m[1]!]!;
    p.weekday = { day: dayOf(m[2]!), direction: n === 0 ? 0 : Math.sign(n) };
    if (Math.abs(n) > 1) p.moves.push({ unit: 'day', amount: 7 * (n - Math.sign(n)) });
    setTime(p, 0, 0);
  }],
  [new RegExp(`^${ORDINAL}\\s+${UNIT}(?![a-z])`), (m, p) => {
    const [unit, size] = UNITS[m[2]!]!;
    p.moves.push({ unit, amount: ORDINALS[m[1]!]! * size });
  }],
  [new RegExp(`^([+-]?)\\s*(\\d+)\\s*${UNIT}(?![a-z])`), (m, p) => {
    const [unit, size] = UNITS[m[3]!]!;
    p.moves.push({ unit, amount: (m[1] === '-' ? -1 : 1) * Number(m[2]) * size });
  }],
  [/^ago(?![a-z])/, (_m, p) => {
    for (const move of p.moves) move.amount = -move.amount;
  }],
  [new RegExp(`^${DAY}(?![a-z])`), (m, p) => {
    p.weekday = { day: dayOf(m[1]!), direction: 0 };
    if (!p.timeSet) setTime(p, 0, 0);
  }],
  // Time zones.
  [/^(?:gmt|utc)?([+-])(\d{1,2}):?(\d{2})?(?![\d:])/, (m, p) => void (p.zone = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)))],
  [new RegExp(`^${ZONE}(?![a-z])`), (m, p) => void (p.zone = ZONES[m[1]!]!)],
  // A year alone after a date without one ("March 4 2021" is read above; "4 March, 2021").
  [/^(\d{4})(?!\d)/, (m, p) => {
    if (p.year !== undefined || !p.dateSet) return false;
    p.year = Number(m[1]);
  }],
  // Four digits alone are a time of day ("2020" is 20:20).
  [/^t?([01]\d|2[0-3])([0-5]\d)(?!\d)/, (m, p) => !p.timeSet && setTime(p, Number(m[1]), Number(m[2]))],
];

function makeDate(year: number, month: number, day: number, hour: number, minute: number, second: number): Date {
  // Date.UTC reads years 0-99 as 1900-1999: the date is set on its own, overflowing as PHP's does.
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(year, month, day);
  return new Date(date.getTime() + ((hour * 60 + minute) * 60 + second) * 1000);
}

/** The date `input` names, read against `now`, or null for a text PHP's DateTime refuses. */
export function readPhpDate(input: string, now: Date): Date | null {
  let rest = input.trim().toLowerCase();
  const parsed: Parsed = { moves: [], timeSet: false, dateSet: false };
  while (rest !== '') {
    const before = rest;
    rest = rest.replace(/^[\s,]+/, '');
    if (rest === '') break;
    let matched = false;
    for (const [pattern, apply] of RULES) {
      const m = pattern.exec(rest);
      if (!m) continue;
      if (apply(m, parsed) === false) continue;
      rest = rest.slice(m[0].length);
      matched = true;
      break;
    }
    if (!matched || rest === before) return null;
  }
  if (parsed.timestamp !== undefined) {
    const at = new Date(parsed.timestamp * 1000);
    return applyMoves(at, parsed);
  }
  const year = parsed.year ?? now.getUTCFullYear();
  const month = parsed.month ?? now.getUTCMonth();
  const day = parsed.day ?? now.getUTCDate();
  if (day > 31 || month > 11) return null;
  // A date without a time is at midnight; a time alone is today's.
  const timeGiven = parsed.timeSet || parsed.dateSet;
  const hour = parsed.hour ?? (timeGiven ? 0 : now.getUTCHours());
  const minute = parsed.minute ?? (timeGiven ? 0 : now.getUTCMinutes());
  const second = parsed.second ?? (timeGiven ? 0 : now.getUTCSeconds());
  let at = makeDate(year, month, day, hour, minute, second);
  if (parsed.zone !== undefined) at = new Date(at.getTime() - parsed.zone * 60_000);
  return applyMoves(at, parsed);
}

/** The relative parts, in PHP's order: units, then first/last day of, weekdays. */
function applyMoves(start: Date, parsed: Parsed): Date {
  let at = new Date(start.getTime());
  for (const { unit, amount } of parsed.moves) {
    switch (unit) {
      case 'sec':
        at = new Date(at.getTime() + amount * 1000);
        break;
      case 'min':
        at = new Date(at.getTime() + amount * 60_000);
        break;
      case 'hour':
        at = new Date(at.getTime() + amount * 3_600_000);
        break;
      case 'day':
        at.setUTCDate(at.getUTCDate() + amount);
        break;
      case 'month':
        at.setUTCMonth(at.getUTCMonth() + amount);
        break;
      case 'year':
        at.setUTCFullYear(at.getUTCFullYear() + amount);
        break;
      case 'weekday': {
        // Business days: Saturdays and Sundays are skipped.
        let left = Math.abs(amount);
        const step = Math.sign(amount);
        while (left > 0) {
          at.setUTCDate(at.getUTCDate() + step);
          const day = at.getUTCDay();
          if (day !== 0 && day !== 6) left--;
        }
        break;
      }
    }
  }
  if (parsed.dayOf) {
    at.setUTCDate(1);
    if (parsed.dayOf === 'last') {
      at.setUTCMonth(at.getUTCMonth() + 1);
      at.setUTCDate(0);
    }
  }
  if (parsed.nthWeekday) {
    const { n, day } = parsed.nthWeekday;
    if (n > 0) {
      at.setUTCDate(1);
      at.setUTCDate(1 + ((day - at.getUTCDay() + 7) % 7) + (n - 1) * 7);
    } else {
      at.setUTCMonth(at.getUTCMonth() + 1, 0);
      at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() - day + 7) % 7));
    }
  }
  if (parsed.weekday) {
    const { day, direction } = parsed.weekday;
    const current = at.getUTCDay();
    let delta = (day - current + 7) % 7;
    if (direction > 0 && delta === 0) delta = 7;
    if (direction < 0) delta = delta === 0 ? -7 : delta - 7;
    at.setUTCDate(at.getUTCDate() + delta);
  }
  return at;
}
