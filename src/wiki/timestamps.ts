// MediaWiki timestamps: the 14-digit database form, ISO 8601 output, and every accepted input form.

/** `20250116083522` -> `2025-01-16T08:35:22Z` */
export function mwToIso(ts: string): string {
  if (ts === 'infinity') return 'infinity';
  return `${ts.slice(0, 4)}-${ts.slice(4, 6)}-${ts.slice(6, 8)}T${ts.slice(8, 10)}:${ts.slice(10, 12)}:${ts.slice(12, 14)}Z`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

export function dateToMw(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

export function mwToDate(ts: string): Date {
  return new Date(Date.UTC(+ts.slice(0, 4), +ts.slice(4, 6) - 1, +ts.slice(6, 8), +ts.slice(8, 10), +ts.slice(10, 12), +ts.slice(12, 14)));
}

export function nowMw(): string {
  return dateToMw(new Date());
}

function fromParts(y: number, mo: number, d: number, h: number, mi: number, s: number, offsetMinutes = 0): string | null {
  // Out-of-range fields roll over (month 13 is January of the next year), as PHP's date
  // arithmetic does for MediaWiki.
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - offsetMinutes * 60_000;
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return null;
  const y2 = date.getUTCFullYear();
  if (y2 < 0 || y2 > 9999) return null;
  return dateToMw(date);
}

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };

const PATTERNS: [RegExp, (m: RegExpExecArray) => string | null][] = [
  // TS_MW and TS_MW with fraction
  [/^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(?:\.\d+)?$/, (m) => fromParts(+m[1], +m[2], +m[3], +m[4], +m[5], +m[6])],
  // ISO 8601 (extended and basic), DB, EXIF, Postgres forms, optional fraction and zone
  [
    /^(\d{4})[-:]?(\d\d)[-:]?(\d\d)[T ](\d\d):?(\d\d)(?::?(\d\d)(?:[.,]\d+)?)?\s*(Z|[+-]\d\d(?::?\d\d)?|GMT|UTC)?$/i,
    (m) => {
      let offset = 0;
      const z = m[7];
      if (z && /^[+-]/.test(z)) {
        const sign = z[0] === '-' ? -1 : 1;
        const digits = z.slice(1).replace(':', '');
        offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
      }
      return fromParts(+m[1], +m[2], +m[3], +m[4], +m[5], +(m[6] ?? 0), offset);
    },
  ],
  // RFC 2822 / RFC 850: "Mon, 15 Jan 2001 12:34:56 GMT"
  [
    /^(?:[A-Za-z]{3,9},?\s+)?(\d{1,2})[\s-]([A-Za-z]{3})[a-z]*[\s-](\d{2,4})\s+(\d\d):(\d\d)(?::(\d\d))?\s*(GMT|UTC|Z|[+-]\d{4})?$/,
    (m) => {
      const mon = MONTHS[m[2].toLowerCase()];
      if (!mon) return null;
      let year = +m[3];
      if (m[3].length === 2) year += year < 50 ? 2000 : 1900;
      let offset = 0;
      if (m[7] && /^[+-]/.test(m[7])) offset = (m[7][0] === '-' ? -1 : 1) * (Number(m[7].slice(1, 3)) * 60 + Number(m[7].slice(3, 5)));
      return fromParts(year, mon, +m[1], +m[4], +m[5], +(m[6] ?? 0), offset);
    },
  ],
  // TS_UNIX, optionally with fraction
  [
    /^(-?\d{1,13})(?:\.\d+)?$/,
    (m) => {
      const d = new Date(Number(m[1]) * 1000);
      return Number.isNaN(d.getTime()) ? null : dateToMw(d);
    },
  ],
];

/** Parses any timestamp form MediaWiki accepts; null when invalid. `now` is the current time. */
export function parseTimestamp(input: string): string | null {
  const value = input.trim();
  if (value === 'now') return nowMw();
  for (const [re, build] of PATTERNS) {
    const m = re.exec(value);
    if (m) {
      const r = build(m);
      if (r) return r;
    }
  }
  return null;
}
